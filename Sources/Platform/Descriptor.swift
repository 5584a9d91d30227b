#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to an open file descriptor with the system's `write`, with no Foundation
/// `FileHandle` or `Data` in between: shared by the atomic file writer and the console.
public enum Descriptor {
  /// Writes every byte of `bytes` to `descriptor`, retrying after interruptions and short
  /// writes.
  ///
  /// - Returns: nil when every byte was written, else the system's reason (`strerror`).
  @discardableResult
  public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return String(cString: strerror(errno))
      }
      offset += written
    }
    return nil
  }

  /// Writes every byte of `bytes` to `descriptor` (see `writeAll(_:to:)`).
  @discardableResult
  public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
    bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
  }

  /// Writes the UTF-8 bytes of `text` to `descriptor` (see `writeAll(_:to:)`).
  @discardableResult
  public static func writeAll(_ text: String, to descriptor: Int32) -> String? {
    var text = text
    return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
  }
}
