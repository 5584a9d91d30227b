import Foundation
import SceneGraph
import TestSupport
import XCTest

@testable import CairoRendering

final class PixelSizeTests: XCTestCase {
  func testPNGIsRoundedPointsTimesScale() throws {
    let scene = try Scene(size: Size(width: 414, height: 896), nodes: [])
    for (scale, expected) in [
      (1.0, (414, 896)), (2, (828, 1792)), (3, (1242, 2688)), (2.5, (1035, 2240)), (0.333, (138, 298)),
    ] {
      let image = try Renderer().rasterize(scene, scale: scale)
      XCTAssertEqual(image.size, PixelSize(width: expected.0, height: expected.1), "scale \(scale)")
      let decoded = try RGBAImage(png: try image.pngData())
      XCTAssertEqual(decoded.width, expected.0)
      XCTAssertEqual(decoded.height, expected.1)
    }
  }

  func testBadScalesAndHugeCanvasesAreRefusedBeforeDrawing() throws {
    let scene = try Scene(size: Size(width: 100, height: 100), nodes: [])
    for scale in [0, -1, .nan, .infinity, RenderLimits.maxScale + 0.01] {
      XCTAssertThrowsError(try Renderer().render(scene, as: Output(format: .png, scale: scale))) { error in
        guard case .invalidScale = error as? RenderError else { return XCTFail("\(error)") }
      }
    }
    let huge = try Scene(size: Size(width: 2000, height: 2000), nodes: [])
    XCTAssertThrowsError(try Renderer().render(huge, as: Output(format: .png, scale: 9))) { error in
      XCTAssertEqual(error as? RenderError, .canvasTooLarge(width: 18000, height: 18000))
    }
  }
}

final class GoldenImageTests: XCTestCase {
  func testAllNodeKindsAt1x2x3x() throws {
    let scene = try Fixtures.allNodes()
    for scale in [1, 2, 3] {
      let png = try Renderer().render(scene, as: Output(format: .png, scale: Double(scale)))
      Golden.assertImage(png, matches: "all-nodes@\(scale)x")
    }
  }

  func testDevicePixelLineIsOneFullyCoveredRowAt3x() throws {
    let image = try Renderer().rasterize(try Fixtures.allNodes(), scale: 3)
    // The line is at y = 20 pt = 60 px: snapped to the centre of pixel row 60.
    let onLine = image.pixel(x: 150, y: 60)
    let above = image.pixel(x: 150, y: 59)
    let below = image.pixel(x: 150, y: 61)
    XCTAssertEqual([onLine.red, onLine.green, onLine.blue], [0, 0, 0])
    XCTAssertGreaterThan(Int(above.red), 200)
    XCTAssertGreaterThan(Int(below.red), 200)
  }
}

final class DeterminismTests: XCTestCase {
  func testSameSceneGivesSameBytesInOneProcessForEveryFormat() throws {
    let scene = try Fixtures.allNodes()
    let info = DocumentInfo(title: "t", creator: "wallpaper test")
    for format in OutputFormat.allCases {
      let first = try Renderer().render(scene, as: Output(format: format, scale: 2, pdf: PDFOptions(info: info)))
      let second = try Renderer().render(scene, as: Output(format: format, scale: 2, pdf: PDFOptions(info: info)))
      XCTAssertEqual(first, second, "\(format) output differs between two renders")
      XCTAssertFalse(first.isEmpty)
    }
  }

  func testAnEmptySceneIsStillAWholeDocumentInEveryFormat() throws {
    let empty = try Scene(size: Size(width: 10, height: 20), nodes: [])
    let svg = String(decoding: try Renderer().render(empty, as: Output(format: .svg, scale: 1)), as: UTF8.self)
    XCTAssertTrue(svg.contains("<svg") && svg.contains("</svg>"), svg)
    XCTAssertTrue(try Renderer().render(empty, as: Output(format: .pdf, scale: 1)).starts(with: Array("%PDF".utf8)))
    XCTAssertEqual(try RGBAImage(png: try Renderer().render(empty, as: Output(format: .png, scale: 1))).width, 10)
  }

