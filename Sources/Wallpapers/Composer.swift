import Platform
import SceneGraph

extension Design {
  /// The design as a scene: named layers from bottom to top — background, art, grid, label
  /// by default, or the order of `layers`.
  ///
  /// - Parameters:
  ///   - defaultFont: the font file for a label that names none (the bundled font).
  ///   - bleed: points added on every side for print. Background and art are drawn into the
  ///     bleed (not stretched); the grid and label keep their place on the trimmed screen,
  ///     which starts at (`bleed`, `bleed`). A photo stays fitted to the trimmed screen.
  /// - Throws: `SceneError` if a derived value is invalid (a bug, since designs are validated),
  ///   or for a negative bleed.
  public func scene(defaultFont: String, bleed: Double = 0) throws(SceneError) -> Scene {
    let screen = canvasSize
    let full = try Size(width: screen.width + 2 * bleed, height: screen.height + 2 * bleed)
    let trim = Rect(origin: try Point(x: bleed, y: bleed), size: screen)
    let onScreen = Transform.translation(try Vector(dx: bleed, dy: bleed))
    var nodes: [Node] = []
    for setting in layers {
      let layer: Node?
      switch setting.name {
      case .background: layer = try backgroundLayer(covering: Rect(size: full), trim: trim)
      case .art: layer = try artLayer(covering: Rect(size: full), trim: trim)
      case .grid: layer = try gridLayer(bleed: bleed)
      case .label: layer = try labelLayer(in: Rect(size: screen), defaultFont: defaultFont)
      }
      guard case .group(let group)? = layer else { continue }
      let movesWithScreen = setting.name == .grid || setting.name == .label
      nodes.append(
        .group(
          Group(
            name: group.name, transform: movesWithScreen && bleed > 0 ? onScreen : group.transform,
            opacity: try Opacity(group.opacity.value * setting.opacity.value), clip: group.clip,
            children: group.children)))
    }
    return try Scene(size: full, nodes: nodes)
  }

  /// The safe area to lay out against, turned with the canvas: `Device.layoutSafeArea` (the
  /// device's, or where unknown a conservative guess).
  public var layoutSafeArea: EdgeInsets {
    orientation == .portrait ? device.layoutSafeArea : device.layoutSafeArea.rotatedClockwise
  }

  /// The device's zones when they apply to this canvas: in portrait, on iPhones and iPads (the
  /// zones are derived for portrait); nil in landscape.
  public var layoutZones: DeviceZones? { orientation == .portrait ? device.zones : nil }

  /// The label's position: the chosen one, else below the lock-screen clock where the zones
  /// apply (portrait), else the centre (landscape).
  public var effectiveLabelPosition: Label.Position {
    label.position ?? (layoutZones == nil ? .center : .belowClock)
  }

  /// Where the label goes on the screen (points, no bleed), and the box its ink stays in.
  public struct LabelPlacement: Sendable, Hashable {
    public let position: Point
    public let anchor: TextAnchor
    /// The em size in points before any shrinking to `Label.maxWidthRatio`.
    public let size: Double
    /// The box the text's ink stays inside: `Label.maxWidthRatio` of the width, centred, and
    /// from the ascender line to the descender line (`Label.lineHeightRatio` × size).
    public let box: Rect
  }

