import CCairo
import CFreeType
import CHarfBuzz
import FilePaths
import Foundation
import Synchronization

/// A font file, loaded once: a Cairo font face (through FreeType) to draw with, and a separate
/// HarfBuzz font, read from the same file, to shape with.
///
/// HarfBuzz does not share Cairo's `FT_Face`: Cairo resizes that face while drawing, which
/// would change the advances HarfBuzz reads.
public final class Font: @unchecked Sendable {
  // @unchecked Sendable: every stored property is immutable after init. The FT_Face is touched
  // only by Cairo, which locks it internally; the HarfBuzz font is made immutable, which
  // HarfBuzz documents as safe to share between threads.

  /// The file the font was loaded from.
  public let path: String
  /// The family name recorded in the font file.
  public let familyName: String
  let cairoFace: OpaquePointer
  let hbFont: OpaquePointer
  /// Design units per em.
  let unitsPerEm: Double
  /// Ascender above the baseline, in design units (positive).
  let ascender: Double
  /// Descender below the baseline, in design units (negative).
  let descender: Double
  /// Glyph outlines already read, by glyph index (see `glyphOutline`).
  let outlines = Mutex<[UInt32: [GlyphSegment]]>([:])

  /// The largest font file accepted, in bytes (64 MiB; CJK fonts are about 20 MB).
  public static let maxFileBytes = 64 << 20

  /// Loads the font at `path` (TrueType or OpenType; the first face of a collection).
  ///
  /// - Throws: `RenderError.font` when the file is missing, unreadable or not a font.
  public init(path: String) throws(RenderError) {
    self.path = path
    // Checked before FreeType opens the file: opening a FIFO would block forever.
    switch FileKind(at: FilePath(path)) {
    case .missing: throw .font(path: path, reason: "no such file")
    case .folder: throw .font(path: path, reason: "is a folder, not a font file")
    case .special(let kind): throw .font(path: path, reason: "is \(kind), not a regular file")
    case .regular(let size):
      guard size <= Self.maxFileBytes else {
        throw .font(path: path, reason: "is \(size) bytes (at most \(Self.maxFileBytes))")
      }
    }
    guard access(path, R_OK) == 0 else { throw .font(path: path, reason: "not readable (permission denied)") }

    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw .font(path: path, reason: "FreeType could not start")
    }
    var face: FT_Face?
    let error = FT_New_Face(library, path, 0, &face)
    guard error == 0, let face else {
      FT_Done_FreeType(library)
      let reason = error == 2 ? "not a TrueType or OpenType font" : "FreeType error \(error)"
      throw .font(path: path, reason: reason)
    }
    guard face.pointee.num_glyphs > 1, face.pointee.charmap != nil else {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      throw .font(path: path, reason: "has no glyphs or no Unicode character map")
    }
    familyName = face.pointee.family_name.map { String(cString: $0) } ?? "(unnamed)"

    // Cairo owns the FT_Face from here: it may keep the font face cached after this object is
    // gone, so FreeType is released from Cairo's user-data destroy callback, not from deinit.
    let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0)!
    let owner = UnsafeMutablePointer<FreeTypeOwner>.allocate(capacity: 1)
    owner.initialize(to: FreeTypeOwner(library: library, face: face))
    let status = cairo_font_face_set_user_data(cairoFace, freeTypeOwnerKey, owner) { raw in
      guard let owner = raw?.assumingMemoryBound(to: FreeTypeOwner.self) else { return }
      FT_Done_Face(owner.pointee.face)
      FT_Done_FreeType(owner.pointee.library)
      owner.deinitialize(count: 1)
      owner.deallocate()
    }
    let faceStatus = cairo_font_face_status(cairoFace)
    guard status == CAIRO_STATUS_SUCCESS, faceStatus == CAIRO_STATUS_SUCCESS else {
      cairo_font_face_destroy(cairoFace)
      if status != CAIRO_STATUS_SUCCESS {
        // The destroy callback was not attached, so nothing else will release FreeType.
        owner.deinitialize(count: 1)
        owner.deallocate()
        FT_Done_Face(face)
        FT_Done_FreeType(library)
      }
      let failed = status != CAIRO_STATUS_SUCCESS ? status : faceStatus
      throw .font(path: path, reason: "Cairo could not use it (\(CairoStatus(failed)))")
    }
    self.cairoFace = cairoFace

    guard let blob = hb_blob_create_from_file_or_fail(path) else {
      cairo_font_face_destroy(cairoFace)
      throw .font(path: path, reason: "HarfBuzz could not read it")
    }
    let hbFace = hb_face_create(blob, 0)
    hb_blob_destroy(blob)
    let upem = hb_face_get_upem(hbFace)
    let font = hb_font_create(hbFace)!
    hb_face_destroy(hbFace)
    hb_font_set_scale(font, Int32(upem), Int32(upem))
    hb_font_make_immutable(font)
    hbFont = font
    unitsPerEm = Double(upem)
    var extents = hb_font_extents_t()
    hb_font_get_h_extents(font, &extents)
    ascender = Double(extents.ascender)
    descender = Double(extents.descender)
  }

  deinit {
    hb_font_destroy(hbFont)
    cairo_font_face_destroy(cairoFace)
  }

  /// The CSS weight of the face, 100…900 (OS/2 `usWeightClass`, 400 when absent).
  var weight: Int { Int(hb_style_get_value(hbFont, HB_STYLE_TAG_WEIGHT).rounded()) }

  /// Whether the face is italic or oblique.
  var isItalic: Bool {
    hb_style_get_value(hbFont, HB_STYLE_TAG_ITALIC) > 0 || hb_style_get_value(hbFont, HB_STYLE_TAG_SLANT_ANGLE) != 0
  }

  /// Whether the font maps `scalar` to a glyph of its own.
  func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0
  }
}

/// What Cairo's destroy callback releases when it drops the font face.
private struct FreeTypeOwner {
  let library: FT_Library
  let face: FT_Face
}

/// The key under which the FreeType owner is attached to Cairo font faces. Cairo compares keys
/// by address, so it needs one stable allocation for the life of the process.
nonisolated(unsafe) private let freeTypeOwnerKey: UnsafeMutablePointer<cairo_user_data_key_t> = {
  // nonisolated(unsafe): the key's memory is never written after creation; only its address
  // is used.
  let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
  key.initialize(to: cairo_user_data_key_t(unused: 0))
  return key
}()