  func testSVGHasPxUnitsAndPointSize() throws {
    let svg = String(
      decoding: try Renderer().render(try Fixtures.allNodes(), as: Output(format: .svg, scale: 3)), as: UTF8.self)
    XCTAssertTrue(svg.contains("width=\"120px\" height=\"200px\""), String(svg.prefix(300)))
  }
}

final class CrossFormatTests: XCTestCase {
  /// Text and pixel-snapped lines differ between renderers by design, so the comparison
  /// bounds the mean difference and the share of clearly different pixels.
  static let tolerance = (mean: 2.0, channel: 24, fraction: 0.04)

  func testSVGThroughRsvgConvertMatchesPNG() throws {
    try compare(format: .svg) { input, output in
      ["rsvg-convert", "-z", "2", "-f", "png", "-o", output, input]
    }
  }

  func testPDFThroughPdftoppmMatchesPNG() throws {
    try compare(format: .pdf) { input, output in
      [
        "pdftoppm", "-r", "144", "-png", "-singlefile", "-aa", "yes", "-aaVector", "yes", input,
        String(output.dropLast(4)),
      ]
    }
  }

  private func compare(format: OutputFormat, command: (String, String) -> [String]) throws {
    let scene = try Fixtures.allNodes()
    let folder = try Processes.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let input = "\(folder)/scene.\(format.rawValue)"
    let output = "\(folder)/scene-\(format.rawValue).png"
    try Data(try Renderer().render(scene, as: Output(format: format, scale: 2))).write(to: URL(fileURLWithPath: input))
    let argv = command(input, output)
    let result = try Processes.run(argv[0], Array(argv.dropFirst()))
    XCTAssertEqual(result.status, 0, result.stderr)
    let theirs = try RGBAImage(pngFile: output)
    let ours = try RGBAImage(png: try Renderer().render(scene, as: Output(format: .png, scale: 2)))
    XCTAssertEqual([theirs.width, theirs.height], [ours.width, ours.height])
    let difference = ImageDifference(ours, theirs, threshold: Self.tolerance.channel)
    XCTAssertLessThan(difference.meanChannelDelta, Self.tolerance.mean, "\(format): \(difference)")
    XCTAssertLessThan(difference.fractionOverThreshold, Self.tolerance.fraction, "\(format): \(difference)")
  }
}

final class PDFTests: XCTestCase {
  func testPDFIsValidHasMetadataAndEmbeddedFonts() throws {
    let folder = try Processes.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = "\(folder)/a.pdf"
    let info = DocumentInfo(
      title: "Test title", subject: "Subject", creator: "wallpaper 0.1.0",
      date: Date(timeIntervalSince1970: 1_700_000_000))
    try Data(
      try Renderer().render(try Fixtures.allNodes(), as: Output(format: .pdf, scale: 3, pdf: PDFOptions(info: info)))
    )
    .write(to: URL(fileURLWithPath: path))
    let check = try Processes.run("qpdf", ["--check", path])
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    let pdfinfo = try Processes.run("pdfinfo", [path])
    XCTAssertTrue(pdfinfo.stdout.contains("Title:           Test title"), pdfinfo.stdout)
    XCTAssertTrue(pdfinfo.stdout.contains("Creator:         wallpaper 0.1.0"), pdfinfo.stdout)
    XCTAssertTrue(pdfinfo.stdout.contains("Page size:       120 x 200 pts"), pdfinfo.stdout)
    XCTAssertTrue(pdfinfo.stdout.contains("CreationDate:    Tue Nov 14 22:13:20 2023 UTC"), pdfinfo.stdout)
    let fonts = try Processes.run("pdffonts", [path])
    XCTAssertTrue(fonts.stdout.contains("Quicksand"), fonts.stdout)
    let fontLines = fonts.stdout.split(separator: "\n").dropFirst(2)
    XCTAssertFalse(fontLines.isEmpty)
    for line in fontLines { XCTAssertTrue(line.contains(" yes yes "), "not embedded and subset: \(line)") }
    let text = try Processes.run("pdftotext", [path, "-"])
    XCTAssertTrue(text.stdout.contains("AVocado"), text.stdout)
  }
}

