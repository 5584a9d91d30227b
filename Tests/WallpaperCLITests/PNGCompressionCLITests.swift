import Foundation
import TestSupport
import XCTest

/// `wallpaper render --png-compression` and `--timings`, run as the built binary.
final class PNGCompressionCLITests: XCTestCase {
  private var folder = ""
  private let environment = ["WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path]

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder, environment: environment)
  }

  private func bytes(_ name: String) -> [UInt8] {
    FileManager.default.contents(atPath: "\(folder)/\(name)").map(Array.init) ?? []
  }

  private let design = ["render", "--device", "iphone-8", "--scale", "1", "--season", "winter", "--grid", "home"]

  func testEveryCompressionGivesTheSamePixels() throws {
    for level in ["fast", "default", "small"] {
      let result = try wallpaper(design + ["--png-compression", level, "-o", "\(level).png"])
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertEqual(result.stderr, "")
    }
    let reference = try RGBAImage(pngFile: "\(folder)/default.png")
    for level in ["fast", "small"] {
      XCTAssertEqual(try RGBAImage(pngFile: "\(folder)/\(level).png"), reference, level)
    }
    XCTAssertLessThan(bytes("small.png").count, bytes("fast.png").count)
    XCTAssertEqual(try wallpaper(design + ["-o", "none.png"]).status, 0)
    XCTAssertEqual(bytes("none.png"), bytes("default.png"), "default is the default")
  }

  /// `small` keeps the smallest of its own search and the default's choices: on every sample
  /// (art, grids of a few colours that go indexed, a grid that needs row filters, a photo grid)
  /// its file is never larger than the default's, and decodes to the same pixels.
  func testSmallIsNeverLargerThanTheDefaultOnEverySample() throws {
    let samples = Golden.repositoryRoot().appendingPathComponent("Samples").path
    let names = try FileManager.default.contentsOfDirectory(atPath: samples).filter { $0.hasSuffix(".json") }.sorted()
    XCTAssertGreaterThanOrEqual(names.count, 9)
    for name in names {
      let stem = String(name.dropLast(5))
      for level in ["default", "small"] {
        let result = try wallpaper(
          ["render", "\(samples)/\(name)", "--png-compression", level, "-o", "\(stem)-\(level).png"])
        XCTAssertEqual(result.status, 0, "\(name) \(level): \(result.stderr)")
      }
      let (small, standard) = (bytes("\(stem)-small.png"), bytes("\(stem)-default.png"))
      XCTAssertFalse(standard.isEmpty, name)
      XCTAssertLessThanOrEqual(small.count, standard.count, "\(name): small is larger than the default")
      XCTAssertEqual(
        try RGBAImage(pngFile: "\(folder)/\(stem)-small.png"), try RGBAImage(pngFile: "\(folder)/\(stem)-default.png"),
        "\(name): small decodes to other pixels")
    }
  }

  func testTheDesignFieldMatchesTheFlag() throws {
    let file = "\(folder)/design.json"
    try Data(
      #"{"device": "iphone-8", "scale": 1, "season": {"name": "winter"}, "grid": {"kind": "home"}, "pngCompression": "small"}"#
        .utf8
    )
    .write(to: URL(fileURLWithPath: file))
    XCTAssertEqual(try wallpaper(["render", file, "-o", "file.png"]).status, 0)
    XCTAssertEqual(try wallpaper(design + ["--png-compression", "small", "-o", "flag.png"]).status, 0)
    XCTAssertEqual(bytes("file.png"), bytes("flag.png"))
    XCTAssertEqual(try wallpaper(["render", file, "--png-compression", "fast", "-o", "fast.png"]).status, 0)
    XCTAssertNotEqual(bytes("file.png"), bytes("fast.png"), "the flag wins over the file")
  }

  func testAnUnknownCompressionIsAUsageError() throws {
    let result = try wallpaper(design + ["--png-compression", "tiny", "-o", "x.png"])
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("--png-compression: 'tiny'"), result.stderr)
    XCTAssertTrue(result.stderr.contains("fast, default, small"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/x.png"))
  }

  func testTimingsNameEveryPhaseOnStderr() throws {
    let png = try wallpaper(design + ["--timings", "-o", "t.png"])
    XCTAssertEqual(png.status, 0, png.stderr)
    XCTAssertEqual(png.stdout, "")
    let lines = png.stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    XCTAssertEqual(lines.first, "timings:")
    XCTAssertEqual(
      lines.dropFirst().map { String($0.prefix { $0 != " " }) }, ["scene", "draw", "encode", "write", "total"],
      png.stderr)
    for line in lines.dropFirst() {
      XCTAssertNotNil(line.range(of: #"^\S+ +\d+\.\d ms$"#, options: .regularExpression), line)
    }
    let pdf = try wallpaper(design + ["--timings", "-o", "t.pdf"])
    XCTAssertEqual(pdf.status, 0, pdf.stderr)
    XCTAssertTrue(pdf.stderr.contains("draw+encode"), pdf.stderr)
    XCTAssertEqual(try wallpaper(design + ["-o", "quiet.png"]).stderr, "", "no timings unless asked")
  }
}
