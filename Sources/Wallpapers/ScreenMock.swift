import SceneGraph

/// Which iOS or iPadOS screen a preview shows over the wallpaper.
public enum PreviewScreen: String, Sendable, Hashable, CaseIterable {
  /// Time and date in the lock-screen places, the island or notch, the bottom controls (on
  /// iPads the unlock hint) and the home indicator.
  case lock
  /// Icon tiles in the home-screen grid (iPhones) and the dock.
  case home
}

/// A generic, clearly labelled mock of what iOS or iPadOS draws over a wallpaper, in vector
/// shapes and the bundled font: no Apple artwork, only rectangles, circles and text placed in
/// the device's zones.
public enum ScreenMock {
  /// The time the mock shows, as in Apple's marketing pictures.
  public static let time = "9:41"
  public static let date = "Monday 9 June"
  /// Written in the status bar, so nobody mistakes the picture for a screenshot.
  public static let caption = "PREVIEW MOCK"
  /// The height of the time's ink per point of size in the bundled font, rounded up: Quicksand's
  /// flat digits are 700 of 1000 units tall and the 9's round top overshoots to about 713
  /// (measured on a 5 px/pt preview), so the mock's time is sized by 0.715 to stay in the clock
  /// box at every size.
  public static let digitHeightRatio = 0.715
  /// What iPadOS writes at the bottom of the lock screen, where iPhones have their buttons.
  public static let unlockHint = (faceID: "Swipe up to open", homeButton: "Press home to open")

  /// How many placeholder widgets the lock screen's widget row shows: iOS's row holds up to
  /// four small (circular) widgets.
  public static let lockWidgetCount = 4

  /// The mock's nodes for `screen` on `device` in portrait. iPads get the unlock hint in place
  /// of the flashlight and camera buttons, and on the home screen only the dock: no iPad
  /// home-screen grid is known.
  ///
  /// - Parameters:
  ///   - device: the device whose zones the mock draws.
  ///   - screen: the lock or the home screen.
  ///   - font: the font file of the clock and the labels.
  ///   - lockInk: the colour of the lock screen's date, clock and widget outlines; as iOS does,
  ///     light over dark art and dark over pale art (`AdaptiveInk.over(luminance:)` of the
  ///     picture behind the clock). The status bar stays white.
  public static func nodes(
    for device: Device, screen: PreviewScreen, font: String, lockInk: Color = AdaptiveInk.light
  ) throws(SceneError) -> Node {
    let zones = device.zones
    let size = device.screen.points
    let font = FontReference(path: font)
    let white = Color(rgb: 0xFFFFFF, alpha: 240)
    let shade = Color(rgb: 0x000000, alpha: 90)
    var children: [Node] = []
    if let housing = zones.sensorHousing {
      let radius = zones.island != nil ? housing.height / 2 : 12
      children.append(.shape(ShapeNode(try .rounded(housing, radius: radius), fill: .solid(.black))))
    }
    let bar = zones.statusBar
    let barText = min(12, bar.height * 0.5)
    let barY = zones.sensorHousing.map { $0.center.y } ?? bar.center.y
    /// Text (white unless `ink` says otherwise) over a soft copy in the opposite shade 1 pt
    /// lower, so it reads on busy wallpapers too.
    func text(
      _ string: String, size: Double, at point: Point, _ anchor: TextAnchor, maxWidth: Double? = nil,
      ink: Color = white
    ) throws(SceneError) -> [Node] {
      let drop = try Point(x: point.x, y: point.y + max(1, size * 0.02))
      let shadow = ink.relativeLuminance > 0.5 ? Color(rgb: 0x000000, alpha: 70) : Color(rgb: 0xFFFFFF, alpha: 70)
      return [
        .text(
          try TextNode(
            string, font: font, size: size, color: shadow, position: drop, anchor: anchor, maxWidth: maxWidth)),
        .text(
          try TextNode(
            string, font: font, size: size, color: ink, position: point, anchor: anchor, maxWidth: maxWidth)),
      ]
    }
    children += try text(caption, size: barText, at: Point(x: 14, y: barY), TextAnchor(.leading, .middle))
    // A battery outline on the right of the status bar.
    let battery = try Rect(x: size.width - 14 - 24, y: barY - 5.5, width: 24, height: 11)
    children.append(
      .shape(ShapeNode(try .rounded(battery, radius: 3), stroke: try Stroke(.solid(white), width: 1))))
    switch screen {
    case .lock:
      let ink = lockInk.fading(by: 240 / 255)
      let date = zones.lockDate
      children += try text(
        Self.date, size: date.height * 0.8, at: date.center, TextAnchor(.center, .middle), maxWidth: date.width,
        ink: ink)
      let clock = zones.lockClock
      children += try text(
        time, size: clock.height / digitHeightRatio, at: Point(x: clock.center.x, y: clock.maxY), .centerBaseline,
        maxWidth: clock.width, ink: ink)
      children += try widgets(in: zones.lockWidgets, ink: lockInk)
      let controls = zones.lockControls
      if device.family == .ipad {
        let hint = zones.homeIndicator == nil ? unlockHint.homeButton : unlockHint.faceID
        children += try text(
          hint, size: min(15, controls.height * 0.4), at: controls.center, TextAnchor(.center, .middle),
          maxWidth: controls.width)
      } else {
        let d = controls.height
        for x in [controls.minX, controls.maxX - d] {
          let button = try Rect(x: x, y: controls.minY, width: d, height: d)
          children.append(.shape(ShapeNode(.ellipse(button), fill: .solid(shade))))
          children.append(
            .shape(
              ShapeNode(.ellipse(button.outset(by: -d * 0.3)), stroke: try Stroke(.solid(white), width: 2))))
        }
      }
    case .home:
      if let metrics = HomeScreenGrid.metrics(forScreenClass: device.screen.id) {
        for icon in HomeScreenGrid.cells(metrics: metrics, canvas: size).compactMap(\.icon) {
          children.append(tile(icon, white: white))
        }
      }
      let dock = zones.dock
      children.append(
        .shape(ShapeNode(try .rounded(dock, radius: min(30, dock.height / 3)), fill: .solid(shade))))
      for icon in zones.dockIcons { children.append(tile(icon, white: white)) }
    }
    if let indicator = zones.homeIndicator {
      children.append(
        .shape(ShapeNode(try .rounded(indicator, radius: indicator.height / 2), fill: .solid(white))))
    }
    return .group(Group(name: "mock", children: children))
  }

