import Platform
import SceneGraph

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a scene as plain SVG 1.1 for designers' tools, without a Cairo surface.
///
/// Every node becomes the SVG element a person would write by hand: groups are `<g>` with the
/// scene's names as ids, `opacity`, `transform` and `clip-path`; shapes are `<rect>`,
/// `<ellipse>` and `<path>` with gradients in `<defs>`; images are `data:` URIs; text is glyph
/// outlines in a group that carries the text (`aria-label`, `<title>`), or a `<text>` element
/// with its font embedded. There is no `<mask>`, `<filter>`, `<symbol>`, `<use>` or nested
/// `<svg>` viewport (custom art aside, which keeps its own root), so tools that ignore those
/// keep everything. A translucent layer is a group with `opacity` (or its one object's own
/// `opacity`), geometry is written whole, and the page is the root's viewport: the layers that
/// reach past it (the art) carry the scene's own `clip-path` of the canvas. Importer
/// workarounds are not here: `SVGOptions.Profile.office` rewrites the scene before it is
/// written (`OfficeImporterRules`). Top-level named groups become Inkscape layers.
///
/// Geometry is written in points (`width`/`height` in px equal the scene's points); the render
/// scale only sizes device-pixel strokes, which are placed on that scale's pixel grid as in
/// PNG, so the SVG rasterised at the PNG's size draws the same crisp lines.
struct SVGWriter {
  let scene: Scene
  let scale: Double
  let options: SVGOptions
  let fonts: FontLibrary

  init(scene: Scene, scale: Double, options: SVGOptions, fonts: FontLibrary) {
    self.scene = scene
    self.scale = scale
    self.options = options
    self.fonts = fonts
  }

  /// The document's bytes (UTF-8).
  ///
  /// - Throws: `RenderError` for a bad scale, an unusable font or image.
  func document() throws(RenderError) -> [UInt8] {
    try documentAndFonts().document
  }

  /// The document's bytes (UTF-8) and the font files it embeds (with `--svg-text text`), each
  /// as it is embedded: the whole file or a subset.
  ///
  /// - Throws: `RenderError` for a bad scale, an unusable font or image.
  func documentAndFonts() throws(RenderError) -> (document: [UInt8], fonts: [EmbeddedFont]) {
    _ = try RenderLimits.pixelSize(of: scene.size, scale: scale)
    var state = SVGDocumentState(scene: scene, scale: scale, options: options, fonts: fonts)
    for node in scene.nodes { try state.write(node, topLevel: true) }

    let faces = state.fontFaces.reduce(0) { $0 + $1.utf8.count }
    var out = SVGMarkup(capacity: state.body.count + state.defs.count + faces + 1024)
    out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"")
    out.append(" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" version=\"1.1\"")
    let (width, height) = (SVGMarkup.number(scene.size.width), SVGMarkup.number(scene.size.height))
    out.append(" width=\"\(width)px\" height=\"\(height)px\" viewBox=\"0 0 \(width) \(height)\">\n")
    if !options.title.isEmpty {
      out.append("<title>")
      out.append(escaped: options.title)
      out.append("</title>\n")
    }
    if !options.description.isEmpty {
      out.append("<desc>")
      out.append(escaped: options.description)
      out.append("</desc>\n")
    }
    if !state.fontFaces.isEmpty {
      out.append("<style type=\"text/css\"><![CDATA[\n")
      for face in state.fontFaces { out.append(face) }
      out.append("]]></style>\n")
    }
    if state.defs.count > 0 {
      out.append("<defs>\n")
      out.append(state.defs)
      out.append("</defs>\n")
    }
    out.append(state.body)
    out.append("</svg>\n")
    return (out.written(), state.fontFiles)
  }
}

/// A font file an SVG embeds: named after the font's file (`Quicksand-Bold.ttf`, or
/// `Quicksand-Bold-subset.ttf` for a subset), for writing beside the SVG.
public struct EmbeddedFont: Hashable, Sendable {
  public let fileName: String
  public let bytes: [UInt8]
}

