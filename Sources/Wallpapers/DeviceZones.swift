import SceneGraph

/// What iOS draws over a wallpaper on one iPhone, as rectangles in points of the portrait
/// canvas (origin top left, y down), with their provenance.
///
/// Apple publishes none of these positions except the home indicator's size and the icon
/// size; the rest is derived (see `provenance`) the way the home-screen grid metrics are:
/// from one measured device and the catalogue's safe-area insets, and is marked unverified.
public struct DeviceZones: Sendable, Hashable {
  /// The status bar: the full width, down to the safe-area top.
  public let statusBar: Rect
  /// The Dynamic Island (14 Pro and later, 15, 16, 17, Air), or nil.
  public let island: Rect?
  /// The sensor notch (X to 14, 16e), or nil.
  public let notch: Rect?
  /// The lock screen's date line above the clock.
  public let lockDate: Rect
  /// The lock screen's large time, the box its digits fill.
  public let lockClock: Rect
  /// The lock screen's row of widgets below the clock (iOS 16 and later).
  public let lockWidgets: Rect
  /// The lock screen's bottom controls (flashlight left, camera right), the band that holds both.
  public let lockControls: Rect
  /// The home indicator bar, or nil on home-button iPhones.
  public let homeIndicator: Rect?
  /// The home screen's dock platter.
  public let dock: Rect
  /// Where the numbers come from and how they were derived.
  public let provenance: Provenance

  /// Where a device's zones come from.
  public struct Provenance: Sendable, Hashable {
    public let source: String
    /// The iOS version the layout follows.
    public let iOSVersion: String
    /// True only where the numbers were measured on the class itself.
    public let verified: Bool
    public let note: String
  }

  /// Every zone by the key `wallpaper devices --json` uses, in a stable order; absent zones
  /// (no island, no home indicator) are left out.
  public var named: [(key: String, rect: Rect)] {
    var list: [(String, Rect)] = [("statusBar", statusBar)]
    if let island { list.append(("island", island)) }
    if let notch { list.append(("notch", notch)) }
    list += [
      ("lockDate", lockDate), ("lockClock", lockClock), ("lockWidgets", lockWidgets),
      ("lockControls", lockControls),
    ]
    if let homeIndicator { list.append(("homeIndicator", homeIndicator)) }
    list.append(("dock", dock))
    return list
  }

  /// The island or the notch, whichever the device has.
  public var sensorHousing: Rect? { island ?? notch }
}

extension Device {
  /// The device's zones, or nil for iPads: their lock-screen clock and dock move with the
  /// orientation and no source in Docs/devices.md measured them.
  public var zones: DeviceZones? { DeviceZones.derive(for: self) }
}

extension DeviceZones {
  /// The measurement the derivation starts from: the iPhone 16 Pro (402×874) lock screen on
  /// iOS 18, whose clock digits span y 114–175 pt (issue 12, measured on a screenshot).
  static let measuredClockTop = 114.0
  static let measuredClockHeight = 61.0
  static let measuredSafeTop = 62.0

  /// Derives the zones of an iPhone from its screen size and safe area.
  ///
  /// - The date line (22 pt) starts 22 pt below the safe-area top; the clock 8 pt below it,
  ///   61 pt tall: this reproduces the measured 114–175 pt on the 16 Pro and is carried to the
  ///   other classes through their safe-area tops (a clock that follows the status bar).
  /// - Widgets: a 72 pt row 12 pt below the clock, 24 pt side margins (HIG rectangular
  ///   lock-screen widget height; margins estimated).
  /// - Bottom controls: 50 pt buttons, 22 pt from the sides, 12 pt above the home indicator
  ///   band (or 24 pt above the bottom edge on home-button phones).
  /// - Home indicator: 134×5 pt, 8 pt above the bottom edge (Apple's design resources).
  /// - Island: 126×37.33 pt, 11.33 pt from the top (14 Pro template), 14 pt on the 16 Pro and
  ///   later thinner-bezel classes. Notch: 209×30 pt (X), 230×32 (XR/XS Max), 210×32 for the
  ///   12–14 classes (the 13's narrower 162 pt notch is inside it).
  /// - Dock: a 96 pt platter (60 pt icons, 18 pt above and below), 8 pt side margins,
  ///   centred in the band the home-screen grid leaves below its last icon row and above the
  ///   home indicator.
  static func derive(for device: Device) -> DeviceZones? {
    guard device.family == .iphone else { return nil }
    let screen = device.screen
    let (w, h) = (screen.points.width, screen.points.height)
    let measuredSafe = device.safeArea
    let top = measuredSafe?.top ?? 62
    let bottom = measuredSafe?.bottom ?? 34
    func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
      try! Rect(x: x, y: y, width: width, height: height)
    }
    let statusBar = rect(0, 0, w, top)
    var island: Rect?
    var notch: Rect?
    switch screen.id {
    case "393x852", "430x932": island = rect((w - 126) / 2, 11.33, 126, 37.33)
    case "402x874", "440x956", "420x912": island = rect((w - 126) / 2, 14, 126, 37.33)
    case "375x812": notch = rect((w - 209) / 2, 0, 209, 30)
    case "414x896-2x", "414x896-3x": notch = rect((w - 230) / 2, 0, 230, 32)
    case "390x844", "428x926": notch = rect((w - 210) / 2, 0, 210, 32)
    default: break
    }
    let lockDate = rect(w * 0.15, top + 22, w * 0.7, 22)
    let lockClock = rect(w * 0.1, lockDate.maxY + 8, w * 0.8, measuredClockHeight)
    let lockWidgets = rect(24, lockClock.maxY + 12, w - 48, 72)
    let controlsBottom = bottom > 0 ? h - bottom - 12 : h - 24
    let lockControls = rect(22, controlsBottom - 50, w - 44, 50)
    let homeIndicator = bottom > 0 ? rect((w - 134) / 2, h - 13, 134, 5) : nil
    let dockBand: (top: Double, bottom: Double)
    if let grid = HomeScreenGrid.metrics(forScreenClass: screen.id) {
      dockBand = (h - grid.bottom + grid.gapHeight / 2, h - max(bottom, 4))
    } else {
      dockBand = (h - 130, h - max(bottom, 4))
    }
    let dockHeight = min(96, dockBand.bottom - dockBand.top)
    let dock = rect(8, (dockBand.top + dockBand.bottom - dockHeight) / 2, w - 16, dockHeight)
    let measured = screen.id == "402x874" && device.safeAreaOverride == nil
    let provenance = Provenance(
      source: measured
        ? "lock clock measured on an iPhone 16 Pro screenshot (issue 12); the rest derived"
        : "derived from the iPhone 16 Pro lock-screen measurement and this class's safe area",
      iOSVersion: "iOS 18", verified: false,
      note: (measuredSafe == nil ? "safe area unknown: a 62 pt top and 34 pt bottom inset are assumed; " : "")
        + "date 22 pt tall, 22 pt below the safe-area top; clock 8 pt below it, 61 pt tall (measured "
        + "114-175 pt on the 16 Pro); widgets 72 pt, 12 pt below the clock; controls 50 pt buttons 12 pt "
        + "above the home indicator band; home indicator 134x5 pt, 8 pt above the bottom; dock 96 pt, "
        + "centred below the last home-screen icon row")
    return DeviceZones(
      statusBar: statusBar, island: island, notch: notch, lockDate: lockDate, lockClock: lockClock,
      lockWidgets: lockWidgets, lockControls: lockControls, homeIndicator: homeIndicator, dock: dock,
      provenance: provenance)
  }
}
