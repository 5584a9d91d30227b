import CFontconfig
import Foundation
import Synchronization

/// Loads each font file once and finds fallback fonts for characters a font lacks.
///
/// Fallback goes through fontconfig's view of the installed fonts; the matched file is
/// checked to really have the character, so a substitute never draws a box.
public final class FontLibrary: Sendable {
  /// The library shared by renders in this process.
  public static let shared = FontLibrary()

  private struct State {
    var fonts: [String: Font] = [:]
    /// Fallback font file per character; nil when no installed font has it.
    var fallbackPaths: [UInt32: String?] = [:]
    var config: OpaquePointer?
  }
  private let state = Mutex(State())

  public init() {}

  /// The font at `path`, loaded on first use.
  ///
  /// - Throws: `RenderError.font` when the file is missing, unreadable or not a font.
  public func font(at path: String) throws(RenderError) -> Font {
    // The path as given: normalising `..` by hand could name another file behind a link.
    let key = path
    if let font = state.withLock({ $0.fonts[key] }) { return font }
    let font = try Font(path: key)
    return state.withLock { state in
      if let existing = state.fonts[key] { return existing }
      state.fonts[key] = font
      return font
    }
  }

  /// An installed font that has `scalar`, or nil when none has it.
  func fallbackFont(for scalar: Unicode.Scalar) throws(RenderError) -> Font? {
    let path = state.withLock { state -> String? in
      if let cached = state.fallbackPaths[scalar.value] { return cached }
      let found = Self.findInstalledFont(for: scalar, in: &state.config)
      state.fallbackPaths[scalar.value] = .some(found)
      return found
    }
    guard let path else { return nil }
    return try font(at: path)
  }

  /// Asks fontconfig for the installed fonts best suited to `scalar`, in its order of
  /// preference, and returns the first whose character set really contains it.
  private static func findInstalledFont(
    for scalar: Unicode.Scalar, in config: inout OpaquePointer?
  ) -> String? {
    if config == nil { config = FcInitLoadConfigAndFonts() }
    guard let config, let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else {
      return nil
    }
    defer {
      FcPatternDestroy(pattern)
      FcCharSetDestroy(charset)
    }
    FcCharSetAddChar(charset, scalar.value)
    FcPatternAddCharSet(pattern, FC_CHARSET, charset)
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let set = FcFontSort(config, pattern, FcBool(FcTrue), nil, &result) else { return nil }
    defer { FcFontSetDestroy(set) }
    for index in 0..<Int(set.pointee.nfont) {
      guard let candidate = set.pointee.fonts[index] else { continue }
      var fontCharset: OpaquePointer?
      guard FcPatternGetCharSet(candidate, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
        FcCharSetHasChar(fontCharset, scalar.value) != 0
      else { continue }
      var file: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(candidate, FC_FILE, 0, &file) == FcResultMatch, let file else {
        continue
      }
      let path = String(cString: file)
      let lower = path.lowercased()
      if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
        return path
      }
    }
    return nil
  }
}
