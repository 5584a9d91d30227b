import Platform

/// A position in the scene's coordinate space, in points, y down.
public struct Point: Hashable, Sendable {
  public let x: Double
  public let y: Double

  /// - Throws: `SceneError` when a coordinate is NaN or infinite.
  public init(x: Double, y: Double) throws(SceneError) {
    try requireFinite(x, "point.x")
    try requireFinite(y, "point.y")
    self.x = x
    self.y = y
  }

  /// A point that cannot fail, for constants and coordinates finite by construction: NaN
  /// becomes 0 and an infinity the largest finite number of its sign.
  public init(clampingX x: Double, y: Double) {
    self.init(unchecked: x.clamped(to: .finite), y.clamped(to: .finite))
  }

  init(unchecked x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(unchecked: 0, 0)

  /// The point moved by `offset`.
  public func offset(by offset: Vector) -> Point { Point(unchecked: x + offset.dx, y + offset.dy) }
}

/// A displacement in points. Unlike a `Point`, it has no origin.
public struct Vector: Hashable, Sendable {
  public let dx: Double
  public let dy: Double

  /// - Throws: `SceneError` when a component is NaN or infinite.
  public init(dx: Double, dy: Double) throws(SceneError) {
    try requireFinite(dx, "vector.dx")
    try requireFinite(dy, "vector.dy")
    self.dx = dx
    self.dy = dy
  }

  init(unchecked dx: Double, _ dy: Double) {
    self.dx = dx
    self.dy = dy
  }
}

/// A width and height in points; both finite and ≥ 0.
public struct Size: Hashable, Sendable {
  public let width: Double
  public let height: Double

  /// - Throws: `SceneError` when a side is negative, NaN or infinite.
  public init(width: Double, height: Double) throws(SceneError) {
    try requireNonNegative(width, "size.width")
    try requireNonNegative(height, "size.height")
    self.width = width
    self.height = height
  }

  /// A size that cannot fail, for constants and sizes valid by construction: a negative or
  /// NaN side becomes 0, an infinite one the largest finite number.
  public init(clampingWidth width: Double, height: Double) {
    self.init(unchecked: width.clamped(to: .nonNegative), height.clamped(to: .nonNegative))
  }

  init(unchecked width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }

  /// The vector from the top-left to the bottom-right corner.
  public var diagonal: Vector { Vector(unchecked: width, height) }

  /// The size with width and height exchanged (portrait ↔ landscape).
  public var transposed: Size { Size(unchecked: height, width) }
}

/// An axis-aligned rectangle in points: an origin (top-left) and a non-negative size.
public struct Rect: Hashable, Sendable {
  public let origin: Point
  public let size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// - Throws: `SceneError` when a value is NaN or infinite or a side is negative.
  public init(x: Double, y: Double, width: Double, height: Double) throws(SceneError) {
    self.origin = try Point(x: x, y: y)
    self.size = try Size(width: width, height: height)
  }

  /// A rectangle that cannot fail, for constants and rectangles valid by construction: the
  /// origin as `Point(clampingX:y:)` makes it, the size as `Size(clampingWidth:height:)` does.
  public init(clampingX x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(clampingX: x, y: y)
    self.size = Size(clampingWidth: width, height: height)
  }

  /// The rectangle from the origin to `size`.
  public init(size: Size) {
    self.origin = .zero
    self.size = size
  }

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var width: Double { size.width }
  public var height: Double { size.height }
  public var center: Point { Point(unchecked: origin.x + size.width / 2, origin.y + size.height / 2) }

  /// The rectangle grown by `amount` points on every side (shrunk when negative, never below 0).
  public func outset(by amount: Double) -> Rect {
    Rect(
      origin: Point(unchecked: origin.x - amount, origin.y - amount),
      size: Size(
        unchecked: max(0, size.width + 2 * amount), max(0, size.height + 2 * amount)))
  }

  /// Whether `point` lies inside or on the edge.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
  }
}

