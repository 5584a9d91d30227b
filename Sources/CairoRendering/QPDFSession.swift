import CQPDF

/// Why a libqpdf post-pass (page boxes, PDF/X) failed. Each description is one line.
public struct PDFPostPassError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The step that failed, such as `qpdf_read_memory`.
  public let operation: String
  /// qpdf's own message, or what did not match.
  public let message: String

  public init(operation: String, message: String) {
    self.operation = operation
    self.message = message
  }

  public var description: String { "\(operation): \(message)" }
}

/// One `qpdf_data` and its object handles. Not Sendable: a `qpdf_data` must not be used from
/// two threads at once, so a session lives inside one call.
package final class QPDFSession {
  package private(set) var handle: qpdf_data?
  package let api: cqpdf_api

  package init() throws(PDFPostPassError) {
    var message: UnsafePointer<CChar>?
    guard let api = cqpdf_load(SharedLibraryNames.qpdf.cString, &message)?.pointee else {
      throw PDFPostPassError(operation: "loading libqpdf", message: message.map { String(cString: $0) } ?? "")
    }
    self.api = api
    guard let handle = api.qpdf_init() else {
      throw PDFPostPassError(operation: "qpdf_init", message: "out of memory")
    }
    self.handle = handle
    // Errors and warnings are read back and thrown, never printed to stderr.
    api.qpdf_silence_errors(handle)
    api.qpdf_set_suppress_warnings(handle, QPDF_TRUE)
  }

  deinit { api.qpdf_cleanup(&handle) }

  /// Throws qpdf's pending error, or its warnings, as one `PDFPostPassError`.
  package func check(_ operation: @autoclosure () -> String, code: QPDF_ERROR_CODE = 0)
    throws(PDFPostPassError)
  {
    if api.qpdf_has_error(handle) != QPDF_FALSE || code & cqpdf_errors_bit() != 0 {
      var message = "failed"
      if let error = api.qpdf_get_error(handle), let text = api.qpdf_get_error_full_text(handle, error) {
        message = String(cString: text)
      }
      throw PDFPostPassError(operation: operation(), message: message)
    }
    var warnings: [String] = []
    while api.qpdf_more_warnings(handle) != QPDF_FALSE {
      if let warning = api.qpdf_next_warning(handle), let text = api.qpdf_get_error_full_text(handle, warning) {
        warnings.append(String(cString: text))
      }
    }
    if !warnings.isEmpty {
      throw PDFPostPassError(operation: operation(), message: "warning: " + warnings.joined(separator: "; "))
    }
  }

  package func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(PDFPostPassError) {
    let code = buffer.withMemoryRebound(to: CChar.self) { chars in
      api.qpdf_read_memory(handle, "cairo's PDF", chars.baseAddress, UInt64(chars.count), nil)
    }
    try check("qpdf_read_memory", code: code)
    // MediaBox may sit on the page tree node; copy inherited keys onto each page first.
    try check("qpdf_push_inherited_attributes_to_page", code: api.qpdf_push_inherited_attributes_to_page(handle))
  }

  /// Writes the file into memory with an `/ID` computed from its content.
  ///
  /// - Parameter minimumVersion: such as `1.6`; nil keeps the version read.
  package func writeWithDeterministicID(minimumVersion: String? = nil) throws(PDFPostPassError) -> [UInt8] {
    try check("qpdf_init_write_memory", code: api.qpdf_init_write_memory(handle))
    if let minimumVersion {
      api.qpdf_set_minimum_pdf_version(handle, minimumVersion)
      try check("qpdf_set_minimum_pdf_version")
    }
    // Set after init_write, which resets every write parameter.
    api.qpdf_set_deterministic_ID(handle, QPDF_TRUE)
    try check("qpdf_set_deterministic_ID")
    try check("qpdf_write", code: api.qpdf_write(handle))
    let length = api.qpdf_get_buffer_length(handle)
    guard let bytes = api.qpdf_get_buffer(handle), length > 0 else {
      throw PDFPostPassError(operation: "qpdf_get_buffer", message: "no output was written")
    }
    // Copy out: the buffer belongs to qpdf and is freed by qpdf_cleanup.
    return Array(UnsafeBufferPointer(start: bytes, count: length))
  }
}
