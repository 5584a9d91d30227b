import Foundation
import TestSupport
import XCTest

/// `wallpaper editor`: the page it writes, read as text (the browsers drive it in
/// Tests/InteropTests/EditorBrowserTests.swift).
final class EditorTests: BinaryTestCase {

  func testThePageNamesNoURL() throws {
    let photo = Golden.repositoryRoot().appendingPathComponent("Samples/previews/spring.png").path
    for arguments in [
      ["--device", "iphone-16-pro"], ["--device", "ipad-air-11", "--season", "winter", "--image", photo],
      ["--device", "iphone-8", "--grid", "square", "--columns", "4", "--spacing", "2", "--svg-text", "text"],
    ] {
      let result = try wallpaper(["editor"] + arguments + ["-o", "e.html"])
      XCTAssertEqual(result.status, 0, result.stderr)
      let html = String(decoding: try bytes("e.html"), as: UTF8.self)
      for needle in ["http:", "https:", "src=\"//", "href=\"//", "url(//", "//www.", "ws:", "ftp:"] {
        XCTAssertFalse(html.lowercased().contains(needle), "\(arguments): \(needle)")
      }
      // One document per season with the label and one without: eight, and nothing else embedded.
      XCTAssertEqual(html.components(separatedBy: "<template id=\"svg-").count - 1, 8)
      XCTAssertEqual(html.components(separatedBy: "<svg ").count - 1, 8)
    }
  }

  func testBadValuesAreUsageErrorsAndWriteNothing() throws {
    for (arguments, field) in [
      (["--device", "ipad-pro-13-m4", "--grid", "home"], "--grid"),
      (["--device", "iphone-8", "--alpha", "2"], "--alpha"),
      (["--device", "iphone-8", "--season", "all"], "--season"),
    ] {
      let result = try wallpaper(["editor"] + arguments + ["-o", "e.html"])
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertTrue(result.stderr.hasPrefix("error: \(field)"), result.stderr)
      XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/e.html"))
    }
    let png = try wallpaper(["editor", "--device", "iphone-8", "-o", "e.png"])
    XCTAssertEqual(png.status, 2)
    XCTAssertTrue(png.stderr.hasPrefix("error: --output: 'e.png' is not allowed (an .html file)"), png.stderr)
  }
}
