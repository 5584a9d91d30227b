import Platform
import SceneGraph

/// The area a stroke paints, as a fill (rule 3 of `OfficeImporterRules`): the stroke's
/// centre line flattened into segments no further than `tolerance` from the curve, and the
/// union of one quadrilateral per segment, one piece per join (miter, round or bevel, with
/// Cairo's miter limit of 10, where two of the path's segments meet; round inside a curve, as
/// Cairo strokes a curve) and one per cap. Every piece winds the same way, so the
/// non-zero fill of them all is their union, drawn with no seam between pieces.
struct StrokeOutline {
  typealias XY = SVGCanvasClip.XY

  let join: LineJoin
  let cap: LineCap
  /// Half the stroke's width, in the geometry's units (points).
  let halfWidth: Double
  /// How far the flattened centre line and round pieces may stray from the true ones, in
  /// points: 0.005, below a tenth of a pixel at 3x (Cairo strokes to 0.1 device pixels).
  let tolerance = 0.005
  /// Cairo's default miter limit: a miter longer than 10 half widths becomes a bevel.
  static let miterLimit = 10.0

  init(_ stroke: Stroke, halfWidth: Double) {
    join = stroke.join
    cap = stroke.cap
    self.halfWidth = halfWidth
  }

  /// The outline of `geometry` stroked, as a path of closed polygons (non-zero fill).
  func outline(of geometry: Geometry) -> Geometry {
    var polygons: [[XY]] = []
    for subpath in SVGCanvasClip.subpaths(of: geometry) {
      var (points, corners) = flattened(subpath)
      if subpath.closed, points.count > 1, Self.distance(points[0], points[points.count - 1]) < 1e-9 {
        points.removeLast()
        corners.removeLast()
      }
      guard points.count > 1 else { continue }
      let count = points.count
      let segments = subpath.closed ? count : count - 1
      for index in 0..<segments {
        polygons.append(quad(points[index], points[(index + 1) % count]))
      }
      let joints = subpath.closed ? Array(0..<count) : Array(1..<(count - 1))
      for index in joints {
        let previous = points[(index + count - 1) % count]
        polygons.append(
          joinPiece(previous, points[index], points[(index + 1) % count], join: corners[index] ? join : .round))
      }
      if !subpath.closed {
        polygons.append(capPiece(at: points[0], awayFrom: points[1]))
        polygons.append(capPiece(at: points[count - 1], awayFrom: points[count - 2]))
      }
    }
    var elements: [PathElement] = []
    for polygon in polygons where polygon.count >= 3 {
      let oriented = Self.signedArea(polygon) < 0 ? polygon.reversed() : polygon
      elements.append(.move(to: Point(clampingX: oriented[0].x, y: oriented[0].y)))
      for p in oriented.dropFirst() { elements.append(.line(to: Point(clampingX: p.x, y: p.y))) }
      elements.append(.close)
    }
    return .path((try? Path(elements)) ?? Path())
  }

  /// The sub-path's points: lines as they are, each cubic in enough equal steps that no step
  /// strays more than `tolerance` from the curve; repeated points dropped. `corners` tells
  /// which points end one of the path's own segments (the others lie inside a curve).
  private func flattened(_ subpath: SVGCanvasClip.Subpath) -> (points: [XY], corners: [Bool]) {
    var points = [subpath.start]
    var corners = [true]
    var current = subpath.start
    func add(_ p: XY, corner: Bool = true) {
      if let last = points.last, Self.distance(last, p) < 1e-9 {
        if corner { corners[corners.count - 1] = true }
        return
      }
      points.append(p)
      corners.append(corner)
    }
    for segment in subpath.segments {
      switch segment {
      case .line(let p):
        add(p)
        current = p
      case .cubic(let c1, let c2, let p):
        // A cubic split in n equal steps strays at most 0.75·m/n² from its chords, m the larger
        // second difference of its control points.
        let m = max(
          Self.length(current.x - 2 * c1.x + c2.x, current.y - 2 * c1.y + c2.y),
          Self.length(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y))
        let steps = max(1, min(1000, Int((0.75 * m / tolerance).squareRoot().rounded(.up))))
        for step in 1...steps {
          let t = Double(step) / Double(steps)
          let u = 1 - t
          let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
          add(
            (a * current.x + b * c1.x + c * c2.x + d * p.x, a * current.y + b * c1.y + c * c2.y + d * p.y),
            corner: step == steps)
        }
        current = p
      }
    }
    return (points, corners)
  }

