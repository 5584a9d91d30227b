import Foundation
import TestSupport
import XCTest

/// `wallpaper preview`, the zones in `devices --json`, and `--watch`, through the built binary.
final class PreviewTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder)
  }

  private static let samples = Golden.repositoryRoot().appendingPathComponent("Samples")

  private func zones(of id: String) throws -> [String: [String: Double]] {
    let result = try wallpaper(["devices", "--json"])
    let devices = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let device = try XCTUnwrap(devices.first { $0["id"] as? String == id })
    return try XCTUnwrap(device["zones"] as? [String: [String: Double]], id)
  }

  /// Pixels brighter than `level` in every channel, as a box in pixels, inside `rows` and `columns`.
  private func brightBox(_ image: RGBAImage, rows: Range<Int>, level: UInt8 = 200) -> (Int, Int, Int, Int)? {
    var box: (Int, Int, Int, Int)?
    for y in rows where y >= 0 && y < image.height {
      for x in 0..<image.width {
        let p = image[x, y]
        guard p[0] > level, p[1] > level, p[2] > level else { continue }
        box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
      }
    }
    return box
  }

  func testDevicesJSONGivesEveryDeviceItsZones() throws {
    let result = try wallpaper(["devices", "--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let devices = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    XCTAssertEqual(devices.filter { $0["family"] as? String == "ipad" }.count, 15)
    for device in devices {
      let id = device["id"] as! String
      let zones = try XCTUnwrap(device["zones"] as? [String: [String: Double]], id)
      var keys = ["statusBar", "lockDate", "lockClock", "lockWidgets", "lockControls", "dock"]
      if (device["safeArea"] as? [String: Double])?["bottom"] ?? 34 > 0 { keys += ["homeIndicator"] }
      for key in keys {
        let rect = try XCTUnwrap(zones[key], "\(id) \(key)")
        XCTAssertEqual(Set(rect.keys), ["x", "y", "width", "height"], "\(id) \(key)")
      }
      let iPad = device["family"] as? String == "ipad"
      if keys.contains("homeIndicator") && !iPad {
        XCTAssertTrue(zones["island"] != nil || zones["notch"] != nil, "\(id): island or notch")
      }
      if iPad {
        XCTAssertTrue(zones["island"] == nil && zones["notch"] == nil, "\(id): iPads have no housing")
      }
      XCTAssertEqual(zones["homeIndicator"] != nil, keys.contains("homeIndicator"), id)
      let source = try XCTUnwrap(device["zonesSource"] as? [String: Any], id)
      XCTAssertEqual(source["verified"] as? Bool, false, id)
      XCTAssertEqual(source["iOSVersion"] as? String, iPad ? "iPadOS 17/18" : "iOS 18", id)
    }
  }

  /// The lock preview's time fills the catalogue's clock box on an iPhone 16 Pro and on two
  /// iPads (Face ID and home button): the bright ink on a black wallpaper, between the date
  /// line and the widget row, lies inside the box (1 pt of antialiasing) and covers most of its
  /// height.
  func testLockPreviewPutsTheTimeInTheClockBox() throws {
    for (id, scale) in [("iphone-16-pro", 3.0), ("ipad-pro-13-m4", 2.0), ("ipad-10-2", 2.0)] {
      try checkTimeInClockBox(id, scale: scale)
    }
  }

  private func checkTimeInClockBox(_ id: String, scale: Double) throws {
    let result = try wallpaper([
      "preview", "--device", id, "--screen", "lock", "--base-color", "black", "--alpha", "0",
      "--no-label", "-o", "lock.png",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let image = try RGBAImage(pngFile: "\(folder)/lock.png")
    XCTAssertEqual(image.width, Int(try XCTUnwrap(zones(of: id)["statusBar"]?["width"]) * scale), id)
    let zones = try zones(of: id)
    let clock = try XCTUnwrap(zones["lockClock"])
    let date = try XCTUnwrap(zones["lockDate"])
    let widgets = try XCTUnwrap(zones["lockWidgets"])
    let rows = Int(((date["y"]! + date["height"]!) * scale).rounded(.up))..<Int(widgets["y"]! * scale)
    let box = try XCTUnwrap(brightBox(image, rows: rows), "\(id): no time drawn")
    let (x0, y0) = (clock["x"]! * scale, clock["y"]! * scale)
    let (x1, y1) = (x0 + clock["width"]! * scale, y0 + clock["height"]! * scale)
    XCTAssertGreaterThanOrEqual(Double(box.0), x0 - scale, id)
    XCTAssertLessThanOrEqual(Double(box.2), x1 + scale, id)
    XCTAssertGreaterThanOrEqual(Double(box.1), y0 - scale, "\(id): time top \(Double(box.1) / scale) pt")
    XCTAssertLessThanOrEqual(Double(box.3), y1 + scale, "\(id): time bottom \(Double(box.3) / scale) pt")
    XCTAssertGreaterThan(Double(box.3 - box.1), (y1 - y0) * 0.85, "\(id): the time fills the clock's height")
    print(
      "\(id) time ink: x \(Double(box.0) / scale)…\(Double(box.2 + 1) / scale), y \(Double(box.1) / scale)…"
        + "\(Double(box.3 + 1) / scale) pt; clock box x \(x0 / scale)…\(x1 / scale), y \(y0 / scale)…\(y1 / scale) pt")
  }

  /// For every sample design on an iPhone: the label's ink in the lock preview (what changes
  /// when the label is drawn in a transparent colour, which leaves the layout alone) stays out
  /// of the clock box where the time is drawn.
  func testSampleLockPreviewsKeepTheTimeOffTheLabel() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasSuffix(".json") }
    var checked = 0
    for file in files.sorted() {
      let path = Self.samples.appendingPathComponent(file).path
      let with = try wallpaper(["preview", path, "--scale", "1", "-o", "with.png"])
      XCTAssertEqual(with.status, 0, "\(file): \(with.stderr)")
      try wallpaper(["preview", path, "--scale", "1", "--label-color", "#00000000", "-o", "without.png"])
      let a = try RGBAImage(pngFile: "\(folder)/with.png")
      let b = try RGBAImage(pngFile: "\(folder)/without.png")
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
      let clock = try XCTUnwrap(zones(of: json["device"] as! String)["lockClock"])
      var inClock = 0
      var label = 0
      for y in 0..<a.height {
        for x in 0..<a.width {
          let (p, q) = (a[x, y], b[x, y])
          guard zip(p, q).contains(where: { abs(Int($0) - Int($1)) > 24 }) else { continue }
          label += 1
          let (px, py) = (Double(x), Double(y))
          if px >= clock["x"]!, px < clock["x"]! + clock["width"]!, py >= clock["y"]!,
            py < clock["y"]! + clock["height"]!
          {
            inClock += 1
          }
        }
      }
      XCTAssertEqual(inClock, 0, "\(file): \(inClock) label pixels in the clock box")
      if label > 0 { checked += 1 }
    }
    XCTAssertGreaterThanOrEqual(checked, 5, "samples with a visible label")
  }

  func testHomePreviewDrawsTilesInTheGrid() throws {
    let lock = try wallpaper(["preview", "--device", "iphone-8", "--alpha", "0", "--no-label", "-o", "l.png"])
    XCTAssertEqual(lock.status, 0, lock.stderr)
    let home = try wallpaper([
      "preview", "--device", "iphone-8", "--alpha", "0", "--no-label", "--screen", "home", "--base-color", "black",
      "-o", "h.png",
    ])
    XCTAssertEqual(home.status, 0, home.stderr)
    // iPhone 8: the first icon spans 27…87 × 30…90 pt (seed metrics); its middle is a light tile.
    let image = try RGBAImage(pngFile: "\(folder)/h.png")
    XCTAssertGreaterThan(image[57 * 2, 60 * 2][0], 100)
    XCTAssertLessThan(image[20 * 2, 60 * 2][0], 40, "between icons the wallpaper shows")
  }

  /// An iPad's home preview: the dock's icon tiles are drawn where the catalogue puts them, and
  /// above the dock the wallpaper shows (no iPad home-screen grid is known, so no icon rows).
  func testIPadHomePreviewDrawsTheDockOnly() throws {
    let id = "ipad-air-11"
    let home = try wallpaper([
      "preview", "--device", id, "--alpha", "0", "--no-label", "--screen", "home", "--base-color", "black",
      "--scale", "1", "-o", "h.png",
    ])
    XCTAssertEqual(home.status, 0, home.stderr)
    let image = try RGBAImage(pngFile: "\(folder)/h.png")
    let dock = try XCTUnwrap(zones(of: id)["dock"])
    // The first tile's middle (18 pt padding, 76 pt icon) is light; the gap after it is not.
    let (x, y) = (Int(dock["x"]! + 18 + 38), Int(dock["y"]! + 18 + 38))
    XCTAssertGreaterThan(image[x, y][0], 100, "dock icon at \(x),\(y)")
    XCTAssertLessThan(image[x + 38 + 9, y][0], 100, "between dock icons")
    // Between the status bar and the dock: only the black wallpaper.
    let rows = 40..<Int(dock["y"]!) - 1
    XCTAssertNil(brightBox(image, rows: rows, level: 60), "nothing drawn above the dock")
  }

  /// `export --contact-sheet preview` with an iPad: its lock and home previews are written and
  /// listed, and the sheet shows the iPad with the lock-screen mock.
  func testExportWritesIPadPreviews() throws {
    let design = Self.samples.appendingPathComponent("autumn.json").path
    let common = ["export", design, "--devices", "ipad-mini-8-3", "--formats", "png", "--scales", "1", "--quiet"]
    let plain = try wallpaper(common + ["--out", "a"])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    let preview = try wallpaper(common + ["--out", "b", "--contact-sheet", "preview"])
    XCTAssertEqual(preview.status, 0, preview.stderr)
    let manifest = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/b/manifest.json")))
        as? [String: Any])
    let paths = try XCTUnwrap(manifest["files"] as? [[String: Any]]).map { $0["path"] as! String }
    for screen in ["lock", "home"] {
      XCTAssertTrue(paths.contains("previews/autumn-744x1133-\(screen).png"), "\(paths)")
      let image = try RGBAImage(pngFile: "\(folder)/b/previews/autumn-744x1133-\(screen).png")
      XCTAssertEqual([image.width, image.height], [744, 1133])
    }
    let a = try RGBAImage(pngFile: "\(folder)/a/contact-sheet.png")
    let b = try RGBAImage(pngFile: "\(folder)/b/contact-sheet.png")
    XCTAssertEqual([a.width, a.height], [b.width, b.height])
    XCTAssertNotEqual(a.pixels, b.pixels, "the preview sheet shows the iPad's mock")
  }

  func testBadValuesAreOneLineUsageErrorsAndWriteNothing() throws {
    for arguments in [
      ["preview", "--device", "iphone-16-pro", "--screen", "desktop", "-o", "x.png"],
      ["preview", "--device", "ipad-pro-13-m4", "--orientation", "landscape", "-o", "x.png"],
      ["preview", "--device", "iphone-16-pro", "--orientation", "landscape", "-o", "x.png"],
      ["preview", "--device", "iphone-16-pro", "--label-position", "middle", "-o", "x.png"],
      ["render", "--device", "iphone-16-pro", "--label-position", "middle", "-o", "x.png"],
      ["render", "--device", "iphone-16-pro", "--label-offset", "down", "-o", "x.png"],
    ] {
      let result = try wallpaper(arguments)
      let name = arguments.joined(separator: " ")
      XCTAssertEqual(result.status, 2, name)
      XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr)
      XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/x.png"), name)
    }
    let position = try wallpaper(["render", "--device", "iphone-16-pro", "--label-position", "middle", "-o", "x.png"])
    XCTAssertTrue(position.stderr.contains("below-clock"), position.stderr)
  }
}
