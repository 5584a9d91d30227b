import Foundation
import SceneGraph

extension Design {
  /// The design as a scene: layers from bottom to top, each a named group.
  ///
  /// - Throws: `SceneError` if a derived value is invalid (a bug, since designs are validated).
  public func scene() throws(SceneError) -> Scene {
    let bounds = Rect(size: canvasSize)
    var layers: [Node] = []
    if let layer = try backgroundLayer(in: bounds) { layers.append(layer) }
    return try Scene(size: canvasSize, nodes: layers)
  }

  private func backgroundLayer(in bounds: Rect) throws(SceneError) -> Node? {
    var children: [Node] = []
    if let color = background.color {
      children.append(.shape(ShapeNode(.rectangle(bounds), fill: .solid(color))))
    }
    if let gradient = background.gradient {
      children.append(.shape(ShapeNode(.rectangle(bounds), fill: try gradient.paint(in: bounds))))
    }
    if let image = background.image {
      let node = Node.image(ImageNode(png: image.png, frame: bounds, mode: image.mode))
      children.append(
        image.opacity == .opaque ? node : .group(Group(opacity: image.opacity, children: [node])))
    }
    guard !children.isEmpty else { return nil }
    return .group(Group(name: "background", children: children))
  }
}

extension Gradient {
  /// The paint covering `bounds`. A linear gradient at `angle` runs through the centre and
  /// just reaches the corners, as CSS's `linear-gradient` does.
  func paint(in bounds: Rect) throws(SceneError) -> Paint {
    let step = 1 / Double(colors.count - 1)
    let stops = try colors.enumerated().map { (index, color) throws(SceneError) in
      try GradientStop(offset: min(1, Double(index) * step), color: color)
    }
    let center = bounds.center
    switch kind {
    case .linear:
      let radians = angle * .pi / 180
      let (dx, dy) = (sin(radians), cos(radians))
      let half = (abs(bounds.width * dx) + abs(bounds.height * dy)) / 2
      return try .linear(
        from: Point(x: center.x - dx * half, y: center.y - dy * half),
        to: Point(x: center.x + dx * half, y: center.y + dy * half), stops: stops)
    case .radial:
      let radius = hypot(bounds.width, bounds.height) / 2
      return try .radial(center: center, radius: radius, stops: stops)
    }
  }
}
