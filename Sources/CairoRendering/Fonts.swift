import Platform

/// The label font bundled with the wallpaper studio (Quicksand Bold, SIL Open Font License),
/// found by the library itself so neither the tool nor a program using the library passes
/// its path by hand.
///
/// ```swift
/// let scene = try design.scene(defaultFont: try Fonts.bundledPath())
/// ```
public enum Fonts {
  /// The bundled font's file name.
  public static let bundledFileName = "Quicksand-Bold.ttf"

  /// Where `make install` puts the fonts, relative to the installation prefix.
  public static let installedFolder = "share/wallpaper/fonts"

  /// The bundled font's path, or nil when it is nowhere to be found (see `bundledPath`).
  public static var bundled: String? { try? bundledPath() }

  /// The places searched for the bundled font, in order: `$WALLPAPER_FONTS`; a `Fonts/`
  /// folder beside the running executable or in any folder above it (a build tree inside the
  /// repository); `share/wallpaper/fonts/` of the prefix the executable is installed in
  /// (`PREFIX/bin/wallpaper` → `PREFIX/share/wallpaper/fonts/`); the `Fonts/` folder of the source
  /// tree this library was built from (a package depending on it by path); then `Fonts/` of
  /// the working directory.
  public static func searchPaths(environment: Environment = .process) -> [String] {
    var candidates: [String] = []
    if let fromEnvironment = environmentPath(environment) { candidates.append(fromEnvironment) }
    let executable = FilePath(executablePath())
    if executable.isAbsolute {
      var folder = executable.folder
      while !folder.isEmpty {
        candidates.append(FilePath(folder).appending("Fonts/" + bundledFileName).string)
        guard folder != "/" else { break }
        folder = FilePath(folder).folder
      }
      let prefix = FilePath(executable.folder).folder
      if !prefix.isEmpty {
        candidates.append(FilePath(prefix).appending(installedFolder + "/" + bundledFileName).string)
      }
    }
    // #filePath is Sources/CairoRendering/Fonts.swift in the package's source tree.
    let sourceRoot = FilePath(FilePath(FilePath(#filePath).folder).folder).folder
    if FilePath(sourceRoot).isAbsolute {
      candidates.append(FilePath(sourceRoot).appending("Fonts/" + bundledFileName).string)
    }
    if let folder = getcwd(nil, 0) {
      defer { free(folder) }
      candidates.append(FilePath(String(cString: folder)).appending("Fonts/" + bundledFileName).string)
    }
    return candidates
  }

  /// The font in `$WALLPAPER_FONTS`, the first place searched; nil when the variable is unset.
  private static func environmentPath(_ environment: Environment) -> String? {
    guard let folder = environment["WALLPAPER_FONTS"], !folder.isEmpty else { return nil }
    return FilePath(folder).appending(bundledFileName).string
  }

  /// Whether `path` is a regular file this process may read.
  private static func isReadableFile(_ path: String) -> Bool {
    FileKind(at: FilePath(path)).isRegular && access(path, R_OK) == 0
  }

  /// The bundled font's path: the first readable regular file of `searchPaths`.
  ///
  /// - Throws: `RenderError.font` naming the file when no place has it.
  public static func bundledPath(environment: Environment = .process)
    throws(RenderError) -> String
  {
    // `$WALLPAPER_FONTS` first, before the executable's path and the working folder are read.
    if let fromEnvironment = environmentPath(environment), isReadableFile(fromEnvironment) { return fromEnvironment }
    let candidates = searchPaths(environment: environment)
    if let found = candidates.first(where: isReadableFile) { return found }
    throw .font(
      path: bundledFileName,
      reason:
        "the bundled font is not in any of \(candidates.count) places searched (set WALLPAPER_FONTS to its folder)")
  }

  /// The executable's real path (symbolic links resolved): the target of /proc/self/exe, which
  /// the kernel gives resolved in one call (`realpath` would read one link per component).
  private static func executablePath() -> String {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
    let length = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, $0.count) }
    if length > 0, length < buffer.count { return String(decoding: buffer[..<length], as: UTF8.self) }
    guard let resolved = realpath(CommandLine.arguments[0], nil) else { return CommandLine.arguments[0] }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
