import CCairo

/// Collects the bytes Cairo writes through a `cairo_write_func_t`.
///
/// The write callback cannot capture context, so the sink travels as the closure pointer;
/// callers keep it alive (`withExtendedLifetime`) until the surface is finished.
final class ByteSink {
  var bytes: [UInt8] = []

  /// The opaque pointer to pass as Cairo's `closure` argument.
  var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  static let write: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
  }
}

/// Feeds bytes to Cairo through a `cairo_read_func_t`.
final class ByteSource {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  static let read: cairo_read_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
    let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
    let count = Int(length)
    guard source.bytes.count - source.position >= count else { return CAIRO_STATUS_READ_ERROR }
    source.bytes.withUnsafeBufferPointer { buffer in
      data.update(from: buffer.baseAddress! + source.position, count: count)
    }
    source.position += count
    return CAIRO_STATUS_SUCCESS
  }
}
