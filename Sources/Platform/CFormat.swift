#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// `format` filled in by the C library's `vsnprintf` (`"%.3f"`, `"%04X"`, `"%8.1f"`): the
  /// text `String(format:)` gives for these in the C locale, without Foundation.
  public init(cFormat format: String, _ arguments: any CVarArg...) {
    let length = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
    guard length > 0 else {
      self = ""
      return
    }
    // `length` bytes and the terminating NUL, which is left out of the string.
    var buffer = [UInt8](repeating: 0, count: Int(length) + 1)
    _ = buffer.withUnsafeMutableBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { pointer in
        withVaList(arguments) { vsnprintf(pointer.baseAddress, pointer.count, format, $0) }
      }
    }
    self = String(decoding: buffer.dropLast(), as: UTF8.self)
  }
}
