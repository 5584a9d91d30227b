import CFontconfig
import Synchronization

/// Loads each font file once and finds fallback fonts for characters a font lacks.
///
/// Fallback goes through fontconfig's view of the installed fonts; the matched file is
/// checked to really have the character, so a substitute never draws a box.
public final class FontLibrary: Sendable {
  /// The library shared by renders in this process.
  public static let shared = FontLibrary()

  private struct State {
    /// Loaded faces.
    var fonts: [FontKey: Font] = [:]
    /// Fallback font file and face per character; nil when no installed font has it.
    var fallbackPaths: [UInt32: FontKey?] = [:]
    var config: OpaquePointer?
  }
  private let state = Mutex(State())

  public init() {}

  /// Identifies a loaded face: a file and the face inside it.
  struct FontKey: Hashable {
    let path: String
    let index: Int
  }

  /// Face `index` of the font at `path`, loaded on first use. With `index` nil the file must
  /// hold one font (see `Font.init(path:index:)`).
  ///
  /// - Throws: `RenderError.font` when the file is missing, unreadable, not a usable font, or a
  ///   collection without an index.
  public func font(at path: String, index: Int? = nil) throws(RenderError) -> Font {
    // The path as given: normalising `..` by hand could name another file behind a link.
    let key = FontKey(path: path, index: index ?? 0)
    if let font = state.withLock({ $0.fonts[key] }) {
      if index == nil, font.faceCount > 1 { _ = try Font(path: path, index: nil) }
      return font
    }
    let font = try Font(path: path, index: index)
    return state.withLock { state in
      if let existing = state.fonts[key] { return existing }
      state.fonts[key] = font
      return font
    }
  }

  /// An installed font that has `scalar`, or nil when none has it.
  func fallbackFont(for scalar: Unicode.Scalar) throws(RenderError) -> Font? {
    let key = state.withLock { state -> FontKey? in
      if let cached = state.fallbackPaths[scalar.value] { return cached }
      let found = Self.findInstalledFont(for: scalar, in: &state.config)
      state.fallbackPaths[scalar.value] = .some(found)
      return found
    }
    guard let key else { return nil }
    return try font(at: key.path, index: key.index)
  }

  /// The fallback fonts that would draw some of `text` set in `font`: installed fonts that
  /// supply characters `font` lacks, in order of first use. Empty when `font` has them all.
  ///
  /// - Throws: `RenderError.missingGlyph` naming a character no font has; `.font` for an
  ///   unusable fallback file.
  public func fallbackFonts(for text: String, in font: Font) throws(RenderError) -> [Font] {
    var used: [Font] = []
    for (run, _) in try TextShaper.itemize(text, primary: font, fonts: self)
    where run !== font && !used.contains(where: { $0 === run }) {
      used.append(run)
    }
    return used
  }

  /// A font installed on this system, found through fontconfig by family and style
  /// (`"DejaVu Sans:bold"`, `"Noto Sans CJK JP:style=Bold"`; fontconfig's pattern syntax).
  /// The match is checked: a family fontconfig would replace by another one, or a weight or
  /// slant it would approximate, is an error naming what it would substitute.
  ///
  /// ```swift
  /// let bold = try FontLibrary.shared.installedFont(named: "DejaVu Sans:bold")
  /// print(bold.path)  // "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
  /// ```
  ///
  /// - Throws: `RenderError.font` naming the pattern when nothing matches it exactly, or the
  ///   matched file when it cannot be used.
  public func installedFont(named pattern: String) throws(RenderError) -> Font {
    let match = try state.withLock { state throws(RenderError) -> FontKey in
      try Self.match(pattern, in: &state.config)
    }
    return try font(at: match.path, index: match.index)
  }

  private static func match(_ name: String, in config: inout OpaquePointer?) throws(RenderError) -> FontKey {
    if config == nil { config = FcInitLoadConfigAndFonts() }
    guard let config, let pattern = FcNameParse(name) else {
      throw .font(
        path: name, reason: "not a fontconfig pattern (allowed: FAMILY or FAMILY:STYLE, e.g. 'DejaVu Sans:bold')")
    }
    defer { FcPatternDestroy(pattern) }
    var requested: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, FC_FAMILY, 0, &requested) == FcResultMatch, let requested else {
      throw .font(path: name, reason: "names no family (allowed: FAMILY or FAMILY:STYLE, e.g. 'DejaVu Sans:bold')")
    }
    let family = String(cString: requested)
    var wantedWeight: Int32 = 0
    let hasWeight = FcPatternGetInteger(pattern, FC_WEIGHT, 0, &wantedWeight) == FcResultMatch
    var wantedSlant: Int32 = 0
    let hasSlant = FcPatternGetInteger(pattern, FC_SLANT, 0, &wantedSlant) == FcResultMatch
    var wantedStyle: UnsafeMutablePointer<FcChar8>?
    let style =
      FcPatternGetString(pattern, FC_STYLE, 0, &wantedStyle) == FcResultMatch
      ? wantedStyle.map { String(cString: $0) } : nil
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let found = FcFontMatch(config, pattern, &result) else {
      throw .font(path: name, reason: "no installed font matches it (fc-list lists the installed families)")
    }
    defer { FcPatternDestroy(found) }
    func strings(_ object: String) -> [String] {
      var values: [String] = []
      var value: UnsafeMutablePointer<FcChar8>?
      while FcPatternGetString(found, object, Int32(values.count), &value) == FcResultMatch, let value {
        values.append(String(cString: value))
      }
      return values
    }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch, let file else {
      throw .font(path: name, reason: "fontconfig matched a font without a file")
    }
    let path = String(cString: file)
    let families = strings(FC_FAMILY)
    let shown = "\(families.first ?? "(unnamed)") (\(path))"
    guard families.contains(where: { $0.lowercased() == family.lowercased() }) else {
      throw .font(path: name, reason: "family '\(family)' is not installed (fontconfig would substitute \(shown))")
    }
    // A weight or slant asked for must be the matched face's, not fontconfig's nearest.
    for (asked, key, wanted, what) in [
      (hasWeight, FC_WEIGHT, wantedWeight, "weight"), (hasSlant, FC_SLANT, wantedSlant, "slant"),
    ] {
      var value: Int32 = 0
      if asked, FcPatternGetInteger(found, key, 0, &value) == FcResultMatch, value != wanted {
        throw .font(
          path: name,
          reason:
            "that \(what) of '\(family)' is not installed (fontconfig would substitute \(strings(FC_STYLE).first ?? "another style"), \(path))"
        )
      }
    }
    if let style, !strings(FC_STYLE).contains(where: { $0.lowercased() == style.lowercased() }) {
      throw .font(
        path: name,
        reason:
          "style '\(style)' of '\(family)' is not installed (fontconfig would substitute \(strings(FC_STYLE).first ?? "another style"), \(path))"
      )
    }
    var index: Int32 = 0
    _ = FcPatternGetInteger(found, FC_INDEX, 0, &index)
    return FontKey(path: path, index: Int(index))
  }

  /// Asks fontconfig for the installed fonts best suited to `scalar`, in its order of
  /// preference, and returns the first whose character set really contains it.
  private static func findInstalledFont(
    for scalar: Unicode.Scalar, in config: inout OpaquePointer?
  ) -> FontKey? {
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
        var index: Int32 = 0
        _ = FcPatternGetInteger(candidate, FC_INDEX, 0, &index)
        return FontKey(path: path, index: Int(index))
      }
    }
    return nil
  }
}
