import CairoRendering
import Platform

/// Finds the bundled label font for exports and for the `wallpaper` commands, through
/// CairoRendering's own lookup (`Fonts.bundledPath`), as an export error.
package enum FontLocator {
  /// The bundled font's file name.
  package static let bundledFont = Fonts.bundledFileName

  /// Where `make install` puts a copy of the font, relative to the prefix.
  package static let installedFolder = Fonts.installedFolder

  /// The bundled font's path (see `Fonts.bundledPath`).
  ///
  /// - Throws: `ExportError.failed` with the font error's text.
  package static func bundledFontPath(environment: Environment) throws(ExportError) -> String {
    do {
      return try Fonts.bundledPath(environment: environment)
    } catch {
      throw .failed(error.description)
    }
  }
}
