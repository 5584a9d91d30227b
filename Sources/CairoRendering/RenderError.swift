import CCairo
import SceneGraph

/// Why a scene could not be rendered. Each description is one line naming what failed.
public enum RenderError: Error, Equatable, CustomStringConvertible, Sendable {
  /// A Cairo call returned a status other than `CAIRO_STATUS_SUCCESS`.
  case cairo(operation: String, status: CairoStatus)
  /// The scale is not a finite number in `0 < scale ≤ RenderLimits.maxScale`.
  case invalidScale(Double)
  /// The PNG canvas would exceed `RenderLimits`; refused before any pixel is allocated.
  case canvasTooLarge(width: Int, height: Int)
  /// A font file is missing, unreadable or not a font FreeType and HarfBuzz can use.
  case font(path: String, reason: String)
  /// No font (the chosen one, then every installed one fontconfig knows) has this character.
  case missingGlyph(scalar: UInt32, text: String)
  /// Image bytes that are not a PNG Cairo can decode.
  case image(reason: String)
  /// Custom SVG art librsvg cannot load or draw.
  case art(reason: String)
  /// The libqpdf post-pass that makes a PDF/X file failed.
  case pdfPostPass(PDFPostPassError)

  public var description: String {
    switch self {
    case .cairo(let operation, let status):
      return "\(operation) failed: \(status)"
    case .invalidScale(let scale):
      return "scale \(scale) is not allowed (a number > 0 and ≤ \(RenderLimits.maxScale))"
    case .canvasTooLarge(let width, let height):
      return
        "canvas of \(width)×\(height) px is too large (at most \(RenderLimits.maxPixelsPerSide) px"
        + " per side and \(RenderLimits.maxPixels / 1_000_000) megapixels)"
    case .font(let path, let reason):
      return "font '\(path)': \(reason)"
    case .missingGlyph(let scalar, let text):
      return "no font has the character U+\(hex(scalar)) in \"\(text)\""
    case .image(let reason):
      return "image: \(reason)"
    case .art(let reason):
      return "art: \(reason)"
    case .pdfPostPass(let error):
      return "making PDF/X: \(error.description)"
    }
  }
}

/// A `cairo_status_t`, named as in cairo.h (`CAIRO_STATUS_NO_MEMORY`) with Cairo's own message.
public struct CairoStatus: Equatable, Sendable, CustomStringConvertible {
  public let rawValue: UInt32

  init(_ status: cairo_status_t) { rawValue = status.rawValue }

  /// The C enumerator's name, for searching the Cairo documentation.
  public var name: String {
    let names = [
      "SUCCESS", "NO_MEMORY", "INVALID_RESTORE", "INVALID_POP_GROUP", "NO_CURRENT_POINT",
      "INVALID_MATRIX", "INVALID_STATUS", "NULL_POINTER", "INVALID_STRING", "INVALID_PATH_DATA",
      "READ_ERROR", "WRITE_ERROR", "SURFACE_FINISHED", "SURFACE_TYPE_MISMATCH",
      "PATTERN_TYPE_MISMATCH", "INVALID_CONTENT", "INVALID_FORMAT", "INVALID_VISUAL",
      "FILE_NOT_FOUND", "INVALID_DASH", "INVALID_DSC_COMMENT", "INVALID_INDEX",
      "CLIP_NOT_REPRESENTABLE", "TEMP_FILE_ERROR", "INVALID_STRIDE", "FONT_TYPE_MISMATCH",
      "USER_FONT_IMMUTABLE", "USER_FONT_ERROR", "NEGATIVE_COUNT", "INVALID_CLUSTERS",
      "INVALID_SLANT", "INVALID_WEIGHT", "INVALID_SIZE", "USER_FONT_NOT_IMPLEMENTED",
      "DEVICE_TYPE_MISMATCH", "DEVICE_ERROR", "INVALID_MESH_CONSTRUCTION", "DEVICE_FINISHED",
      "JBIG2_GLOBAL_MISSING", "PNG_ERROR", "FREETYPE_ERROR", "WIN32_GDI_ERROR", "TAG_ERROR",
    ]
    return "CAIRO_STATUS_" + (Int(rawValue) < names.count ? names[Int(rawValue)] : "\(rawValue)")
  }

  public var description: String {
    "\(String(cString: cairo_status_to_string(cairo_status_t(rawValue)))) (\(name))"
  }
}

/// Throws `RenderError.cairo` unless `status` is success.
@inline(__always)
func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws(RenderError) {
  guard status == CAIRO_STATUS_SUCCESS else {
    throw .cairo(operation: operation(), status: CairoStatus(status))
  }
}
