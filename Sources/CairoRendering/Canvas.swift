import CCairo
import SceneGraph

/// Draws scene nodes into one Cairo context, whatever surface is behind it. This is the only
/// drawing code: PNG, SVG and PDF differ only in the surface the context was made for.
///
/// Not `Sendable`: a canvas lives inside the task that draws and is destroyed there.
final class Canvas {
  private let cr: OpaquePointer
  private let fonts: FontLibrary
  /// Device pixels per point; converts device-pixel stroke widths.
  private let scale: Double
  /// Whether the surface has device pixels, so device-pixel strokes are snapped to them.
  private let snapsToPixels: Bool
  private let images: DecodedImages
  /// The space colours are drawn in: sRGB components, or each colour's Display P3 ones.
  private let colorSpace: ColorSpace
  /// sRGB canvases only: colours outside sRGB are drawn with every component shifted by half
  /// the range, and images are left out, so that comparing the result with a plain render
  /// finds every pixel they touch (see `Renderer.compositeDisplayP3`).
  private let marksWideGamut: Bool

  /// - Parameters:
  ///   - surface: the target, sized in pixels for raster surfaces and in points for vector ones.
  ///   - scale: device pixels per point. Raster canvases draw through a `scale` transform so
  ///     nodes stay in points; vector canvases use it only for device-pixel stroke widths.
  ///   - snapsToPixels: true for raster surfaces.
  ///   - rows: raster canvases only: device rows to draw (the others are clipped away), for
  ///     banded rendering.
  ///   - images: decoded images to reuse (banded rendering shares one cache across bands).
  init(
    surface: OpaquePointer, scale: (x: Double, y: Double), snapsToPixels: Bool, fonts: FontLibrary,
    rows: Range<Int>? = nil, images: DecodedImages? = nil, colorSpace: ColorSpace = .srgb,
    marksWideGamut: Bool = false
  ) throws(RenderError) {
    self.marksWideGamut = marksWideGamut
    let images = images ?? DecodedImages(colorSpace: colorSpace)
    precondition(images.colorSpace == colorSpace, "decoded images in another colour space")
    self.colorSpace = colorSpace
    let cr = cairo_create(surface)!
    try check(cairo_status(cr), "cairo_create")
    self.cr = cr
    self.fonts = fonts
    self.scale = scale.y
    self.snapsToPixels = snapsToPixels
    self.images = images
    let options = cairo_font_options_create()
    // The same glyph outlines in every format: no hinting, unhinted metrics, grey coverage.
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_set_font_options(cr, options)
    cairo_font_options_destroy(options)
    if let rows {
      cairo_rectangle(
        cr, 0, Double(rows.lowerBound), Double(cairo_image_surface_get_width(surface)), Double(rows.count))
      cairo_clip(cr)
    }
    if snapsToPixels { cairo_scale(cr, scale.x, scale.y) }
  }

  deinit { cairo_destroy(cr) }

  /// Ends the current page of a paged surface (PDF); the next drawing starts a new page.
  func showPage() { cairo_show_page(cr) }

  /// Draws `nodes`, a scene's top-level nodes, in order.
  ///
  /// On raster canvases, a translucent group whose first node covers the canvas opaquely, drawn
  /// right over a base that is one opaque shape covering the canvas (every season's art over
  /// its background), is drawn without a group surface: for the group's 8-bit opacity `m`,
  /// Cairo's group composite gives `G·m + B·(1 − m)` per channel (each product rounded, pixman's
  /// `MUL_UN8`), with `G` the group drawn alone, opaque everywhere. Drawing the group straight
  /// onto the canvas (its first node replaces the base), scaling the result by `m` (DEST_IN)
  /// and drawing the base under it (DEST_OVER, weight `1 − m` as the canvas alpha is now `m`)
  /// computes the same sums with the same roundings, so the pixels are identical, without a
  /// second full-size surface or a full-frame composite from it.
  ///
  /// - Throws: `RenderError` for a font or image that cannot be used, or a Cairo failure.
  func draw(_ nodes: [Node]) throws(RenderError) {
    for (index, node) in nodes.enumerated() {
      if index > 0, let base = opaqueBase(nodes[index - 1]), case .group(let group) = node, canDrawDirectly(group) {
        try drawDirectly(group, over: base)
        try check(cairo_status(cr), "drawing a group")
      } else {
        try draw(node)
      }
    }
  }

