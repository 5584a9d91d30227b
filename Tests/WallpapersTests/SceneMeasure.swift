import SceneGraph
import XCTest

// Measuring drawn scenes: the boxes around shapes, strokes included, shared by the season and
// composition tests.

/// Points along the outline: corners, 32 points round an ellipse, 16 along each curve.
func points(of geometry: Geometry) -> [(x: Double, y: Double)] {
  switch geometry {
  case .rectangle(let r), .roundedRectangle(let r, _):
    return [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)]
  case .ellipse(let r):
    return (0..<32).map { k in
      let a = Double(k) * .pi / 16
      return (r.center.x + cos(a) * r.width / 2, r.center.y + sin(a) * r.height / 2)
    }
  case .path(let path):
    var result: [(x: Double, y: Double)] = []
    var current = (x: 0.0, y: 0.0)
    for element in path.elements {
      switch element {
      case .move(let p), .line(let p):
        current = (p.x, p.y)
        result.append(current)
      case .curve(let p, let c1, let c2):
        for i in 1...16 {
          let t = Double(i) / 16
          let u = 1 - t
          let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
          result.append(
            (
              a * current.x + b * c1.x + c * c2.x + d * p.x,
              a * current.y + b * c1.y + c * c2.y + d * p.y
            ))
        }
        current = (p.x, p.y)
      case .close: break
      }
    }
    return result
  }
}

/// A box in points.
struct Box {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  func union(_ other: Box) -> Box {
    Box(
      minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
      maxY: max(maxY, other.maxY))
  }
}

/// The box around everything `node` draws, strokes included, in the coordinates of its
/// parent; nil when it draws nothing.
func bounds(of node: Node, transform: Transform = .identity) -> Box? {
  switch node {
  case .group(let group):
    let inner = group.transform.then(transform)
    var box: Box?
    for child in group.children {
      guard let b = bounds(of: child, transform: inner) else { continue }
      box = box?.union(b) ?? b
    }
    return box
  case .shape(let shape):
    let t = transform
    var half = 0.0
    if let stroke = shape.stroke, case .points(let width) = stroke.width {
      half = width / 2 * sqrt(abs(t.a * t.d - t.b * t.c))
    }
    var box: Box?
    for p in points(of: shape.geometry) {
      let x = t.a * p.x + t.c * p.y + t.tx
      let y = t.b * p.x + t.d * p.y + t.ty
      let b = Box(minX: x - half, minY: y - half, maxX: x + half, maxY: y + half)
      box = box?.union(b) ?? b
    }
    return box
  case .text, .image, .vector:
    XCTFail("season art should draw only shapes")
    return nil
  }
}
