import SceneGraph
import XCTest

@testable import Wallpapers

final class DeviceCatalogTests: XCTestCase {
  func testIdsFromDevicesMdExistWithTheirSizes() throws {
    let expected: [(String, Double, Double, Int, Int, Int)] = [
      ("iphone-4", 320, 480, 2, 640, 960),
      ("iphone-se-1", 320, 568, 2, 640, 1136),
      ("iphone-8", 375, 667, 2, 750, 1334),
      ("iphone-se-3", 375, 667, 2, 750, 1334),
      ("iphone-8-plus", 414, 736, 3, 1242, 2208),
      ("iphone-x", 375, 812, 3, 1125, 2436),
      ("iphone-xr", 414, 896, 2, 828, 1792),
      ("iphone-11-pro-max", 414, 896, 3, 1242, 2688),
      ("iphone-12-mini", 375, 812, 3, 1125, 2436),
      ("iphone-13-pro-max", 428, 926, 3, 1284, 2778),
      ("iphone-14-plus", 428, 926, 3, 1284, 2778),
      ("iphone-15-pro", 393, 852, 3, 1179, 2556),
      ("iphone-16e", 390, 844, 3, 1170, 2532),
      ("iphone-16-pro", 402, 874, 3, 1206, 2622),
      ("iphone-16-pro-max", 440, 956, 3, 1320, 2868),
      ("iphone-17", 402, 874, 3, 1206, 2622),
      ("iphone-17-pro-max", 440, 956, 3, 1320, 2868),
      ("iphone-air", 420, 912, 3, 1260, 2736),
      ("ipad-mini-8-3", 744, 1133, 2, 1488, 2266),
      ("ipad-pro-11-m4", 834, 1210, 2, 1668, 2420),
      ("ipad-pro-13-m4", 1032, 1376, 2, 2064, 2752),
    ]
    for (id, w, h, scale, pw, ph) in expected {
      let device = try XCTUnwrap(DeviceCatalog.device(id: id), id)
      XCTAssertEqual(device.screen.points, try Size(width: w, height: h), id)
      XCTAssertEqual(device.screen.scale, scale, id)
      XCTAssertEqual(device.screen.pixels.width, pw, id)
      XCTAssertEqual(device.screen.pixels.height, ph, id)
    }
  }

  func testIdsAreUniqueAndWellFormed() {
    let ids = DeviceCatalog.devices.map(\.id)
    XCTAssertEqual(Set(ids).count, ids.count)
    for id in ids {
      XCTAssertNotNil(id.range(of: #"^(iphone|ipad)(-[a-z0-9]+)*$"#, options: .regularExpression), id)
    }
    XCTAssertEqual(Set(DeviceCatalog.screenClasses.map(\.id)).count, DeviceCatalog.screenClasses.count)
  }

  func testPanelsAndUnverifiedEntriesAreMarked() throws {
    let plus = try XCTUnwrap(DeviceCatalog.device(id: "iphone-8-plus"))
    XCTAssertEqual(plus.panelPixels?.width, 1080)
    XCTAssertEqual(plus.panelSource, .plusDownsampling)
    let mini = try XCTUnwrap(DeviceCatalog.device(id: "iphone-13-mini"))
    XCTAssertEqual(mini.panelPixels?.height, 2340)
    XCTAssertEqual(mini.safeArea?.top, 50)
    XCTAssertNil(try XCTUnwrap(DeviceCatalog.device(id: "iphone-x")).panelPixels)
    let m4 = try XCTUnwrap(DeviceCatalog.device(id: "ipad-pro-11-m4"))
    XCTAssertEqual(m4.screen.sources, [.unverified])
    XCTAssertNil(m4.safeArea)
  }

  func testSuggestionsForTypos() {
    XCTAssertEqual(DeviceCatalog.suggestions(for: "iphone-16-pr").first, "iphone-16-pro")
    XCTAssertTrue(DeviceCatalog.suggestions(for: "iphone8").contains("iphone-8"))
  }
}