/// Distances in points from the four edges of a rectangle, each finite and ≥ 0.
public struct EdgeInsets: Hashable, Sendable {
  public let top: Double
  public let left: Double
  public let bottom: Double
  public let right: Double

  /// - Throws: `SceneError` naming the edge that is negative, NaN or infinite.
  public init(top: Double, left: Double, bottom: Double, right: Double) throws(SceneError) {
    try requireNonNegative(top, "insets.top")
    try requireNonNegative(left, "insets.left")
    try requireNonNegative(bottom, "insets.bottom")
    try requireNonNegative(right, "insets.right")
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Insets that cannot fail, for constants and insets valid by construction: a negative or
  /// NaN inset becomes 0, an infinite one the largest finite number.
  public init(clampingTop top: Double, left: Double, bottom: Double, right: Double) {
    self.init(
      unchecked: top.clamped(to: .nonNegative), left.clamped(to: .nonNegative), bottom.clamped(to: .nonNegative),
      right.clamped(to: .nonNegative))
  }

  public static let zero = EdgeInsets(unchecked: 0, 0, 0, 0)

  init(unchecked top: Double, _ left: Double, _ bottom: Double, _ right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The insets of the rectangle rotated a quarter turn clockwise (portrait → landscape).
  public var rotatedClockwise: EdgeInsets { EdgeInsets(unchecked: left, bottom, right, top) }

  /// `rect` with the insets removed, or nil when nothing is left.
  public func inset(_ rect: Rect) -> Rect? {
    let width = rect.width - left - right
    let height = rect.height - top - bottom
    guard width > 0, height > 0 else { return nil }
    return Rect(
      origin: Point(unchecked: rect.minX + left, rect.minY + top),
      size: Size(unchecked: width, height))
  }
}

/// An affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty), as in Cairo and PDF.
public struct Transform: Hashable, Sendable {
  public let a: Double
  public let b: Double
  public let c: Double
  public let d: Double
  public let tx: Double
  public let ty: Double

  /// - Throws: `SceneError` when a coefficient is NaN or infinite, or the transform is singular.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) throws(SceneError) {
    for (value, name) in [(a, "a"), (b, "b"), (c, "c"), (d, "d"), (tx, "tx"), (ty, "ty")] {
      try requireFinite(value, "transform.\(name)")
    }
    guard a * d - b * c != 0 else {
      throw SceneError(
        field: "transform", value: "[\(a) \(b) \(c) \(d)]", allowed: "an invertible matrix")
    }
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  init(unchecked a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  public static let identity = Transform(unchecked: 1, 0, 0, 1, 0, 0)

  /// A translation by `offset`.
  public static func translation(_ offset: Vector) -> Transform {
    Transform(unchecked: 1, 0, 0, 1, offset.dx, offset.dy)
  }

  /// A scale by `sx`, `sy`; both finite and non-zero.
  public static func scale(_ sx: Double, _ sy: Double) throws(SceneError) -> Transform {
    try Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation by `radians`, clockwise on screen (y points down).
  public static func rotation(_ radians: Double) throws(SceneError) -> Transform {
    try requireFinite(radians, "rotation")
    let (s, c) = (sin(radians), cos(radians))
    return Transform(unchecked: c, s, -s, c, 0, 0)
  }

  /// First `self`, then `other`.
  public func then(_ other: Transform) -> Transform {
    Transform(
      unchecked: a * other.a + b * other.c,
      a * other.b + b * other.d,
      c * other.a + d * other.c,
      c * other.b + d * other.d,
      tx * other.a + ty * other.c + other.tx,
      tx * other.b + ty * other.d + other.ty)
  }

  /// `point` mapped through the transform.
  public func apply(to point: Point) -> Point {
    Point(unchecked: a * point.x + c * point.y + tx, b * point.x + d * point.y + ty)
  }

  /// The transform that undoes this one (every `Transform` is invertible).
  public var inverse: Transform {
    let determinant = a * d - b * c
    let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
    return Transform(unchecked: ia, ib, ic, id, -(ia * tx + ic * ty), -(ib * tx + id * ty))
  }

  public var isIdentity: Bool { self == .identity }
}
