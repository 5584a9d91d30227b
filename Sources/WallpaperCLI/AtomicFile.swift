import Foundation

/// Writes files so that readers see either the old file or the whole new one, never a part.
enum AtomicFile {
  /// Writes `bytes` to a temporary file in the destination's folder, flushes it to disk, then
  /// renames it over `path`. Creates missing parent folders.
  ///
  /// - Throws: `CLIError.failure` naming the path and the system's reason; the temporary file
  ///   is removed and any existing file at `path` is left as it was.
  static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw .failure("cannot create folder '\(folder)': \(reason(error))")
      }
    }
    let directory = folder.isEmpty ? "." : folder
    var template = Array((directory + "/." + (path as NSString).lastPathComponent + ".tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw .failure("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    let temporary = String(cString: template)
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    // mkstemp creates 0600; give the file the usual permissions.
    if failure == nil { fchmod(descriptor, 0o644) }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw .failure("cannot write '\(path)': \(failure)")
    }
  }

  private static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileWriteFileExistsError || nsError.code == 512 {
      return "a file is in the way"
    }
    return nsError.localizedDescription
  }
}