  /// The label's placement, or nil when the label is hidden.
  ///
  /// - `top`: 6 % of the height below the safe-area top (the original app).
  /// - `belowClock`: the label's top 4 % of the height below the lock-screen clock and the
  ///   widget row under it, so neither covers it (without zones: 20 % of the height below the
  ///   safe-area top).
  /// - `center`: centred vertically.
  /// - `aboveDock`: the label's bottom 3 % of the height above the dock (without zones: as
  ///   `bottom`).
  /// - `bottom`: 12 % of the height above the safe-area bottom.
  /// `label.offset` then moves it down (positive) or up, in points.
  public var labelPlacement: LabelPlacement? {
    guard label.visible else { return nil }
    let bounds = Rect(size: canvasSize)
    let safe = layoutSafeArea
    let zones = layoutZones
    let size = label.size ?? bounds.width * Label.defaultSizeRatio
    let lineHeight = size * Label.lineHeightRatio
    let h = bounds.height
    var top: Double
    switch effectiveLabelPosition {
    case .top: top = safe.top + h * 0.06
    case .belowClock:
      top = zones.map { max($0.lockClock.maxY, $0.lockWidgets.maxY) + h * 0.04 } ?? safe.top + h * 0.2
    case .center: top = h / 2 - lineHeight / 2
    case .aboveDock:
      top = zones.map { $0.dock.minY - h * 0.03 - lineHeight } ?? h - safe.bottom - h * 0.12 - lineHeight
    case .bottom: top = h - safe.bottom - h * 0.12 - lineHeight
    }
    top += label.offset
    let width = bounds.width * Label.maxWidthRatio
    // Finite by construction: sizes, offsets and canvases are validated and bounded.
    let box = Rect(clampingX: bounds.center.x - width / 2, y: top, width: width, height: lineHeight)
    return LabelPlacement(
      position: Point(clampingX: bounds.center.x, y: top), anchor: TextAnchor(.center, .top), size: size, box: box)
  }

  /// The rectangles the focal motifs keep out of, on the screen (points, no bleed): the
  /// label's box, and the lock-screen date, clock and the island or notch where known.
  public var artKeepOut: [Rect] {
    var boxes: [Rect] = []
    if let placement = labelPlacement { boxes.append(placement.box) }
    if let zones = layoutZones {
      boxes += [zones.lockDate, zones.lockClock]
      if let housing = zones.sensorHousing { boxes.append(housing) }
    }
    return boxes
  }

  /// The label's colour when none is set, estimated without drawing: `legibleLabelColor` over
  /// the top of the art (the palette's first colour at the art's alpha over the base).
  /// `DesignRendering`, which every command and `Export` go through, measures the drawn art
  /// behind the label instead and sets the colour it picks.
  public var defaultLabelColor: Color {
    let palette = season.season.palette
    let base = background.color ?? .white
    let backdrop = base.mixed(with: palette.colors[0], by: season.alpha.value)
    return legibleLabelColor(overLuminance: backdrop.relativeLuminance)
  }

  /// The contrast a label colour must have against the art behind it: 3:1, WCAG's minimum for
  /// large text, plus a tenth for the coarse pass that measures the art (`DesignRendering`
  /// measures at 0.5 px per point).
  public static let labelContrastMinimum = 3.3

