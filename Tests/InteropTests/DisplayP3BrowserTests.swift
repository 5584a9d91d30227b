import Foundation
import TestSupport
import XCTest

/// Headless Chromium decodes our Display P3 PNG (iCCP + cICP): known P3 colours, drawn into an
/// sRGB canvas and read back with `getImageData` (the method of the web-platform test
/// `png/cicp-chunk.html`), are within ±2 of what lcms2 (Pillow's ImageCms) makes of the same
/// pixels through the file's embedded profile.
final class DisplayP3BrowserTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    try InteropTier.require("chromium", modules: ["PIL"])
    folder = try Processes.temporaryFolder()
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  /// Sample points inside the home grid's first two cells (iPhone 8 at 1x).
  private let points = [(50, 50), (30, 80), (140, 50)]

  func testChromiumDrawsKnownP3ColoursAsLCMS2Expects() throws {
    try #"""
    { "name": "Known", "device": "iphone-8", "season": { "name": "winter" },
      "grid": { "kind": "home", "fill": ["0=color(display-p3 0.7 0.4 0.3)", "1=color(display-p3 0.2 0.8 0.3)"] } }
    """#.write(toFile: "\(folder)/c.json", atomically: true, encoding: .utf8)
    let render = try Processes.run(
      Processes.wallpaperBinary, ["render", "c.json", "--scale", "1", "--color-space", "display-p3", "-o", "c.png"],
      in: folder, environment: ["WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path])
    XCTAssertEqual(render.status, 0, render.stderr)
    let png = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/c.png"))
    let reads = points.map { "x.getImageData(\($0.0), \($0.1), 1, 1).data.slice(0, 3).join(' ')" }
      .joined(separator: ", ")
    try """
    <!doctype html><body><script>
    const img = new Image();
    img.onload = () => {
      const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
      const x = c.getContext('2d', {colorSpace: 'srgb'}); x.drawImage(img, 0, 0);
      document.body.textContent = 'RESULT ' + [\(reads)].join(',') + ' END';
    };
    img.src = 'data:image/png;base64,\(png.base64EncodedString())';
    </script></body>
    """.write(toFile: "\(folder)/c.html", atomically: true, encoding: .utf8)
    let arguments = [
      "-k", "10", "120", "chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--force-color-profile=srgb",
      "--user-data-dir=\(folder)/chromium", "--virtual-time-budget=10000", "--dump-dom", "file://\(folder)/c.html",
    ]
    var result = try Processes.run("timeout", arguments, environment: ["HOME": folder])
    if result.status == 124 || result.status == 137 {
      result = try Processes.run("timeout", arguments, environment: ["HOME": folder])
    }
    XCTAssertEqual(result.status, 0, result.stderr)
    let text = try XCTUnwrap(
      result.stdout.components(separatedBy: "RESULT ").dropFirst().first?.components(separatedBy: " END").first,
      result.stdout)
    let chromium = text.split(separator: ",").map { $0.split(separator: " ").compactMap { Int($0) } }

    let script = """
      import io, sys
      from PIL import Image, ImageCms
      image = Image.open(sys.argv[1])
      profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
      srgb = ImageCms.profileToProfile(image.convert("RGB"), profile, ImageCms.createProfile("sRGB"), renderingIntent=1)
      raw = image.convert("RGB")
      for x, y in [\(points.map { "(\($0.0), \($0.1))" }.joined(separator: ", "))]:
          print(" ".join(map(str, srgb.getpixel((x, y)))), "|", " ".join(map(str, raw.getpixel((x, y)))))
      """
    let expected = try Processes.run(Processes.python, ["-c", script, "\(folder)/c.png"])
    XCTAssertEqual(expected.status, 0, expected.stderr)
    let rows = expected.stdout.split(separator: "\n").map {
      $0.split(separator: "|").map { $0.split(separator: " ").compactMap { Int($0) } }
    }
    XCTAssertEqual(chromium.count, points.count, result.stdout)
    XCTAssertEqual(rows.count, points.count, expected.stdout)
    for (index, (browser, row)) in zip(chromium, rows).enumerated() {
      for channel in 0..<3 {
        XCTAssertLessThanOrEqual(
          abs(browser[channel] - row[0][channel]), 2, "point \(index): \(browser) vs lcms2 \(row[0])")
      }
      print("point \(points[index]): file P3 \(row[1]), lcms2 sRGB \(row[0]), Chromium \(browser)")
    }
    // The file holds the P3 numbers themselves (0.7 0.4 0.3 → 179 102 77 within a level), not
    // sRGB ones: a decoder that ignored the tags would show another colour.
    XCTAssertEqual(
      rows.first?[1].enumerated().map { abs($0.element - [179, 102, 77][$0.offset]) <= 1 }, [true, true, true])
    XCTAssertNotEqual(rows.first?[1], rows.first?[0])
  }
}
