import CairoRendering

/// Finds the bundled label font for the commands, through the library's own lookup.
enum FontLocator {
  /// The bundled font's file name.
  static let bundledFont = Fonts.bundledFileName

  /// Where `make install` puts the fonts, relative to the prefix (`bin/wallpaper` beside
  /// `share/`); `Fonts.searchPaths` looks there.
  static let installedFolder = Fonts.installedFolder

  /// The bundled font's path (see `Fonts.searchPaths`).
  ///
  /// - Throws: `CLIError.failure` saying how to point at it.
  static func bundledFontPath(environment: [String: String]) throws(CLIError) -> String {
    do {
      return try Fonts.bundledPath(environment: environment)
    } catch {
      throw .failure(
        "cannot find the bundled font \(bundledFont) (set WALLPAPER_FONTS to the repository's Fonts folder, or use --font PATH)"
      )
    }
  }
}