/// What the writer accumulates while it walks the scene.
struct SVGDocumentState {
  let options: SVGOptions
  let fonts: FontLibrary
  let scale: Double
  var body = SVGMarkup(capacity: 1 << 16)
  var defs = SVGMarkup()
  /// `@font-face` rules, one per embedded font, in order of first use.
  var fontFaces: [String] = []
  /// The embedded fonts' files, in the same order.
  var fontFiles: [EmbeddedFont] = []
  private var embeddedFonts: [String: String] = [:]
  /// Every id used so far; scene names are reserved first so that generated ids never take one.
  private var usedIDs: Set<String> = []
  private var reservedNames: Set<String> = []
  private var counters: [String: Int] = [:]
  /// User space → device pixels, for placing device-pixel strokes on the pixel grid.
  private var deviceTransform: Transform
  private var depth = 0
  /// The id a collapsed group hands to the element written next (`writeAsElement`).
  private var pendingID: String?
  /// The opacity a group hands to its single element (`takeOpacity`).
  private var pendingOpacity: Opacity?

  init(scene: Scene, scale: Double, options: SVGOptions, fonts: FontLibrary) {
    self.options = options
    self.fonts = fonts
    self.scale = scale
    deviceTransform = (try? Transform.scale(scale, scale)) ?? .identity
    var names: [String] = []
    func collect(_ nodes: [Node]) {
      for case .group(let group) in nodes {
        if let name = group.name { names.append(SVGMarkup.identifier(name)) }
        collect(group.children)
      }
    }
    collect(scene.nodes)
    reservedNames = Set(names)
  }

  // MARK: Ids

  /// A unique id for a named node: the name itself, or the name with `-2`, `-3`… when a node
  /// earlier in the document has it.
  private mutating func id(forName name: String) -> String {
    let base = SVGMarkup.identifier(name)
    var candidate = base
    var number = 1
    while usedIDs.contains(candidate) {
      number += 1
      candidate = "\(base)-\(number)"
    }
    usedIDs.insert(candidate)
    return candidate
  }

  /// A fresh id for a definition (`gradient-1`, `clip-1`) that no scene name uses.
  private mutating func generatedID(_ kind: String) -> String {
    while true {
      let number = counters[kind, default: 0] + 1
      counters[kind] = number
      let candidate = "\(kind)-\(number)"
      if !usedIDs.contains(candidate), !reservedNames.contains(candidate) {
        usedIDs.insert(candidate)
        return candidate
      }
    }
  }

  // MARK: Nodes

  mutating func write(_ node: Node, topLevel: Bool = false) throws(RenderError) {
    switch node {
    case .group(let group): try write(group, topLevel: topLevel)
    case .shape(let shape): write(shape)
    case .text(let text): try write(text)
    case .image(let image): try write(image)
    case .vector(let vector): write(vector)
    }
  }

  private mutating func indent() {
    for _ in 0..<depth { body.append("  ") }
  }

  /// Whether `node` is written as exactly one element whose own `opacity` equals the
  /// group opacity around it: a shape with a fill or a stroke (not both: the stroke would
  /// show the fill through it), a text, an image.
  static func isSingleElement(_ node: Node) -> Bool {
    switch node {
    case .shape(let shape): return (shape.fill == nil) != (shape.stroke == nil) && !isEmpty(shape.geometry)
    case .text, .image: return true
    case .group, .vector: return false
    }
  }

  /// Writes a named, untransformed, unclipped group around one shape as that shape's element
  /// carrying the group's id and opacity (a grid's `cell-N` is one `<rect id="cell-N">` with
  /// its own fill). False when the group is anything else.
  private mutating func writeAsElement(_ group: Group) -> Bool {
    guard let name = group.name, group.transform.isIdentity, group.clip == nil, group.children.count == 1,
      case .shape(let shape) = group.children[0], !Self.isEmpty(shape.geometry)
    else { return false }
    let snapping = shape.stroke.flatMap { PixelSnapping(strokeWidth: $0.width) }
    guard (shape.fill == nil) != (shape.stroke == nil) || (group.opacity == .opaque && snapping == nil) else {
      return false
    }
    pendingID = id(forName: name)
    pendingOpacity = group.opacity < .opaque ? group.opacity : nil
    write(shape)
    pendingID = nil
    pendingOpacity = nil
    return true
  }

  /// The opacity a group handed to its single element, taken once.
  private mutating func takeOpacity() -> Opacity? {
    defer { pendingOpacity = nil }
    return pendingOpacity
  }