  /// The canvas in user space (points) for raster canvases, nil for vector ones.
  private var rasterBounds: Rect? {
    guard snapsToPixels, let surface = cairo_get_target(cr) else { return nil }
    var (width, height) = (
      Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface))
    )
    cairo_device_to_user_distance(cr, &width, &height)
    return try? Rect(x: 0, y: 0, width: width, height: height)
  }

  /// Whether `node`, drawn at the top level, leaves every pixel of the canvas opaque.
  private func coversOpaquely(_ node: Node) -> Bool {
    switch node {
    case .shape(let shape):
      guard let fill = shape.fill, fill.isOpaque else { return false }
      return coversCanvas(shape.geometry)
    case .group(let group):
      guard group.opacity == .opaque, group.transform.isIdentity, group.clip == nil, let first = group.children.first
      else { return false }
      return coversOpaquely(first)
    case .text, .image, .vector:
      return false
    }
  }

  /// The shape `node` consists of, when it is one opaque fill covering the canvas and nothing
  /// else.
  private func opaqueBase(_ node: Node) -> ShapeNode? {
    switch node {
    case .shape(let shape): return shape.stroke == nil && coversOpaquely(node) ? shape : nil
    case .group(let group):
      guard group.children.count == 1, group.opacity == .opaque, group.transform.isIdentity, group.clip == nil
      else { return nil }
      return opaqueBase(group.children[0])
    case .text, .image, .vector: return nil
    }
  }

  private func canDrawDirectly(_ group: Group) -> Bool {
    group.opacity < .opaque && group.opacity > .transparent && group.transform.isIdentity
      && (group.clip == nil || group.clip.map(coversCanvas) == true)
      && group.children.first.map(coversOpaquely) == true
  }

  /// Whether `geometry` is a rectangle holding the whole raster canvas: filled opaquely it
  /// covers every pixel, and clipping to it changes none (the art layer is clipped to the page
  /// for editors' sake).
  private func coversCanvas(_ geometry: Geometry) -> Bool {
    guard case .rectangle(let rect) = geometry, let bounds = rasterBounds else { return false }
    // The bounds come from pixels ÷ scale, so allow float error: 1e-6 pt is far below the
    // 1/256 px Cairo rounds coordinates to, so the coverage is still whole.
    let slack = 1e-6
    return rect.minX <= slack && rect.minY <= slack && rect.maxX >= bounds.width - slack
      && rect.maxY >= bounds.height - slack
  }

  /// `group` drawn as if through a group surface at its opacity over `base`, without one.
  private func drawDirectly(_ group: Group, over base: ShapeNode) throws(RenderError) {
    cairo_save(cr)
    defer { cairo_restore(cr) }
    for child in group.children { try draw(child) }
    cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
    cairo_set_source_rgba(cr, 0, 0, 0, 1)
    cairo_paint_with_alpha(cr, group.opacity.value)
    cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OVER)
    draw(base)
  }

  private func draw(_ node: Node) throws(RenderError) {
    switch node {
    case .group(let group): try draw(group)
    case .shape(let shape): draw(shape)
    case .text(let text): try draw(text)
    case .image(let image): try draw(image)
    case .vector(let vector): try draw(vector)
    }
    try check(cairo_status(cr), "drawing a \(node.kindName)")
  }

  private func draw(_ group: Group) throws(RenderError) {
    guard group.opacity > .transparent else { return }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    if !group.transform.isIdentity {
      let t = group.transform
      var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
      cairo_transform(cr, &matrix)
    }
    if let clip = group.clip {
      addPath(clip, snapping: nil)
      cairo_clip(cr)
    }
    let composited = group.opacity < .opaque
    if composited { cairo_push_group(cr) }
    try drawChildren(group.children)
    if composited {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, group.opacity.value)
    }
  }

  /// Draws `children` in order; a run of plain fills of one solid colour (a shape, or an
  /// untransformed opaque group holding one, such as the grid's `cell-N` tiles) is filled as
  /// one path, so tiles that meet at a fraction of a pixel show no seam.
  private func drawChildren(_ children: [Node]) throws(RenderError) {
    var index = 0
    while index < children.count {
      guard let (geometry, paint) = plainFill(children[index]) else {
        try draw(children[index])
        index += 1
        continue
      }
      cairo_new_path(cr)
      addRun(geometry)
      index += 1
      while index < children.count, let (next, nextPaint) = plainFill(children[index]), nextPaint == paint {
        addRun(next)
        index += 1
      }
      setSource(paint)
      cairo_fill(cr)
      try check(cairo_status(cr), "drawing a shape")
    }
  }

  /// Adds `geometry` to a run's path; a rectangle by its four corners, as `Path.addRectangle`
  /// gives them (`cairo_rectangle` adds relative lines, whose fixed-point sums can land 1/256
  /// px away), so tiles draw the pixels one path of them did.
  private func addRun(_ geometry: Geometry) {
    guard case .rectangle(let rect) = geometry else { return addPath(geometry, snapping: nil, replacing: false) }
    cairo_move_to(cr, rect.minX, rect.minY)
    cairo_line_to(cr, rect.maxX, rect.minY)
    cairo_line_to(cr, rect.maxX, rect.maxY)
    cairo_line_to(cr, rect.minX, rect.maxY)
    cairo_close_path(cr)
  }

  /// The outline and colour of `node` when it is only a solid fill: a shape without stroke,
  /// or a plain group (no transform, clip or opacity) around one.
  private func plainFill(_ node: Node) -> (Geometry, Paint)? {
    switch node {
    case .shape(let shape):
      guard shape.stroke == nil, let fill = shape.fill, case .solid = fill else { return nil }
      return (shape.geometry, fill)
    case .group(let group):
      guard group.children.count == 1, group.transform.isIdentity, group.clip == nil, group.opacity == .opaque
      else { return nil }
      return plainFill(group.children[0])
    case .text, .image, .vector: return nil
    }
  }

  private func draw(_ shape: ShapeNode) {
    if let fill = shape.fill {
      addPath(shape.geometry, snapping: nil)
      setSource(fill)
      cairo_fill(cr)
    }
    if let stroke = shape.stroke {
      let width: Double
      switch stroke.width {
      case .points(let points): width = points
      case .devicePixels(let pixels): width = Double(pixels) / scale
      }
      addPath(shape.geometry, snapping: snapsToPixels ? PixelSnapping(strokeWidth: stroke.width) : nil)
      setSource(stroke.paint)
      cairo_set_line_width(cr, width)
      cairo_set_line_join(cr, stroke.join.cairo)
      cairo_set_line_cap(cr, stroke.cap.cairo)
      cairo_stroke(cr)
    }
  }

  private func draw(_ text: TextNode) throws(RenderError) {
    let (line, size, origin) = try TextShaper.layout(text, fonts: fonts)
    setSource(.solid(text.color))
    if snapsToPixels {
      // Raster: the glyph outlines filled as one path, so each glyph sits exactly where the
      // shaping puts it. Cairo's glyph cache would move every glyph to a whole pixel.
      cairo_new_path(cr)
      add(line.outline(at: origin, size: size))
      cairo_fill(cr)
      return
    }
    // Vector: real glyphs with their text, so the PDF's text can be searched and copied.
    cairo_set_font_size(cr, size)
    for run in line.runs {
      cairo_set_font_face(cr, run.font.cairoFace)
      let glyphs = run.glyphs.map {
        cairo_glyph_t(index: $0.index, x: origin.x + $0.x, y: origin.y + $0.y)
      }
      let flags: cairo_text_cluster_flags_t =
        run.backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0)
      run.utf8.withUnsafeBufferPointer { utf8 in
        utf8.withMemoryRebound(to: CChar.self) { chars in
          cairo_show_text_glyphs(
            cr, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
            run.clusters, Int32(run.clusters.count), flags)
        }
      }
    }
  }

  private func draw(_ image: ImageNode) throws(RenderError) {
    // A marking canvas leaves images out, so the composite takes their pixels (decoded
    // straight to P3) from the P3 drawing.
    if marksWideGamut { return }
    let frame = image.frame
    guard frame.width > 0, frame.height > 0 else { return }
    if snapsToPixels {
      // An image wholly outside the clip (another band, a cell clipped away) draws nothing.
      var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
      cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
      if frame.maxX <= x1 || frame.minX >= x2 || frame.maxY <= y1 || frame.minY >= y2 { return }
    }
    // The device pixels the frame covers (on a vector surface, at the scale the file is made
    // for: the device's): a large JPEG is decoded, and embedded, no larger than they need.
    var (drawnWidth, drawnHeight) = (frame.width, frame.height)
    cairo_user_to_device_distance(cr, &drawnWidth, &drawnHeight)
    let perUnit = snapsToPixels ? 1 : scale
    let target = DecodedImage.Target(covering: drawnWidth * perUnit, drawnHeight * perUnit, mode: image.mode)
    let decoded = try images.image(image.data, target: target)
    let (width, height) = (Double(decoded.width), Double(decoded.height))
    var sx = frame.width / width
    var sy = frame.height / height
    switch image.mode {
    case .stretch: break
    case .fill: sx = max(sx, sy); sy = sx
    case .fit: sx = min(sx, sy); sy = sx
    }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
    cairo_clip(cr)
    cairo_translate(
      cr, frame.minX + (frame.width - width * sx) / 2, frame.minY + (frame.height - height * sy) / 2)
    cairo_scale(cr, sx, sy)
    // Clip to the image itself and, on raster surfaces, pad its edge pixels outwards, so
    // smoothing never fades the image's border into transparency. Vector surfaces do not
    // pad: there Cairo would embed a padded copy of the photo for every cell it is drawn in
    // (PDF), while unpadded it writes one image object per decoded surface, reused by every
    // cell, and the viewer samples only inside the image.
    cairo_rectangle(cr, 0, 0, width, height)
    cairo_clip(cr)
    cairo_set_source_surface(cr, decoded.surface, 0, 0)
    cairo_pattern_set_extend(cairo_get_source(cr), snapsToPixels ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint(cr)
  }

  /// A designer's SVG drawn by librsvg into this context, covering its frame: paths stay
  /// paths on vector surfaces.
  private func draw(_ vector: VectorNode) throws(RenderError) {
    let frame = vector.frame
    guard frame.width > 0, frame.height > 0 else { return }
    var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
    cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
    if frame.maxX <= x1 || frame.minX >= x2 || frame.maxY <= y1 || frame.minY >= y2 { return }
    let document = try images.document(vector.art)
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
    cairo_clip(cr)
    let t = vector.placement
    var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    cairo_transform(cr, &matrix)
    guard snapsToPixels else { return try document.draw(into: cr) }
    // librsvg sizes its layers (group opacity, clips, masks) to the whole target surface,
    // whatever the clip: drawn straight into a band of a large raster it would allocate and
    // clear full-frame layers for every band. Drawn into a surface of the clip's whole device
    // pixels, then painted 1:1 at the same whole-pixel offset, it draws the same pixels.
    var (dx1, dy1, dx2, dy2) = (0.0, 0.0, 0.0, 0.0)
    cairo_clip_extents(cr, &dx1, &dy1, &dx2, &dy2)
    let device = [(dx1, dy1), (dx2, dy1), (dx1, dy2), (dx2, dy2)].map { corner in
      var (x, y) = corner
      cairo_user_to_device(cr, &x, &y)
      return (x, y)
    }
    let left = device.map(\.0).min()!.rounded(.down)
    let top = device.map(\.1).min()!.rounded(.down)
    let width = Int32(device.map(\.0).max()!.rounded(.up) - left)
    let height = Int32(device.map(\.1).max()!.rounded(.up) - top)
    guard width > 0, height > 0 else { return }
    let layer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
    defer { cairo_surface_destroy(layer) }
    try check(cairo_surface_status(layer), "cairo_image_surface_create")
    let layerContext = cairo_create(layer)!
    defer { cairo_destroy(layerContext) }
    var toDevice = cairo_matrix_t()
    cairo_get_matrix(cr, &toDevice)
    toDevice.x0 -= left
    toDevice.y0 -= top
    cairo_set_matrix(layerContext, &toDevice)
    try document.draw(into: layerContext)
    try check(cairo_status(layerContext), "drawing vector art")
    cairo_identity_matrix(cr)
    cairo_set_source_surface(cr, layer, left, top)
    cairo_paint(cr)
  }

  // MARK: Paths and paint

  /// Replaces the current path with `geometry` (adds it, when not `replacing`). With `snapping` (a device-pixel stroke on a
  /// raster surface), corners and line ends move to the pixel grid so a line of n pixels covers
  /// n whole pixel columns.
  private func addPath(_ geometry: Geometry, snapping: PixelSnapping?, replacing: Bool = true) {
    if replacing { cairo_new_path(cr) }
    func snap(_ point: Point) -> (Double, Double) {
      guard let snapping else { return (point.x, point.y) }
      return snapped(point, by: snapping)
    }
    switch geometry {
    case .rectangle(let rect):
      let (x0, y0) = snap(rect.origin)
      let (x1, y1) = snap(rect.origin.offset(by: rect.size.diagonal))
      cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
    case .roundedRectangle(let rect, let radius):
      let r = min(radius, rect.width / 2, rect.height / 2)
      guard r > 0 else {
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        return
      }
      let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
      cairo_new_sub_path(cr)
      cairo_arc(cr, x1 - r, y0 + r, r, -Double.pi / 2, 0)
      cairo_arc(cr, x1 - r, y1 - r, r, 0, Double.pi / 2)
      cairo_arc(cr, x0 + r, y1 - r, r, Double.pi / 2, Double.pi)
      cairo_arc(cr, x0 + r, y0 + r, r, Double.pi, 3 * Double.pi / 2)
      cairo_close_path(cr)
    case .ellipse(let rect):
      guard rect.width > 0, rect.height > 0 else { return }
      cairo_save(cr)
      cairo_translate(cr, rect.center.x, rect.center.y)
      cairo_scale(cr, rect.width / 2, rect.height / 2)
      cairo_new_sub_path(cr)
      cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
      cairo_close_path(cr)
      cairo_restore(cr)
    case .path(let path):
      for element in path.elements {
        switch element {
        case .move(let p):
          let (x, y) = snap(p)
          cairo_move_to(cr, x, y)
        case .line(let p):
          let (x, y) = snap(p)
          cairo_line_to(cr, x, y)
        case .curve(let p, let c1, let c2):
          cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        case .close:
          cairo_close_path(cr)
        }
      }
    }
  }

  /// Appends `outline` to the current path.
  private func add(_ outline: Outline) {
    for segment in outline.segments {
      switch segment {
      case .move(let x, let y): cairo_move_to(cr, x, y)
      case .line(let x, let y): cairo_line_to(cr, x, y)
      case .cubic(let x1, let y1, let x2, let y2, let x, let y): cairo_curve_to(cr, x1, y1, x2, y2, x, y)
      case .close: cairo_close_path(cr)
      }
    }
  }

  /// `point` snapped in device space through Cairo's current matrix, in user space.
  private func snapped(_ point: Point, by snapping: PixelSnapping) -> (Double, Double) {
    var (x, y) = (point.x, point.y)
    cairo_user_to_device(cr, &x, &y)
    (x, y) = (snapping.snap(x), snapping.snap(y))
    cairo_device_to_user(cr, &x, &y)
    return (x, y)
  }

  /// `color` in the canvas's colour space.
  private func components(_ color: Color) -> RGBComponents {
    switch colorSpace {
    case .srgb where marksWideGamut && color.isOutsideSRGB:
      func shifted(_ v: Double) -> Double { v < 0.5 ? v + 0.5 : v - 0.5 }
      return RGBComponents(red: shifted(color.red), green: shifted(color.green), blue: shifted(color.blue))
    case .srgb: return RGBComponents(red: color.red, green: color.green, blue: color.blue)
    case .displayP3: return color.displayP3Components
    }
  }

  private func setSource(_ paint: Paint) {
    switch paint {
    case .solid(let color):
      let c = components(color)
      cairo_set_source_rgba(cr, c.red, c.green, c.blue, color.alpha)
      return
    case .linearGradient(var start, var end, let stops):
      let inDevice = gradientsInDeviceSpace
      if inDevice {
        toDevice(&start)
        toDevice(&end)
      }
      let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
      setGradient(pattern, stops, inDevice: inDevice)
    case .radialGradient(var center, var radius, let stops):
      let inDevice = gradientsInDeviceSpace
      if inDevice {
        toDevice(&center)
        var other = 0.0
        cairo_user_to_device_distance(cr, &radius, &other)
      }
      let pattern = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, radius)!
      setGradient(pattern, stops, inDevice: inDevice)
    }
  }

  /// Whether gradients are set up in device pixels rather than user space: on raster canvases
  /// whose current transform is a uniform scale plus translation (every top-level node), where
  /// both describe the same gradient. Cairo hands pixman a fixed-point transform whose rounding
  /// depends on the area being drawn, so a user-space gradient drawn in bands can differ by one
  /// level from the same gradient drawn whole; in device space the transform is the identity
  /// and the pixels do not depend on the band.
  private var gradientsInDeviceSpace: Bool {
    guard snapsToPixels else { return false }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    return m.xy == 0 && m.yx == 0 && m.xx == m.yy && m.xx > 0
  }

  private func toDevice(_ point: inout Point) {
    var (x, y) = (point.x, point.y)
    cairo_user_to_device(cr, &x, &y)
    point = (try? Point(x: x, y: y)) ?? point
  }

  private func setGradient(_ pattern: OpaquePointer, _ stops: [GradientStop], inDevice: Bool) {
    for stop in stops {
      let c = components(stop.color)
      cairo_pattern_add_color_stop_rgba(pattern, stop.offset, c.red, c.green, c.blue, stop.color.alpha)
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    if inDevice {
      // A source is locked to the transform current when it is set (the path already is in
      // device space): set it under the identity, then put the transform back for strokes.
      var m = cairo_matrix_t()
      cairo_get_matrix(cr, &m)
      cairo_identity_matrix(cr)
      cairo_set_source(cr, pattern)
      cairo_set_matrix(cr, &m)
    } else {
      cairo_set_source(cr, pattern)
    }
    cairo_pattern_destroy(pattern)
  }
}

extension Node {
  /// The case's name, for error messages.
  var kindName: String {
    switch self {
    case .group: return "group"
    case .shape: return "shape"
    case .text: return "text"
    case .image: return "image"
    case .vector: return "vector art"
    }
  }
}

extension LineJoin {
  var cairo: cairo_line_join_t {
    switch self {
    case .miter: return CAIRO_LINE_JOIN_MITER
    case .round: return CAIRO_LINE_JOIN_ROUND
    case .bevel: return CAIRO_LINE_JOIN_BEVEL
    }
  }
}

extension LineCap {
  var cairo: cairo_line_cap_t {
    switch self {
    case .butt: return CAIRO_LINE_CAP_BUTT
    case .round: return CAIRO_LINE_CAP_ROUND
    case .square: return CAIRO_LINE_CAP_SQUARE
    }
  }
}