  /// `lockWidgetCount` blank widgets across the widget row: frosted squares with rounded
  /// corners, as tall as the row (or narrower where four do not fit), evenly spaced and centred.
  private static func widgets(in row: Rect, ink: Color) throws(SceneError) -> [Node] {
    let count = Double(lockWidgetCount)
    let gap = row.width * 0.05
    let side = min(row.height, (row.width - gap * (count - 1)) / count)
    let start = row.center.x - (side * count + gap * (count - 1)) / 2
    let frost = ink.relativeLuminance > 0.5 ? Color(rgb: 0xFFFFFF, alpha: 70) : Color(rgb: 0x000000, alpha: 45)
    var nodes: [Node] = []
    for index in 0..<lockWidgetCount {
      let box = try Rect(
        x: start + Double(index) * (side + gap), y: row.center.y - side / 2, width: side, height: side)
      nodes.append(
        .shape(
          ShapeNode(
            try .rounded(box, radius: side * 0.28), fill: .solid(frost),
            stroke: try Stroke(.solid(ink.fading(by: 160 / 255)), width: 1))))
    }
    return nodes
  }

  /// A blank app-icon tile: a rounded square, no artwork.
  private static func tile(_ rect: Rect, white: Color) -> Node {
    .shape(
      ShapeNode(
        (try? .rounded(rect, radius: rect.width * 0.225)) ?? .rectangle(rect),
        fill: .solid(Color(rgb: 0xFFFFFF, alpha: 150)),
        stroke: try? Stroke(.solid(white), width: 1)))
  }
}

extension Design {
  /// The design's scene with the mock of `screen` over it.
  ///
  /// - Throws: `SceneError` naming `orientation` when the design is in landscape (the zones
  ///   are portrait).
  /// - Parameters:
  ///   - screen: the lock or the home screen.
  ///   - defaultFont: the font file for the label and the mock when the design names none.
  ///   - lockInk: the lock screen's clock colour (see `ScreenMock.nodes`).
  public func previewScene(
    screen: PreviewScreen, defaultFont: String, lockInk: Color = AdaptiveInk.light
  ) throws(SceneError) -> Scene {
    guard orientation == .portrait else {
      throw SceneError(field: "orientation", value: orientation.rawValue, allowed: "portrait for previews")
    }
    let mock = try ScreenMock.nodes(for: device, screen: screen, font: defaultFont, lockInk: lockInk)
    let base = try scene(defaultFont: defaultFont)
    return try Scene(size: base.size, nodes: base.nodes + [mock])
  }
}
