import CBundledFont
import Platform

/// The label font bundled with the wallpaper studio (Quicksand Bold, SIL Open Font License),
/// compiled into the library, so neither the tool, a copied binary, nor a program using the
/// library passes its path by hand or sets anything.
///
/// ```swift
/// let scene = try design.scene(defaultFont: try Fonts.bundledPath())
/// ```
public enum Fonts {
  /// The bundled font's file name.
  public static let bundledFileName = "Quicksand-Bold.ttf"

  /// Where `make install` puts a copy of the font and its licence, relative to the installation
  /// prefix, for design tools that show our SVG's text (the tool itself does not read it).
  public static let installedFolder = "share/wallpaper/fonts"

  /// The bundled font's path, or nil when it cannot be had (see `bundledPath`).
  public static var bundled: String? { try? bundledPath() }

  /// The bundled font's bytes, as compiled into the library from the repository's
  /// `Fonts/Quicksand-Bold.ttf`.
  public static var bundledBytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: wallpaper_bundled_font_bytes_pointer(), count: wallpaper_bundled_font_size)
  }

  /// The bundled font's path: `$WALLPAPER_FONTS/Quicksand-Bold.ttf` when the variable is set
  /// (an override: a folder holding another build of the font); otherwise the copy compiled
  /// into the library, which FreeType and HarfBuzz read from a file: it is written once to
  /// `CacheFile` (`$XDG_CACHE_HOME/wallpaper/<hash>/Quicksand-Bold.ttf`, else under
  /// `~/.cache`, else `$TMPDIR/wallpaper-<uid>`) and compared with the compiled-in bytes on
  /// every call. Neither the working folder nor the executable's folder is searched.
  ///
  /// - Throws: `RenderError.font` when `$WALLPAPER_FONTS` is set but holds no readable font
  ///   file, or when the cache file cannot be written.
  public static func bundledPath(environment: Environment = .process) throws(RenderError) -> String {
    if let folder = environment["WALLPAPER_FONTS"], !folder.isEmpty {
      let path = FilePath(folder).appending(bundledFileName).string
      guard FileKind(at: FilePath(path)).isRegular, access(path, R_OK) == 0 else {
        throw .font(path: path, reason: "is not a readable file (WALLPAPER_FONTS names the folder that holds it)")
      }
      return path
    }
    do {
      return try CacheFile.path(named: bundledFileName, holding: bundledBytes, environment: environment)
    } catch {
      throw .font(path: error.path, reason: "cannot hold the bundled font: \(error.reason)")
    }
  }
}
