import Platform
import SceneGraph

/// Fills cut to the canvas (a rule of `OfficeImporterRules`), so that every filled element of
/// the office profile's SVG lies inside the page: importers that place a drawing by its
/// elements' bounding box and ignore `clip-path` (Scribus 1.5.8) then place the page at the
/// origin. What shows is unchanged, since nothing outside the canvas is ever seen.
///
/// A fill's outline is cut by each of the canvas's four edges in turn: every segment is split
/// where it crosses the edge's line, and the pieces outside are replaced by the line along the
/// edge between their ends. Moving the outside pieces onto the edge, without ever crossing
/// into the canvas, leaves the winding number of every point inside the canvas unchanged, so
/// the fill there is the same under both fill rules; outside it is empty.
struct SVGCanvasClip {
  /// One edge as a half-plane of the local space: `nx·x + ny·y + k ≥ 0` inside.
  private struct Edge {
    let nx: Double
    let ny: Double
    let k: Double
    func value(_ p: (x: Double, y: Double)) -> Double { nx * p.x + ny * p.y + k }
    /// `p` moved along the edge's normal onto its line.
    func project(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
      let f = value(p) / (nx * nx + ny * ny)
      return (p.x - f * nx, p.y - f * ny)
    }
  }

  private let edges: [Edge]
  /// The canvas in local space when the local space is not rotated or skewed.
  private let axisAlignedCanvas: Rect?

  /// Points this far outside an edge (in device pixels) still count as inside: shapes drawn
  /// exactly to the canvas edge (the background) are left as they are.
  private static let slack = 1e-6

  /// The canvas `0…width × 0…height` device pixels, seen from a local space that `toDevice`
  /// maps to device pixels.
  init(width: Double, height: Double, toDevice t: Transform) {
    edges = [
      Edge(nx: t.a, ny: t.c, k: t.tx + Self.slack), Edge(nx: -t.a, ny: -t.c, k: width - t.tx + Self.slack),
      Edge(nx: t.b, ny: t.d, k: t.ty + Self.slack), Edge(nx: -t.b, ny: -t.d, k: height - t.ty + Self.slack),
    ]
    if t.b == 0, t.c == 0 {
      let inverse = t.inverse
      let (p, q) = (inverse.apply(to: .zero), inverse.apply(to: Point(clampingX: width, y: height)))
      axisAlignedCanvas = Rect(
        clampingX: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
    } else {
      axisAlignedCanvas = nil
    }
  }

  /// Whether every point of `geometry` (its control points included), grown by `margin`
  /// (local units) on every side, is inside the canvas.
  func contains(_ geometry: Geometry, margin: Double = 0) -> Bool {
    let inside: (Point) -> Bool
    if let canvas = axisAlignedCanvas {
      let (x0, y0) = (canvas.minX + margin - 1e-9, canvas.minY + margin - 1e-9)
      let (x1, y1) = (canvas.maxX - margin + 1e-9, canvas.maxY - margin + 1e-9)
      inside = { p in p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1 }
    } else {
      let thresholds = edges.map { margin * ($0.nx * $0.nx + $0.ny * $0.ny).squareRoot() }
      inside = { p in zip(edges, thresholds).allSatisfy { $0.value((p.x, p.y)) >= $1 } }
    }
    switch geometry {
    case .rectangle(let r), .roundedRectangle(let r, _), .ellipse(let r):
      return inside(r.origin) && inside(Point(clampingX: r.maxX, y: r.minY))
        && inside(Point(clampingX: r.maxX, y: r.maxY)) && inside(Point(clampingX: r.minX, y: r.maxY))
    case .path(let path):
      for element in path.elements {
        switch element {
        case .move(let p), .line(let p): if !inside(p) { return false }
        case .curve(let p, let c1, let c2): if !inside(c1) || !inside(c2) || !inside(p) { return false }
        case .close: continue
        }
      }
      return true
    }
  }

  /// `geometry` cut to the canvas, for a fill.
  func clipped(_ geometry: Geometry) -> Geometry {
    if case .rectangle(let rect) = geometry, let canvas = axisAlignedCanvas {
      let (x0, y0) = (max(rect.minX, canvas.minX), max(rect.minY, canvas.minY))
      let (x1, y1) = (min(rect.maxX, canvas.maxX), min(rect.maxY, canvas.maxY))
      return .rectangle(Rect(clampingX: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)))
    }
    var subpaths = Self.subpaths(of: geometry)
    for edge in edges { subpaths = subpaths.map { Self.clip($0, by: edge) } }
    return .path((try? Path(subpaths.flatMap(\.closedElements))) ?? Path())
  }

  /// The part of `rect` (an ellipse's bounds) inside the canvas, when the local space is not
  /// rotated or skewed; nil otherwise or when nothing of it is inside.
  func visiblePart(of rect: Rect) -> Rect? {
    guard case .rectangle(let clipped) = clipped(.rectangle(rect)), axisAlignedCanvas != nil,
      clipped.width > 0, clipped.height > 0
    else { return nil }
    return clipped
  }

