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
      // Root elements only: the plain SVG has no nested <svg> viewport.
      XCTAssertEqual(html.components(separatedBy: "<svg version=").count - 1, 8)
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

  /// The page's data (`<script id="editor-data">`) of `wallpaper editor ARGUMENTS -o PAGE`, run
  /// in the test's folder.
  private func pageData(_ arguments: [String], page: String = "e.html") throws -> [String: Any] {
    let result = try wallpaper(["editor"] + arguments + ["-o", page])
    XCTAssertEqual(result.status, 0, result.stderr)
    let html = String(decoding: try bytes(page), as: UTF8.self)
    let start = try XCTUnwrap(html.range(of: "<script type=\"application/json\" id=\"editor-data\">"))
    let end = try XCTUnwrap(html[start.upperBound...].range(of: "</script>"))
    let object = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
    return try XCTUnwrap(object as? [String: Any])
  }

  /// The page keeps its contract (the save button, the colour input and swatches, the design
  /// JSON's textarea) and gains the "Show cells" switch, on, and the PNG's pixel size and name.
  func testThePageSavesAPNGOfTheDevicesPixelSize() throws {
    let data = try pageData(["--device", "iphone-16-pro", "--season", "autumn"])
    XCTAssertEqual(data["device"] as? String, "iphone-16-pro")
    XCTAssertEqual(data["pixels"] as? [String: Int], ["width": 1206, "height": 2622], "402×874 pt at 3x")
    let html = String(decoding: try bytes("e.html"), as: UTF8.self)
    for needle in [
      "<button type=\"button\" id=\"save-png\">Save PNG</button>", "<input type=\"color\" id=\"colour\"",
      "class=\"swatch\"", "<textarea id=\"design\"",
      "<input type=\"checkbox\" id=\"show-cells\" role=\"switch\" checked>",
      "navigator.share({ files: [file] })", "link.download = pngName()", "data.device + \".png\"",
    ] {
      XCTAssertTrue(html.contains(needle), needle)
    }
  }

  /// The page allows itself no request: a Content-Security-Policy with its own inline style
  /// and script, and `data:`/`blob:` images and `data:` fonts only (issue 45).
  func testThePageAllowsNoRequestButItsOwnDataAndBlobURLs() throws {
    _ = try pageData(["--device", "iphone-se-3", "--grid", "square", "--columns", "3"])
    let html = String(decoding: try bytes("e.html"), as: UTF8.self)
    let policy =
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; "
      + "font-src data:; base-uri 'none'; form-action 'none'"
    XCTAssertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"))
    XCTAssertTrue(html.contains("<input type=\"file\" id=\"photo-input\" accept=\"image/*\" multiple>"))
  }

  /// The page picks auto's label colour with the renderer's own rule: for every season the
  /// steps of `legibleLabelColorSteps` (rising, ending at 1), the label's box, the measuring
  /// scale, and per-channel luminance tables that sum to white's 1 at 255; the choice starts as
  /// the design's (`label.color`), and the swatches are the adaptive inks and the accents.
  func testThePageCarriesTheLabelColourRule() throws {
    let data = try pageData(["--device", "iphone-16-pro", "--label-color", "#123456"])
    let rule = try XCTUnwrap(data["labelRule"] as? [String: Any])
    XCTAssertEqual(rule["scale"] as? Double, 0.5)
    let box = try XCTUnwrap(rule["box"] as? [String: Double])
    XCTAssertGreaterThan(box["width"] ?? 0, 300)
    let steps = try XCTUnwrap(rule["steps"] as? [String: [[Any]]])
    XCTAssertEqual(Set(steps.keys), ["spring", "summer", "autumn", "winter"])
    for (season, list) in steps {
      let ends = list.compactMap { $0[0] as? Double }
      XCTAssertEqual(ends, ends.sorted(), season)
      XCTAssertEqual(ends.last, 1, season)
      XCTAssertGreaterThanOrEqual(list.count, 2, season)
    }
    let tables = try XCTUnwrap(rule["luminance"] as? [[Double]])
    XCTAssertEqual(tables.map(\.count), [256, 256, 256])
    XCTAssertEqual(tables.map { $0[0] }, [0, 0, 0])
    XCTAssertEqual(tables[0][255] + tables[1][255] + tables[2][255], 1, accuracy: 1e-12)
    XCTAssertEqual(data["labelColor"] as? String, "#123456")
    XCTAssertEqual(data["inks"] as? [String], ["#FFFFFF", "#1C1C1E"])
    XCTAssertNil((data["base"] as? [String: Any]).flatMap { ($0["label"] as? [String: Any])?["color"] })
  }

  /// A square grid offers photos from the device: its documents keep render's element per cell
  /// for a photo even without photos (the fills go after them), and the page knows the cell
  /// photo's size (125 pt, 250 px on an iPhone SE's three columns) and the file types render
  /// reads. A home grid offers none.
  func testASquareGridTakesPhotosFromTheDevice() throws {
    let square = try pageData(["--device", "iphone-se-3", "--grid", "square", "--columns", "3"])
    XCTAssertEqual(square["fillsAfter"] as? Int, (square["cells"] as? [Any])?.count)
    let photos = try XCTUnwrap(square["photos"] as? [String: Any])
    XCTAssertEqual(photos["names"] as? [String], [])
    XCTAssertEqual(photos["side"] as? Double, 125)
    XCTAssertEqual(photos["pixels"] as? Int, 250)
    XCTAssertEqual(photos["extensions"] as? [String], ["png", "jpg", "jpeg", "heic", "heif"])
    let html = String(decoding: try bytes("e.html"), as: UTF8.self)
    let template = try XCTUnwrap(html.range(of: "<template id=\"svg-autumn-label\">"))
    let end = try XCTUnwrap(html[template.upperBound...].range(of: "</template>"))
    XCTAssertEqual(html[template.upperBound..<end.lowerBound].components(separatedBy: "<image ").count - 1, 18)
    let home = try pageData(["--device", "iphone-se-3"])
    XCTAssertTrue(home["photos"] is NSNull)
    XCTAssertEqual(home["fillsAfter"] as? Int, 0)
  }

  /// A fontconfig family name is a name: the page's design names it as given, not as a file
  /// under the working directory.
  func testAFontNameStaysAName() throws {
    let data = try pageData(["--device", "iphone-8", "--font", "DejaVu Serif:bold"])
    let base = try XCTUnwrap(data["base"] as? [String: Any])
    XCTAssertEqual((base["label"] as? [String: Any])?["font"] as? String, "DejaVu Serif:bold")
  }

  /// Files inside the design file's folder (with no design file, the page's folder) are named
  /// relative to it; a file outside is named by its absolute path, and the page's note says a
  /// design file may name only files in its own folder.
  func testPathsAreRelativeToTheDesignsFolder() throws {
    let fm = FileManager.default
    try fm.createDirectory(atPath: "\(folder)/d/pics", withIntermediateDirectories: true)
    let preview = Golden.repositoryRoot().appendingPathComponent("Samples/previews/spring.png").path
    for path in ["d/pics/a.png", "d/pics/b.png", "outside.png"] {
      try fm.copyItem(atPath: preview, toPath: "\(folder)/\(path)")
    }
    try fm.copyItem(
      atPath: Golden.repositoryRoot().appendingPathComponent("Fonts/Quicksand-Bold.ttf").path,
      toPath: "\(folder)/d/label.ttf")
    try Data(
      """
      {"device": "iphone-se-3", "label": {"font": "./label.ttf"},
       "grid": {"kind": "square", "columns": 3, "images": ["pics"]}}
      """.utf8
    ).write(to: URL(fileURLWithPath: "\(folder)/d/photos.json"))

    let inside = try pageData(["d/photos.json"], page: "out.html")
    var base = try XCTUnwrap(inside["base"] as? [String: Any])
    XCTAssertEqual((base["label"] as? [String: Any])?["font"] as? String, "label.ttf")
    XCTAssertEqual((base["grid"] as? [String: Any])?["images"] as? [String], ["pics/a.png", "pics/b.png"])
    XCTAssertTrue(inside["note"] is NSNull)

    // A flag naming a file outside the design's folder: its absolute path, and the note.
    let outside = try pageData(["d/photos.json", "--image", "outside.png"], page: "out.html")
    base = try XCTUnwrap(outside["base"] as? [String: Any])
    let absolute = URL(fileURLWithPath: "\(folder)/outside.png").standardizedFileURL.path
    XCTAssertEqual(((base["background"] as? [String: Any])?["image"] as? [String: Any])?["path"] as? String, absolute)
    XCTAssertEqual(
      outside["note"] as? String,
      "A design file may name only files in its own folder, and '\(absolute)' lies outside it: copy it into the "
        + "folder, or render with the command line, whose flags may name any file.")

    // No design file: paths are relative to the page's folder.
    let flags = ["--device", "iphone-se-3", "--grid", "square", "--columns", "3", "--cell-images", "d/pics/a.png"]
    let beside = try pageData(flags, page: "e.html")
    XCTAssertEqual(
      ((beside["base"] as? [String: Any])?["grid"] as? [String: Any])?["images"] as? [String], ["d/pics/a.png"])
    let inD = try pageData(flags, page: "d/e.html")
    XCTAssertEqual(((inD["base"] as? [String: Any])?["grid"] as? [String: Any])?["images"] as? [String], ["pics/a.png"])
  }

  /// Each cell photo is embedded once, as the PNG `render` draws into a cell's square at the
  /// device's scale (125 pt × 2 on an iPhone SE's three columns), whatever the photo's size.
  func testCellPhotosAreEmbeddedAtTheCellsPixelSize() throws {
    let photo = RGBAImage(width: 1600, height: 1200, pixels: [UInt8](repeating: 200, count: 1600 * 1200 * 4))
    try Data(photo.pngData()).write(to: URL(fileURLWithPath: "\(folder)/big.png"))
    let data = try pageData([
      "--device", "iphone-se-3", "--grid", "square", "--columns", "3", "--cell-images", "big.png",
    ])
    XCTAssertEqual(data["fillsAfter"] as? Int, (data["cells"] as? [Any])?.count, "fills go over every cell's photo")
    let html = String(decoding: try bytes("e.html"), as: UTF8.self)
    let start = try XCTUnwrap(html.range(of: "<script type=\"application/json\" id=\"editor-images\">"))
    let end = try XCTUnwrap(html[start.upperBound...].range(of: "</script>"))
    let images = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String])
    XCTAssertEqual(images.count, 1)
    let prefix = "data:image/png;base64,"
    XCTAssertTrue(images[0].hasPrefix(prefix))
    let embedded = try RGBAImage(
      png: Array(try XCTUnwrap(Data(base64Encoded: String(images[0].dropFirst(prefix.count))))))
    XCTAssertEqual([embedded.width, embedded.height], [250, 250])
  }
}
