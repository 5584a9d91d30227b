import Foundation
import TestSupport
import XCTest

/// `--output-condition NAME` with `--output-intent`: refused in one line when the profile was
/// made for another printing condition, written when it was made for this one.
final class OutputConditionTests: XCTestCase {
  private var folder = ""
  private let environment = [
    "WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path,
    "SOURCE_DATE_EPOCH": "1700000000",
  ]

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    try #"{ "device": "iphone-8" }"#.write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder, environment: environment)
  }

  /// The PDF's OutputConditionIdentifier, read with qpdf from the uncompressed objects.
  private func conditionIdentifier(_ pdf: String) throws -> String? {
    let result = try Processes.run("qpdf", ["--qdf", "--object-streams=disable", pdf, "plain.pdf"], in: folder)
    XCTAssertEqual(result.status, 0, result.stderr)
    let text = String(decoding: FileManager.default.contents(atPath: "\(folder)/plain.pdf") ?? Data(), as: UTF8.self)
    guard let range = text.range(of: "/OutputConditionIdentifier (") else { return nil }
    return String(text[range.upperBound...].prefix { $0 != ")" })
  }

  func testGhostscriptsSWOPProfileNamedFogra39IsRefusedInOneLineAndNothingIsWritten() throws {
    for command in [["render", "d.json", "-o", "x.pdf"], ["proof", "d.json", "-o", "x.pdf"]] {
      let result = try wallpaper(
        command + ["--pdfx", "--output-condition", "FOGRA39", "--output-intent", "default_cmyk"])
      XCTAssertEqual(result.status, 2, result.stderr)
      XCTAssertEqual(
        result.stderr,
        "error: --output-condition: 'FOGRA39' is not allowed with --output-intent 'default_cmyk' (Artifex CMYK SWOP Profile): the profile's paper white is ΔE00 6.64 from FOGRA39's aim, over the limit of 1.5 (Fogra's FOGRA39L characterisation data (2006)); allowed: a profile made for FOGRA39, or --output-condition left out\n"
      )
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/x.pdf"), command[0])
    }
    // The design's field is named by its file and line.
    try #"""
    { "device": "iphone-8", "pdfx": true,
      "outputIntent": "default_cmyk", "outputCondition": "FOGRA51" }
    """#.write(toFile: "\(folder)/f.json", atomically: true, encoding: .utf8)
    let field = try wallpaper(["render", "f.json", "-o", "f.pdf"])
    XCTAssertEqual(field.status, 2, field.stderr)
    XCTAssertTrue(
      field.stderr.hasPrefix(
        "error: f.json:2: outputCondition: 'FOGRA51' is not allowed with --output-intent 'default_cmyk'"),
      field.stderr)
    XCTAssertTrue(field.stderr.contains("paper white is ΔE00 9.95 from FOGRA51's aim"), field.stderr)
    XCTAssertEqual(field.stderr.filter { $0 == "\n" }.count, 1, field.stderr)
  }

  func testAFogra39ProfileIsAcceptedAsFogra39AndRefusedAsSWOP() throws {
    let profile = try PressProfiles.profile(.fogra39)
    let accepted = try wallpaper(
      ["render", "d.json", "-o", "a.pdf", "--pdfx", "--output-condition", "FOGRA39", "--output-intent", profile])
    XCTAssertEqual(accepted.status, 0, accepted.stderr)
    XCTAssertEqual(accepted.stderr, "")
    XCTAssertEqual(try conditionIdentifier("\(folder)/a.pdf"), "FOGRA39")

    let swop = try wallpaper(
      ["render", "d.json", "-o", "s.pdf", "--pdfx", "--output-condition", "SWOP", "--output-intent", profile])
    XCTAssertEqual(swop.status, 2, swop.stderr)
    XCTAssertTrue(swop.stderr.contains("'SWOP' is not allowed with --output-intent '\(profile)'"), swop.stderr)
    XCTAssertTrue(swop.stderr.contains("from CGATS TR 003's aim, over the limit of 1.5"), swop.stderr)
  }

  func testAConditionWithoutAimsIsWrittenWithANote() throws {
    let result = try wallpaper(
      [
        "render", "d.json", "-o", "j.pdf", "--pdfx", "--output-condition", "JapanColor2011", "--output-intent",
        "default_cmyk",
      ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.stderr,
      "note: --output-condition: 'default_cmyk' is taken as made for JapanColor2011Coated unchecked: no characterisation aims for JapanColor2011Coated are built in (Docs/proof.md, \"How a match is judged\")\n"
    )
    XCTAssertEqual(try conditionIdentifier("\(folder)/j.pdf"), "JapanColor2011Coated")
  }
}
