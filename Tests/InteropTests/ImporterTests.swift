import Foundation
import TestSupport
import XCTest

/// What two designers' programs that import SVG do with our office profile's SVG
/// (`--svg-profile office`; the importer table in Docs/svg.md): LibreOffice Draw draws every
/// season within 2/255 of our PNG (it applies a group's opacity to each object in it, so
/// translucent art is drawn opaque under a veil), and Scribus places the page at the origin (it
/// places by its elements' box and ignores `clip-path`, so every element lies inside the page)
/// and draws it within 2/255 too. Element by element: `ElementJudgeTests`.
final class ImporterTests: XCTestCase {
  private var folder = ""
  private let seasons = ["autumn", "spring", "summer", "winter"]

  override func setUpWithError() throws {
    try InteropTier.require("soffice", "scribus", "xvfb-run", "pdftoppm")
    folder = try Processes.temporaryFolder()
  }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws
    -> ProcessResult
  {
    var variables = ["HOME": folder, "WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path]
    variables.merge(environment) { $1 }
    let result = try Processes.run(program, arguments, in: folder, environment: variables)
    XCTAssertEqual(result.status, 0, "\(program) \(arguments): \(result.stderr)")
    return result
  }

  /// Our SVG with the office profile and our PNG at 1x (one pixel per point) of `season` on
  /// the iPhone 16.
  private func render(_ season: String) throws -> RGBAImage {
    let design = ["render", "--device", "iphone-16", "--season", season]
    try run(Processes.wallpaperBinary, design + ["--svg-profile", "office", "-o", "\(season).svg"])
    try run(Processes.wallpaperBinary, design + ["--scale", "1", "-o", "\(season).png"])
    return try RGBAImage(pngFile: "\(folder)/\(season).png")
  }

  /// The mean absolute difference of the red, green and blue channels on 0…255 between `ours`
  /// and the top-left corner of `theirs` of the same size (LibreOffice's page is a pixel or
  /// two larger than the drawing).
  static func meanRGBDifference(_ ours: RGBAImage, _ theirs: RGBAImage) -> Double {
    var sum = 0
    for y in 0..<ours.height {
      for x in 0..<ours.width {
        let (i, j) = ((y * ours.width + x) * 4, (y * theirs.width + x) * 4)
        for c in 0..<3 { sum += abs(Int(ours.pixels[i + c]) - Int(theirs.pixels[j + c])) }
      }
    }
    return Double(sum) / Double(ours.width * ours.height * 3)
  }

  /// LibreOffice Draw 7.4 (`soffice --convert-to pdf`, then `pdftoppm -r 96`: its page is the
  /// SVG's px at 96 dpi) within 2/255 of our PNG for every season with its translucent art
  /// (measured 0.78–1.18; 17.9 for autumn with the art layer's plain `opacity`).
  func testLibreOfficeDrawDrawsEverySeasonAsWeDo() throws {
    var report: [String] = []
    for season in seasons {
      let ours = try render(season)
      try run(
        "soffice",
        ["-env:UserInstallation=file://\(folder)/lo-profile", "--headless", "--convert-to", "pdf", "\(season).svg"])
      try run("pdftoppm", ["-r", "96", "-singlefile", "-png", "\(season).pdf", "\(season)-lo"])
      let theirs = try RGBAImage(pngFile: "\(folder)/\(season)-lo.png")
      XCTAssertGreaterThanOrEqual(theirs.width, ours.width, season)
      XCTAssertGreaterThanOrEqual(theirs.height, ours.height, season)
      guard theirs.width >= ours.width, theirs.height >= ours.height else { continue }
      let mean = Self.meanRGBDifference(ours, theirs)
      report.append(String(format: "%@ via LibreOffice Draw: mean %.3f/255", season, mean))
      XCTAssertLessThanOrEqual(mean, 2, "\(season) via LibreOffice Draw")
    }
    print(report.joined(separator: "\n"))
  }

  /// Scribus 1.5.8 (`placeSVG` from its script API under xvfb-run) places every season's SVG
  /// at the page's origin with the page's size (it reads px at 90 dpi: 0.8 pt), and its PDF
  /// of the page, rasterised at 90 dpi, is within 2/255 of our PNG (measured 0.64–0.97). On
  /// the art layer's `clip-path` alone it placed autumn by a 565.9×750.2 pt box.
  func testScribusPlacesThePageAtTheOrigin() throws {
    let script = """
      import os, scribus
      width, height = float(os.environ["PAGE_WIDTH"]), float(os.environ["PAGE_HEIGHT"])
      scribus.newDocument((width, height), (0, 0, 0, 0), scribus.PORTRAIT, 1, scribus.UNIT_POINTS, \
      scribus.PAGE_1, 0, 1)
      scribus.placeSVG(os.environ["SVG"], 0, 0)
      with open(os.environ["BOX"], "w") as box:
          for name in scribus.getAllObjects():
              x, y = scribus.getPosition(name)
              w, h = scribus.getSize(name)
              box.write("%.3f %.3f %.3f %.3f\\n" % (x, y, w, h))
      pdf = scribus.PDFfile()
      pdf.file = os.environ["PDF"]
      pdf.save()
      scribus.closeDoc()
      os._exit(0)
      """
    try script.write(toFile: "\(folder)/place.py", atomically: true, encoding: .utf8)
    var report: [String] = []
    for season in seasons {
      let ours = try render(season)
      let (width, height) = (Double(ours.width) * 0.8, Double(ours.height) * 0.8)
      try run(
        "timeout", ["120", "xvfb-run", "-a", "scribus", "-g", "-ns", "-py", "place.py"],
        environment: [
          "SVG": "\(folder)/\(season).svg", "BOX": "\(folder)/\(season).box", "PDF": "\(folder)/\(season)-scribus.pdf",
          "PAGE_WIDTH": String(width), "PAGE_HEIGHT": String(height),
        ])
      let boxes = try String(contentsOfFile: "\(folder)/\(season).box", encoding: .utf8)
        .split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
      XCTAssertEqual(boxes.count, 1, "\(season): Scribus placed one group: \(boxes)")
      let box = try XCTUnwrap(boxes.first)
      report.append("\(season) via Scribus: box \(box) on a page of \(width)×\(height) pt")
      for (value, expected) in zip(box, [0, 0, width, height]) {
        XCTAssertEqual(value, expected, accuracy: 0.01, "\(season): Scribus's box \(box), page \(width)×\(height)")
      }
      try run("pdftoppm", ["-r", "90", "-singlefile", "-png", "\(season)-scribus.pdf", "\(season)-scribus"])
      let theirs = try RGBAImage(pngFile: "\(folder)/\(season)-scribus.png")
      XCTAssertEqual([theirs.width, theirs.height], [ours.width, ours.height], season)
      guard theirs.width == ours.width, theirs.height == ours.height else { continue }
      let mean = Self.meanRGBDifference(ours, theirs)
      report.append(String(format: "%@ via Scribus: mean %.3f/255", season, mean))
      XCTAssertLessThanOrEqual(mean, 2, "\(season) via Scribus")
    }
    print(report.joined(separator: "\n"))
  }
}