  private mutating func write(_ group: Group, topLevel: Bool) throws(RenderError) {
    if !topLevel, writeAsElement(group) { return }
    // A layer holding one object carries its opacity on that object: the same picture, one
    // element fewer for an editor to select through.
    let opacityOnChild = group.opacity < .opaque && group.children.count == 1 && Self.isSingleElement(group.children[0])
    indent()
    body.append("<g")
    if let name = group.name {
      body.attribute("id", id(forName: name))
      if topLevel { body.append(" inkscape:groupmode=\"layer\"") }
      body.attribute("inkscape:label", name)
    }
    let saved = deviceTransform
    if !group.transform.isIdentity {
      let t = group.transform
      body.openAttribute("transform")
      body.append("matrix(")
      for (index, value) in [t.a, t.b, t.c, t.d].enumerated() {
        if index > 0 { body.append(byte: UInt8(ascii: " ")) }
        body.append(coefficient: value)
      }
      for value in [t.tx, t.ty] {
        body.append(byte: UInt8(ascii: " "))
        body.append(number: value)
      }
      body.append(")\"")
      deviceTransform = t.then(deviceTransform)
    }
    if let clip = group.clip {
      let clipID = generatedID("clip")
      defs.append("<clipPath id=\"\(clipID)\" clipPathUnits=\"userSpaceOnUse\">")
      Self.element(for: clip, snapping: nil, into: &defs)
      defs.append("/></clipPath>\n")
      body.append(" clip-path=\"url(#\(clipID))\"")
    }
    if group.opacity < .opaque, !opacityOnChild { body.attribute("opacity", group.opacity.value) }
    if group.children.isEmpty {
      body.append("/>\n")
    } else {
      body.append(">\n")
      depth += 1
      if opacityOnChild { pendingOpacity = group.opacity }
      for child in group.children { try write(child) }
      pendingOpacity = nil
      depth -= 1
      indent()
      body.append("</g>\n")
    }
    deviceTransform = saved
  }

  private mutating func write(_ shape: ShapeNode) {
    guard shape.fill != nil || shape.stroke != nil, !Self.isEmpty(shape.geometry) else { return }
    // A device-pixel stroke moves its shape's corners onto the pixel grid, as PNG does, so
    // fill and stroke share one element only when no snapping applies.
    let snapping = shape.stroke.flatMap { PixelSnapping(strokeWidth: $0.width) }
    if let fill = shape.fill, snapping != nil {
      writeShape(shape.geometry, fill: fill, stroke: nil, snapping: nil)
      writeShape(shape.geometry, fill: nil, stroke: shape.stroke, snapping: snapping)
    } else {
      writeShape(shape.geometry, fill: shape.fill, stroke: shape.stroke, snapping: snapping)
    }
  }

  private mutating func writeShape(_ geometry: Geometry, fill: Paint?, stroke: Stroke?, snapping: PixelSnapping?) {
    indent()
    Self.element(for: geometry, snapping: snapping, toDevice: deviceTransform, into: &body)
    if let id = pendingID {
      body.attribute("id", id)
      pendingID = nil
    }
    if let opacity = takeOpacity() { body.attribute("opacity", opacity.value) }
    var styles: [String] = []
    if let fill {
      styles += writePaint(fill, property: "fill")
    } else {
      body.append(" fill=\"none\"")
    }
    if let stroke {
      styles += writePaint(stroke.paint, property: "stroke")
      body.attribute("stroke-width", strokeWidth(stroke))
      switch stroke.join {
      // Cairo's miter limit is 10; SVG's default is 4.
      case .miter: body.append(" stroke-miterlimit=\"10\"")
      case .round, .bevel: body.attribute("stroke-linejoin", stroke.join.rawValue)
      }
      if stroke.cap != .butt { body.attribute("stroke-linecap", stroke.cap.rawValue) }
    }
    if !styles.isEmpty { body.attribute("style", styles.joined(separator: ";")) }
    body.append("/>\n")
  }

  /// A stroke's width in the local space's units.
  private func strokeWidth(_ stroke: Stroke) -> Double {
    switch stroke.width {
    case .points(let points): return points
    case .devicePixels(let pixels): return Double(pixels) / scale
    }
  }

  /// ` x="…" y="…" width="…" height="…"` of `rect`.
  private static func frameAttributes(_ rect: Rect, into out: inout SVGMarkup) {
    out.attribute("x", rect.minX)
    out.attribute("y", rect.minY)
    out.attribute("width", rect.width)
    out.attribute("height", rect.height)
  }

