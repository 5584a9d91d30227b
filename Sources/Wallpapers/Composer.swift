import Foundation
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

  /// The safe area to lay out against, turned with the canvas: the device's, or where unknown
  /// a conservative guess (the tallest known iPhone status bar, or an iPad's).
  public var layoutSafeArea: EdgeInsets {
    let portrait =
      device.safeArea
      ?? (device.family == .iphone
        ? try! EdgeInsets(top: 62, left: 0, bottom: 34, right: 0)
        : try! EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    return orientation == .portrait ? portrait : portrait.rotatedClockwise
  }

  /// The season's accent, or its light tint when that contrasts more with the sky behind the
  /// label: the top of the art (the palette's first colour) at the art's alpha over the base.
  public var defaultLabelColor: Color {
    let palette = season.season.palette
    let base = background.color ?? .white
    let backdrop = base.mixed(with: palette.colors[0], by: season.alpha.value)
    let light = season.season.lightAccent
    return palette.accent.contrast(with: backdrop) >= light.contrast(with: backdrop) ? palette.accent : light
  }

  /// The label's text: the given text, or the season's name in the chosen language.
  public var labelText: String { label.text ?? season.season.name(in: label.locale) }

  private func artLayer(covering canvas: Rect, trim: Rect) throws(SceneError) -> Node? {
    guard season.alpha > .transparent else { return nil }
    let art = try SeasonArt.nodes(
      for: season.season, canvas: canvas, visible: trim, safeArea: layoutSafeArea, seed: season.seed)
    return .group(Group(name: "art", opacity: season.alpha, children: art))
  }

  private func gridLayer(bleed: Double) throws(SceneError) -> Node? {
    // Designs are validated when loaded, so a grid that cannot be laid out here draws nothing.
    guard let cells = try? gridCells(), !cells.isEmpty else { return nil }
    let nodes = try gridNodes(cells: cells, bleed: bleed)
    return nodes.isEmpty ? nil : .group(Group(name: "grid", children: nodes))
  }

  private func labelLayer(in bounds: Rect, defaultFont: String) throws(SceneError) -> Node? {
    guard label.visible else { return nil }
    let safe = layoutSafeArea
    let size = label.size ?? bounds.width * Label.defaultSizeRatio
    let x = bounds.center.x
    let position: Point
    let anchor: TextAnchor
    switch label.position {
    case .top:
      position = try Point(x: x, y: safe.top + bounds.height * 0.06)
      anchor = TextAnchor(.center, .top)
    case .center:
      position = try Point(x: x, y: bounds.height / 2)
      anchor = TextAnchor(.center, .middle)
    case .bottom:
      position = try Point(x: x, y: bounds.height - safe.bottom - bounds.height * 0.12)
      anchor = TextAnchor(.center, .bottom)
    }
    let text = try TextNode(
      labelText, font: FontReference(path: label.fontPath ?? defaultFont), size: size,
      color: label.color ?? defaultLabelColor, position: position, anchor: anchor,
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
      let node = Node.image(ImageNode(png: image.png, frame: trim, mode: image.mode))
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
