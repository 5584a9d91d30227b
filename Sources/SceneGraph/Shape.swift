/// One step of a path, in points.
public enum PathElement: Hashable, Sendable {
  case move(to: Point)
  case line(to: Point)
  /// A cubic Bézier curve with two control points.
  case curve(to: Point, control1: Point, control2: Point)
  case close
}

/// A Bézier path: a sequence of sub-paths, each starting with a move.
public struct Path: Hashable, Sendable {
  public private(set) var elements: [PathElement] = []

  public init() {}

  /// - Throws: `SceneError` when the first element is not a move.
  public init(_ elements: [PathElement]) throws(SceneError) {
    if let first = elements.first, case .move = first {
    } else if !elements.isEmpty {
      throw SceneError(field: "path", value: "\(elements[0])", allowed: "a path starting with a move")
    }
    self.elements = elements
  }

  public mutating func move(to point: Point) { elements.append(.move(to: point)) }

  /// A line from the current point; starts a sub-path at `point` when there is none.
  public mutating func line(to point: Point) {
    elements.append(elements.isEmpty ? .move(to: point) : .line(to: point))
  }

  public mutating func curve(to point: Point, control1: Point, control2: Point) {
    if elements.isEmpty { elements.append(.move(to: control1)) }
    elements.append(.curve(to: point, control1: control1, control2: control2))
  }

  public mutating func close() {
    if !elements.isEmpty { elements.append(.close) }
  }

  /// Adds `rect` as a closed sub-path, clockwise on screen. Rectangles added this way wind the
  /// same way, so a non-zero fill of several of them is their union.
  public mutating func addRectangle(_ rect: Rect) {
    elements.append(.move(to: rect.origin))
    elements.append(.line(to: Point(unchecked: rect.maxX, rect.minY)))
    elements.append(.line(to: Point(unchecked: rect.maxX, rect.maxY)))
    elements.append(.line(to: Point(unchecked: rect.minX, rect.maxY)))
    elements.append(.close)
  }

  public var isEmpty: Bool { elements.isEmpty }
}

/// The outline of a shape node.
public enum Geometry: Hashable, Sendable {
  case rectangle(Rect)
  /// A rectangle with corners of `radius` points (clamped to half the shorter side when drawn).
  case roundedRectangle(Rect, radius: Double)
  /// The ellipse inscribed in the rectangle.
  case ellipse(Rect)
  case path(Path)

  /// A rounded rectangle; `radius` finite and ≥ 0.
  public static func rounded(_ rect: Rect, radius: Double) throws(SceneError) -> Geometry {
    try requireNonNegative(radius, "cornerRadius")
    return .roundedRectangle(rect, radius: radius)
  }
}

/// How two stroked segments meet.
public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }
/// How the open ends of a stroke end.
public enum LineCap: String, Hashable, Sendable { case butt, round, square }

/// A stroke width: in points (scaled with the output), or in whole device pixels.
///
/// A device-pixel width stays that many pixels wide in PNG at any scale, and its line is
/// placed on the pixel grid so it is fully covered, not two half-lit columns. In SVG and PDF,
/// which have no device pixels, it is `pixels / scale` points for the render's scale (the
/// device's own by default), with the line kept at its exact point geometry.
public enum StrokeWidth: Hashable, Sendable {
  case points(Double)
  case devicePixels(Int)
}

/// The outline paint of a shape.
public struct Stroke: Hashable, Sendable {
  public let paint: Paint
  public let width: StrokeWidth
  public let join: LineJoin
  public let cap: LineCap

  /// - Throws: `SceneError` when the width is not > 0.
  public init(
    _ paint: Paint, width: StrokeWidth, join: LineJoin = .miter, cap: LineCap = .butt
  ) throws(SceneError) {
    switch width {
    case .points(let points): try requirePositive(points, "stroke.width")
    case .devicePixels(let pixels):
      guard pixels > 0 else {
        throw SceneError(field: "stroke.width", value: "\(pixels)px", allowed: "1px or more")
      }
    }
    self.paint = paint
    self.width = width
    self.join = join
    self.cap = cap
  }

  /// A stroke `points` wide.
  public init(_ paint: Paint, width points: Double, join: LineJoin = .miter, cap: LineCap = .butt)
    throws(SceneError)
  {
    try self.init(paint, width: .points(points), join: join, cap: cap)
  }
}
