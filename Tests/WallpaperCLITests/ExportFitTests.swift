import Foundation
import TestSupport
import XCTest

/// `wallpaper export` defaults that fit devices, the skip policy, previews and the gallery.
final class ExportFitTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private static let sample = Golden.repositoryRoot().appendingPathComponent("Samples/autumn-grid.json").path

  @discardableResult
  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder)
  }

  private func files(in directory: String) throws -> [String: Data] {
    Processes.files(under: "\(folder)/\(directory)")
  }

  private func manifest(_ directory: String) throws -> [String: Any] {
    try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(directory)/manifest.json")))
        as? [String: Any])
  }

  /// The home-grid sample with every default: iPads skipped with a reason on stderr and in the
  /// manifest, each class at the scale its devices use, no two files with the same bytes.
  func testDefaultsSkipIPadsAndWriteEachClassAtItsOwnScaleOnce() throws {
    let result = try wallpaper(["export", Self.sample, "--out", "out"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let skips = lines.filter { $0.hasPrefix("skipped ") }
    XCTAssertEqual(
      skips,
      [
        "skipped 15 iPads in 9 screen classes: the home grid has no iPad metrics (use --devices iphone or a square grid)"
      ], "one line for one cause")
    XCTAssertTrue(lines.last?.hasSuffix("15 devices skipped") ?? false, "summary: \(lines.last ?? "")")

    let written = try files(in: "out")
    var seen: [String: String] = [:]
    for (path, data) in written {
      let digest = try Processes.run("sha256sum", ["\(folder)/out/\(path)"]).stdout.prefix(64)
      XCTAssertNil(seen[String(digest)], "\(path) has the same bytes as \(seen[String(digest)] ?? "")")
      seen[String(digest)] = path
      XCTAssertFalse(path.contains("ipad") || path.contains("1024x1366"), path)
      _ = data
    }
    let entries = try XCTUnwrap(try manifest("out")["files"] as? [[String: Any]])
    var plain = 0
    for entry in entries where entry["format"] as? String == "png" && entry["preview"] == nil {
      guard let scale = entry["scale"] as? Double, let id = entry["screenClass"] as? String else { continue }
      plain += 1
      // The class's own scale: 2 for 320…375x667 and 414x896-2x, 3 for the others.
      let native = ["320x480", "320x568", "375x667", "414x896-2x"].contains(id) ? 2.0 : 3.0
      XCTAssertEqual(scale, native, "\(entry["path"]!)")
      XCTAssertTrue((entry["path"] as! String).hasSuffix("@\(Int(native))x.png"))
    }
    XCTAssertEqual(plain, 14, "one PNG per iPhone class")
    let skipped = try XCTUnwrap(try manifest("out")["skipped"] as? [[String: String]])
    XCTAssertEqual(skipped.count, 15)
    XCTAssertTrue(skipped.allSatisfy { $0["device"]!.hasPrefix("ipad") && $0["reason"]!.contains("home") })

    // --quiet: nothing on stderr; --strict: the skip is an error and nothing is written.
    let quiet = try wallpaper(["export", Self.sample, "--out", "quiet", "--devices", "iphone-8,ipad-11", "--quiet"])
    XCTAssertEqual(quiet.status, 0, quiet.stderr)
    XCTAssertEqual(quiet.stderr, "")
    let strict = try wallpaper(["export", Self.sample, "--out", "strict", "--devices", "iphone-8,ipad-11", "--strict"])
    XCTAssertEqual(strict.status, 2, strict.stderr)
    XCTAssertTrue(strict.stderr.hasPrefix("error: ") && strict.stderr.contains("ipad-11"), strict.stderr)
    XCTAssertEqual(strict.stderr.filter { $0 == "\n" }.count, 1, strict.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/strict"))
  }

  func testContactSheetOfPreviewsAndBadKind() throws {
    let plain = try wallpaper(["export", Self.sample, "--out", "a", "--devices", "iphone-16-pro", "--quiet"])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    let preview = try wallpaper([
      "export", Self.sample, "--out", "b", "--devices", "iphone-16-pro", "--quiet", "--contact-sheet", "preview",
    ])
    XCTAssertEqual(preview.status, 0, preview.stderr)
    let a = try RGBAImage(pngFile: "\(folder)/a/contact-sheet.png")
    let b = try RGBAImage(pngFile: "\(folder)/b/contact-sheet.png")
    XCTAssertEqual([a.width, a.height], [b.width, b.height])
    XCTAssertNotEqual(a.pixels, b.pixels, "the preview sheet shows the mock")
    let bad = try wallpaper(["export", Self.sample, "--out", "c", "--contact-sheet", "mock"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.hasPrefix("error: --contact-sheet: 'mock'"), bad.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/c"))
  }

  /// The details of the skips: one line per screen class with --verbose, one entry per device
  /// with its whole reason in --json.
  func testVerboseAndJSONGiveTheDetailsOfTheSkips() throws {
    let verbose = try wallpaper(["export", Self.sample, "--out", "v", "--formats", "png", "--verbose"])
    XCTAssertEqual(verbose.status, 0, verbose.stderr)
    let skips = verbose.stderr.split(separator: "\n").filter { $0.hasPrefix("skipped ") }
    XCTAssertEqual(skips.count, 1 + 9, verbose.stderr)
    XCTAssertTrue(
      skips.contains {
        $0.hasPrefix("skipped ipad-air-10-9, ipad-air-11, ipad-11 (screen class 820x1180): ")
          && $0.contains("grid.kind: home on ipad-air-10-9")
      }, "\(skips)")
    let json = try wallpaper(["export", Self.sample, "--out", "j", "--formats", "png", "--json"])
    XCTAssertEqual(json.status, 0, json.stderr)
    let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let devices = try XCTUnwrap(document["skippedDevices"] as? [[String: String]])
    XCTAssertEqual(devices.count, 15)
    XCTAssertTrue(devices.allSatisfy { $0["reason"]!.contains("home on ipad-") }, "\(devices)")
  }

  /// A square grid whose insets leave no room on a 320 pt screen: that class is skipped, the
  /// wider ones are written.
  func testASquareGridThatDoesNotFitSkipsTheNarrowDevice() throws {
    try Data(#"{"name": "sq", "grid": {"kind": "square", "columns": 3, "spacing": 6, "inset": "0,340,0,0"}}"#.utf8)
      .write(to: URL(fileURLWithPath: "\(folder)/sq.json"))
    let result = try wallpaper([
      "export", "sq.json", "--out", "out", "--devices", "iphone-4,iphone-16-pro", "--formats", "png",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let skips = result.stderr.split(separator: "\n").filter { $0.hasPrefix("skipped ") }
    XCTAssertEqual(skips.count, 1, result.stderr)
    XCTAssertTrue(skips[0].contains("iphone-4") && skips[0].contains("grid.columns"), String(skips[0]))
    XCTAssertTrue(result.stderr.contains("1 device skipped"), result.stderr)
    XCTAssertNotNil(FileManager.default.contents(atPath: "\(folder)/out/sq-402x874@3x.png"))
    XCTAssertNil(FileManager.default.contents(atPath: "\(folder)/out/sq-320x480@2x.png"))
  }
}