  // MARK: Outlines as plain segments

  typealias XY = (x: Double, y: Double)

  enum Segment {
    case line(XY)
    case cubic(XY, XY, XY)
    var end: XY {
      switch self {
      case .line(let p): return p
      case .cubic(_, _, let p): return p
      }
    }
  }

  struct Subpath {
    var start: XY
    var segments: [Segment]
    /// Whether the path closed it (a stroke joins its ends; a fill closes every sub-path).
    var closed = true

    /// The sub-path as path elements, closed (as a fill draws it).
    var closedElements: [PathElement] {
      var elements: [PathElement] = [.move(to: Point(clampingX: start.x, y: start.y))]
      for segment in segments {
        switch segment {
        case .line(let p): elements.append(.line(to: Point(clampingX: p.x, y: p.y)))
        case .cubic(let c1, let c2, let p):
          elements.append(
            .curve(
              to: Point(clampingX: p.x, y: p.y), control1: Point(clampingX: c1.x, y: c1.y),
              control2: Point(clampingX: c2.x, y: c2.y)))
        }
      }
      return elements + [.close]
    }
  }

  /// The outline as sub-paths of lines and cubic curves (a fill closes each sub-path; an
  /// open one of a path has `closed` false).
  static func subpaths(of geometry: Geometry) -> [Subpath] {
    // The cubic that draws a quarter ellipse: control points at this fraction of the radii.
    let kappa = 4 * (2.0.squareRoot() - 1) / 3
    switch geometry {
    case .rectangle(let r):
      return [
        Subpath(
          start: (r.minX, r.minY),
          segments: [.line((r.maxX, r.minY)), .line((r.maxX, r.maxY)), .line((r.minX, r.maxY))])
      ]
    case .ellipse(let r):
      let (cx, cy, rx, ry) = (r.center.x, r.center.y, r.width / 2, r.height / 2)
      let (kx, ky) = (rx * kappa, ry * kappa)
      return [
        Subpath(
          start: (cx + rx, cy),
          segments: [
            .cubic((cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry)),
            .cubic((cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy)),
            .cubic((cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry)),
            .cubic((cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy)),
          ])
      ]
    case .roundedRectangle(let r, let radius):
      let q = min(radius, r.width / 2, r.height / 2)
      guard q > 0 else { return subpaths(of: .rectangle(r)) }
      let k = q * kappa
      let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
      return [
        Subpath(
          start: (x0 + q, y0),
          segments: [
            .line((x1 - q, y0)), .cubic((x1 - q + k, y0), (x1, y0 + q - k), (x1, y0 + q)),
            .line((x1, y1 - q)), .cubic((x1, y1 - q + k), (x1 - q + k, y1), (x1 - q, y1)),
            .line((x0 + q, y1)), .cubic((x0 + q - k, y1), (x0, y1 - q + k), (x0, y1 - q)),
            .line((x0, y0 + q)), .cubic((x0, y0 + q - k), (x0 + q - k, y0), (x0 + q, y0)),
          ])
      ]
    case .path(let path):
      var result: [Subpath] = []
      var current: Subpath?
      for element in path.elements {
        switch element {
        case .move(let p):
          if let current, !current.segments.isEmpty { result.append(current) }
          current = Subpath(start: (p.x, p.y), segments: [], closed: false)
        case .line(let p): current?.segments.append(.line((p.x, p.y)))
        case .curve(let p, let c1, let c2): current?.segments.append(.cubic((c1.x, c1.y), (c2.x, c2.y), (p.x, p.y)))
        case .close:
          if var closed = current {
            closed.closed = true
            result.append(closed)
            // A segment after a close starts from the closed sub-path's start.
            current = Subpath(start: closed.start, segments: [], closed: false)
          }
        }
      }
      if let current, !current.segments.isEmpty { result.append(current) }
      return result
    }
  }

  // MARK: Cutting by one edge

  private static func clip(_ subpath: Subpath, by edge: Edge) -> Subpath {
    // Most sub-paths lie wholly inside most edges: nothing to cut.
    let inside = { (p: XY) in edge.value(p) >= 0 }
    if inside(subpath.start),
      subpath.segments.allSatisfy({ segment in
        switch segment {
        case .line(let p): return inside(p)
        case .cubic(let c1, let c2, let p): return inside(c1) && inside(c2) && inside(p)
        }
      })
    {
      return subpath
    }
    var segments = subpath.segments
    let last = segments.last?.end ?? subpath.start
    if last != subpath.start { segments.append(.line(subpath.start)) }
    let startOutside = edge.value(subpath.start) < 0
    var result = Subpath(start: startOutside ? edge.project(subpath.start) : subpath.start, segments: [])
    var from = subpath.start
    for segment in segments {
      for piece in split(segment, from: from, at: edge) {
        if edge.value(midpoint(piece.segment, from: piece.from)) < 0 {
          result.segments.append(.line(edge.project(piece.segment.end)))
        } else {
          result.segments.append(piece.segment)
        }
      }
      from = segment.end
    }
    return result
  }

