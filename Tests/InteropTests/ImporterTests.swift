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
  /// SVG's px at 96 dpi; `OfficeImporters.libreOffice`) within 2/255 of our PNG for every
  /// season with its translucent art (measured 0.78–1.18; 17.9 for autumn with the art layer's
  /// plain `opacity`, as the plain profile writes it).
  func testLibreOfficeDrawDrawsEverySeasonAsWeDo() throws {
    var report: [String] = []
    let ours = try seasons.map { try render($0) }
    let rasters = try OfficeImporters.libreOffice(seasons.map { "\(folder)/\($0).svg" }, in: folder)
    for (season, (ours, raster)) in zip(seasons, zip(ours, rasters)) {
      let theirs = try RGBAImage(pngFile: raster)
      XCTAssertGreaterThanOrEqual(theirs.width, ours.width, season)
      XCTAssertGreaterThanOrEqual(theirs.height, ours.height, season)
      guard theirs.width >= ours.width, theirs.height >= ours.height else { continue }
      let mean = Self.meanRGBDifference(ours, theirs)
      report.append(String(format: "%@ via LibreOffice Draw: mean %.3f/255", season, mean))
      XCTAssertLessThanOrEqual(mean, 2, "\(season) via LibreOffice Draw")
    }
    print(report.joined(separator: "\n"))
  }

  /// Scribus 1.5.8 (`placeSVG` from its script API under xvfb-run; `OfficeImporters.scribus`)
  /// places every season's SVG at the page's origin with the page's size (it reads px at 90
  /// dpi: 0.8 pt), and its PDF of the page, rasterised at 90 dpi, is within 2/255 of our PNG
  /// (measured 0.64–0.97). On the art layer's `clip-path` alone it placed autumn by a
  /// 565.9×750.2 pt box. Whether each element is drawn: `ElementJudgeTests`.
  func testScribusPlacesThePageAtTheOrigin() throws {
    var report: [String] = []
    let ours = try seasons.map { try render($0) }
    let pages = zip(seasons, ours).map {
      ("\(folder)/\($0.0).svg", Double($0.1.width) * 0.8, Double($0.1.height) * 0.8)
    }
    let imports = try OfficeImporters.scribus(pages, in: folder)
    for (season, (ours, imported)) in zip(seasons, zip(ours, imports)) {
      let (width, height) = (Double(ours.width) * 0.8, Double(ours.height) * 0.8)
      XCTAssertEqual(imported.boxes.count, 1, "\(season): Scribus placed one group: \(imported.boxes)")
      let box = try XCTUnwrap(imported.boxes.first)
      report.append("\(season) via Scribus: box \(box) on a page of \(width)×\(height) pt")
      for (value, expected) in zip(box, [0, 0, width, height]) {
        XCTAssertEqual(value, expected, accuracy: 0.01, "\(season): Scribus's box \(box), page \(width)×\(height)")
      }
      let theirs = try RGBAImage(pngFile: imported.raster)
      XCTAssertEqual([theirs.width, theirs.height], [ours.width, ours.height], season)
      guard theirs.width == ours.width, theirs.height == ours.height else { continue }
      let mean = Self.meanRGBDifference(ours, theirs)
      report.append(String(format: "%@ via Scribus: mean %.3f/255", season, mean))
      XCTAssertLessThanOrEqual(mean, 2, "\(season) via Scribus")
    }
    print(report.joined(separator: "\n"))
  }
}
