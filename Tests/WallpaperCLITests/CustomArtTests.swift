import Foundation
import TestSupport
import XCTest

/// Custom art (`art.svg`, `--art`): a designer's SVG drawn as the art layer through librsvg in
/// PNG and PDF and nested in our SVG, refused in one line when it is not SVG, too large or
/// refers outside its folder.
final class CustomArtTests: XCTestCase {
  private var folder = ""
  private let environment = ["WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path]

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func wallpaper(_ arguments: [String], status: Int32 = 0) throws -> ProcessResult {
    let result = try Processes.run(Processes.wallpaperBinary, arguments, in: folder, environment: environment)
    XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
    return result
  }

  private func image(_ name: String) throws -> RGBAImage { try RGBAImage(pngFile: "\(folder)/\(name)") }

  private func write(_ name: String, _ text: String) throws {
    try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
  }

  private let design = ["--device", "iphone-8", "--season", "autumn", "--scale", "2"]

  /// Our own SVG given back as art reproduces our PNG: through librsvg into the PNG, through
  /// librsvg into the PDF (still vectors: no image in it) and nested in our SVG.
  func testOurSVGAsArtReproducesOurPNGInEveryFormat() throws {
    try wallpaper(["render"] + design + ["-o", "season.svg"])
    try wallpaper(["render"] + design + ["-o", "season.png"])
    let art = design + ["--art", "season.svg", "--no-label"]
    for format in ["png", "pdf", "svg"] { try wallpaper(["render"] + art + ["-o", "art.\(format)"]) }

    let expected = try image("season.png")
    let png = ImageDifference(expected, try image("art.png"), threshold: 24)
    XCTAssertLessThanOrEqual(png.meanChannelDelta, 0.5, "art PNG vs season PNG: \(png)")

    try Processes.run("pdftoppm", ["-r", "144", "-png", "-singlefile", "art.pdf", "art-pdf"], in: folder)
    let pdf = ImageDifference(try image("art.png"), try image("art-pdf.png"), threshold: 24)
    XCTAssertLessThanOrEqual(pdf.meanChannelDelta, 1, "PDF (pdftoppm) vs PNG: \(pdf)")
    let images = try Processes.run("pdfimages", ["-list", "art.pdf"], in: folder).stdout
    XCTAssertEqual(images.split(separator: "\n").count, 2, "the art stays vectors in PDF: \(images)")

    try Processes.run("rsvg-convert", ["-z", "2", "art.svg", "-o", "art-svg.png"], in: folder)
    let svg = ImageDifference(try image("art.png"), try image("art-svg.png"), threshold: 24)
    XCTAssertLessThanOrEqual(svg.meanChannelDelta, 0.5, "SVG (rsvg) vs PNG: \(svg)")

    let markup = try String(contentsOfFile: "\(folder)/art.svg", encoding: .utf8)
    XCTAssertTrue(
      markup.contains("<g id=\"art\" inkscape:groupmode=\"layer\" inkscape:label=\"art\" clip-path=\"url(#clip-1)\">"))
    XCTAssertTrue(markup.contains("id=\"art-gradient-1\""), "the designer's ids are prefixed")
    XCTAssertTrue(markup.contains("id=\"art-maple-leaves\""), "the designer's groups are kept")
    XCTAssertFalse(markup.contains("<script"))
  }

  /// The art covers the canvas: an art of another shape is scaled uniformly and centred.
  func testArtCoversTheCanvasCentred() throws {
    // A 100×100 art: a red left half, a blue right half. On the 375×667 canvas it is scaled to
    // 667×667 and centred, so the halves meet at the canvas's middle column.
    try write(
      "halves.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">"
        + "<rect width=\"50\" height=\"100\" fill=\"#FF0000\"/><rect x=\"50\" width=\"50\" height=\"100\" fill=\"#0000FF\"/></svg>"
    )
    try wallpaper([
      "render", "--device", "iphone-8", "--scale", "1", "--art", "halves.svg", "--no-label", "-o", "h.png",
    ])
    let rendered = try image("h.png")
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      Array(rendered.pixels[(y * rendered.width + x) * 4..<(y * rendered.width + x) * 4 + 3])
    }
    XCTAssertEqual([rendered.width, rendered.height], [375, 667])
    XCTAssertEqual(pixel(0, 0), [255, 0, 0])
    XCTAssertEqual(pixel(185, 333), [255, 0, 0])
    XCTAssertEqual(pixel(189, 333), [0, 0, 255])
    XCTAssertEqual(pixel(374, 666), [0, 0, 255])
  }

