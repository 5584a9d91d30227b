import SceneGraph

/// LibreOffice Draw 7.4 applies a group's `opacity` to each object in the group, so the
/// overlapping objects of a translucent layer compound there (autumn was 17.9/255 from our
/// PNG). This rule of `OfficeImporterRules` writes such a layer at opacity 1 with its base
/// drawn again over it, at the complement of the layer's opacity: the veil.
///
/// For an opaque base `B` under a layer of coverage `a` and colour `c`, the layer at opacity
/// `α` gives `α·a·c + (1 − α·a)·B`; the layer at opacity 1, then `B` again at `1 − α` (the
/// veil), gives exactly the same, and the veil is one object, which every importer draws alike.
///
/// It applies when the layer just below the translucent one ends in one opaque element that
/// covers the canvas (a colour, an opaque gradient, an opaque photo filling the canvas): that
/// element alone is then what shows under the layer, and the veil is a copy of it in a layer
/// `veil` right over the translucent one. Anything else (a transparent canvas, a translucent or
/// letterboxed photo, a layer of one object, which carries its own opacity) keeps the layer's
/// `opacity`.
struct SVGVeil: Hashable {
  /// The index, among the scene's top-level nodes, of the layer written at opacity 1.
  let layer: Int
  /// The index of the base element among the children of the layer below (`layer − 1`).
  let baseChild: Int
  /// The veil's opacity: the complement of the layer's opacity as 8-bit renderers (Cairo,
  /// so our PNG) quantise it, `(255 − m) / 255` for the layer's weight `m`, so the picture is
  /// the same pixel for pixel (0.498039 for 0.5, whose weight is 128).
  let opacity: Double

  /// `scene`'s nodes with the veil: the layer at opacity 1, then a layer `veil` holding the
  /// base again. A fill's copy carries the veil's opacity in its paint (`fill-opacity`,
  /// `stop-opacity`), which Scribus 1.5.8 and LibreOffice both draw; a photo's copy carries it
  /// as the image's own `opacity` (LibreOffice draws it).
  func applied(to nodes: [Node]) -> [Node] {
    guard case .group(let layerGroup) = nodes[layer], case .group(let below) = nodes[layer - 1] else { return nodes }
    let veiled: Node
    switch below.children[baseChild] {
    case .shape(let shape):
      guard let fill = shape.fill else { return nodes }
      veiled = .shape(ShapeNode(shape.geometry, fill: Self.fading(fill, by: opacity)))
    case .image(let image):
      veiled = .group(Group(opacity: Opacity(clamping: opacity), children: [.image(image)]))
    case .group, .text, .vector:
      return nodes
    }
    var result = nodes
    result[layer] = .group(
      Group(
        name: layerGroup.name, transform: layerGroup.transform, opacity: .opaque, clip: layerGroup.clip,
        children: layerGroup.children))
    result.insert(.group(Group(name: "veil", children: [veiled])), at: layer + 1)
    return result
  }

  /// `paint` with every colour's alpha multiplied by `factor`.
  private static func fading(_ paint: Paint, by factor: Double) -> Paint {
    func faded(_ stops: [GradientStop]) -> [GradientStop] {
      stops.map { (try? GradientStop(offset: $0.offset, color: $0.color.fading(by: factor))) ?? $0 }
    }
    switch paint {
    case .solid(let color): return .solid(color.fading(by: factor))
    case .linearGradient(let start, let end, let stops):
      return .linearGradient(start: start, end: end, stops: faded(stops))
    case .radialGradient(let center, let radius, let stops):
      return .radialGradient(center: center, radius: radius, stops: faded(stops))
    }
  }

  /// The veil for `scene`'s first translucent layer over an opaque base element, or nil.
  static func plan(for scene: Scene) -> SVGVeil? {
    let canvas = Rect(size: scene.size)
    for index in scene.nodes.indices.dropFirst() {
      guard case .group(let group) = scene.nodes[index], group.opacity < .opaque, group.opacity > .transparent,
        !(group.children.count == 1 && SVGDocumentState.isSingleElement(group.children[0])),
        group.clip.map({ covers($0, canvas) }) ?? true,
        case .group(let below) = scene.nodes[index - 1], below.opacity == .opaque, below.transform.isIdentity,
        below.clip.map({ covers($0, canvas) }) ?? true,
        let last = below.children.last, isOpaqueCover(last, canvas)
      else { continue }
      let weight = eightBitWeight(group.opacity.value)
      guard weight < 255 else { return nil }
      return SVGVeil(layer: index, baseChild: below.children.count - 1, opacity: Double(255 - weight) / 255)
    }
    return nil
  }

  /// The 8-bit weight Cairo composites an opacity with: the value as a 16-bit colour
  /// channel (`_cairo_color_double_to_short`), whose top byte pixman uses.
  static func eightBitWeight(_ opacity: Double) -> Int {
    Int((opacity * 65535 + 0.5).rounded(.down)) >> 8
  }

  /// Whether `node` paints every point of `canvas` opaquely, as one element: a fill (no
  /// stroke) of an opaque paint on a rectangle holding the canvas, or a photo without an
  /// alpha channel filling a frame that holds it.
  static func isOpaqueCover(_ node: Node, _ canvas: Rect) -> Bool {
    switch node {
    case .shape(let shape):
      guard shape.stroke == nil, let fill = shape.fill, fill.isOpaque else { return false }
      return covers(shape.geometry, canvas)
    case .image(let image):
      return image.mode == .fill && covers(.rectangle(image.frame), canvas) && hasNoAlpha(image.data)
    case .group, .text, .vector:
      return false
    }
  }

  private static func covers(_ geometry: Geometry, _ canvas: Rect) -> Bool {
    guard case .rectangle(let rect) = geometry else { return false }
    return rect.minX <= canvas.minX && rect.minY <= canvas.minY && rect.maxX >= canvas.maxX
      && rect.maxY >= canvas.maxY
  }

  /// Whether an encoded image has no alpha: a JPEG, or a PNG of grey, RGB or palette colours
  /// with no `tRNS` chunk. HEIC may carry alpha and is not looked into.
  static func hasNoAlpha(_ data: [UInt8]) -> Bool {
    switch ImageFormat(sniffing: data) {
    case .jpeg: return true
    case .heic, nil: return false
    case .png:
      // IHDR is the first chunk: colour type at byte 25.
      guard data.count > 33, [0, 2, 3].contains(data[25]) else { return false }
      var offset = 8
      while offset + 8 <= data.count {
        let length =
          Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
        if type == "tRNS" { return false }
        if type == "IDAT" || type == "IEND" { return true }
        offset += 12 + length
      }
      return false
    }
  }
}

extension Paint {
  /// Whether the paint is opaque at every point: a colour of alpha 1, or a gradient whose
  /// stops all are.
  var isOpaque: Bool {
    switch self {
    case .solid(let color): return color.alpha >= 1
    case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops):
      return stops.allSatisfy { $0.color.alpha >= 1 }
    }
  }
}
