import SceneGraph

/// The largest outputs the renderer accepts. A request beyond them is refused before any
/// surface is created, so a typo like `--scale 300` fails at once instead of allocating
/// gigabytes.
public enum RenderLimits {
  /// The largest scale factor (device pixels per point).
  public static let maxScale = 10.0
  /// The most pixels along either side of a PNG.
  public static let maxPixelsPerSide = 16_384
  /// The most pixels in a PNG: 64 megapixels, 256 MB (244 MiB) of ARGB.
  public static let maxPixels = 64_000_000

  /// The pixel size of `size` points at `scale`: `round(points × scale)` per side, at least 1.
  ///
  /// - Throws: `RenderError.invalidScale` or `.canvasTooLarge` when over the limits.
  public static func pixelSize(of size: Size, scale: Double) throws(RenderError) -> PixelSize {
    guard scale.isFinite, scale > 0, scale <= maxScale else { throw .invalidScale(scale) }
    let width = max(1, Int((size.width * scale).rounded()))
    let height = max(1, Int((size.height * scale).rounded()))
    guard width <= maxPixelsPerSide, height <= maxPixelsPerSide, width * height <= maxPixels else {
      throw .canvasTooLarge(width: width, height: height)
    }
    return PixelSize(width: width, height: height)
  }
}

/// A size in device pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  public let width: Int
  public let height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public var description: String { "\(width)×\(height)" }
}
