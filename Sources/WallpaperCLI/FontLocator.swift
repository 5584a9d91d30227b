import FilePaths
import Foundation

/// Finds the bundled label font, so the built binary works from any working directory.
enum FontLocator {
  /// The bundled font's file name.
  static let bundledFont = "Quicksand-Bold.ttf"

  /// Where `make install` puts the fonts, relative to the prefix (`bin/wallpaper` beside `share/`).
  static let installedFolder = "share/wallpaper/fonts"

  /// The bundled font's path. Looks, in order, in `$WALLPAPER_FONTS`, in
  /// `../share/wallpaper/fonts/` from the executable's folder (an installed prefix), in a
  /// `Fonts/` folder beside the executable or in any folder above it (a build tree inside the
  /// repository), then in `Fonts/` of the working directory.
  ///
  /// - Throws: `CLIError.failure` listing the places searched.
  static func bundledFontPath(environment: [String: String]) throws(CLIError) -> String {
    var candidates: [String] = []
    if let folder = environment["WALLPAPER_FONTS"], !folder.isEmpty {
      candidates.append(FilePath(folder).appending(bundledFont).string)
    }
    let executable = FilePath(executablePath())
    var folder = executable.isAbsolute ? executable.folder : ""
    if !folder.isEmpty, folder != "/" {
      candidates.append(FilePath(FilePath(folder).folder).appending(installedFolder + "/" + bundledFont).string)
    }
    while !folder.isEmpty {
      candidates.append(FilePath(folder).appending("Fonts/" + bundledFont).string)
      guard folder != "/" else { break }
      folder = FilePath(folder).folder
    }
    candidates.append(FilePath(FileManager.default.currentDirectoryPath).appending("Fonts/" + bundledFont).string)
    if let found = candidates.first(where: { FileKind(at: FilePath($0)).isRegular && access($0, R_OK) == 0 }) {
      return found
    }
    throw .failure(
      "cannot find the bundled font \(bundledFont) (set WALLPAPER_FONTS to the repository's Fonts folder, or use --font PATH)"
    )
  }

  /// The executable's real path (symbolic links resolved).
  private static func executablePath() -> String {
    let path =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
