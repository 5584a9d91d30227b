import CCairo
import Platform

/// Pixels drawn by the renderer: Cairo's ARGB32, premultiplied alpha, native-endian 32-bit
/// words, rows `stride` bytes apart.
///
/// Not `Sendable`: it owns a Cairo surface; pass its encoded bytes between tasks instead.
public final class RasterImage {
  let surface: OpaquePointer
  public let size: PixelSize

  /// - Throws: `RenderError.cairo` when Cairo cannot allocate the surface.
  init(size: PixelSize) throws(RenderError) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))!
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw .cairo(operation: "cairo_image_surface_create(\(size))", status: CairoStatus(status))
    }
    self.surface = surface
    self.size = size
  }

  deinit { cairo_surface_destroy(surface) }

  /// Bytes between the starts of two rows.
  public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

  /// The straight-alpha RGBA colour of the pixel at (x, y), 8 bits a channel.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "pixel outside the image")
    let row = cairo_image_surface_get_data(surface)! + y * stride
    let word = row.withMemoryRebound(to: UInt32.self, capacity: size.width) { $0[x] }
    let a = UInt8(word >> 24)
    func channel(_ shift: UInt32) -> UInt8 {
      let value = UInt8((word >> shift) & 0xFF)
      guard a != 0 else { return 0 }
      return UInt8(min(255, (UInt32(value) * 255 + UInt32(a) / 2) / UInt32(a)))
    }
    return (channel(16), channel(8), channel(0), a)
  }

  /// The mean WCAG relative luminance (0 black … 1 white) of the pixels in columns `x` and
  /// rows `y`, clipped to the image; a transparent pixel counts as black (what shows through a
  /// transparent wallpaper). Nil when nothing of the rectangle is inside the image.
  public func meanRelativeLuminance(x: Range<Int>, y: Range<Int>) -> Double? {
    let columns = x.clamped(to: 0..<size.width)
    let rows = y.clamped(to: 0..<size.height)
    guard !columns.isEmpty, !rows.isEmpty else { return nil }
    // Premultiplied channels are already the colour over black.
    let linear = (0...255).map { value -> Double in
      let c = Double(value) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    var sum = 0.0
    for row in rows {
      for column in columns {
        let word = data.load(fromByteOffset: row * stride + column * 4, as: UInt32.self)
        sum +=
          0.2126 * linear[Int((word >> 16) & 0xFF)] + 0.7152 * linear[Int((word >> 8) & 0xFF)]
          + 0.0722 * linear[Int(word & 0xFF)]
      }
    }
    return sum / Double(columns.count * rows.count)
  }

  /// The image encoded as PNG by Cairo's own encoder (RGB when every pixel is opaque, RGBA
  /// otherwise; zlib level 6 with adaptive filtering). Several times slower than
  /// `pngData(compression:)`; kept as the reference its output is checked against.
  ///
  /// - Throws: `RenderError.cairo` when encoding fails.
  public func cairoPNGData() throws(RenderError) -> [UInt8] {
    let sink = ByteSink()
    let status = withExtendedLifetime(sink) {
      cairo_surface_write_to_png_stream(surface, ByteSink.write, sink.closure)
    }
    try check(status, "cairo_surface_write_to_png_stream")
    return sink.bytes
  }
}
