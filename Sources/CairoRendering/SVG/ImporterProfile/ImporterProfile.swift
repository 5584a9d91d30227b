import CCairo
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
/// 4. **Scribus 1.5.8: a photo filling its frame, cropped.** Scribus ignores
///    `preserveAspectRatio="xMidYMid slice"` and the image's `clip-path`, so a photo filling a
///    frame of another shape overflowed it (the photo grid's box was 507.8×1261.7 pt for a
///    314.4×681.6 pt page) and was drawn squeezed; the photo is embedded cropped to the part
///    its frame shows (decoded for the frame's device pixels, as the writer decodes it), a PNG
///    stretched to the frame.
/// 5. **LibreOffice Draw 7.4: overlapping sub-paths as separate paths.** Draw fills a path's
///    overlapping sub-paths as if by the even-odd rule, whatever `fill-rule` says: summer's
///    clouds (circles in one path) showed holes where the circles meet (10.7–17.5/255 in their
///    footprint). A filled path of several convex sub-paths (each control polygon turning one
///    way only, so each outline is simple and convex) that all turn the same way (so the
///    non-zero fill is their union) with an opaque paint becomes one path per sub-path; other
///    paths (a glyph's counters, which even-odd draws alike, self-crossing outlines) and
///    translucent paints (whose overlaps would darken) keep one path.
/// 6. **LibreOffice Draw 7.4: a translucent group's opacity on its children.** Draw drops the
///    `opacity` of a group whose children are clipped groups (summer's clouds at 0.95 came out
///    opaque, 3.3–5.3/255 off in their footprint). Below the top level (layers keep theirs, and
///    the veil handles the art), a translucent group passes its opacity to each child, as
///    Draw itself applies a group's opacity to each object: a child group's opacity is
///    multiplied by it, an object is wrapped in a group of that opacity (which the writer puts
///    on the object).
struct OfficeImporterRules {
  /// Device pixels per point: a device-pixel stroke's width in points is its pixels / scale.
  let scale: Double

