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

/// Images decoded for one render, by the identity of their bytes: a photo repeated in many
/// cells, or met again in every band of a banded PNG, is decoded once. Holds the bytes it was
/// given, so an identity cannot be reused by other bytes while it is cached. Not `Sendable`:
/// one render's drawing thread owns it.
final class DecodedImages {
  private struct Key: Hashable {
    let address: UInt
    let count: Int
  }
  private var images: [Key: (bytes: [UInt8], decoded: DecodedPNG)] = [:]

  init() {}

  /// `bytes` decoded, from the cache when the same bytes were decoded before.
  ///
  /// - Throws: `RenderError.image` as `DecodedPNG` does.
  func image(_ bytes: [UInt8]) throws(RenderError) -> DecodedPNG {
    let key = bytes.withUnsafeBufferPointer { Key(address: UInt(bitPattern: $0.baseAddress), count: $0.count) }
    if let cached = images[key] { return cached.decoded }
    let decoded = try DecodedPNG(bytes)
    images[key] = (bytes, decoded)
    return decoded
  }
}
