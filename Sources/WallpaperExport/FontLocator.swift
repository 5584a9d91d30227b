import CairoRendering
import Platform

/// Finds the bundled label font for exports and for the `wallpaper` commands, through
/// CairoRendering's own lookup (`Fonts.searchPaths`), with a message that says how to point at it.
package enum FontLocator {
  /// The bundled font's file name.
  package static let bundledFont = Fonts.bundledFileName

  /// Where `make install` puts the fonts, relative to the prefix (`bin/wallpaper` beside
  /// `share/`); `Fonts.searchPaths` looks there.
  package static let installedFolder = Fonts.installedFolder

  /// The bundled font's path (see `Fonts.searchPaths`).
  ///
  /// - Throws: `ExportError.failed` saying how to point at it.
  package static func bundledFontPath(environment: Environment) throws(ExportError) -> String {
    do {
      return try Fonts.bundledPath(environment: environment)
    } catch {
      throw .failed(
        "cannot find the bundled font \(bundledFont) (set WALLPAPER_FONTS to the repository's Fonts folder, or use --font PATH)"
      )
    }
  }
}
