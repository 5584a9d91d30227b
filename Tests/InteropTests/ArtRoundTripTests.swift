import Foundation
import TestSupport
import XCTest

/// A designer's edit comes back: our SVG, changed by Inkscape's command line (the maple leaves
/// moved, the sky recoloured), drawn again as custom art (`--art`) matches Inkscape's own
/// raster of the edited file; the same art through PDF (pdftoppm) and through our SVG (rsvg)
/// matches the PNG.
final class ArtRoundTripTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    try InteropTier.require("inkscape", "rsvg-convert", "pdftoppm")
    folder = try Processes.temporaryFolder()
  }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func run(_ program: String, _ arguments: [String]) throws -> ProcessResult {
    let result = try Processes.run(
      program, arguments, in: folder,
      environment: [
        "HOME": folder, "WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path,
      ])
    XCTAssertEqual(result.status, 0, "\(program) \(arguments): \(result.stderr)")
    return result
  }

  private func image(_ name: String) throws -> RGBAImage { try RGBAImage(pngFile: "\(folder)/\(name)") }

  func testAnInkscapeEditRendersAsInkscapeDrawsIt() throws {
    let wallpaper = Processes.wallpaperBinary
    // 1. Our SVG.
    try run(wallpaper, ["render", "--device", "iphone-16", "--season", "autumn", "-o", "ours.svg"])
    // 2. Inkscape's command line moves the maple leaves and recolours the sky.
    try run(
      "inkscape",
      [
        "ours.svg",
        "--actions=select-by-id:maple-leaves;transform-translate:30,0;select-clear;select-by-id:sky;"
          + "object-set-attribute:fill,#3366CC;export-filename:edited.svg;export-plain-svg;export-do",
      ])
    let edited = try String(contentsOfFile: "\(folder)/edited.svg", encoding: .utf8)
    XCTAssertTrue(edited.contains("fill=\"#3366CC\""), "Inkscape recoloured the sky")
    XCTAssertTrue(edited.contains("translate(30"), "Inkscape moved the maple leaves")
    // 3. The edited file as custom art, in every format; 4. Inkscape's own raster of it.
    let art = ["render", "--device", "iphone-16", "--art", "edited.svg", "--no-label"]
    for format in ["png", "pdf", "svg"] { try run(wallpaper, art + ["-o", "art.\(format)"]) }
    try run("inkscape", ["edited.svg", "--export-type=png", "--export-filename=inkscape.png", "--export-dpi=288"])
    try run("pdftoppm", ["-r", "216", "-png", "-singlefile", "art.pdf", "art-pdf"])
    try run("rsvg-convert", ["-z", "3", "art.svg", "-o", "art-svg.png"])

    let png = try image("art.png")
    let original = try image("inkscape.png")
    XCTAssertEqual([png.width, png.height], [1179, 2556])
    let inkscape = ImageDifference(original, png, threshold: 24)
    XCTAssertLessThanOrEqual(inkscape.meanChannelDelta, 0.5, "ours vs Inkscape's raster of the edit: \(inkscape)")
    let pdf = ImageDifference(png, try image("art-pdf.png"), threshold: 24)
    XCTAssertLessThanOrEqual(pdf.meanChannelDelta, 1, "PDF (pdftoppm) vs PNG: \(pdf)")
    let svg = ImageDifference(png, try image("art-svg.png"), threshold: 24)
    XCTAssertLessThanOrEqual(svg.meanChannelDelta, 0.5, "SVG (rsvg) vs PNG: \(svg)")
    // The edit shows: the sky is the new blue, not the season's sky.
    try run(wallpaper, ["render", "--device", "iphone-16", "--season", "autumn", "-o", "ours.png"])
    let before = ImageDifference(try image("ours.png"), png, threshold: 24)
    XCTAssertGreaterThan(before.fractionOverThreshold, 0.5, "the recoloured sky changes most pixels: \(before)")
    print("round trip: Inkscape \(inkscape); PDF \(pdf); SVG \(svg)")
  }
}
