import SceneGraph

/// What iOS or iPadOS draws over a wallpaper on one device, as rectangles in points of the
/// portrait canvas (origin top left, y down), with their provenance.
///
/// Apple publishes none of these positions except the home indicator's size and the icon
/// sizes; the rest is derived (see `provenance`) the way the home-screen grid metrics are:
/// from one measured device and the catalogue's safe-area insets, and is marked unverified.
/// Portrait only: in landscape the lock-screen clock and widgets move (iPadOS puts the widgets
/// in a column on the left), and no device keeps zones there.
public struct DeviceZones: Sendable, Hashable {
  /// The status bar: the full width, down to the safe-area top.
  public let statusBar: Rect
  /// The Dynamic Island (14 Pro and later, 15, 16, 17, Air), or nil (iPads have none).
  public let island: Rect?
  /// The sensor notch (X to 14, 16e), or nil (iPads have none).
  public let notch: Rect?
  /// The lock screen's date line above the clock.
  public let lockDate: Rect
  /// The lock screen's large time, the box its digits fill.
  public let lockClock: Rect
  /// The lock screen's row of widgets below the clock (iOS 16, iPadOS 17 and later, portrait).
  public let lockWidgets: Rect
  /// The lock screen's bottom band. On iPhones it holds the bottom controls (flashlight left,
  /// camera right). iPadOS has no such buttons: on iPads it is the band where iPadOS writes its
  /// unlock hint ("Swipe up to open", "Press home to open") and where the notification list
  /// ends, placed by the iPhone's rule.
  public let lockControls: Rect
  /// The home indicator bar, or nil on home-button iPhones and iPads.
  public let homeIndicator: Rect?
  /// The home screen's dock platter (on iPads the floating dock).
  public let dock: Rect
  /// The icon tiles in the dock, left to right: the home grid's columns on iPhones, the
  /// default iPadOS dock's slots on iPads (see `derive(for:)`).
  public let dockIcons: [Rect]
  /// Where the numbers come from and how they were derived.
  public let provenance: Provenance

  /// Where a device's zones come from.
  public struct Provenance: Sendable, Hashable {
    public let source: String
    /// The iOS or iPadOS version the layout follows.
    public let iOSVersion: String
    /// True only where the numbers were measured on the class itself.
    public let verified: Bool
    public let note: String
  }

  /// The lock screen's date and clock together: the box the lock screen's own text covers.
  public var lockText: Rect {
    let top = min(lockDate.minY, lockClock.minY)
    let left = min(lockDate.minX, lockClock.minX)
    return Rect(
      clampingX: left, y: top, width: max(lockDate.maxX, lockClock.maxX) - left,
      height: max(lockDate.maxY, lockClock.maxY) - top)
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
  /// The device's zones in portrait, derived from its screen class and safe area
  /// (`DeviceZones.derive(for:)`); every iPhone and iPad has them.
  public var zones: DeviceZones { DeviceZones.derive(for: self) }
}

extension DeviceZones {
  /// The measurement the derivation starts from: the iPhone 16 Pro (402×874) lock screen on
  /// iOS 18, whose clock digits span y 114–175 pt (issue 12, measured on a screenshot) below a
  /// 62 pt safe-area top.
  static let measuredScreen = (width: 402.0, height: 874.0)
  /// The 16 Pro's lock-screen lengths in points: the date line 22 pt below the safe-area top and
  /// 22 pt tall, the clock 8 pt below it and 61 pt tall, the widget row 12 pt below the clock and
  /// 72 pt tall (62 + 22 + 22 + 8 = 114, + 61 = 175).
  static let measuredLock = (
    dateGap: 22.0, dateHeight: 22.0, clockGap: 8.0, clockHeight: 61.0, widgetGap: 12.0, widgetHeight: 72.0
  )
  /// The 16 Pro's lock-screen widths as shares of its width: date 70 %, clock 80 %, and the
  /// widget row the width less 24 pt on each side.
  static let measuredWidths = (date: 0.7, clock: 0.8, widgetMargin: 24.0)