final class TextTests: XCTestCase {
  func testKerningMakesAVNarrowerThanItsUnkernedAdvances() throws {
    let font = try FontLibrary.shared.font(at: Fixtures.fontPath)
    XCTAssertEqual(font.familyName, "Quicksand")
    func width(_ text: String) throws -> Double {
      try TextShaper.shape(text, font: font, size: 100, fonts: .shared).width
    }
    let kerned = try width("AV")
    let unkerned = try width("A") + width("V")
    XCTAssertLessThan(kerned, unkerned - 1, "AV \(kerned) pt vs A + V \(unkerned) pt")
  }

  func testMissingFontFileIsAClearError() throws {
    let scene = try Scene(
      size: Size(width: 10, height: 10),
      nodes: [
        .text(
          try TextNode("x", font: FontReference(path: "/nonexistent/font.ttf"), size: 5, color: .black, position: .zero)
        )
      ])
    XCTAssertThrowsError(try Renderer().render(scene, as: Output(format: .png, scale: 1))) { error in
      XCTAssertEqual(String(describing: error), "font '/nonexistent/font.ttf': no such file")
    }
  }

  func testCorruptFontFileIsAClearError() throws {
    let folder = try Processes.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = "\(folder)/broken.ttf"
    try Data("this is not a font".utf8).write(to: URL(fileURLWithPath: path))
    let scene = try Scene(
      size: Size(width: 10, height: 10),
      nodes: [.text(try TextNode("x", font: FontReference(path: path), size: 5, color: .black, position: .zero))])
    for format in OutputFormat.allCases {
      XCTAssertThrowsError(try Renderer().render(scene, as: Output(format: format, scale: 1))) { error in
        XCTAssertTrue(String(describing: error).contains("not a TrueType, OpenType or Type 1 font"), "\(error)")
      }
    }
  }

  func testCharacterNoFontHasIsNamed() throws {
    // U+10FFFD is a private-use code point no installed font maps.
    let scene = try Scene(
      size: Size(width: 10, height: 10),
      nodes: [.text(try TextNode("a\u{10FFFD}", font: Fixtures.font, size: 5, color: .black, position: .zero))])
    XCTAssertThrowsError(try Renderer().render(scene, as: Output(format: .pdf, scale: 1))) { error in
      XCTAssertEqual(error as? RenderError, .missingGlyph(scalar: 0x10FFFD, text: "a\u{10FFFD}"))
      XCTAssertTrue(String(describing: error).contains("U+10FFFD"))
    }
  }

  func testCharactersTheFontLacksFallBackToAnInstalledFont() throws {
    let scene = try Scene(
      size: Size(width: 200, height: 60),
      nodes: [
        .text(try TextNode("Autumn 秋", font: Fixtures.font, size: 30, color: .black, position: Point(x: 100, y: 40)))
      ])
    let folder = try Processes.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = "\(folder)/a.pdf"
    try Data(try Renderer().render(scene, as: Output(format: .pdf, scale: 1))).write(to: URL(fileURLWithPath: path))
    let fonts = try Processes.run("pdffonts", [path])
    let lines = fonts.stdout.split(separator: "\n").dropFirst(2)
    XCTAssertEqual(lines.count, 2, "expected Quicksand and one fallback font:\n\(fonts.stdout)")
    let text = try Processes.run("pdftotext", [path, "-"])
    XCTAssertTrue(text.stdout.contains("Autumn 秋"), text.stdout)
  }
}

final class ImageTests: XCTestCase {
  func testCorruptPNGIsAClearError() throws {
    var broken = Fixtures.checkerPNG
    broken.removeLast(20)
    XCTAssertThrowsError(try Renderer.validateImage(broken)) { error in
      XCTAssertTrue(String(describing: error).hasPrefix("image: a damaged or unsupported PNG"), "\(error)")
    }
    XCTAssertThrowsError(try Renderer.validateImage(Array("GIF89a".utf8))) { error in
      XCTAssertTrue(String(describing: error).contains("signature"), "\(error)")
    }
  }

