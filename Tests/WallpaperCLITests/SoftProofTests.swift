import Foundation
import TestSupport
import XCTest

/// `proof --soft-proof DIR`: lcms2's soft proof and gamut check, read back from the PNGs.
final class SoftProofTests: XCTestCase {
  private var folder = ""
  private let environment = [
    "WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path,
    "SOURCE_DATE_EPOCH": "1700000000",
  ]

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    // Pure green and pure blue cells, which no CMYK press prints, and a mid grey one, which
    // every press prints.
    try #"""
    { "name": "Saturated", "device": "iphone-8", "season": { "name": "winter" },
      "grid": { "kind": "home", "fill": ["0=#00FF00", "1=#0000FF", "2=#808080"] } }
    """#.write(toFile: "\(folder)/s.json", atomically: true, encoding: .utf8)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder, environment: environment)
  }

  func testGamutImageMarksSaturatedCellsNotGreyAndTheSlugStatesItsCount() throws {
    let result = try wallpaper(["proof", "s.json", "-o", "s.pdf", "--pdfx", "--soft-proof", "soft"])
    XCTAssertEqual(result.status, 0, result.stderr)
    // The soft proofs are at the device's native scale: iPhone 8 is 375 × 667 pt at 2x.
    let render = try wallpaper(["render", "s.json", "--scale", "2", "-o", "s.png"])
    XCTAssertEqual(render.status, 0, render.stderr)
    let original = try RGBAImage(pngFile: "\(folder)/s.png")
    let gamut = try RGBAImage(pngFile: "\(folder)/soft/1-iphone-8-gamut.png")
    let proof = try RGBAImage(pngFile: "\(folder)/soft/1-iphone-8-soft-proof.png")
    XCTAssertEqual([gamut.width, gamut.height, proof.width, proof.height], [750, 1334, 750, 1334])
    for file in ["1-iphone-8-gamut.png", "1-iphone-8-soft-proof.png"] {
      PNGChunks.assertSRGB(Array(FileManager.default.contents(atPath: "\(folder)/soft/\(file)") ?? Data()))
    }

    func rgb(_ image: RGBAImage, _ index: Int) -> [UInt8] { Array(image.pixels[index * 4..<index * 4 + 3]) }
    let magenta: [UInt8] = [255, 0, 255]
    var counts: [String: (cell: Int, marked: Int)] = [:]
    var marked = 0
    for index in 0..<(gamut.width * gamut.height) {
      let isMarked = rgb(gamut, index) == magenta
      if isMarked { marked += 1 }
      let name: String
      switch rgb(original, index) {
      case [0, 255, 0]: name = "green"
      case [0, 0, 255]: name = "blue"
      case [128, 128, 128]: name = "grey"
      default: continue
      }
      counts[name, default: (0, 0)].cell += 1
      if isMarked { counts[name, default: (0, 0)].marked += 1 }
    }
    // Each cell is 60 × 60 pt or more of its colour; the marks cover all of green and blue and
    // none of the grey.
    for name in ["green", "blue", "grey"] {
      XCTAssertGreaterThan(counts[name]?.cell ?? 0, 12000, name)
    }
    XCTAssertEqual(counts["green"]?.marked, counts["green"]?.cell)
    XCTAssertEqual(counts["blue"]?.marked, counts["blue"]?.cell)
    XCTAssertEqual(counts["grey"]?.marked, 0)
    // The proof shows green as a press prints it: duller than sRGB's pure green.
    let greenIndex = (0..<(original.width * original.height)).first { rgb(original, $0) == [0, 255, 0] }!
    XCTAssertNotEqual(rgb(proof, greenIndex), [0, 255, 0])
    XCTAssertLessThan(Int(rgb(proof, greenIndex)[1]), 250)

    // The same input gives the same bytes.
    let again = try wallpaper(["proof", "s.json", "-o", "t.pdf", "--pdfx", "--soft-proof", "again"])
    XCTAssertEqual(again.status, 0, again.stderr)
    for file in ["1-iphone-8-gamut.png", "1-iphone-8-soft-proof.png"] {
      XCTAssertEqual(
        FileManager.default.contents(atPath: "\(folder)/again/\(file)"),
        FileManager.default.contents(atPath: "\(folder)/soft/\(file)"), file)
    }
    XCTAssertEqual(
      FileManager.default.contents(atPath: "\(folder)/t.pdf"), FileManager.default.contents(atPath: "\(folder)/s.pdf"))

    // The slug's percentage is the gamut image's count.
    let percentage = String(format: "%.2f", Double(marked) * 100 / Double(gamut.width * gamut.height))
    let text = try Processes.run("pdftotext", ["\(folder)/s.pdf", "-"]).stdout
    XCTAssertTrue(text.contains("soft proof: \(percentage)% of the trim out of gamut for "), "\(percentage):\n\(text)")
  }

  func testSoftProofNamesEveryPageAndRefusesAFileForItsFolder() throws {
    try #"{ "name": "Autumn", "device": "iphone-8", "season": { "name": "autumn" } }"#
      .write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
    // Ten pages, the fewest whose numbers take two digits.
    let devices = [
      "iphone-4", "iphone-5", "iphone-8", "iphone-8-plus", "iphone-x", "iphone-11", "iphone-12", "iphone-16-pro",
      "ipad-mini-8-3", "ipad-10-2",
    ]
    let result = try wallpaper([
      "proof", "d.json", "-o", "a.pdf", "--devices", devices.joined(separator: ","), "--soft-proof", "out",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let files = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/out").sorted()
    XCTAssertEqual(files.count, 2 * devices.count, "\(files)")
    XCTAssertEqual(files.prefix(2), ["01-iphone-4-gamut.png", "01-iphone-4-soft-proof.png"])
    XCTAssertEqual(files.suffix(2), ["10-ipad-10-2-gamut.png", "10-ipad-10-2-soft-proof.png"])
    let text = try Processes.run("pdftotext", ["\(folder)/a.pdf", "-"]).stdout
    XCTAssertEqual(text.components(separatedBy: "% of the trim out of gamut for ").count - 1, devices.count)

    try "x".write(toFile: "\(folder)/file", atomically: true, encoding: .utf8)
    for (arguments, fragment) in [
      (["--soft-proof", "file"], "--soft-proof: 'file' is not allowed (a folder"),
      (
        ["--soft-proof", "d", "--output-intent", "/usr/share/color/icc/ghostscript/srgb.icc"],
        "--output-intent: '/usr/share/color/icc/ghostscript/srgb.icc' is not allowed"
      ),
    ] {
      let bad = try wallpaper(["proof", "s.json", "-o", "bad.pdf"] + arguments)
      XCTAssertEqual(bad.status, 2, bad.stderr)
      XCTAssertTrue(bad.stderr.hasPrefix("error: \(fragment)"), bad.stderr)
      XCTAssertEqual(bad.stderr.filter { $0 == "\n" }.count, 1, bad.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/bad.pdf"))
    }
  }
}
