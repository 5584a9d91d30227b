/// The largest input image the renderer decodes. A PNG's, JPEG's or HEIC's pixel size is read from its header
/// and checked before any pixel is decoded, so a small file that claims a huge image is
/// refused instead of taking gigabytes.
public enum ImageLimits {
  /// The most pixels along either side of an input image.
  public static let maxPixelsPerSide = 16_000
  /// The most pixels in an input image: 48 megapixels (a 48 MP phone photo is 8064×6048),
  /// which decode to 192 MB (183 MiB) of ARGB.
  public static let maxPixels = 48_800_000

  /// The width and height in a PNG's IHDR chunk, which must come first after the signature.
  ///
  /// - Throws: `RenderError.image` when the header is missing or damaged, or the size is zero
  ///   or over the limits.
  public static func checkPNGHeader(_ bytes: [UInt8]) throws(RenderError) {
    // Signature (8), chunk length (4), "IHDR" (4), width (4), height (4).
    guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else {
      throw .image(reason: "a damaged PNG (no IHDR header)")
    }
    func uint32(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    try check(width: uint32(at: 16), height: uint32(at: 20), format: "PNG")
  }

  /// Checks a size read from an image's header, before decoding.
  ///
  /// - Throws: `RenderError.image` when the size is zero or over the limits.
  static func check(width: Int, height: Int, format: String) throws(RenderError) {
    guard width > 0, height > 0 else { throw .image(reason: "a damaged \(format) (a size of \(width)×\(height) px)") }
    guard width <= maxPixelsPerSide, height <= maxPixelsPerSide, width * height <= maxPixels else {
      throw .image(
        reason:
          "\(width)×\(height) px is too large to decode (at most \(maxPixelsPerSide) px per side and "
          + "\(maxPixelsDescription) megapixels)")
    }
  }

  /// `maxPixels` in megapixels with one decimal: `48.8`.
  public static var maxPixelsDescription: String {
    let tenths = (maxPixels + 50_000) / 100_000
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }
}
