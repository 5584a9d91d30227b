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
  /// Temporary files are named `.NAME.tmp-XXXXXX`; NAME is cut (at a character boundary) so
  /// the whole name fits the file system's 255-byte limit.
  public static let maxNameBytes = 255
  /// A temporary file older than this (in seconds) was left by a run that was killed; the next
  /// write into its folder removes it. Younger ones may belong to a run still writing.
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
    let (descriptor, temporary) = try createTemporaryFile(in: directory, for: target.lastComponent, path: path)
    var failure = Descriptor.writeAll(bytes, to: descriptor)
    if failure == nil, let keptMode, fchmod(descriptor, keptMode) != 0 { failure = String(cString: strerror(errno)) }
    close(descriptor)
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

  /// `.NAME.tmp-XXXXXX`, with NAME shortened so the result is at most `maxNameBytes` bytes.
  static func temporaryName(for name: String) -> String {
    let budget = maxNameBytes - ".".utf8.count - ".tmp-XXXXXX".utf8.count
    var kept = ""
    var used = 0
    for scalar in name.unicodeScalars {
      let size = String(scalar).utf8.count
      guard used + size <= budget else { break }
      kept.unicodeScalars.append(scalar)
      used += size
    }
    return "." + kept + ".tmp-XXXXXX"
  }

  /// Whether `name` has the form of a temporary file: `.NAME.tmp-` and six letters or digits.
  static func isTemporaryName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard bytes.count > 12, bytes[0] == UInt8(ascii: "."),
      bytes[(bytes.count - 11)..<(bytes.count - 6)].elementsEqual(".tmp-".utf8)
    else { return false }
    return bytes.suffix(6).allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
  }

  /// Folders already swept in this process.
  private static let swept = Mutex(Set<String>())

  /// Removes temporary files older than `staleAge` from `folder`, once per folder and process.
  static func removeStaleTemporaryFiles(in folder: String, now: Date = Date()) {
    guard swept.withLock({ $0.insert(folder).inserted }) else { return }
    guard let names = FilePath(folder).folderEntries(hiddenOnly: true) else { return }
    for name in names where isTemporaryName(name) {
      let path = folder + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      let modified = TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9
      if now.timeIntervalSince1970 - modified > staleAge { unlink(path) }
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

  /// Creates `.NAME.tmp-XXXXXX` in `folder` with six random letters or digits, as `mkstemp`
  /// does, but with mode 0666 handed to `open`: the kernel applies the umask (or the folder's
  /// default ACL) as for any new file, so the process's umask never has to be read.
  private static func createTemporaryFile(
    in folder: String, for name: String, path: String
  ) throws(ExportError) -> (descriptor: Int32, path: String) {
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
      let descriptor = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 { return (descriptor, candidate) }
      guard errno == EEXIST else { break }
    }
    throw .failed("cannot write '\(path)': \(String(cString: strerror(errno)))")
  }
}
