import Foundation

/// Finds the bundled label font, so the built binary works from any working directory.
enum FontLocator {
  /// The bundled font's file name.
  static let bundledFont = "Quicksand-Bold.ttf"

  /// The bundled font's path. Looks, in order, in `$WALLPAPER_FONTS`, in a `Fonts/` folder
  /// beside the executable or in any folder above it (a build tree inside the repository),
  /// then in `Fonts/` of the working directory.
  ///
  /// - Throws: `CLIError.failure` listing the places searched.
  static func bundledFontPath(environment: [String: String]) throws(CLIError) -> String {
    var candidates: [String] = []
    if let folder = environment["WALLPAPER_FONTS"], !folder.isEmpty {
      candidates.append((folder as NSString).appendingPathComponent(bundledFont))
    }
    var folder = URL(fileURLWithPath: executablePath()).resolvingSymlinksInPath().deletingLastPathComponent()
    while true {
      candidates.append(folder.appendingPathComponent("Fonts").appendingPathComponent(bundledFont).path)
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { break }
      folder = parent
    }
    candidates.append(FileManager.default.currentDirectoryPath + "/Fonts/" + bundledFont)
    if let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) {
      return found
    }
    throw .failure(
      "cannot find the bundled font \(bundledFont) (set WALLPAPER_FONTS to the repository's Fonts folder, or use --font PATH)"
    )
  }

  private static func executablePath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }
}
