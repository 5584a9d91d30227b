import Foundation
import TestSupport
import XCTest

/// `--svg-text text` in Inkscape, rsvg and Chromium with the label's font installed as a
/// designer would have it (a private fontconfig file adding the bundled font), and text typed
/// into the SVG afterwards: it keeps the face in Chromium (the whole font is embedded) and stays
/// centred in Chromium and rsvg (one `text-anchor="middle"`).
final class SVGTextInteropTests: XCTestCase {
  private var folder = ""
  private var fontConfig = ""

  override func setUpWithError() throws {
    try InteropTier.require("rsvg-convert", "chromium", "inkscape")
    folder = try Processes.temporaryFolder()
    fontConfig = "\(folder)/fonts.conf"
    let fonts = Golden.repositoryRoot().appendingPathComponent("Fonts").path
    try """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
    <fontconfig>
      <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
      <dir>\(fonts)</dir>
      <cachedir>\(folder)/fontconfig-cache</cachedir>
    </fontconfig>
    """.write(toFile: fontConfig, atomically: true, encoding: .utf8)
  }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private let scale = 3

  @discardableResult
  private func run(_ program: String, _ arguments: [String], fontInstalled: Bool = true) throws -> ProcessResult {
    var environment = [
      "HOME": folder, "WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path,
    ]
    if fontInstalled { environment["FONTCONFIG_FILE"] = fontConfig }
    let result = try Processes.run(program, arguments, in: folder, environment: environment)
    XCTAssertEqual(result.status, 0, "\(program) \(arguments): \(result.stderr)")
    return result
  }

  /// `svg` rasterised by `renderer` at 3x into `png`.
  private func rasterise(_ svg: String, with renderer: String, to png: String, fontInstalled: Bool = true) throws
    -> RGBAImage
  {
    switch renderer {
    case "rsvg-convert": try run("rsvg-convert", ["-z", "\(scale)", svg, "-o", png], fontInstalled: fontInstalled)
    case "inkscape":
      try run(
        "inkscape", [svg, "--export-type=png", "--export-filename=\(png)", "--export-dpi=\(96 * scale)"],
        fontInstalled: fontInstalled)
    default:
      try run(
        "timeout",
        [
          "-k", "10", "120", "chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
          "--force-color-profile=srgb", "--run-all-compositor-stages-before-draw",
          "--default-background-color=00000000",
          "--force-device-scale-factor=\(scale)", "--window-size=393,852", "--user-data-dir=\(folder)/chromium-\(png)",
          "--screenshot=\(folder)/\(png)", "file://\(folder)/\(svg)",
        ], fontInstalled: fontInstalled)
    }
    return try RGBAImage(pngFile: "\(folder)/\(png)")
  }

  private func render(_ arguments: [String], to output: String) throws {
    try run(
      Processes.wallpaperBinary,
      ["render", "--device", "iphone-16", "--season", "autumn", "--scale", "\(scale)"] + arguments + ["-o", output])
  }

  /// The horizontal centre, in points, of the pixels where `image` differs from `base` by more
  /// than 60 on some channel (the label's ink).
  private func inkCentre(_ image: RGBAImage, over base: RGBAImage) -> Double {
    var (minX, maxX) = (Int.max, Int.min)
    for row in 0..<image.height {
      for column in 0..<image.width {
        let offset = (row * image.width + column) * 4
        let differs = (0..<3).contains { abs(Int(image.pixels[offset + $0]) - Int(base.pixels[offset + $0])) > 60 }
        if differs { (minX, maxX) = (min(minX, column), max(maxX, column)) }
      }
    }
    return Double(minX + maxX + 1) / 2 / Double(scale)
  }

  func testTextModeMatchesOurPNGInEveryRendererWithTheFontInstalled() throws {
    try render([], to: "ours.png")
    try render(["--svg-text", "text"], to: "text.svg")
    let ours = try RGBAImage(pngFile: "\(folder)/ours.png")
    var report: [String] = []
    for renderer in ["rsvg-convert", "inkscape", "chromium"] {
      let theirs = try rasterise("text.svg", with: renderer, to: "\(renderer).png")
      let difference = ImageDifference(ours, theirs, threshold: 24)
      XCTAssertLessThanOrEqual(difference.meanChannelDelta, 1, "\(renderer): \(difference)")
      XCTAssertLessThanOrEqual(difference.fractionOverThreshold, 0.002, "\(renderer): \(difference)")
      report.append("\(renderer): \(difference)")
    }
    print("svg-text text:\n" + report.joined(separator: "\n"))
  }

  func testTypedTextKeepsTheFaceInChromiumAndStaysCentred() throws {
    try render(["--svg-text", "text"], to: "text.svg")
    let svg = try String(contentsOfFile: "\(folder)/text.svg", encoding: .utf8)
    XCTAssertTrue(svg.contains(">Autumn</text>"))
    try svg.replacingOccurrences(of: ">Autumn</text>", with: ">Fall</text>")
      .write(toFile: "\(folder)/fall.svg", atomically: true, encoding: .utf8)
    try render(["--label-text", "Fall"], to: "fall.png")
    // The same label drawn transparent: the art keeps clear of it as it does of "Fall", so only
    // the label's ink differs.
    try render(["--label-text", "Fall", "--label-color", "#FFFFFF00"], to: "bare.png")
    let ours = try RGBAImage(pngFile: "\(folder)/fall.png")
    let bare = try RGBAImage(pngFile: "\(folder)/bare.png")
    let centre = inkCentre(ours, over: bare)
    XCTAssertEqual(centre, 393 / 2, accuracy: 0.5)

    // Chromium without the font installed: the face comes from the embedded whole font.
    let chromium = try rasterise("fall.svg", with: "chromium", to: "fall-chromium.png", fontInstalled: false)
    let face = ImageDifference(ours, chromium, threshold: 24)
    XCTAssertLessThanOrEqual(face.meanChannelDelta, 1, "Chromium keeps Quicksand for 'Fall': \(face)")
    XCTAssertLessThanOrEqual(face.fractionOverThreshold, 0.002, "\(face)")
    XCTAssertEqual(inkCentre(chromium, over: bare), centre, accuracy: 0.5, "centred in Chromium")
    // rsvg ignores @font-face: without the font it draws the generic family, still centred.
    let rsvg = try rasterise("fall.svg", with: "rsvg-convert", to: "fall-rsvg.png", fontInstalled: false)
    XCTAssertEqual(inkCentre(rsvg, over: bare), centre, accuracy: 0.5, "centred in rsvg")
    print("'Fall' typed: Chromium \(face); rsvg centre \(inkCentre(rsvg, over: bare)) pt, ours \(centre) pt")
  }
}