  /// Derives the zones of an iPhone or iPad from its screen size and safe area.
  static func derive(for device: Device) -> DeviceZones {
    switch device.family {
    case .iphone: return deriveIPhone(device)
    case .ipad: return deriveIPad(device)
    }
  }

  private static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    // Finite and non-negative by construction: catalogue sizes and insets are validated.
    Rect(clampingX: x, y: y, width: width, height: height)
  }

  /// The bottom of the lock screen and the home indicator, alike on iPhones and iPads.
  ///
  /// - Bottom band (`lockControls`): 50 pt tall, 22 pt from the sides, 12 pt above the home
  ///   indicator band (the safe-area bottom), or 24 pt above the bottom edge on home-button
  ///   devices. On iPhones the flashlight and camera buttons sit in it; on iPads (no buttons)
  ///   iPadOS's unlock hint and the end of the notification list.
  /// - Home indicator: 134×5 pt, 8 pt above the bottom edge (Apple's iPhone design resources;
  ///   no iPad size is published, so iPads use the same), only where the safe-area bottom is > 0.
  private static func bottomZones(width w: Double, height h: Double, safeBottom bottom: Double) -> (
    controls: Rect, indicator: Rect?
  ) {
    let controlsBottom = bottom > 0 ? h - bottom - 12 : h - 24
    return (rect(22, controlsBottom - 50, w - 44, 50), bottom > 0 ? rect((w - 134) / 2, h - 13, 134, 5) : nil)
  }

  /// The start of a note: what is assumed when the device's safe area is unknown, or nothing.
  private static func assumedSafeArea(_ device: Device, top: Double, bottom: Double) -> String {
    guard device.safeArea == nil else { return "" }
    return "safe area unknown: a \(formatNumber(top)) pt top and \(formatNumber(bottom)) pt bottom inset are assumed; "
  }

