import CCairo

/// PNG bytes decoded by Cairo into an image surface.
final class DecodedPNG {
  let surface: OpaquePointer
  var width: Int { Int(cairo_image_surface_get_width(surface)) }
  var height: Int { Int(cairo_image_surface_get_height(surface)) }

  /// - Throws: `RenderError.image` when the bytes are not a PNG Cairo can read.
  init(_ bytes: [UInt8]) throws(RenderError) {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.starts(with: signature) else {
      throw .image(reason: "not a PNG file (the PNG signature is missing)")
    }
    try ImageLimits.checkPNGHeader(bytes)
    let source = ByteSource(bytes)
    let surface = withExtendedLifetime(source) {
      cairo_image_surface_create_from_png_stream(ByteSource.read, source.closure)!
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw .image(reason: "a damaged or unsupported PNG (\(CairoStatus(status)))")
    }
    self.surface = surface
  }

  deinit { cairo_surface_destroy(surface) }
}