  func testFitFillAndStretchPlaceTheImage() throws {
    func render(_ mode: ContentMode) throws -> RasterImage {
      try Renderer().rasterize(
        try Scene(
          size: Size(width: 40, height: 40),
          nodes: [
            .image(ImageNode(data: Fixtures.checkerPNG, frame: try Rect(x: 0, y: 0, width: 40, height: 40), mode: mode))
          ]),
        scale: 1)
    }
    // fit: the 40×20 image in 40×40 is 40×20, centred: rows 0–9 and 30–39 stay empty.
    XCTAssertEqual(try render(.fit).pixel(x: 20, y: 9).alpha, 0)
    XCTAssertEqual(try render(.fit).pixel(x: 5, y: 15).red, 255)
    XCTAssertEqual(try render(.fit).pixel(x: 5, y: 30).alpha, 0)
    // stretch: 40×40, each block 10×20: the top-left block is red down to y = 19.
    XCTAssertEqual(try render(.stretch).pixel(x: 5, y: 15).red, 255)
    // fill: 80×40, centred, so the canvas shows source x 10…30: green at the left.
    XCTAssertEqual(try render(.fill).pixel(x: 5, y: 5).green, 160)
  }
}

final class GlyphPlacementTests: XCTestCase {
  /// The ink's horizontal centre of mass, in pixels, of black text on a transparent canvas.
  private func inkCentre(textAt x: Double, scale: Double) throws -> Double {
    let text = try TextNode(
      "Il1", font: Fixtures.font, size: 20, color: .black, position: Point(x: x, y: 30),
      anchor: TextAnchor(.leading, .baseline))
    let scene = try Scene(size: Size(width: 80, height: 40), nodes: [.text(text)])
    let image = try RGBAImage(png: try Renderer().render(scene, as: Output(format: .png, scale: scale)))
    var (mass, moment) = (0.0, 0.0)
    for y in 0..<image.height {
      for column in 0..<image.width {
        let alpha = Double(image.pixels[(y * image.width + column) * 4 + 3])
        mass += alpha
        moment += alpha * (Double(column) + 0.5)
      }
    }
    return moment / mass
  }

  /// Cairo's image backend rounds each glyph's origin to a whole pixel; filling the outlines
  /// keeps the shaped position, so moving the text by a fraction of a pixel moves its ink by
  /// that fraction, as in SVG and PDF.
  func testGlyphsMoveByFractionsOfAPixelInPNG() throws {
    let start = try inkCentre(textAt: 10, scale: 1)
    for step in [0.25, 0.5, 0.75] {
      let moved = try inkCentre(textAt: 10 + step, scale: 1)
      XCTAssertEqual(moved - start, step, accuracy: 0.02, "text moved by \(step) pt at 1x")
    }
    let atThree = try inkCentre(textAt: 10 + 1.0 / 6, scale: 3) - (try inkCentre(textAt: 10, scale: 3))
    XCTAssertEqual(atThree, 0.5, accuracy: 0.02, "1/6 pt at 3x is half a pixel")
  }
}

final class PDFDateTests: XCTestCase {
  /// `Renderer.pdfDate` computes the date itself; Foundation's calendar is the reference.
  func testPDFDatesMatchTheGregorianCalendarInUTC() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    func reference(_ date: Date) -> String {
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
      return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
    var seconds: [Double] = [0, -1, 59.999, 86_399, 86_400, 951_782_400, 951_868_799.5, 4_102_444_800, -2_208_988_800]
    var step: Double = -2_300_000_000
    while step < 7_300_000_000 {
      seconds.append(step)
      step += 3_999_999.7
    }
    for value in seconds {
      let date = Date(timeIntervalSince1970: value)
      XCTAssertEqual(Renderer.pdfDate(date), reference(date), "\(value)")
    }
    XCTAssertEqual(Renderer.pdfDate(DocumentInfo.defaultDate), "2020-01-01T00:00:00Z")
  }
}