  func applied(to scene: Scene) -> Scene {
    var nodes = scene.nodes
    if let veil = SVGVeil.plan(for: scene) { nodes = veil.applied(to: nodes) }
    let canvas = (width: scene.size.width, height: scene.size.height)
    nodes = nodes.map { node in
      guard case .group(let layer) = node else { return node }
      return .group(
        Group(
          name: layer.name, transform: layer.transform, opacity: layer.opacity, clip: layer.clip,
          children: layer.children.map(Self.opacityOnChildren)))
    }
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
        if stroke == nil {
          // Rule 5 before the cut, which would turn a convex sub-path's edge into a spike.
          parts += Self.separateSubpaths(shape.geometry, paint: fill).map {
            .shape(ShapeNode(Self.insideCanvas($0, filledWith: fill, clip: clip), fill: fill))
          }
        } else {
          parts.append(
            .shape(
              ShapeNode(Self.insideCanvas(shape.geometry, filledWith: fill, clip: clip), fill: fill, stroke: stroke)))
        }
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
    case .image(let image):
      guard image.mode == .fill, let cropped = croppedToFrame(image) else { return [node] }
      return [.image(ImageNode(data: cropped, frame: image.frame, mode: .stretch))]
    case .text, .vector:
      return [node]
    }
  }

  /// Rule 4: the PNG of the part of `image` its frame shows when it fills the frame (centred,
  /// covering), decoded for the frame's device pixels; whole pixels, so the crop is at most
  /// half a decoded pixel off centre. Nil when the image cannot be decoded (the writer then
  /// reports it).
  private func croppedToFrame(_ image: ImageNode) -> [UInt8]? {
    let frame = image.frame
    guard frame.width > 0, frame.height > 0,
      let decoded = try? DecodedImage(
        image.data, target: DecodedImage.Target(covering: frame.width * scale, frame.height * scale, mode: .fill))
    else { return nil }
    let (width, height) = (Double(decoded.width), Double(decoded.height))
    let cover = max(frame.width / width, frame.height / height)
    let (shownWidth, shownHeight) = (frame.width / cover, frame.height / cover)
    let (pixelsWide, pixelsHigh) = (max(1, Int(shownWidth.rounded())), max(1, Int(shownHeight.rounded())))
    let (left, top) = (Int(((width - shownWidth) / 2).rounded()), Int(((height - shownHeight) / 2).rounded()))
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelsWide), Int32(pixelsHigh))!
    defer { cairo_surface_destroy(surface) }
    let context = cairo_create(surface)!
    withExtendedLifetime(decoded) {
      cairo_set_source_surface(context, decoded.surface, Double(-left), Double(-top))
      cairo_paint(context)
    }
    cairo_destroy(context)
    return try? encodePNG(surface: surface, compression: .default, tag: .sRGB)
  }

  /// Rule 6: `node` with every translucent group's opacity passed to its children, all the way
  /// down.
  static func opacityOnChildren(_ node: Node) -> Node {
    guard case .group(let group) = node else { return node }
    guard group.opacity < .opaque else {
      return .group(
        Group(
          name: group.name, transform: group.transform, opacity: group.opacity, clip: group.clip,
          children: group.children.map(Self.opacityOnChildren)))
    }
    let passed = group.children.map { child -> Node in
      guard case .group(let inner) = child else { return .group(Group(opacity: group.opacity, children: [child])) }
      return Self.opacityOnChildren(
        .group(
          Group(
            name: inner.name, transform: inner.transform,
            opacity: Opacity(clamping: inner.opacity.value * group.opacity.value), clip: inner.clip,
            children: inner.children)))
    }
    return .group(
      Group(name: group.name, transform: group.transform, opacity: .opaque, clip: group.clip, children: passed))
  }

  /// Rule 5: `geometry` as one path per sub-path when it is a path of several convex
  /// sub-paths that all turn the same way, filled with an opaque `paint`; otherwise
  /// `[geometry]`. Sub-paths that enclose no area (a cut leaves some along the page's edges)
  /// are dropped.
  static func separateSubpaths(_ geometry: Geometry, paint: Paint) -> [Geometry] {
    guard case .path = geometry, paint.isOpaque else { return [geometry] }
    let subpaths = SVGCanvasClip.subpaths(of: geometry).map { subpath in
      (subpath, area: Self.controlPolygonArea(subpath))
    }.filter { abs($0.area) > 1e-9 }
    guard subpaths.count > 1, subpaths.allSatisfy({ ($0.area > 0) == (subpaths[0].area > 0) }),
      subpaths.allSatisfy({ Self.turnsOneWay($0.0, positive: $0.area > 0) })
    else {
      return [geometry]
    }
    return subpaths.map { subpath, _ in .path((try? Path(subpath.closedElements)) ?? Path()) }
  }

  /// Whether every corner of a sub-path's control polygon turns the way `positive` says (or
  /// not at all): a convex control polygon, so a convex, simple outline.
  private static func turnsOneWay(_ subpath: SVGCanvasClip.Subpath, positive: Bool) -> Bool {
    var points = [subpath.start]
    for segment in subpath.segments {
      switch segment {
      case .line(let p): points.append(p)
      case .cubic(let c1, let c2, let p): points += [c1, c2, p]
      }
    }
    var distinct: [SVGCanvasClip.XY] = []
    for p in points where distinct.last.map({ abs($0.x - p.x) > 1e-9 || abs($0.y - p.y) > 1e-9 }) ?? true {
      distinct.append(p)
    }
    let count = distinct.count
    guard count >= 3 else { return false }
    for index in 0..<count {
      let (a, b, c) = (distinct[index], distinct[(index + 1) % count], distinct[(index + 2) % count])
      let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
      let scale = max(1e-9, abs(b.x - a.x) + abs(b.y - a.y)) * max(1e-9, abs(c.x - b.x) + abs(c.y - b.y))
      if abs(cross) > 1e-9 * scale, (cross > 0) != positive { return false }
    }
    return true
  }

  /// The signed area of a sub-path's control polygon (its points and control points in
  /// order): its sign is the way a simple closed outline turns.
  private static func controlPolygonArea(_ subpath: SVGCanvasClip.Subpath) -> Double {
    var points = [subpath.start]
    for segment in subpath.segments {
      switch segment {
      case .line(let p): points.append(p)
      case .cubic(let c1, let c2, let p): points += [c1, c2, p]
      }
    }
    var area = 0.0
    for index in points.indices {
      let (p, q) = (points[index], points[(index + 1) % points.count])
      area += p.x * q.y - q.x * p.y
    }
    return area / 2
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
