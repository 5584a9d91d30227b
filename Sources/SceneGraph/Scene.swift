/// A resolved, immutable wallpaper: a canvas size in points and the nodes drawn on it, first
/// to last. It holds no scale and no output format; those are chosen when it is rendered.
public struct Scene: Hashable, Sendable {
  /// The canvas in points; both sides > 0.
  public let size: Size
  /// Drawn in order, so later nodes cover earlier ones.
  public let nodes: [Node]

  /// - Throws: `SceneError` when a side of `size` is zero.
  public init(size: Size, nodes: [Node]) throws(SceneError) {
    try requirePositive(size.width, "scene.width")
    try requirePositive(size.height, "scene.height")
    self.size = size
    self.nodes = nodes
  }

  /// The canvas as a rectangle at the origin.
  public var bounds: Rect { Rect(size: size) }
}
