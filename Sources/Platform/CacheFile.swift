#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file in this user's cache folder holding bytes compiled into the program, for C libraries
/// that read only from a path (FreeType, HarfBuzz and the SVG writer open the bundled font by
/// name).
///
/// The file is `FOLDER/<hash>/NAME`, where `<hash>` is a 64-bit FNV-1a digest of the bytes (so
/// programs carrying different bytes never share a file) and FOLDER is the first of these that
/// can be used: `$XDG_CACHE_HOME/wallpaper`, else `$HOME/.cache/wallpaper`; then
/// `${TMPDIR:-/tmp}/wallpaper-<uid>`; then a fresh folder of this process's own,
/// `${TMPDIR:-/tmp}/wallpaper-XXXXXX` (a read-only or missing home, a folder left by `sudo`, or
/// one another user made first). Each call compares the file with the bytes and rewrites it (a
/// temporary file renamed into place, removed on SIGINT or SIGTERM) when it differs, is missing or
/// is not a regular file, so a damaged or replaced copy is never used. Folders are created with
/// mode 0700 and must belong to this user and be writable by no one else.
///
/// ```swift
/// let path = try bytes.withUnsafeBytes { try CacheFile.path(named: "Font.ttf", holding: $0) }
/// ```
public enum CacheFile {
  /// Why the cache file could not be made: the path and the system's reason.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The folder or file that failed.
    public let path: String
    /// What went wrong, in words.
    public let reason: String
    public var description: String { "\(path): \(reason)" }
  }

  /// The folders the cache files of this program may go in, in the order they are tried (the
  /// last resort, a fresh folder, is made by `path` itself).
  public static func folders(environment: Environment = .process) -> [String] {
    var folders: [String] = []
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      folders.append(cache + "/wallpaper")
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      folders.append(home + "/.cache/wallpaper")
    }
    folders.append("\(temporaryFolder(environment))/wallpaper-\(geteuid())")
    return folders
  }

  /// `$TMPDIR` when it is an absolute path, else `/tmp`.
  private static func temporaryFolder(_ environment: Environment) -> String {
    environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
  }

  /// The path of a regular file named `name` that holds exactly `bytes`, written on first use,
  /// in the first of `folders` that can be used, else in a fresh folder of this process's own.
  ///
  /// - Parameter name: a file name (no `/`), kept as the file's own name.
  /// - Throws: `Failure` when `name` is not one path component, or no folder can be used (each
  ///   folder's reason, joined).
  public static func path(
    named name: String, holding bytes: UnsafeRawBufferPointer, environment: Environment = .process
  ) throws(Failure) -> String {
    guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
      throw Failure(path: name, reason: "is not a file name (one path component)")
    }
    var failures: [Failure] = []
    for top in folders(environment: environment) {
      do {
        return try path(named: name, holding: bytes, in: top, parentsAllowed: true)
      } catch {
        failures.append(error)
      }
    }
    var template = Array("\(temporaryFolder(environment))/wallpaper-XXXXXX".utf8CString)
    if template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil {
      let fresh = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
      do {
        return try path(named: name, holding: bytes, in: fresh, parentsAllowed: false)
      } catch {
        failures.append(error)
      }
    } else {
      failures.append(Failure(path: "\(temporaryFolder(environment))/wallpaper-XXXXXX", reason: reason()))
    }
    let others = failures.dropFirst().map { "\($0.path) \($0.reason)" }
    throw Failure(
      path: failures[0].path,
      reason: ([failures[0].reason] + others).joined(separator: "; ")
        + " (remove the folder, or set XDG_CACHE_HOME to a folder of yours)")
  }

  /// `name` holding `bytes` in `top/<hash>/`, the folders made and checked.
  private static func path(
    named name: String, holding bytes: UnsafeRawBufferPointer, in top: String, parentsAllowed: Bool
  ) throws(Failure) -> String {
    let folder = "\(top)/\(digest(bytes))"
    try makeFolder(top, parentsAllowed: parentsAllowed)
    try makeFolder(folder, parentsAllowed: false)
    let path = "\(folder)/\(name)"
    if holds(path, bytes) { return path }
    try write(bytes, to: path, in: folder, name: name)
    return path
  }

  /// FNV-1a over `bytes`, as 16 hex digits: a name for the content, not a security check (the
  /// content itself is compared before every use).
  static func digest(_ bytes: UnsafeRawBufferPointer) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Creates `path` with mode 0700 when missing (its parents too when `parentsAllowed`), then
  /// checks that it is a folder of this user's that no one else can write to.
  private static func makeFolder(_ path: String, parentsAllowed: Bool) throws(Failure) {
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      guard parentsAllowed, errno == ENOENT else { throw Failure(path: path, reason: reason()) }
      try makeFolder(FilePath(path).folder, parentsAllowed: true)
      if mkdir(path, 0o700) != 0, errno != EEXIST { throw Failure(path: path, reason: reason()) }
    }
    var info = stat()
    guard lstat(path, &info) == 0 else { throw Failure(path: path, reason: reason()) }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(path: path, reason: "is not a folder") }
    guard info.st_uid == geteuid(), info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
      throw Failure(path: path, reason: "belongs to another user or is writable by others")
    }
  }

  /// Whether `path` is a regular file (not a link) whose bytes are exactly `bytes`.
  private static func holds(_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count
    else { return false }
    var contents = [UInt8](repeating: 0, count: bytes.count + 1)
    var filled = 0
    while filled < contents.count {
      let got = contents.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      filled += got
    }
    return filled == bytes.count
      && contents.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
  }

  /// Writes `bytes` to a temporary file in `folder`, then renames it to `path` (mode 0644).
  private static func write(
    _ bytes: UnsafeRawBufferPointer, to path: String, in folder: String, name: String
  ) throws(Failure) {
    var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Failure(path: folder, reason: reason()) }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let slot = SignalCleanup.register(temporary)
    defer { SignalCleanup.unregister(slot) }
    var failure = Descriptor.writeAll(bytes, to: descriptor)
    if failure == nil, fchmod(descriptor, 0o644) != 0 { failure = reason() }
    if close(descriptor) != 0, failure == nil { failure = reason() }
    if failure == nil, rename(temporary, path) != 0 { failure = reason() }
    if let failure {
      unlink(temporary)
      throw Failure(path: path, reason: failure)
    }
  }

  /// The system's words for `errno`.
  private static func reason() -> String { String(cString: strerror(errno)) }
}
