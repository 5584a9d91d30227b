import SceneGraph
import XCTest

@testable import Wallpapers

/// The zones iOS draws over a wallpaper, and a composition that keeps the label and the
/// focal motifs clear of them.
final class ZoneTests: XCTestCase {
  /// One model per iPhone screen class, and the minis, whose status bar is taller.
  private var iPhones: [Device] {
    DeviceCatalog.screenClasses.filter { $0.family == .iphone }.map { DeviceCatalog.models(of: $0)[0] }
      + [DeviceCatalog.device(id: "iphone-12-mini")!]
  }

  /// One model per iPad screen class.
  private var iPads: [Device] {
    DeviceCatalog.screenClasses.filter { $0.family == .ipad }.map { DeviceCatalog.models(of: $0)[0] }
  }

  private func intersects(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  private func intersects(_ a: Box, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  func testEveryDeviceHasZonesInReadingOrder() throws {
    for device in DeviceCatalog.devices {
      let zones = device.zones
      let canvas = Rect(size: device.screen.points)
      for (key, rect) in zones.named {
        XCTAssertTrue(
          rect.minX >= 0 && rect.minY >= 0 && rect.maxX <= canvas.maxX && rect.maxY <= canvas.maxY,
          "\(device.id) \(key) \(rect) outside the screen")
        XCTAssertGreaterThan(rect.width * rect.height, 0, "\(device.id) \(key)")
      }
      XCTAssertLessThanOrEqual(zones.statusBar.maxY, zones.lockDate.minY, device.id)
      XCTAssertLessThanOrEqual(zones.lockDate.maxY, zones.lockClock.minY, device.id)
      XCTAssertLessThanOrEqual(zones.lockClock.maxY, zones.lockWidgets.minY, device.id)
      XCTAssertLessThan(zones.lockWidgets.maxY, zones.lockControls.minY, device.id)
      if let indicator = zones.homeIndicator {
        XCTAssertLessThanOrEqual(zones.lockControls.maxY, indicator.minY, device.id)
        XCTAssertLessThanOrEqual(zones.dock.maxY, indicator.minY, device.id)
      }
      if let housing = zones.sensorHousing {
        XCTAssertLessThanOrEqual(housing.maxY, zones.statusBar.maxY, device.id)
      }
      // Only the notched and Dynamic Island iPhones have a housing (iPads none); home-button
      // devices a home button instead of the indicator.
      let faceID = (device.safeArea?.bottom ?? 34) > 0
      XCTAssertEqual(zones.sensorHousing != nil, faceID && device.family == .iphone, device.id)
      XCTAssertEqual(zones.homeIndicator != nil, faceID, device.id)
      XCTAssertFalse(zones.provenance.verified, "\(device.id): derived zones must say so")
      // The dock's icons sit inside its platter, side by side.
      XCTAssertFalse(zones.dockIcons.isEmpty, device.id)
      for (icon, next) in zip(zones.dockIcons, zones.dockIcons.dropFirst()) {
        XCTAssertLessThanOrEqual(icon.maxX, next.minX, device.id)
      }
      for icon in zones.dockIcons {
        XCTAssertTrue(
          icon.minX >= zones.dock.minX && icon.maxX <= zones.dock.maxX && icon.minY >= zones.dock.minY
            && icon.maxY <= zones.dock.maxY, "\(device.id): dock icon \(icon) outside \(zones.dock)")
      }
      if device.family == .ipad {
        // iPadOS 17/18 centres the date and the clock; the zones say which system they follow.
        XCTAssertEqual(zones.lockClock.center.x, device.screen.points.width / 2, accuracy: 1e-9, device.id)
        XCTAssertEqual(zones.lockDate.center.x, device.screen.points.width / 2, accuracy: 1e-9, device.id)
        XCTAssertEqual(zones.provenance.iOSVersion, "iPadOS 17/18", device.id)
      }
    }
    // The measurement the rest is derived from: the 16 Pro's clock spans 114–175 pt.
    let pro = try XCTUnwrap(DeviceCatalog.device(id: "iphone-16-pro")?.zones)
    XCTAssertEqual(pro.lockClock.minY, 114)
    XCTAssertEqual(pro.lockClock.maxY, 175)
    XCTAssertNotNil(pro.island)
    XCTAssertNil(pro.notch)
    XCTAssertNotNil(DeviceCatalog.device(id: "iphone-x")?.zones.notch)
    // iPads: the 16 Pro's layout scaled by height / 874 below the iPad's safe-area top. On the
    // 13" M4 (1376 pt, k = 1.574, top 24): date 24 + 35 = 59…94, clock 94 + 13 = 107…203.
    let ipad = try XCTUnwrap(DeviceCatalog.device(id: "ipad-pro-13-m4")).zones
    XCTAssertEqual(
      [ipad.lockDate.minY, ipad.lockDate.maxY, ipad.lockClock.minY, ipad.lockClock.maxY], [59, 94, 107, 203])
    XCTAssertEqual(ipad.dockIcons.count, 8)
    XCTAssertEqual(ipad.dockIcons[0].width, 83.5, "the HIG's 12.9\" iPad Pro app icon")
    // A narrow iPad shrinks the dock's icons to fit 24 pt from the sides.
    let mini = try XCTUnwrap(DeviceCatalog.device(id: "ipad-mini-8-3")).zones
    XCTAssertEqual(mini.dock.minX, 24)
    XCTAssertLessThan(mini.dockIcons[0].width, 76)
    XCTAssertNil(DeviceCatalog.device(id: "ipad-10-2")?.zones.homeIndicator, "home-button iPad")
  }

  /// The default label's box against the clock and the widget row on every iPhone class, in
  /// points (the table in the issue: the label used to sit inside `lockWidgets`).
  func testDefaultLabelClearsTheWidgetRowOnEveryIPhoneClass() throws {
    for screen in DeviceCatalog.screenClasses where screen.family == .iphone {
      let device = DeviceCatalog.models(of: screen)[0]
      let zones = device.zones
      let box = try XCTUnwrap(Design(device: device, season: .spring).labelPlacement?.box)
      // The label spans most of the width: rows that overlap would overlap on screen.
      for zone in [zones.lockWidgets, zones.lockClock] {
        XCTAssertFalse(box.minY < zone.maxY && zone.minY < box.maxY, "\(device.id): label \(box) over \(zone)")
      }
      print(
        "\(device.id) (\(screen.id)): label \(Int(box.minY.rounded()))–\(Int(box.maxY.rounded())) pt, clock "
          + "\(Int(zones.lockClock.minY))–\(Int(zones.lockClock.maxY.rounded())) pt, lockWidgets "
          + "\(Int(zones.lockWidgets.minY))–\(Int(zones.lockWidgets.maxY.rounded())) pt")
    }
  }

  func testDefaultLabelSitsBelowTheClockAndTopKeepsTheSeedPlace() throws {
    for device in iPhones + iPads {
      let zones = device.zones
      var design = Design(device: device, season: .autumn)
      XCTAssertEqual(design.effectiveLabelPosition, .belowClock)
      let box = try XCTUnwrap(design.labelPlacement?.box)
      XCTAssertGreaterThanOrEqual(box.minY, zones.lockClock.maxY, device.id)
      XCTAssertGreaterThanOrEqual(box.minY, zones.lockWidgets.maxY, "\(device.id): the label under the widgets")
      XCTAssertLessThan(box.maxY, zones.lockControls.minY, device.id)
      design.label.position = .top
      let top = try XCTUnwrap(design.labelPlacement?.box)
      XCTAssertEqual(top.minY, design.layoutSafeArea.top + device.screen.points.height * 0.06, accuracy: 1e-9)
      design.label.offset = -10
      XCTAssertEqual(try XCTUnwrap(design.labelPlacement?.box).minY, top.minY - 10, accuracy: 1e-9)
      design.label.position = .aboveDock
      design.label.offset = 0
      XCTAssertLessThanOrEqual(try XCTUnwrap(design.labelPlacement?.box).maxY, zones.dock.minY, device.id)
    }
    // Without zones (landscape, iPhone or iPad) the default is the centre.
    var landscapeIPad = Design(device: DeviceCatalog.device(id: "ipad-pro-13-m4")!)
    landscapeIPad.orientation = .landscape
    XCTAssertEqual(landscapeIPad.effectiveLabelPosition, .center)
    var landscape = Design(device: DeviceCatalog.device(id: "iphone-16-pro")!)
    landscape.orientation = .landscape
    XCTAssertEqual(landscape.effectiveLabelPosition, .center)
  }

  /// For every iPhone and iPad class, season and art seed 1…20: the label's box clears the
  /// clock, the date and the island or notch, and no focal motif's shape reaches into the
  /// label's box or the clock. Measured on the drawn geometry of the scene.
  func testFocalMotifsKeepOutOfTheLabelAndTheClock() throws {
    var motifs = 0
    var iPadMotifs = 0
    for device in iPhones + iPads {
      let zones = device.zones
      for season in Season.allCases {
        for seed: UInt64 in 1...20 {
          var design = Design(device: device, season: season)
          design.season.seed = seed
          let name = "\(device.id) \(season) seed \(seed)"
          let label = try XCTUnwrap(design.labelPlacement?.box)
          XCTAssertFalse(intersects(label, zones.lockClock), "\(name): label over the clock")
          XCTAssertFalse(intersects(label, zones.lockDate), "\(name): label over the date")
          if let housing = zones.sensorHousing {
            XCTAssertFalse(intersects(label, housing), "\(name): label over the island")
          }
          let scene = try design.scene(defaultFont: "f.ttf")
          let focalName = SeasonArt.focalLayerName(for: season)
          guard case .group(let art)? = scene.nodes.first(where: { groupName($0) == "art" }),
            let focal = art.children.first(where: { groupName($0) == focalName })
          else { return XCTFail("\(name): no focal layer") }
          for box in shapeBoxes(focal) {
            motifs += 1
            if device.family == .ipad { iPadMotifs += 1 }
            XCTAssertFalse(intersects(box, label), "\(name): a \(focalName) shape crosses the label")
            XCTAssertFalse(intersects(box, zones.lockClock), "\(name): a \(focalName) shape crosses the clock")
          }
        }
      }
    }
    XCTAssertGreaterThan(motifs, 2000, "the focal layers should still draw")
    XCTAssertGreaterThan(iPadMotifs, 9 * 4 * 20, "the focal layers should still draw on iPads")
    print("focal motif shapes checked: \(motifs), of which on iPads \(iPadMotifs)")
  }

  /// Without zones (landscape) the label is centred and the focal motifs still keep out of its
  /// box.
  func testFocalMotifsKeepOutOfTheLabelWithoutZones() throws {
    for (id, orientation) in [
      ("ipad-pro-13-m4", Orientation.landscape), ("ipad-mini-8-3", .landscape),
      ("iphone-16-pro-max", .landscape), ("iphone-se-3", .landscape),
    ] {
      for season in Season.allCases {
        for seed: UInt64 in 1...20 {
          var design = Design(device: DeviceCatalog.device(id: id)!, season: season)
          design.orientation = orientation
          design.season.seed = seed
          let label = try XCTUnwrap(design.labelPlacement?.box)
          let scene = try design.scene(defaultFont: "f.ttf")
          let focalName = SeasonArt.focalLayerName(for: season)
          guard case .group(let art)? = scene.nodes.first(where: { groupName($0) == "art" }),
            let focal = art.children.first(where: { groupName($0) == focalName })
          else { return XCTFail("\(id) \(season): no focal layer") }
          for box in shapeBoxes(focal) {
            XCTAssertFalse(intersects(box, label), "\(id) \(orientation) \(season) seed \(seed): crosses the label")
          }
        }
      }
    }
  }

  private func groupName(_ node: Node) -> String? {
    if case .group(let group) = node { return group.name }
    return nil
  }

  /// The box of every shape under `node`, each on its own.
  private func shapeBoxes(_ node: Node, transform: Transform = .identity) -> [Box] {
    switch node {
    case .group(let group):
      return group.children.flatMap { shapeBoxes($0, transform: group.transform.then(transform)) }
    case .shape: return bounds(of: node, transform: transform).map { [$0] } ?? []
    case .text, .image, .vector: return []
    }
  }
}