  /// The label colour `auto` picks over art of mean relative luminance `luminance` (0 black … 1
  /// white): the season's accent where its WCAG contrast is at least `labelContrastMinimum`,
  /// else its light tint where that is, else `AdaptiveInk`'s light or dark ink, as the
  /// lock-screen clock does.
  public func legibleLabelColor(overLuminance luminance: Double) -> Color {
    func contrast(_ color: Color) -> Double {
      let (a, b) = (color.relativeLuminance, min(1, max(0, luminance)))
      return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
    let candidates = [season.season.palette.accent, season.season.lightAccent]
    return candidates.first { contrast($0) >= Self.labelContrastMinimum } ?? AdaptiveInk.over(luminance: luminance)
  }

  /// `legibleLabelColor(overLuminance:)` over every luminance 0 … 1, as steps in rising order:
  /// the rule gives `steps[i].color` for a luminance up to and including `steps[i].upTo` and
  /// above the step before's (the last `upTo` is 1). Read off the rule itself (no second copy
  /// of it): sampled at 4,096 even luminances, each change bisected down to two adjacent
  /// doubles. A step narrower than 1/4,096 that begins and ends between two samples would be
  /// missed; the rule has none (each candidate reads over one or two intervals of luminance,
  /// each far wider). The editor page looks colours up here, so it picks `render`'s colour.
  public var legibleLabelColorSteps: [(upTo: Double, color: Color)] {
    let samples = 4096
    var steps: [(upTo: Double, color: Color)] = []
    var (start, color) = (0.0, legibleLabelColor(overLuminance: 0))
    for sample in 1...samples {
      let luminance = Double(sample) / Double(samples)
      while legibleLabelColor(overLuminance: luminance) != color {
        // legibleLabelColor(start) == color != legibleLabelColor(end).
        var (low, high) = (start, luminance)
        while true {
          let middle = low + (high - low) / 2
          guard middle > low, middle < high else { break }
          if legibleLabelColor(overLuminance: middle) == color { low = middle } else { high = middle }
        }
        steps.append((low, color))
        (start, color) = (high, legibleLabelColor(overLuminance: high))
      }
    }
    steps.append((1, color))
    return steps
  }

  /// The label's text: the given text, or the season's name in the chosen language.
  public var labelText: String { label.text ?? season.season.name(in: label.locale) }

  private func artLayer(covering canvas: Rect, trim: Rect) throws(SceneError) -> Node? {
    // Clipped to the canvas, so the layer's bounding box is the page in every editor (the
    // season's glow reaches past it; importers that place by bounding box shifted the page).
    let clip = Geometry.rectangle(canvas)
    if let art {
      guard art.opacity > .transparent else { return nil }
      return .group(
        Group(
          name: "art", opacity: art.opacity, clip: clip,
          children: [.vector(VectorNode(art: art.vector, frame: canvas))]))
    }
    guard season.alpha > .transparent else { return nil }
    let shift = trim.origin
    let keepOut = try artKeepOut.map { box throws(SceneError) in
      Rect(origin: try Point(x: box.minX + shift.x, y: box.minY + shift.y), size: box.size)
    }
    let art = try SeasonArt.nodes(
      for: season.season, canvas: canvas, visible: trim, safeArea: layoutSafeArea, seed: season.seed,
      keepOut: keepOut)
    return .group(Group(name: "art", opacity: season.alpha, clip: clip, children: art))
  }

  private func gridLayer(bleed: Double) throws(SceneError) -> Node? {
    // Designs are validated when loaded, so a grid that cannot be laid out here draws nothing.
    guard let cells = try? gridCells(), !cells.isEmpty else { return nil }
    let nodes = try gridNodes(cells: cells, bleed: bleed)
    return nodes.isEmpty ? nil : .group(Group(name: "grid", children: nodes))
  }

  private func labelLayer(in bounds: Rect, defaultFont: String) throws(SceneError) -> Node? {
    guard label.visible, let placement = labelPlacement else { return nil }
    let text = try TextNode(
      labelText,
      font: label.fontPath.map { FontReference(path: $0, index: label.fontIndex) } ?? FontReference(path: defaultFont),
      size: placement.size,
      color: label.color ?? defaultLabelColor, position: placement.position, anchor: placement.anchor,
      maxWidth: bounds.width * Label.maxWidthRatio)
    return .group(Group(name: "label", children: [.text(text)]))
  }

  private func backgroundLayer(covering canvas: Rect, trim: Rect) throws(SceneError) -> Node? {
    var children: [Node] = []
    if let color = background.color {
      children.append(.shape(ShapeNode(.rectangle(canvas), fill: .solid(color))))
    }
    if let gradient = background.gradient {
      children.append(.shape(ShapeNode(.rectangle(canvas), fill: try gradient.paint(in: trim))))
    }
    if let image = background.image {
      let node = Node.image(ImageNode(data: image.data, frame: trim, mode: image.mode))
      children.append(
        image.opacity == .opaque ? node : .group(Group(opacity: image.opacity, children: [node])))
    }
    guard !children.isEmpty else { return nil }
    return .group(Group(name: "background", children: children))
  }
}

extension Gradient {
  /// The paint covering `bounds`. A linear gradient at `angle` runs through the centre and
  /// just reaches the corners, as CSS's `linear-gradient` does.
  func paint(in bounds: Rect) throws(SceneError) -> Paint {
    let step = 1 / Double(colors.count - 1)
    let stops = try colors.enumerated().map { (index, color) throws(SceneError) in
      try GradientStop(offset: min(1, Double(index) * step), color: color)
    }
    let center = bounds.center
    switch kind {
    case .linear:
      let radians = angle * .pi / 180
      let (dx, dy) = (sin(radians), cos(radians))
      let half = (abs(bounds.width * dx) + abs(bounds.height * dy)) / 2
      return try .linear(
        from: Point(x: center.x - dx * half, y: center.y - dy * half),
        to: Point(x: center.x + dx * half, y: center.y + dy * half), stops: stops)
    case .radial:
      let radius = hypot(bounds.width, bounds.height) / 2
      return try .radial(center: center, radius: radius, stops: stops)
    }
  }
}