  /// `art.opacity` (or `--alpha`) fades the art over the background; without either it is opaque.
  func testOpacity() throws {
    try write(
      "red.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" fill=\"#FF0000\"/></svg>"
    )
    let base = ["render", "--device", "iphone-8", "--scale", "1", "--art", "red.svg", "--no-label"]
    try wallpaper(base + ["-o", "opaque.png"])
    try wallpaper(base + ["--alpha", "0.5", "-o", "half.png"])
    try write(
      "d.json",
      "{\"device\": \"iphone-8\", \"label\": {\"visible\": false}, \"art\": {\"svg\": \"red.svg\", \"opacity\": 0.25}}")
    try wallpaper(["render", "d.json", "--scale", "1", "-o", "quarter.png"])
    XCTAssertEqual(Array(try image("opaque.png").pixels[0..<3]), [255, 0, 0])
    XCTAssertEqual(Array(try image("half.png").pixels[0..<3]), [255, 127, 127].map { UInt8($0) }, "0.5 over white")
    let quarter = Array(try image("quarter.png").pixels[0..<3])
    XCTAssertEqual(quarter[0], 255)
    XCTAssertEqual(Int(quarter[1]), 191, accuracy: 1)
  }

  /// Each bad art gets one line naming the flag or field and the file, exit 2, and the
  /// existing output is left as it was.
  func testBadArtIsRefusedInOneLine() throws {
    try write("page.svg", "<html><body>not svg</body></html>")
    try write(
      "outside.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"><image href=\"../secret.png\"/></svg>")
    try write(
      "network.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"><image href=\"https://example.com/a.png\"/></svg>"
    )
    try write(
      "large.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"><!--"
        + String(repeating: "x", count: 10_000_000) + "--></svg>")
    try write("kept.png", "the existing output")
    let cases: [(String, String)] = [
      ("page.svg", "error: --art: 'page.svg' is not an SVG file (its root element is <html>)"),
      (
        "outside.svg",
        "error: --art: 'outside.svg' refers to '../secret.png', outside its folder (allowed: files in the SVG's folder)"
      ),
      (
        "network.svg",
        "error: --art: 'network.svg' refers to 'https://example.com/a.png' (allowed: #ids, data: images and PNG or JPEG files in the SVG's folder)"
      ),
      ("large.svg", "error: --art: 'large.svg' is 10000074 bytes (allowed: an SVG file of at most 10000000 bytes)"),
      ("missing.svg", "error: --art: 'missing.svg' does not exist (allowed: an SVG file of at most 10000000 bytes)"),
    ]
    for (file, message) in cases {
      let result = try wallpaper(["render", "--device", "iphone-8", "--art", file, "-o", "kept.png"], status: 2)
      XCTAssertEqual(result.stderr, message + "\n")
    }
    XCTAssertEqual(try String(contentsOfFile: "\(folder)/kept.png", encoding: .utf8), "the existing output")
  }

