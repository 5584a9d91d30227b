#if canImport(Glibc)
  import Glibc
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
    var buffer = [CChar](repeating: 0, count: Int(length) + 1)
    _ = buffer.withUnsafeMutableBufferPointer { pointer in
      withVaList(arguments) { vsnprintf(pointer.baseAddress, pointer.count, format, $0) }
    }
    self = String(cString: buffer)
  }
}