  /// The unit normal of the direction a → b (the direction turned a quarter).
  private static func normal(_ a: XY, _ b: XY) -> XY {
    let length = distance(a, b)
    return (-(b.y - a.y) / length, (b.x - a.x) / length)
  }

  private func quad(_ a: XY, _ b: XY) -> [XY] {
    let n = Self.normal(a, b)
    let (dx, dy) = (n.x * halfWidth, n.y * halfWidth)
    return [(a.x + dx, a.y + dy), (b.x + dx, b.y + dy), (b.x - dx, b.y - dy), (a.x - dx, a.y - dy)]
  }

  /// The piece that fills the outer side of the corner at `v` between a → v and v → b.
  private func joinPiece(_ a: XY, _ v: XY, _ b: XY, join: LineJoin) -> [XY] {
    let (n1, n2) = (Self.normal(a, v), Self.normal(v, b))
    let (u1, u2) = ((v.x - a.x, v.y - a.y), (b.x - v.x, b.y - v.y))
    let cross = u1.0 * u2.1 - u1.1 * u2.0
    // The path turns towards +n when cross > 0, so the outer side is −n.
    let side = cross > 0 ? -1.0 : 1.0
    let p1 = (x: v.x + side * halfWidth * n1.x, y: v.y + side * halfWidth * n1.y)
    let p2 = (x: v.x + side * halfWidth * n2.x, y: v.y + side * halfWidth * n2.y)
    let cosine = n1.x * n2.x + n1.y * n2.y
    switch join {
    case .bevel:
      return [v, p1, p2]
    case .miter:
      // The miter's length over the half width is 1 / cos(δ/2), δ the angle between normals.
      let cosHalf = ((1 + cosine) / 2).squareRoot()
      guard cosHalf > 1 / Self.miterLimit else { return [v, p1, p2] }
      let f = side * halfWidth / (1 + cosine)
      return [v, p1, (v.x + f * (n1.x + n2.x), v.y + f * (n1.y + n2.y)), p2]
    case .round:
      let start = atan2(p1.y - v.y, p1.x - v.x)
      var sweep = atan2(p2.y - v.y, p2.x - v.x) - start
      while sweep > Double.pi { sweep -= 2 * Double.pi }
      while sweep < -Double.pi { sweep += 2 * Double.pi }
      return [v] + arc(around: v, from: start, sweep: sweep)
    }
  }

  /// The cap at the open end `p` of a line coming from `from`: none for butt, a half disc
  /// for round, half a square for square.
  private func capPiece(at p: XY, awayFrom from: XY) -> [XY] {
    let n = Self.normal(from, p)
    let length = Self.distance(from, p)
    let u = ((p.x - from.x) / length, (p.y - from.y) / length)
    switch cap {
    case .butt:
      return []
    case .square:
      let (dx, dy) = (n.x * halfWidth, n.y * halfWidth)
      let (ex, ey) = (u.0 * halfWidth, u.1 * halfWidth)
      return [
        (p.x + dx, p.y + dy), (p.x + dx + ex, p.y + dy + ey), (p.x - dx + ex, p.y - dy + ey), (p.x - dx, p.y - dy),
      ]
    case .round:
      // From the normal's side through the direction of travel to the other side.
      return arc(around: p, from: atan2(n.y, n.x), sweep: -Double.pi)
    }
  }

  /// Points on the circle of the half width around `center`, from angle `start` through
  /// `sweep` radians, in steps whose chords stray at most `tolerance` from the circle.
  private func arc(around center: XY, from start: Double, sweep: Double) -> [XY] {
    let step = 2 * acos(max(-1, 1 - tolerance / halfWidth))
    let steps = max(1, Int((abs(sweep) / max(step, 1e-3)).rounded(.up)))
    return (0...steps).map { index in
      let angle = start + sweep * Double(index) / Double(steps)
      return (center.x + halfWidth * cos(angle), center.y + halfWidth * sin(angle))
    }
  }

  private static func signedArea(_ polygon: [XY]) -> Double {
    var area = 0.0
    for index in polygon.indices {
      let (p, q) = (polygon[index], polygon[(index + 1) % polygon.count])
      area += p.x * q.y - q.x * p.y
    }
    return area / 2
  }

  private static func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
  private static func distance(_ a: XY, _ b: XY) -> Double { length(b.x - a.x, b.y - a.y) }
}
