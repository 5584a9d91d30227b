import Foundation
import TestSupport
import XCTest

/// The export gallery (`index.html`) as a browser opens it. The interop tier: `make check`.
final class GalleryBrowserTests: BinaryTestCase {
  private static let sample = Golden.repositoryRoot().appendingPathComponent("Samples/autumn-grid.json").path

  private func manifest(_ directory: String) throws -> [String: Any] {
    try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(directory)/manifest.json")))
        as? [String: Any])
  }

  /// `index.html` beside the manifest links every file of it, is valid HTML5 (tidy) and
  /// well-formed, and opens in headless Chromium with every image decoded, no console errors,
  /// no request leaving the folder, and a screenshot that is not blank.
  func testGalleryOpensInChromiumWithEveryImage() throws {
    try InteropTier.require("chromium", "tidy", "xmllint")
    let result = try wallpaper([
      "export", Self.sample, "--out", "out", "--devices", "iphone-8,iphone-16-pro,ipad-11", "--quiet",
      "--contact-sheet", "preview", "--asset-catalog",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let page = "\(folder)/out/index.html"
    let html = try String(contentsOfFile: page, encoding: .utf8)
    let entries = try XCTUnwrap(try manifest("out")["files"] as? [[String: Any]])
    let paths = entries.map { $0["path"] as! String }
    XCTAssertTrue(paths.contains("index.html"))
    XCTAssertTrue(paths.contains("previews/autumn-grid-402x874-lock.png"))
    XCTAssertTrue(paths.contains("previews/autumn-grid-375x667-home.png"))

    let tidy = try Processes.run("tidy", ["-q", "-e", page])
    XCTAssertEqual(tidy.status, 0, "tidy: \(tidy.stderr)")
    let xml = try Processes.run("xmllint", ["--noout", page])
    XCTAssertEqual(xml.status, 0, xml.stderr)
    XCTAssertFalse(html.contains("<script"), "no script needed")

    let check = try Processes.run(
      Processes.python,
      [
        Golden.repositoryRoot().appendingPathComponent("Tests/Scripts/check-gallery.py").path, page,
        "\(folder)/shot.png",
      ])
    XCTAssertEqual(check.status, 0, check.stderr)
    let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    let images = try XCTUnwrap(report["images"] as? [[String: Any]])
    let links = Set(try XCTUnwrap(report["links"] as? [String]))
    for path in paths where path != "index.html" {
      XCTAssertTrue(links.contains(path), "the gallery does not link \(path)")
    }
    // The wallpapers' PNGs live in the asset catalog, once; the gallery shows them from there.
    let pngs = paths.filter { $0.hasSuffix(".png") }
    XCTAssertEqual(Set(images.map { $0["src"] as! String }), Set(pngs))
    for image in images {
      XCTAssertGreaterThan(image["naturalWidth"] as? Int ?? 0, 0, "\(image["src"]!) did not load")
    }
    XCTAssertEqual(report["errors"] as? [String], [])
    let requests = try XCTUnwrap(report["requests"] as? [String])
    XCTAssertTrue(requests.allSatisfy { $0.hasPrefix("file://") }, "network: \(requests)")

    let shot = try RGBAImage(pngFile: "\(folder)/shot.png")
    var colours = Set<[UInt8]>()
    for y in stride(from: 0, to: shot.height, by: 7) {
      for x in stride(from: 0, to: shot.width, by: 7) { colours.insert(shot[x, y]) }
    }
    XCTAssertGreaterThan(colours.count, 200, "the screenshot looks blank")
  }
}
