import SceneGraph

extension SVGOptions.Profile {
  /// The scene the SVG writer writes for this profile: `scene` itself for `.plain` (no rule of
  /// any profile runs), `OfficeImporterRules` applied for `.office`. The renderer's one way
  /// into the writer, so a render without `--svg-profile office` never runs a rule.
  func shaped(_ scene: Scene, scale: Double) -> Scene {
    switch self {
    case .plain: return scene
    case .office: return OfficeImporterRules(scale: scale).applied(to: scene)
    }
  }
}

/// The `office` profile (`--svg-profile office`): rewrite rules, applied to the scene in one
/// pass before the SVG writer sees it, for the office importers that draw plain SVG wrongly.
/// Each rule names the importer and version it serves and what it changes; the picture stays
/// the same (judged element by element in `Tests/InteropTests/ElementJudgeTests.swift`).
///
/// 1. **LibreOffice Draw 7.4: a translucent layer under a veil.** Draw applies a group's
///    `opacity` to each object in it; a translucent layer over an opaque base is written at
///    opacity 1 with a copy of the base over it at the complement of its opacity (`SVGVeil`).
/// 2. **Scribus 1.5.8: every fill inside the page.** Scribus places a drawing by its elements'
///    box and ignores `clip-path`; fills are cut to the canvas (`SVGCanvasClip`), a glow (an
///    ellipse holding its transparent-edged radial gradient) becomes the rectangle of its
///    visible part, so the page lands at the origin.
/// 3. **Scribus 1.5.8: strokes past the page as outlines.** A stroke reaching past the canvas
///    (half its width included) cannot be cut without changing its ends, and Scribus draws
///    nothing inside a nested `<svg>` viewport; the stroke becomes its outline
///    (`StrokeOutline`), a fill of the stroke's paint, cut to the canvas like any fill.
struct OfficeImporterRules {
  /// Device pixels per point: a device-pixel stroke's width in points is its pixels / scale.
  let scale: Double

  func applied(to scene: Scene) -> Scene {
    var nodes = scene.nodes
    if let veil = SVGVeil.plan(for: scene) { nodes = veil.applied(to: nodes) }
    let canvas = (width: scene.size.width, height: scene.size.height)
    nodes = nodes.flatMap { insidePage($0, canvas: canvas, toCanvas: .identity) }
    return (try? Scene(size: scene.size, nodes: nodes)) ?? scene
  }

  /// Rules 2 and 3 on `node` and its children: what it draws, with nothing outside the canvas
  /// (`toCanvas` maps the node's space to the canvas, in points).
  private func insidePage(_ node: Node, canvas: (width: Double, height: Double), toCanvas: Transform) -> [Node] {
    switch node {
    case .group(let group):
      let inner = group.transform.then(toCanvas)
      return [
        .group(
          Group(
            name: group.name, transform: group.transform, opacity: group.opacity, clip: group.clip,
            children: group.children.flatMap { insidePage($0, canvas: canvas, toCanvas: inner) }))
      ]
    case .shape(let shape):
      let clip = SVGCanvasClip(width: canvas.width, height: canvas.height, toDevice: toCanvas)
      var parts: [Node] = []
      if let fill = shape.fill {
        let stroke = shape.stroke.flatMap { clip.contains(shape.geometry, margin: halfWidth($0)) ? $0 : nil }
        parts.append(.shape(ShapeNode(Self.insideCanvas(shape.geometry, filledWith: fill, clip: clip), fill: fill, stroke: stroke)))
      }
      if let stroke = shape.stroke {
        if clip.contains(shape.geometry, margin: halfWidth(stroke)) {
          if shape.fill == nil { parts.append(node) }
        } else {
          let outline = StrokeOutline(stroke, halfWidth: halfWidth(stroke)).outline(of: shape.geometry)
          parts.append(.shape(ShapeNode(clip.clipped(outline), fill: stroke.paint)))
        }
      }
      return parts
    case .text, .image, .vector:
      return [node]
    }
  }

  /// Half a stroke's width in points.
  private func halfWidth(_ stroke: Stroke) -> Double {
    switch stroke.width {
    case .points(let points): return points / 2
    case .devicePixels(let pixels): return Double(pixels) / scale / 2
    }
  }

  /// A fill's outline with nothing outside the canvas (`SVGCanvasClip`). A glow (an ellipse
  /// holding its radial gradient's circle, transparent at the circle's edge) reaching past the
  /// canvas becomes the rectangle of its visible part filled with the same gradient: outside
  /// the circle the gradient is transparent, so the picture is the same.
  static func insideCanvas(_ geometry: Geometry, filledWith fill: Paint, clip: SVGCanvasClip) -> Geometry {
    guard !clip.contains(geometry) else { return geometry }
    if case .ellipse(let rect) = geometry, case .radialGradient(let center, let radius, let stops) = fill,
      let last = stops.last, last.color.alpha == 0,
      abs(center.x - rect.center.x) < 1e-9, abs(center.y - rect.center.y) < 1e-9,
      radius <= min(rect.width, rect.height) / 2, let visible = clip.visiblePart(of: rect)
    {
      return .rectangle(visible)
    }
    return clip.clipped(geometry)
  }
}
