import CCairo
import CFreeType
import CHarfBuzz
import Platform
import Synchronization

/// A font file, loaded once: a Cairo font face (through FreeType) to draw with, and a separate
/// HarfBuzz font, read from the same file, to shape with.
///
/// HarfBuzz does not share Cairo's `FT_Face`: Cairo resizes that face while drawing, which
/// would change the advances HarfBuzz reads. TrueType and OpenType (SFNT) files are read by
/// HarfBuzz itself; other scalable formats FreeType reads (Type 1 `.t1`/`.pfb`) are shaped and
/// outlined through a second FreeType face of their own, and Cairo embeds them in PDF as Type 1
/// under their own PostScript name. Bitmap-only fonts are refused: nothing could draw them at
/// any size.
///
/// ```swift
/// let font = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
/// print(font.familyName)  // "DejaVu Sans"
/// ```
public final class Font: @unchecked Sendable {
  // @unchecked Sendable: every stored property is immutable after init. The FT_Face is touched
  // only by Cairo, which locks it internally; the HarfBuzz font is made immutable, which
  // HarfBuzz documents as safe to share between threads (hb-ft locks its own FT_Face).

  /// The file the font was loaded from.
  public let path: String
  /// The face inside a collection, from 0 (0 for a file of one font).
  public let index: Int
  /// How many faces the file holds (more than 1 for a `.ttc` collection).
  public let faceCount: Int
  /// The family name recorded in the font file.
  public let familyName: String
  /// The PostScript name recorded in the font file (the name PDF embeds), or nil.
  public let postScriptName: String?
  /// Whether the file is TrueType/OpenType (SFNT), which SVG can embed; false for Type 1.
  public let isSFNT: Bool
  let cairoFace: OpaquePointer
  let hbFont: OpaquePointer
  /// The FreeType library behind `hbFont` for fonts HarfBuzz cannot read itself; nil for SFNT.
  private let hbLibrary: FT_Library?
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

