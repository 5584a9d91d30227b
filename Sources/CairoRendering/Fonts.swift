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

  /// How many folders above the executable's own are searched for `Fonts/`: enough for a build
  /// tree below the repository (`.build/<triple>/debug/wallpaper`, or
  /// `.build/asan/<triple>/debug/wallpaper` with a scratch path), not the whole way to `/`.
  public static let foldersAboveExecutable = 4

  /// The places searched for the bundled font, in order: `$WALLPAPER_FONTS`; a `Fonts/`
  /// folder beside the running executable or up to `foldersAboveExecutable` folders above it
  /// (a build tree inside the repository); `share/wallpaper/fonts/` of the prefix the
  /// executable is installed in (`PREFIX/bin/wallpaper` → `PREFIX/share/wallpaper/fonts/`);
  /// then `wallpaper/fonts/` in each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`),
  /// where `make install` puts it, for programs that use the library. Nothing is compiled in
  /// and the working folder is not searched, so a copied binary finds only what is installed
  /// or beside it, and a folder it is run in cannot slip it a font.
  public static func searchPaths(environment: Environment = .process) -> [String] {
    var candidates: [String] = []
    if let fromEnvironment = environmentPath(environment) { candidates.append(fromEnvironment) }
    let executable = FilePath(executablePath())
    guard executable.isAbsolute else { return candidates }
    var folder = executable.folder
    for _ in 0...foldersAboveExecutable where !folder.isEmpty {
      candidates.append(FilePath(folder).appending("Fonts/" + bundledFileName).string)
      guard folder != "/" else { break }
      folder = FilePath(folder).folder
    }
    let prefix = FilePath(executable.folder).folder
    if !prefix.isEmpty {
      candidates.append(FilePath(prefix).appending(installedFolder + "/" + bundledFileName).string)
    }
    let dataFolders = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
    for folder in dataFolders.split(separator: ":") where folder.hasPrefix("/") {
      candidates.append(FilePath(String(folder)).appending("wallpaper/fonts/" + bundledFileName).string)
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

  /// Whether `path`, found by searching, is readable and neither it nor its folder can be
  /// replaced by another user (owned by root or this user, not writable by others), so a font
  /// planted in a shared folder such as `/tmp/Fonts` is not taken.
  private static func isTrustedFile(_ path: String) -> Bool {
    guard isReadableFile(path) else { return false }
    func isOwnedSafely(_ path: String) -> Bool {
      var info = stat()
      guard stat(path, &info) == 0 else { return false }
      return (info.st_uid == 0 || info.st_uid == geteuid()) && info.st_mode & S_IWOTH == 0
    }
    return isOwnedSafely(path) && isOwnedSafely(FilePath(path).folderOrCurrent)
  }

  /// The bundled font's path: the first readable regular file of `searchPaths`.
  ///
  /// - Throws: `RenderError.font` naming the file when no place has it.
  public static func bundledPath(environment: Environment = .process)
    throws(RenderError) -> String
  {
    // `$WALLPAPER_FONTS` first (the user's own choice), before the executable's path is read.
    if let fromEnvironment = environmentPath(environment), isReadableFile(fromEnvironment) { return fromEnvironment }
    let candidates = searchPaths(environment: environment)
    if let found = candidates.dropFirst(environmentPath(environment) == nil ? 0 : 1).first(where: isTrustedFile) {
      return found
    }
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
