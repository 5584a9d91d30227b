#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is at a path, from `stat` (symbolic links followed), looked at before a file is opened so
/// that a FIFO or a device is never opened or replaced.
public enum FileKind: Equatable, Sendable {
  case missing
  case regular(size: Int)
  case folder
  /// A FIFO, socket, character or block device; the associated text names it.
  case special(String)

  /// The kind of the file at `path`; `missing` also when a folder on the way does not exist.
  public init(at path: FilePath) {
    var info = stat()
    guard stat(path.string, &info) == 0 else {
      self = .missing
      return
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: self = .regular(size: Int(info.st_size))
    case S_IFDIR: self = .folder
    case S_IFIFO: self = .special("a FIFO")
    case S_IFSOCK: self = .special("a socket")
    case S_IFCHR: self = .special("a character device")
    case S_IFBLK: self = .special("a block device")
    default: self = .special("not a regular file")
    }
  }
}

/// Why a file could not be read.
public enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
  case missing
  case folder
  case special(String)
  case tooLarge(bytes: Int, limit: Int)
  case unreadable(String)

  public var description: String {
    switch self {
    case .missing: return "does not exist"
    case .folder: return "is a folder"
    case .special(let kind): return "is \(kind), not a regular file"
    case .tooLarge(let bytes, let limit): return "is \(bytes) bytes (at most \(limit))"
    case .unreadable(let reason): return "is not readable: \(reason)"
    }
  }
}

extension FilePath {
  /// The bytes of a regular file of at most `limit` bytes.
  ///
  /// The file is opened without blocking and checked with `fstat` before anything is read, so
  /// a FIFO or a device named as an input fails at once instead of hanging.
  ///
  /// - Throws: `FileReadError`.
  public func readRegularFile(limit: Int) throws(FileReadError) -> [UInt8] {
    let descriptor = open(string, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .missing }
      throw .unreadable(String(cString: strerror(code)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .folder
    default:
      if case .special(let kind) = FileKind(at: self) { throw .special(kind) }
      throw .special("not a regular file")
    }
    let size = Int(info.st_size)
    guard size <= limit else { throw .tooLarge(bytes: size, limit: limit) }
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while true {
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw .unreadable(String(cString: strerror(errno)))
      }
      if got == 0 { break }
      count += got
      // The file grew while it was read.
      if count == bytes.count {
        guard count <= limit else { throw .tooLarge(bytes: count, limit: limit) }
        bytes.append(contentsOf: repeatElement(0, count: max(4096, count)))
      }
    }
    return Array(bytes[..<count])
  }
}

extension FileKind {
  public var isRegular: Bool {
    if case .regular = self { return true }
    return false
  }
}

extension stat {
  /// When the file was last modified (`st_mtim` on Linux, `st_mtimespec` on Darwin).
  public var modificationTime: timespec {
    #if canImport(Darwin)
      st_mtimespec
    #else
      st_mtim
    #endif
  }
}
