/// Pixel snapping shared by every backend: where the corners and line ends of a shape stroked
/// in device pixels go, so that a line n pixels wide covers n whole pixel rows or columns. The
/// Cairo canvas (PNG) and the SVG writer both place strokes by it, so an SVG rasterised at the
/// PNG's scale draws the same crisp lines.
///
/// Snapping happens in device space (pixels, y down): a backend maps a point from user space
/// (points, under the current group transforms) to device pixels, snaps it there, and maps it
/// back. Backends snap the corners of rectangles and the move and line points of paths; curve
/// control points, rounded rectangles and ellipses are drawn where they are.
public struct PixelSnapping: Hashable, Sendable {
  /// Whether the stroke covers an odd number of pixels: its points go to pixel centres
  /// (`n + 0.5`); an even width's go to pixel edges (whole numbers).
  public let oddWidth: Bool

  /// The snapping for a stroke of `width`; nil for a width in points, which is not snapped.
  public init?(strokeWidth width: StrokeWidth) {
    guard case .devicePixels(let pixels) = width else { return nil }
    oddWidth = pixels % 2 == 1
  }

  /// A device-space coordinate, in pixels, moved onto the grid.
  public func snap(_ coordinate: Double) -> Double {
    // The epsilon keeps values that are whole numbers up to float error on the same side.
    oddWidth ? (coordinate + 1e-6).rounded(.down) + 0.5 : coordinate.rounded()
  }

  /// `point`, in user space, snapped in the device space that `toDevice` maps it to, and
  /// mapped back; unchanged when the snapped point is not finite.
  public func snap(_ point: Point, toDevice: Transform) -> Point {
    let device = toDevice.apply(to: point)
    guard let snapped = try? Point(x: snap(device.x), y: snap(device.y)) else { return point }
    return toDevice.inverse.apply(to: snapped)
  }
}