  /// The zones of an iPhone.
  ///
  /// - The date line (22 pt) starts 22 pt below the safe-area top; the clock 8 pt below it,
  ///   61 pt tall: this reproduces the measured 114–175 pt on the 16 Pro and is carried to the
  ///   other classes through their safe-area tops (a clock that follows the status bar).
  /// - Widgets: a 72 pt row 12 pt below the clock, 24 pt side margins (HIG rectangular
  ///   lock-screen widget height; margins estimated).
  /// - Bottom controls and home indicator: `bottomZones`.
  /// - Island: 126×37.33 pt, 11.33 pt from the top (14 Pro template), 14 pt on the 16 Pro and
  ///   later thinner-bezel classes. Notch: 209×30 pt (X), 230×32 (XR/XS Max), 210×32 for the
  ///   12–14 classes (the 13's narrower 162 pt notch is inside it).
  /// - Dock: a 96 pt platter (60 pt icons, 18 pt above and below), 8 pt side margins,
  ///   centred in the band the home-screen grid leaves below its last icon row and above the
  ///   home indicator; its icons under the grid's columns.
  private static func deriveIPhone(_ device: Device) -> DeviceZones {
    let screen = device.screen
    let (w, h) = (screen.points.width, screen.points.height)
    let (top, bottom) = (device.layoutSafeArea.top, device.layoutSafeArea.bottom)
    let lock = measuredLock
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
    // The same numbers as `measuredWidths`, written out so that the margins are exact.
    let lockDate = rect(w * 0.15, top + lock.dateGap, w * 0.7, lock.dateHeight)
    let lockClock = rect(w * 0.1, lockDate.maxY + lock.clockGap, w * 0.8, lock.clockHeight)
    let margin = measuredWidths.widgetMargin
    let lockWidgets = rect(margin, lockClock.maxY + lock.widgetGap, w - 2 * margin, lock.widgetHeight)
    let (lockControls, homeIndicator) = bottomZones(width: w, height: h, safeBottom: bottom)
    let grid = HomeScreenGrid.metrics(forScreenClass: screen.id)
    let dockBand: (top: Double, bottom: Double)
    if let grid {
      dockBand = (h - grid.bottom + grid.gapHeight / 2, h - max(bottom, 4))
    } else {
      dockBand = (h - 130, h - max(bottom, 4))
    }
    let dockHeight = min(96, dockBand.bottom - dockBand.top)
    let dock = rect(8, (dockBand.top + dockBand.bottom - dockHeight) / 2, w - 16, dockHeight)
    var dockIcons: [Rect] = []
    if let grid {
      let icons = HomeScreenGrid.cells(metrics: grid, canvas: screen.points).compactMap(\.icon)
      dockIcons = icons.prefix(grid.columns).map { column in
        rect(column.minX, dock.center.y - column.height / 2, column.width, column.height)
      }
    }
    let measured = screen.id == "402x874" && device.safeAreaOverride == nil
    let provenance = Provenance(
      source: measured
        ? "lock clock measured on an iPhone 16 Pro screenshot (issue 12); the rest derived"
        : "derived from the iPhone 16 Pro lock-screen measurement and this class's safe area",
      iOSVersion: "iOS 18", verified: false,
      note: assumedSafeArea(device, top: top, bottom: bottom)
        + "date 22 pt tall, 22 pt below the safe-area top; clock 8 pt below it, 61 pt tall (measured "
        + "114-175 pt on the 16 Pro); widgets 72 pt, 12 pt below the clock; controls 50 pt buttons 12 pt "
        + "above the home indicator band; home indicator 134x5 pt, 8 pt above the bottom; dock 96 pt, "
        + "centred below the last home-screen icon row")
    return DeviceZones(
      statusBar: statusBar, island: island, notch: notch, lockDate: lockDate, lockClock: lockClock,
      lockWidgets: lockWidgets, lockControls: lockControls, homeIndicator: homeIndicator, dock: dock,
      dockIcons: dockIcons, provenance: provenance)
  }

  /// The app-icon size Apple's HIG gives for iPads, in points: 76 (152 px at @2x), and 83.5
  /// (167 px) for the 12.9" iPad Pro, whose 1024×1366 class and the 13" M4's 1032×1376 are the
  /// classes at least 1024 pt wide.
  static func iPadAppIconSize(width: Double) -> Double { width >= 1024 ? 83.5 : 76 }

  /// The iPadOS dock the zones assume: the default dock of a new iPad (Messages, Safari, Music,
  /// Mail, Calendar, Photos, Notes and the App Library), 18 pt between icons and around them
  /// (the iPhone dock's padding), at least 24 pt from the screen's sides (iPadOS shrinks the
  /// icons of a full dock), floating 8 pt above the safe-area bottom.
  static let iPadDock = (slots: 8, gap: 18.0, padding: 18.0, sideMargin: 24.0, lift: 8.0)

