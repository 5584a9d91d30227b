import WallpaperExport

// Kept out of CLIError.swift, which the fuzz target compiles without the library.
extension CLIError {
  /// The library's error as a command's: bad input is a usage error (exit 2), anything else a
  /// failure (exit 1); the message is the library's, word for word.
  init(_ error: ExportError) {
    switch error {
    case .invalidInput(let message): self = .usage(message)
    case .failed(let message): self = .failure(message)
    }
  }

  /// The value of `call`, a library call, with its `ExportError` thrown as a `CLIError`:
  /// `try CLIError.mapping(AtomicFile.write(bytes, to: path))`.
  static func mapping<T>(_ call: @autoclosure () throws(ExportError) -> T) throws(CLIError) -> T {
    do {
      return try call()
    } catch {
      throw CLIError(error)
    }
  }
}
