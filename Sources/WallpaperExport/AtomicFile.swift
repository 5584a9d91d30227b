import Platform
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes files so that readers see either the old file or the whole new one, never a part.
/// Every file an export writes, and every file the `wallpaper` commands write, goes through it.
///
/// ```swift
/// try AtomicFile.write(Array("hello\n".utf8), to: "out/hello.txt")  // creates out/
/// ```
public enum AtomicFile {
  /// Temporary files are named `.NAME.wallpaper.tmp-XXXXXX` (the tool's signature, so that
  /// nobody else's `.x.tmp-backup` is ever taken for one); NAME is cut (at a character
  /// boundary) so the whole name fits the file system's 255-byte limit.
  public static let maxNameBytes = 255
  /// The writer holds an exclusive `flock` on its temporary file until the rename, and the
  /// kernel drops it when the writer dies. So a temporary file of ours, owned by this user,
  /// unlocked and older than this (seconds: the moment between creating and locking it) was
  /// left by a killed run, and the next write into its folder removes it.
  public static let abandonedAge: TimeInterval = 10
  /// Where the file system cannot lock (`flock` fails other than by contention), a temporary
  /// file must be older than this (seconds) to be taken as abandoned.
  public static let staleAge: TimeInterval = 3600

  /// Writes `bytes` to `path`: to standard output for `-`; otherwise to a temporary file in
  /// the destination's folder, then renamed over `path`. Creates missing parent folders. A new
  /// file gets mode 0666 less the umask; a replaced file keeps its mode.
  ///
  /// The rename makes the write atomic for readers and against a failing or killed run. It is
  /// not `fsync`ed one file at a time (as compilers, `cp` and rsvg-convert don't): that cost
  /// ~1 ms of every render, a fifth of an SVG's. Durability against a power cut is asked for
  /// once per batch with `flush(fileSystemOf:)`, as an export does before its manifest.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - path: the destination, absolute or relative to the working directory; `-` is
  ///     standard output.
  /// - Throws: `ExportError.failed` naming the path and the system's reason; the temporary file
  ///   is removed and any existing file at `path` is left as it was. A destination that is a
  ///   folder, FIFO, socket or device is never replaced.
  public static func write(_ bytes: [UInt8], to path: String) throws(ExportError) {
    let target = FilePath(path)
    if target.isStandardStream {
      if let failure = Descriptor.writeAll(bytes, to: STDOUT_FILENO) {
        throw .failed("cannot write to standard output: \(failure)")
      }
      return
    }
    let folder = target.folder
    if !folder.isEmpty { try createFolders(FilePath(folder)) }
    // A replaced file keeps its mode; a new one gets the mode `open` gives it.
    var keptMode: mode_t?
    switch FileKind(at: target) {
    case .missing: break
    case .regular:
      var info = stat()
      if stat(path, &info) == 0 { keptMode = info.st_mode & 0o7777 }
    case .folder: throw .failed("cannot write '\(path)': it is a folder")
    case .special(let kind): throw .failed("cannot write '\(path)': it is \(kind), not a regular file")
    }
    let directory = target.folderOrCurrent
    removeStaleTemporaryFiles(in: directory)
    let (descriptor, temporary, slot) = try createTemporaryFile(
      in: directory, for: target.lastComponent, path: path)
    defer { SignalCleanup.unregister(slot) }
    // Closed after the rename, so the lock that says "being written" lasts until then.
    defer { close(descriptor) }
    _ = flock(descriptor, LOCK_EX | LOCK_NB)
    var failure = Descriptor.writeAll(bytes, to: descriptor)
    if failure == nil, let keptMode, fchmod(descriptor, keptMode) != 0 { failure = String(cString: strerror(errno)) }
    if failure == nil {
      // Checked again just before the rename: something may have appeared meanwhile.
      var info = stat()
      if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFLNK {
        failure = "it is not a regular file"
      } else if rename(temporary, path) != 0 {
        failure = String(cString: strerror(errno))
      }
    }
    if let failure {
      unlink(temporary)
      throw .failed("cannot write '\(path)': \(failure)")
    }
  }

  /// Writes `bytes` to `relative` inside the folder `root` (an export's `--out`), as
  /// `write(_:to:)` does, but refuses when a folder between `root` and the file is a symbolic
  /// link, so a link planted in the output folder (`previews -> /elsewhere`) cannot send a file
  /// outside it. The file itself may be a link: the rename replaces the link, not its target.
  ///
  /// - Throws: `ExportError.failed` naming the file and the link.
  public static func write(_ bytes: [UInt8], to relative: String, inside root: String) throws(ExportError) {
    let target = FilePath(root).appending(relative)
    var folder = FilePath(root)
    for component in FilePath(relative).components.dropLast() {
      folder = folder.appending(component)
      var info = stat()
      if lstat(folder.string, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
        throw .failed(
          "cannot write '\(target)': '\(folder)' is a symbolic link (an export writes only inside its folder)")
      }
    }
    try write(bytes, to: target.string)
  }