  /// Loads face `index` of the font at `path`: TrueType, OpenType or Type 1. With `index` nil
  /// the file must hold one font: a collection is refused, since which face was meant is unknown.
  ///
  /// - Throws: `RenderError.font` when the file is missing, unreadable, not a font, bitmap-only,
  ///   or a collection without an index.
  public init(path: String, index: Int? = nil) throws(RenderError) {
    self.path = path
    self.index = index ?? 0
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
    guard (0..<0x10000).contains(self.index) else {
      throw .font(path: path, reason: "face index \(self.index) is out of range (0 to 65535)")
    }

    let face: FT_Face
    let library: FT_Library
    (library, face) = try Self.openFace(path, index: self.index)
    func refuse(_ reason: String) -> RenderError {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      return .font(path: path, reason: reason)
    }
    faceCount = Int(face.pointee.num_faces)
    if index == nil, faceCount > 1 {
      throw refuse(
        "is a collection of \(faceCount) fonts and no face was chosen (name one by its fontconfig family and style)")
    }
    let flags = face.pointee.face_flags
    guard flags & 1 != 0 else {  // FT_FACE_FLAG_SCALABLE
      throw refuse("is a bitmap-only font (no outlines to draw, shape or embed at every size)")
    }
    isSFNT = flags & (1 << 3) != 0  // FT_FACE_FLAG_SFNT
    guard face.pointee.num_glyphs > 1, face.pointee.charmap != nil else {
      throw refuse("has no glyphs or no Unicode character map")
    }
    familyName = face.pointee.family_name.map { String(cString: $0) } ?? "(unnamed)"
    postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) }

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

    let font: OpaquePointer
    let upem: UInt32
    if isSFNT {
      guard let blob = hb_blob_create_from_file_or_fail(path) else {
        cairo_font_face_destroy(cairoFace)
        throw .font(path: path, reason: "HarfBuzz could not read it")
      }
      let hbFace = hb_face_create(blob, UInt32(self.index))
      hb_blob_destroy(blob)
      upem = hb_face_get_upem(hbFace)
      font = hb_font_create(hbFace)!
      hb_face_destroy(hbFace)
      hbLibrary = nil
    } else {
      // HarfBuzz reads only SFNT tables: it shapes and outlines other formats through FreeType.
      let shaping: (FT_Library, FT_Face)
      do {
        shaping = try Self.openFace(path, index: self.index)
      } catch {
        cairo_font_face_destroy(cairoFace)
        throw error
      }
      upem = UInt32(shaping.1.pointee.units_per_EM)
      // hb-ft reports advances and outlines in 26.6 pixels of the face's size: a size of
      // upem/64 pixels per em makes them design units, like HarfBuzz's own SFNT reading.
      FT_Set_Char_Size(shaping.1, FT_F26Dot6(upem), FT_F26Dot6(upem), 72, 72)
      font = hb_ft_font_create_referenced(shaping.1)!
      FT_Done_Face(shaping.1)  // the HarfBuzz font holds its own reference
      hb_ft_font_set_load_flags(font, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
      hbLibrary = shaping.0
    }
    hb_font_set_scale(font, Int32(upem), Int32(upem))
    hb_font_make_immutable(font)
    hbFont = font
    unitsPerEm = Double(upem)
    var extents = hb_font_extents_t()
    hb_font_get_h_extents(font, &extents)
    ascender = Double(extents.ascender)
    descender = Double(extents.descender)
  }

  /// Opens face `index` of `path` in a FreeType library of its own.
  private static func openFace(_ path: String, index: Int) throws(RenderError) -> (FT_Library, FT_Face) {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw .font(path: path, reason: "FreeType could not start")
    }
    var face: FT_Face?
    let error = FT_New_Face(library, path, index, &face)
    guard error == 0, let face else {
      FT_Done_FreeType(library)
      let reason: String
      switch error {
      case 2: reason = "not a TrueType, OpenType or Type 1 font"
      case 6: reason = "has no face \(index)"
      default: reason = "FreeType error \(error)"
      }
      throw .font(path: path, reason: reason)
    }
    return (library, face)
  }

  deinit {
    hb_font_destroy(hbFont)
    if let hbLibrary { FT_Done_FreeType(hbLibrary) }
    cairo_font_face_destroy(cairoFace)
  }

  /// The CSS weight of the face, 100…900 (OS/2 `usWeightClass`, 400 when absent).
  var weight: Int { Int(hb_style_get_value(hbFont, HB_STYLE_TAG_WEIGHT).rounded()) }

  /// Whether the face is italic or oblique.
  var isItalic: Bool {
    hb_style_get_value(hbFont, HB_STYLE_TAG_ITALIC) > 0 || hb_style_get_value(hbFont, HB_STYLE_TAG_SLANT_ANGLE) != 0
  }

  /// The OS/2 table's `fsType` embedding permissions (0, installable, when the table is
  /// missing): bit 1 restricted, bit 2 preview & print, bit 3 editable, bit 8 no subsetting,
  /// bit 9 bitmap only.
  var embeddingPermissions: UInt16 {
    let tag =
      UInt32(UInt8(ascii: "O")) << 24 | UInt32(UInt8(ascii: "S")) << 16 | UInt32(UInt8(ascii: "/")) << 8
      | UInt32(UInt8(ascii: "2"))
    let blob = hb_face_reference_table(hb_font_get_face(hbFont), tag)
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length >= 10 else { return 0 }
    return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { UInt16($0[8]) << 8 | UInt16($0[9]) }
  }

  /// Whether the licence bits let a document carry the whole font for editing: installable
  /// (no bit set) or editable (bit 3); and whole it must be when subsetting is forbidden
  /// (bit 8) and embedding is allowed at all.
  var allowsWholeEmbedding: Bool {
    let bits = embeddingPermissions
    let installable = bits & 0x000E == 0
    let editable = bits & 0x0008 != 0
    return installable || editable
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