  private static func isEmpty(_ geometry: Geometry) -> Bool {
    switch geometry {
    case .rectangle, .roundedRectangle: return false
    case .ellipse(let rect): return rect.width <= 0 || rect.height <= 0
    case .path(let path): return path.isEmpty
    }
  }

  /// Writes the opening of the element for `geometry` (without `>` or `/>`), its points placed
  /// by `snapping` in the device space `toDevice` maps user space to.
  private static func element(
    for geometry: Geometry, snapping: PixelSnapping?, toDevice: Transform = .identity, into out: inout SVGMarkup
  ) {
    func snap(_ point: Point) -> (Double, Double) {
      guard let snapped = snapping?.snap(point, toDevice: toDevice) else { return (point.x, point.y) }
      return (snapped.x, snapped.y)
    }
    switch geometry {
    case .rectangle(let rect):
      let (x0, y0) = snap(rect.origin)
      let (x1, y1) = snap(rect.origin.offset(by: rect.size.diagonal))
      out.append("<rect")
      out.attribute("x", min(x0, x1))
      out.attribute("y", min(y0, y1))
      out.attribute("width", abs(x1 - x0))
      out.attribute("height", abs(y1 - y0))
    case .roundedRectangle(let rect, let radius):
      let r = min(radius, rect.width / 2, rect.height / 2)
      out.append("<rect")
      out.attribute("x", rect.minX)
      out.attribute("y", rect.minY)
      out.attribute("width", rect.width)
      out.attribute("height", rect.height)
      if r > 0 {
        out.attribute("rx", r)
        out.attribute("ry", r)
      }
    case .ellipse(let rect):
      out.append("<ellipse")
      out.attribute("cx", rect.center.x)
      out.attribute("cy", rect.center.y)
      out.attribute("rx", rect.width / 2)
      out.attribute("ry", rect.height / 2)
    case .path(let path):
      out.append("<path")
      out.openAttribute("d")
      for element in path.elements {
        switch element {
        case .move(let p):
          let (x, y) = snap(p)
          out.pathCommand("M", x, y)
        case .line(let p):
          let (x, y) = snap(p)
          out.pathCommand("L", x, y)
        case .curve(let p, let c1, let c2): out.pathCurve(c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        case .close: out.append(byte: UInt8(ascii: "Z"))
        }
      }
      out.append(byte: UInt8(ascii: "\""))
    }
  }

  /// A colour outside sRGB in CSS, as a style's declarations: the sRGB clip first, as a
  /// fallback for renderers without CSS Color 4, then `color(display-p3 …)`, which those with
  /// it use instead (`fill:#FF0000;fill:color(display-p3 1 0 0)`). Nil for sRGB colours and
  /// for a season's wide accents, which only P3 files use.
  static func wideGamutStyle(_ color: Color, property: String) -> String? {
    guard color.isOutsideSRGB, color.sRGBIsClip, let p3 = color.displayP3 else { return nil }
    let opaque = (try? Color(displayP3Red: p3.red, green: p3.green, blue: p3.blue)) ?? color
    return "\(property):\(SVGMarkup.rgb(color));\(property):\(opaque.cssText)"
  }

  /// Writes `paint` as `property`'s attributes; returns the style declarations a colour outside
  /// sRGB needs (see `wideGamutStyle`), which the caller writes in one `style` attribute.
  @discardableResult
  private mutating func writePaint(_ paint: Paint, property: String) -> [String] {
    switch paint {
    case .solid(let color):
      body.attribute(property, SVGMarkup.rgb(color))
      if color.alpha < 1 { body.attribute("\(property)-opacity", color.alpha) }
      return Self.wideGamutStyle(color, property: property).map { [$0] } ?? []
    case .linearGradient(let start, let end, let stops):
      let gradientID = generatedID("gradient")
      defs.append("<linearGradient id=\"\(gradientID)\" gradientUnits=\"userSpaceOnUse\"")
      defs.attribute("x1", start.x)
      defs.attribute("y1", start.y)
      defs.attribute("x2", end.x)
      defs.attribute("y2", end.y)
      defs.append(">\n")
      writeStops(stops)
      defs.append("</linearGradient>\n")
      body.append(" \(property)=\"url(#\(gradientID))\"")
      return []
    case .radialGradient(let center, let radius, let stops):
      let gradientID = generatedID("gradient")
      defs.append("<radialGradient id=\"\(gradientID)\" gradientUnits=\"userSpaceOnUse\"")
      defs.attribute("cx", center.x)
      defs.attribute("cy", center.y)
      defs.attribute("r", radius)
      defs.append(">\n")
      writeStops(stops)
      defs.append("</radialGradient>\n")
      body.append(" \(property)=\"url(#\(gradientID))\"")
      return []
    }
  }

  private mutating func writeStops(_ stops: [GradientStop]) {
    for stop in stops {
      defs.append("  <stop")
      defs.attribute("offset", stop.offset)
      defs.attribute("stop-color", SVGMarkup.rgb(stop.color))
      if stop.color.alpha < 1 { defs.attribute("stop-opacity", stop.color.alpha) }
      if let style = Self.wideGamutStyle(stop.color, property: "stop-color") { defs.attribute("style", style) }
      defs.append("/>\n")
    }
  }

  private mutating func write(_ image: ImageNode) throws(RenderError) {
    let frame = image.frame
    guard frame.width > 0, frame.height > 0 else { return }
    // The same decoding PNG and PDF make before drawing. PNG, and JPEG shown as stored, are
    // embedded as they are; HEIC (which browsers do not draw) and JPEG that was turned upright
    // or converted to sRGB are embedded as a PNG of the decoded pixels.
    // Decoded for the device pixels the frame covers, as PNG and PDF do: a re-encoding
    // embeds no more pixels than the device shows.
    let decoded = try DecodedImage(
      image.data, target: DecodedImage.Target(covering: frame.width * scale, frame.height * scale, mode: image.mode))
    let embedded: (mime: String, bytes: [UInt8])
    if decoded.wasTransformed {
      embedded = (ImageFormat.png.mimeType, try decoded.pngData())
    } else {
      embedded = (decoded.format.mimeType, image.data)
    }
    var clipID: String?
    if image.mode == .fill {
      // `slice` overflows the frame; clip explicitly rather than rely on the image viewport.
      let id = generatedID("clip")
      defs.append("<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\">")
      Self.element(for: .rectangle(frame), snapping: nil, into: &defs)
      defs.append("/></clipPath>\n")
      clipID = id
    }
    indent()
    body.append("<image")
    if let id = pendingID {
      body.attribute("id", id)
      pendingID = nil
    }
    Self.frameAttributes(frame, into: &body)
    let aspect: String
    switch image.mode {
    case .fill: aspect = "xMidYMid slice"
    case .fit: aspect = "xMidYMid meet"
    case .stretch: aspect = "none"
    }
    body.attribute("preserveAspectRatio", aspect)
    if let opacity = takeOpacity() { body.attribute("opacity", opacity.value) }
    if let clipID { body.append(" clip-path=\"url(#\(clipID))\"") }
    body.append(" xlink:href=\"data:\(embedded.mime);base64,")
    body.append(Data(embedded.bytes).base64EncodedString())
    body.append("\"/>\n")
  }

  /// The designer's SVG as a nested `<svg>` of its own size, scaled and centred to cover the
  /// frame and clipped to it: its elements as the designer wrote them (sanitised, ids
  /// prefixed when the art was read).
  private mutating func write(_ vector: VectorNode) {
    let frame = vector.frame
    guard frame.width > 0, frame.height > 0 else { return }
    let clipID = generatedID("clip")
    defs.append("<clipPath id=\"\(clipID)\" clipPathUnits=\"userSpaceOnUse\">")
    Self.element(for: .rectangle(frame), snapping: nil, into: &defs)
    defs.append("/></clipPath>\n")
    let t = vector.placement
    indent()
    body.append("<g clip-path=\"url(#\(clipID))\"><g")
    if !t.isIdentity {
      body.openAttribute("transform")
      body.append("matrix(")
      body.append(coefficient: t.a)
      body.append(" 0 0 ")
      body.append(coefficient: t.d)
      body.append(byte: UInt8(ascii: " "))
      body.append(number: t.tx)
      body.append(byte: UInt8(ascii: " "))
      body.append(number: t.ty)
      body.append(")\"")
    }
    body.append("><svg")
    body.attribute("width", vector.art.size.width)
    body.attribute("height", vector.art.size.height)
    body.append(vector.art.rootAttributes)
    body.append(">")
    body.append(vector.art.content)
    body.append("</svg></g></g>\n")
  }

  private mutating func write(_ text: TextNode) throws(RenderError) {
    let (line, size, origin) = try TextShaper.layout(text, fonts: fonts)
    switch options.text {
    case .outlines: writeOutlines(text, line: line, origin: origin, size: size)
    case .text: try writeTextElement(text, line: line, origin: origin, size: size)
    }
  }

  /// The glyphs as one path, inside a group that says what they read.
  private mutating func writeOutlines(
    _ text: TextNode, line: ShapedLine, origin: (x: Double, y: Double), size: Double
  ) {
    indent()
    body.append("<g role=\"img\"")
    body.attribute("aria-label", text.text)
    body.append(">\n")
    depth += 1
    indent()
    body.append("<title>")
    body.append(escaped: text.text)
    body.append("</title>\n")
    indent()
    body.append("<path")
    body.openAttribute("d")
    for segment in line.outline(at: origin, size: size).segments {
      switch segment {
      case .move(let x, let y): body.pathCommand("M", x, y)
      case .line(let x, let y): body.pathCommand("L", x, y)
      case .cubic(let x1, let y1, let x2, let y2, let x, let y): body.pathCurve(x1, y1, x2, y2, x, y)
      case .close: body.append(byte: UInt8(ascii: "Z"))
      }
    }
    body.append(byte: UInt8(ascii: "\""))
    if let opacity = takeOpacity() { body.attribute("opacity", opacity.value) }
    if let style = writePaint(.solid(text.color), property: "fill").first { body.attribute("style", style) }
    body.append("/>\n")
    depth -= 1
    indent()
    body.append("</g>\n")
  }

  /// A `<text>` element, each font embedded once in an `@font-face` rule (whole where its
  /// licence allows) and named with a generic fallback family. Where a renderer's own layout
  /// reproduces the shaping (`rendererReproducesShaping`), one anchor: `text-anchor="middle"`
  /// at the shaped centre, so an editor's new text keeps the face and stays centred.
  /// Otherwise (ligatures, fallback runs, right-to-left) one `x` per character from the
  /// shaping and a `<tspan>` per run.
  private mutating func writeTextElement(
    _ text: TextNode, line: ShapedLine, origin: (x: Double, y: Double), size: Double
  ) throws(RenderError) {
    if Self.rendererReproducesShaping(line), let run = line.runs.first {
      let family = try embed(run.font, characters: run.utf8, whole: Self.isOwnFont(run.font, of: text))
      indent()
      body.append("<text")
      body.attribute("x", origin.x + line.width / 2)
      body.attribute("y", origin.y)
      body.append(" text-anchor=\"middle\"")
      body.attribute("font-family", Self.familyList(family))
      body.attribute("font-weight", String(run.font.weight))
      if run.font.isItalic { body.append(" font-style=\"italic\"") }
      body.attribute("font-size", size)
      if let opacity = takeOpacity() { body.attribute("opacity", opacity.value) }
      writePaint(.solid(text.color), property: "fill")
      body.append(" xml:space=\"preserve\">")
      body.append(escaped: String(decoding: run.utf8, as: UTF8.self))
      body.append("</text>\n")
      return
    }
    var xs: [String] = []
    var spans = SVGMarkup()
    for run in line.runs {
      let family = try embed(
        run.font, characters: line.runs.filter { $0.font === run.font }.flatMap(\.utf8),
        whole: Self.isOwnFont(run.font, of: text))
      // Each character takes the position of the first glyph of its cluster.
      var byteOffset = 0
      var glyphIndex = 0
      let clusters = run.backward ? run.clusters.reversed() : Array(run.clusters)
      var glyphStarts: [Int] = []
      for cluster in clusters {
        glyphStarts.append(glyphIndex)
        glyphIndex += Int(cluster.num_glyphs)
      }
      if run.backward { glyphStarts = glyphStarts.reversed() }
      for (index, cluster) in run.clusters.enumerated() {
        let bytes = Array(run.utf8[byteOffset..<byteOffset + Int(cluster.num_bytes)])
        byteOffset += Int(cluster.num_bytes)
        let glyphs = run.glyphs
        let start = min(glyphStarts[index], max(glyphs.count - 1, 0))
        let x = glyphs.isEmpty ? 0 : origin.x + glyphs[start].x
        for _ in String(decoding: bytes, as: UTF8.self).utf16 { xs.append(SVGMarkup.number(x)) }
      }
      spans.append("<tspan")
      spans.attribute("font-family", Self.familyList(family))
      spans.attribute("font-weight", String(run.font.weight))
      if run.font.isItalic { spans.append(" font-style=\"italic\"") }
      spans.append(">")
      spans.append(escaped: String(decoding: run.utf8, as: UTF8.self))
      spans.append("</tspan>")
    }
    indent()
    body.append("<text")
    body.attribute("x", xs.joined(separator: " "))
    body.attribute("y", origin.y)
    body.attribute("font-size", size)
    if let opacity = takeOpacity() { body.attribute("opacity", opacity.value) }
    if let style = writePaint(.solid(text.color), property: "fill").first { body.attribute("style", style) }
    body.append(" xml:space=\"preserve\">")
    body.append(spans)
    body.append("</text>\n")
  }

  /// Whether a renderer laying the text out itself, with the font, puts every glyph where
  /// the shaping did: one left-to-right run in the label's own font (no fallback run, whose
  /// font the renderer would pick itself), one glyph per character (no ligature, which depends
  /// on the renderer's features) and no glyph raised or lowered. Kerning is kept by
  /// renderers (Chromium, rsvg, Inkscape kern by default, measured in Docs/svg.md), so it
  /// does not need per-glyph `x`.
  static func rendererReproducesShaping(_ line: ShapedLine) -> Bool {
    guard line.runs.count == 1, let run = line.runs.first, !run.backward else { return false }
    let characters = String(decoding: run.utf8, as: UTF8.self).unicodeScalars.count
    guard run.glyphs.count == characters, run.clusters.allSatisfy({ $0.num_glyphs == 1 }) else { return false }
    return run.glyphs.allSatisfy { abs($0.y) <= 0.5 }
  }

  /// Whether `font` is the text's own font, not a fallback for characters it lacks.
  static func isOwnFont(_ font: Font, of text: TextNode) -> Bool {
    font.path == text.font.path && font.index == text.font.index
  }

  /// `family` for `font-family`, quoted when CSS needs it, then a generic family for renderers
  /// that have not got the font (`Quicksand, sans-serif`).
  static func familyList(_ family: String) -> String {
    let lower = family.lowercased()
    let generic =
      lower.contains("mono") ? "monospace" : lower.contains("serif") && !lower.contains("sans") ? "serif" : "sans-serif"
    let plain =
      family.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == " " || $0 == "-" }
      && family.first?.isLetter == true
    return (plain ? family : "'" + family.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'") + ", "
      + generic
  }

  /// Adds an `@font-face` rule for `font`, once per font, and returns the CSS family to refer
  /// to it: for the label's own font (`whole`), the whole font file where its licence allows
  /// editing (`Font.allowsWholeEmbedding`) and it is a single font (not a collection), so
  /// letters typed later keep the face; otherwise (fallback fonts, often large CJK fonts,
  /// included) a subset holding the glyphs of `characters` (UTF-8).
  private mutating func embed(_ font: Font, characters: [UInt8], whole: Bool) throws(RenderError) -> String {
    if let family = embeddedFonts["\(font.path)#\(font.index)"] { return family }
    var data: [UInt8]?
    if whole, font.allowsWholeEmbedding, font.index == 0, font.isSFNT {
      let file = try? FilePath(font.path).readRegularFile(limit: 64 << 20)
      if let file, !file.starts(with: Array("ttcf".utf8)) { data = file }
    }
    let bytes: [UInt8]
    if let data {
      bytes = data
    } else {
      bytes = try FontSubset.subset(font, keeping: String(decoding: characters, as: UTF8.self))
    }
    let openType = bytes.starts(with: Array("OTTO".utf8))
    let family = font.familyName
    let style = font.isItalic ? "italic" : "normal"
    fontFaces.append(
      "@font-face { font-family: \"\(Self.cssEscaped(family))\"; font-weight: \(font.weight); "
        + "font-style: \(style); src: url(data:font/\(openType ? "otf" : "ttf");base64,"
        + "\(Data(bytes).base64EncodedString())) format(\"\(openType ? "opentype" : "truetype")\"); }\n")
    embeddedFonts["\(font.path)#\(font.index)"] = family
    let name = FilePath(font.path)
    let ext = openType ? "otf" : "ttf"
    fontFiles.append(
      EmbeddedFont(fileName: data == nil ? "\(name.stem)-subset.\(ext)" : "\(name.stem).\(ext)", bytes: bytes))
    return family
  }

  private static func cssEscaped(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("]]>", with: "]] >")
  }
}