  /// Writes every file on `folder`'s file system to disk (`Durability`), so that what is written
  /// after it (an export's manifest) lists only files that survive a power cut. A missing
  /// folder has nothing to flush.
  ///
  /// - Throws: `ExportError.failed` naming the folder and the system's reason.
  public static func flush(fileSystemOf folder: String) throws(ExportError) {
    let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor < 0, errno == ENOENT { return }  // nothing was written there
    guard descriptor >= 0, Durability.flushFileSystem(holding: descriptor) == 0 else {
      let reason = String(cString: strerror(errno))
      if descriptor >= 0 { close(descriptor) }
      throw .failed("cannot flush '\(folder)' to disk: \(reason)")
    }
    close(descriptor)
  }

  /// What follows NAME in a temporary file's name, before the six random characters.
  static let temporarySuffix = ".wallpaper.tmp-"

  /// `.NAME.wallpaper.tmp-XXXXXX`, with NAME shortened so the result is at most `maxNameBytes`
  /// bytes.
  static func temporaryName(for name: String) -> String {
    let budget = maxNameBytes - ".".utf8.count - temporarySuffix.utf8.count - "XXXXXX".utf8.count
    var kept = ""
    var used = 0
    for scalar in name.unicodeScalars {
      let size = String(scalar).utf8.count
      guard used + size <= budget else { break }
      kept.unicodeScalars.append(scalar)
      used += size
    }
    return "." + kept + temporarySuffix + "XXXXXX"
  }

  /// Whether `name` is one of this tool's temporary files: `.NAME.wallpaper.tmp-` and six
  /// letters or digits.
  static func isTemporaryName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    let suffix = temporarySuffix.utf8.count
    guard bytes.count > 1 + suffix + 6, bytes[0] == UInt8(ascii: "."),
      bytes[(bytes.count - 6 - suffix)..<(bytes.count - 6)].elementsEqual(temporarySuffix.utf8)
    else { return false }
    return bytes.suffix(6).allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
  }

  /// Folders already swept in this process.
  private static let swept = Mutex(Set<String>())

  /// Removes from `folder` the temporary files a killed run of this tool left (see
  /// `abandonedAge`), once per folder and process. Files of other programs, of other users and
  /// of runs still writing are left alone.
  static func removeStaleTemporaryFiles(in folder: String, now: Date = Date()) {
    guard swept.withLock({ $0.insert(folder).inserted }) else { return }
    guard let names = FilePath(folder).folderEntries(hiddenOnly: true) else { return }
    for name in names where isTemporaryName(name) {
      let path = folder + "/" + name
      let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { continue }
      let modified = info.modificationTime
      let age = now.timeIntervalSince1970 - TimeInterval(modified.tv_sec) - TimeInterval(modified.tv_nsec) / 1e9
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
        if age > abandonedAge { unlink(path) }
      } else if errno != EWOULDBLOCK, age > staleAge {
        unlink(path)  // a file system without locks: only the age can tell
      }
    }
  }

  /// Creates `folder` and its missing parents.
  private static func createFolders(_ folder: FilePath) throws(ExportError) {
    var path = folder.isAbsolute ? "" : "."
    for component in folder.components {
      path += "/" + component
      switch FileKind(at: FilePath(path)) {
      case .folder: continue
      case .missing:
        if mkdir(path, 0o777) != 0, errno != EEXIST {
          throw .failed("cannot create folder '\(folder)': \(String(cString: strerror(errno)))")
        }
      case .regular, .special:
        throw .failed("cannot create folder '\(folder)': a file is in the way")
      }
    }
  }

  /// Creates `.NAME.wallpaper.tmp-XXXXXX` in `folder` with six random letters or digits, as `mkstemp`
  /// does, but with mode 0666 handed to `open`: the kernel applies the umask (or the folder's
  /// default ACL) as for any new file, so the process's umask never has to be read.
  /// The path is registered with `SignalCleanup` before the file is created (its slot is
  /// returned), so a SIGINT or SIGTERM at any moment after removes it.
  private static func createTemporaryFile(
    in folder: String, for name: String, path: String
  ) throws(ExportError) -> (descriptor: Int32, path: String, slot: Int?) {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    let prefix = Array((folder + "/" + temporaryName(for: name)).utf8.dropLast("XXXXXX".utf8.count))
    var random = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      var bytes = prefix
      // One random draw per name (one getrandom call), six base-62 digits taken from it.
      var value: UInt64 = random.next()
      for _ in 0..<6 {
        bytes.append(alphabet[Int(value % UInt64(alphabet.count))])
        value /= UInt64(alphabet.count)
      }
      let candidate = String(decoding: bytes, as: UTF8.self)
      let slot = SignalCleanup.register(candidate)
      let descriptor = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 { return (descriptor, candidate, slot) }
      let code = errno
      SignalCleanup.unregister(slot)
      errno = code
      guard errno == EEXIST else { break }
    }
    throw .failed("cannot write '\(path)': \(String(cString: strerror(errno)))")
  }
}