  /// A design file's art stays in the design file's folder (as `output` does), by path or by
  /// link; the flag reads any file.
  func testADesignFilesArtStaysInItsFolder() throws {
    try FileManager.default.createDirectory(atPath: "\(folder)/design", withIntermediateDirectories: true)
    try write("outside.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>")
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder)/design/link.svg", withDestinationPath: "../outside.svg")
    for path in ["../outside.svg", "\(folder)/outside.svg", "link.svg"] {
      try write("design/d.json", "{\"device\": \"iphone-8\", \"art\": {\"svg\": \"\(path)\"}}")
      let result = try wallpaper(["render", "design/d.json", "-o", "x.png"], status: 2)
      XCTAssertEqual(
        result.stderr,
        "error: design/d.json:1: art.svg: '\(path)' is not allowed (an SVG file inside the design file's folder; --art FILE.svg reads any file)\n"
      )
    }
    try wallpaper(["render", "--device", "iphone-8", "--art", "outside.svg", "-o", "x.png"])
  }

  /// `export --incremental` renders again when the art file changes, and only then.
  func testIncrementalExportFollowsTheArt() throws {
    try write(
      "a.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" fill=\"red\"/></svg>"
    )
    try write("d.json", "{\"device\": \"iphone-16\", \"art\": {\"svg\": \"a.svg\"}}")
    let export = ["export", "d.json", "--devices", "iphone-16", "--formats", "png", "--incremental", "--out", "out"]
    XCTAssertTrue(try wallpaper(export).stderr.hasSuffix("3 rendered, 0 skipped\n"))
    XCTAssertTrue(try wallpaper(export).stderr.hasSuffix("0 rendered, 3 skipped\n"))
    try write(
      "a.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" fill=\"blue\"/></svg>"
    )
    XCTAssertTrue(try wallpaper(export).stderr.hasSuffix("3 rendered, 0 skipped\n"))
  }

  /// librsvg (and GLib, libxml2 behind it) is mapped only by a render with art; libxml2, which
  /// the sanitiser opens itself, only by a render with art too (a refused file maps it, and not
  /// librsvg); `--version` maps neither.
  func testLibrsvgLoadsOnlyForArt() throws {
    func libraries(_ arguments: [String], status: Int32 = 0) throws -> [String] {
      let result = try Processes.run(
        Processes.wallpaperBinary, arguments, in: folder, environment: environment.merging(["LD_DEBUG": "files"]) { $1 }
      )
      XCTAssertEqual(result.status, status, result.stderr)
      return Processes.loadedLibraries(trace: result.stderr)
    }
    try write(
      "red.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" fill=\"red\"/></svg>"
    )
    try write("bad.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><g></svg>")
    for format in ["png", "svg", "pdf"] {
      let plain = try libraries(["render", "--device", "iphone-8", "-o", "p.\(format)"])
      XCTAssertFalse(plain.contains { $0.contains("librsvg") }, "\(format): \(plain)")
      XCTAssertFalse(plain.contains { $0.contains("libxml2") }, "\(format): \(plain)")
      let art = try libraries(["render", "--device", "iphone-8", "--art", "red.svg", "-o", "a.\(format)"])
      XCTAssertTrue(art.contains { $0.hasPrefix("librsvg") }, "\(format) with art: \(art)")
      XCTAssertTrue(art.contains { $0.hasPrefix("libxml2") }, "\(format) with art: \(art)")
    }
    let version = try libraries(["--version"])
    XCTAssertFalse(version.contains { $0.contains("libxml2") || $0.contains("librsvg") }, "--version: \(version)")
    let refused = try libraries(["render", "--device", "iphone-8", "--art", "bad.svg", "-o", "b.png"], status: 2)
    XCTAssertTrue(refused.contains { $0.hasPrefix("libxml2") }, "refused art: \(refused)")
    XCTAssertFalse(refused.contains { $0.contains("librsvg") }, "refused art: \(refused)")
  }

  /// What libxml2 refuses (malformed XML, nested entities, an external entity) is one line
  /// naming the file, where (as libxml2 places it: in nested entities, inside the entity) and
  /// why, with exit 2; libxml2 itself writes nothing to stderr.
  func testMalformedAndHostileArtIsRefusedInOneLine() throws {
    let open = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
    try write("malformed.svg", open + "\n<g>\n</svg>\n")
    var laughs = "<!DOCTYPE svg [<!ENTITY a \"aaaaaaaaaa\">"
    for level in 1...9 {
      laughs += "<!ENTITY a\(level) \"" + String(repeating: level == 1 ? "&a;" : "&a\(level - 1);", count: 10) + "\">"
    }
    try write("laughs.svg", laughs + "]>\n" + open + "<text>&a9;</text></svg>")
    try write("entity.svg", "<!DOCTYPE svg [<!ENTITY x SYSTEM \"/etc/passwd\">]>" + open + "<text>&x;</text></svg>")
    let cases: [(String, String)] = [
      (
        "malformed.svg",
        "error: --art: 'malformed.svg' is not an SVG file (malformed XML at line 3, column 7: Opening and ending tag mismatch: g line 2 and svg)"
      ),
      (
        "laughs.svg",
        "error: --art: 'laughs.svg' is not an SVG file (malformed XML at line 1, column 5: Detected an entity reference loop)"
      ),
      ("entity.svg", "error: --art: 'entity.svg' declares entities in its DOCTYPE (not allowed in art)"),
    ]
    for (file, message) in cases {
      let result = try wallpaper(["render", "--device", "iphone-8", "--art", file, "-o", "x.png"], status: 2)
      XCTAssertEqual(result.stderr, message + "\n")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/x.png"))
  }
}