  /// The zones of an iPad in portrait, for the iPadOS 17/18 lock screen (date and a large clock
  /// centred near the top, the widget row below them; no island or notch).
  ///
  /// Nobody measured an iPad lock screen, so the 16 Pro's measured layout is scaled to the
  /// iPad by k = height / 874 (the share of the screen height each element takes stays the
  /// iPhone's), centred, and placed below the iPad's own safe-area top as the iPhone's is below
  /// its own: date `22k` below the safe-area top and `22k` tall, clock `8k` below it and `61k`
  /// tall, widgets `12k` below the clock and `72k` tall; widths 70 %, 80 % and the width less
  /// 48 pt of the 16 Pro's 402 pt, times k. Lengths are rounded to whole points.
  /// The bottom band and the home indicator (Face ID iPads only) follow `bottomZones`; the dock
  /// `iPadDock` with icons of `iPadAppIconSize`. A class with an unknown safe area (the 11" M4)
  /// takes `Device.layoutSafeArea`'s guess, a Face ID iPad's 24 pt top and 20 pt bottom.
  private static func deriveIPad(_ device: Device) -> DeviceZones {
    let screen = device.screen
    let (w, h) = (screen.points.width, screen.points.height)
    let (top, bottom) = (device.layoutSafeArea.top, device.layoutSafeArea.bottom)
    let k = h / measuredScreen.height
    func scaled(_ length: Double) -> Double { (length * k).rounded() }
    func centred(width: Double, y: Double, height: Double) -> Rect { rect((w - width) / 2, y, width, height) }
    let lock = measuredLock
    let phone = measuredScreen.width
    let lockDate = centred(
      width: scaled(phone * measuredWidths.date), y: top + scaled(lock.dateGap), height: scaled(lock.dateHeight))
    let lockClock = centred(
      width: scaled(phone * measuredWidths.clock), y: lockDate.maxY + scaled(lock.clockGap),
      height: scaled(lock.clockHeight))
    let lockWidgets = centred(
      width: scaled(phone - 2 * measuredWidths.widgetMargin), y: lockClock.maxY + scaled(lock.widgetGap),
      height: scaled(lock.widgetHeight))
    let (lockControls, homeIndicator) = bottomZones(width: w, height: h, safeBottom: bottom)
    let shape = iPadDock
    let slots = Double(shape.slots)
    let fitting = (w - 2 * shape.sideMargin - 2 * shape.padding - (slots - 1) * shape.gap) / slots
    let icon = min(iPadAppIconSize(width: w), fitting)
    let dockWidth = slots * icon + (slots - 1) * shape.gap + 2 * shape.padding
    let dockHeight = icon + 2 * shape.padding
    let dock = centred(width: dockWidth, y: h - bottom - shape.lift - dockHeight, height: dockHeight)
    let dockIcons = (0..<shape.slots).map { slot in
      rect(dock.minX + shape.padding + Double(slot) * (icon + shape.gap), dock.minY + shape.padding, icon, icon)
    }
    func number(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }
    let provenance = Provenance(
      source: "derived from the iPhone 16 Pro lock-screen measurement, scaled to this class's height, "
        + "and the HIG's iPad app-icon size; no iPad was measured",
      iOSVersion: "iPadOS 17/18", verified: false,
      note: assumedSafeArea(device, top: top, bottom: bottom)
        + "the 16 Pro's lock screen scaled by k = \(number(h))/874 = \(number(k)) and centred: date "
        + "\(number(lockDate.height)) pt tall, \(number(lockDate.minY - top)) pt below the safe-area top; clock "
        + "\(number(lockClock.height)) pt tall, \(number(lockClock.minY - lockDate.maxY)) pt below the date; "
        + "widgets \(number(lockWidgets.height)) pt, \(number(lockWidgets.minY - lockClock.maxY)) pt below the "
        + "clock; no island or notch; lockControls is the band of the unlock hint (iPadOS has no flashlight "
        + "or camera buttons), placed as the iPhone's controls"
        + (homeIndicator == nil
          ? "; no home indicator (home button)"
          : "; home indicator 134x5 pt as on iPhones (no iPad size published)")
        + "; dock: 8 icons (the default dock) of \(number(icon)) pt, 18 pt apart and inside, "
        + "\(number(shape.lift)) pt above the safe-area bottom; models that stop at iPadOS 15 or 16 show "
        + "the older lock screen without widgets")
    return DeviceZones(
      statusBar: rect(0, 0, w, top), island: nil, notch: nil, lockDate: lockDate, lockClock: lockClock,
      lockWidgets: lockWidgets, lockControls: lockControls, homeIndicator: homeIndicator, dock: dock,
      dockIcons: dockIcons, provenance: provenance)
  }
}