  /// `segment` (starting at `from`) split where it crosses the edge's line.
  private static func split(_ segment: Segment, from: XY, at edge: Edge) -> [(from: XY, segment: Segment)] {
    switch segment {
    case .line(let p):
      let (f0, f1) = (edge.value(from), edge.value(p))
      guard (f0 < 0) != (f1 < 0), f0 != 0, f1 != 0 else { return [(from, segment)] }
      let t = f0 / (f0 - f1)
      let cut = (from.x + (p.x - from.x) * t, from.y + (p.y - from.y) * t)
      return [(from, .line(cut)), (cut, .line(p))]
    case .cubic(let c1, let c2, let p):
      let f = [edge.value(from), edge.value(c1), edge.value(c2), edge.value(p)]
      // The curve lies in its control points' hull: no sign change among them, no crossing.
      guard f.contains(where: { $0 < 0 }), f.contains(where: { $0 >= 0 }) else { return [(from, segment)] }
      let roots = crossings(f)
      guard !roots.isEmpty else { return [(from, segment)] }
      var pieces: [(from: XY, segment: Segment)] = []
      var rest = (from, c1, c2, p)
      var done = 0.0
      for t in roots {
        // The root in the remaining piece's own parameter.
        let local = (t - done) / (1 - done)
        let (head, tail) = subdivide(rest, at: local)
        pieces.append((head.0, .cubic(head.1, head.2, head.3)))
        rest = tail
        done = t
      }
      pieces.append((rest.0, .cubic(rest.1, rest.2, rest.3)))
      return pieces
    }
  }

  /// The parameters in (0, 1), ascending, where the cubic with Bernstein coefficients `f`
  /// changes sign: found by bisection on the intervals where it is monotonic.
  private static func crossings(_ f: [Double]) -> [Double] {
    let a = -f[0] + 3 * f[1] - 3 * f[2] + f[3]
    let b = 3 * f[0] - 6 * f[1] + 3 * f[2]
    let c = -3 * f[0] + 3 * f[1]
    let d = f[0]
    func value(_ t: Double) -> Double { ((a * t + b) * t + c) * t + d }
    // Turning points: roots of 3a t² + 2b t + c.
    var bounds: [Double] = [0]
    let (qa, qb, qc) = (3 * a, 2 * b, c)
    if abs(qa) > 1e-12 {
      let discriminant = qb * qb - 4 * qa * qc
      if discriminant > 0 {
        let root = discriminant.squareRoot()
        bounds += [(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)].filter { $0 > 0 && $0 < 1 }.sorted()
      }
    } else if abs(qb) > 1e-12 {
      let t = -qc / qb
      if t > 0, t < 1 { bounds.append(t) }
    }
    bounds.append(1)
    var roots: [Double] = []
    for (lower, upper) in zip(bounds, bounds.dropFirst()) {
      var (lo, hi) = (lower, upper)
      var (flo, fhi) = (value(lo), value(hi))
      guard (flo < 0) != (fhi < 0), flo != 0, fhi != 0 else { continue }
      for _ in 0..<48 {  // 2⁻⁴⁸ of the parameter: far below the 1/1000 pt written
        let mid = (lo + hi) / 2
        let fmid = value(mid)
        if (fmid < 0) == (flo < 0) {
          (lo, flo) = (mid, fmid)
        } else {
          (hi, fhi) = (mid, fmid)
        }
      }
      let t = (lo + hi) / 2
      if t > 1e-9, t < 1 - 1e-9 { roots.append(t) }
    }
    return roots
  }

  private static func subdivide(_ c: (XY, XY, XY, XY), at t: Double) -> ((XY, XY, XY, XY), (XY, XY, XY, XY)) {
    func mix(_ p: XY, _ q: XY) -> XY { (p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t) }
    let (p01, p12, p23) = (mix(c.0, c.1), mix(c.1, c.2), mix(c.2, c.3))
    let (p012, p123) = (mix(p01, p12), mix(p12, p23))
    let p0123 = mix(p012, p123)
    return ((c.0, p01, p012, p0123), (p0123, p123, p23, c.3))
  }

  private static func midpoint(_ segment: Segment, from: XY) -> XY {
    switch segment {
    case .line(let p): return ((from.x + p.x) / 2, (from.y + p.y) / 2)
    case .cubic(let c1, let c2, let p):
      return (
        (from.x + 3 * c1.x + 3 * c2.x + p.x) / 8, (from.y + 3 * c1.y + 3 * c2.y + p.y) / 8
      )
    }
  }
}
