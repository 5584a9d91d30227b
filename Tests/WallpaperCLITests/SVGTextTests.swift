import Foundation
import TestSupport
import XCTest

/// `--svg-text text` for editing: a generic fallback family, the label's whole font where its
/// licence (OS/2 fsType) allows, one anchor where renderers reproduce the shaping, and
/// `--svg-font-file` writing the embedded fonts beside the SVG.
final class SVGTextTests: XCTestCase {
  private var folder = ""
  private let fonts = Golden.repositoryRoot().appendingPathComponent("Fonts")

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  /// Runs the binary with this test's own fontconfig configuration (Droid Sans Fallback for the
  /// CJK fallback, whatever the machine has).
  @discardableResult
  private func wallpaper(_ arguments: [String], status: Int32 = 0) throws -> ProcessResult {
    let configuration = try TestFonts(in: folder, files: [TestFonts.droidSansFallback])
    let result = try Processes.run(
      Processes.wallpaperBinary, arguments, in: folder,
      environment: configuration.environment.merging(["WALLPAPER_FONTS": fonts.path]) { $1 })
    XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
    return result
  }

  private func text(_ name: String) throws -> String {
    try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
  }

  /// Quicksand (fsType 0, installable) is embedded whole and written beside the SVG as it is;
  /// the label is one `<text>` anchored at the middle with a generic fallback.
  func testTheLabelsWholeFontIsEmbeddedAndWrittenBeside() throws {
    try wallpaper([
      "render", "--device", "iphone-16", "--season", "autumn", "--svg-text", "text", "--svg-font-file", "-o",
      "out/t.svg",
    ])
    let original = try Data(contentsOf: fonts.appendingPathComponent("Quicksand-Bold.ttf"))
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out/Quicksand-Bold.ttf")), original)
    let svg = try text("out/t.svg")
    XCTAssertTrue(svg.contains("base64,\(original.base64EncodedString())"), "the whole font is in @font-face")
    XCTAssertTrue(
      svg.contains(
        "<text x=\"196.5\" y=\"360.82\" text-anchor=\"middle\" font-family=\"Quicksand, sans-serif\" font-weight=\"700\""
      ), svg)
    XCTAssertTrue(svg.contains(">Autumn</text>"))
  }

  /// The same font marked preview & print only (fsType 4) is embedded as a subset, and so is a
  /// fallback font; a run in a fallback font keeps per-character `x`.
  func testARestrictedLicenceOrAFallbackFontIsSubset() throws {
    var bytes = [UInt8](try Data(contentsOf: fonts.appendingPathComponent("Quicksand-Bold.ttf")))
    let tables = Int(bytes[4]) << 8 | Int(bytes[5])
    let record = try XCTUnwrap(
      (0..<tables).map { 12 + 16 * $0 }.first { bytes[$0..<$0 + 4].elementsEqual("OS/2".utf8) })
    let os2 =
      Int(bytes[record + 8]) << 24 | Int(bytes[record + 9]) << 16 | Int(bytes[record + 10]) << 8
      | Int(bytes[record + 11])
    (bytes[os2 + 8], bytes[os2 + 9]) = (0, 4)
    try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/Print-Only.ttf"))
    try wallpaper([
      "render", "--device", "iphone-16", "--font", "Print-Only.ttf", "--svg-text", "text", "--svg-font-file", "-o",
      "p.svg",
    ])
    let subset = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/Print-Only-subset.ttf"))
    XCTAssertLessThan(subset.count, bytes.count / 4, "a subset, not the whole font")
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/Print-Only.ttf.svg"))

    try wallpaper([
      "render", "--device", "iphone-16", "--svg-text", "text", "--label-text", "春 Spring", "--svg-font-file", "-o",
      "c.svg",
    ])
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/Quicksand-Bold.ttf"))
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/DroidSansFallbackFull-subset.ttf"))
    let svg = try text("c.svg")
    XCTAssertFalse(svg.contains("text-anchor"), "a fallback run keeps per-character x")
    XCTAssertTrue(svg.contains("font-family=\"Droid Sans Fallback, sans-serif\""), svg)
  }

  func testSVGFontFileNeedsTextInAnSVGFile() throws {
    let outlines = try wallpaper(["render", "--device", "iphone-16", "--svg-font-file", "-o", "o.svg"], status: 2)
    XCTAssertEqual(
      outlines.stderr,
      "error: --svg-font-file: needs an SVG with --svg-text text (outlines and Cairo's SVG embed no font)\n")
    let stdout = try wallpaper(
      ["render", "--device", "iphone-16", "--svg-text", "text", "--svg-font-file", "--format", "svg", "-o", "-"],
      status: 2)
    XCTAssertEqual(
      stdout.stderr, "error: --svg-font-file: needs an output file to write the font beside (not standard output)\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["fontconfig"], "no output written")
  }
}
