import Foundation
import TestSupport
import XCTest

/// `--pdfx` proofs and renders, read back by independent tools: pikepdf (Tests/Scripts/check-pdfx.py
/// checks every PDF/X-4 rule), qpdf --check, and poppler (pdffonts, pdftotext, pdfinfo, pdftoppm).
final class PDFXTests: XCTestCase {
  private var folder = ""
  private let environment = [
    "WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path,
    "SOURCE_DATE_EPOCH": "1700000000",
  ]
  private let checker = Golden.repositoryRoot().appendingPathComponent("Tests/Scripts/check-pdfx.py").path

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    try #"{ "name": "Autumn sample", "device": "iphone-8", "season": { "name": "autumn" } }"#
      .write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
    try InteropTier.require("qpdf", "pdffonts", modules: ["pikepdf"])
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder, environment: environment)
  }

  private func make(_ arguments: [String]) throws {
    let result = try wallpaper(arguments)
    XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    XCTAssertEqual(result.stderr, "")
  }

  /// Runs check-pdfx.py; its output names every failed rule.
  private func assertPDFX(_ file: String, _ options: [String] = [], line: UInt = #line) throws {
    let result = try Processes.run(Processes.python, [checker, "\(folder)/\(file)"] + options)
    XCTAssertEqual(result.status, 0, "\(file):\n\(result.stdout)\(result.stderr)", line: line)
    let check = try Processes.run("qpdf", ["--check", "\(folder)/\(file)"])
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr, line: line)
    XCTAssertTrue(check.stdout.contains("No syntax or stream encoding errors found"), check.stdout, line: line)
    XCTAssertFalse(check.stdout.uppercased().contains("WARNING"), check.stdout, line: line)
  }

  private func tool(_ program: String, _ arguments: [String]) throws -> String {
    let result = try Processes.run(program, arguments)
    XCTAssertEqual(result.status, 0, "\(program): \(result.stderr)")
    return result.stdout
  }

  private func bytes(_ file: String) -> [UInt8]? {
    FileManager.default.contents(atPath: "\(folder)/\(file)").map(Array.init)
  }

  func testTwoDeviceProofMeetsPDFX4AndKeepsTextFontsBoxesAndPixels() throws {
    let devices = ["--devices", "iphone-8,iphone-16-pro"]
    try make(["proof", "d.json", "-o", "rgb.pdf"] + devices)
    try make(["proof", "d.json", "-o", "x.pdf", "--pdfx"] + devices)
    try assertPDFX("x.pdf", ["--pages", "2", "--registration"])

    let rgb = "\(folder)/rgb.pdf"
    let pdfx = "\(folder)/x.pdf"
    // Text, fonts and boxes as in the RGB proof; only the slug's colour line differs.
    func lines(_ pdf: String) throws -> [Substring] {
      try tool("pdftotext", [pdf, "-"]).split(separator: "\n").filter { !$0.hasPrefix("Colour: ") }
    }
    XCTAssertEqual(try lines(pdfx), try lines(rgb))
    XCTAssertTrue(
      try tool("pdftotext", [pdfx, "-"]).contains("Colour: PDF/X-4, RGB as ICC-based sRGB, output intent "))
    let fonts = try tool("pdffonts", [pdfx]).split(separator: "\n").dropFirst(2)
    XCTAssertFalse(fonts.isEmpty)
    for font in fonts {
      XCTAssertTrue(font.contains("Quicksand"), String(font))
      XCTAssertEqual(
        Array(font.split(separator: " ").suffix(5).prefix(2)), ["yes", "yes"], "embedded, subset: \(font)")
    }
    func boxLines(_ pdf: String) throws -> [Substring] {
      try tool("pdfinfo", ["-box", "-f", "1", "-l", "2", pdf]).split(separator: "\n").filter {
        $0.contains("Box:") || $0.hasPrefix("Pages:")
      }
    }
    XCTAssertEqual(try boxLines(pdfx), try boxLines(rgb))
    XCTAssertTrue(try tool("pdfinfo", [pdfx]).contains("PDF version:     1.6"))

    // The trim area rasterised from both files: DefaultRGB is sRGB, so pixels stay the same.
    // poppler renders through the output intent's profile when there is one (a press
    // simulation: mean 2.8/255 here), so the PDF/X file is rasterised from a copy without it.
    // Fit layout: the trim starts 36 pt from the top-left corner (see ProofTests).
    let copy = try Processes.run(Processes.python, [checker, "--without-intent", pdfx, "\(folder)/x-screen.pdf"])
    XCTAssertEqual(copy.status, 0, copy.stderr)
    for (page, size) in [(1, (375, 667)), (2, (402, 874))] {
      var images: [RGBAImage] = []
      for pdf in [rgb, "\(folder)/x-screen.pdf"] {
        let stem = "\(pdf)-\(page)"
        let raster = try Processes.run(
          "pdftoppm",
          [
            "-f", "\(page)", "-l", "\(page)", "-r", "72", "-x", "36", "-y", "36", "-W", "\(size.0)", "-H",
            "\(size.1)", "-png", "-singlefile", pdf, stem,
          ])
        XCTAssertEqual(raster.status, 0, raster.stderr)
        images.append(try RGBAImage(pngFile: stem + ".png"))
      }
      let difference = ImageDifference(images[0], images[1], threshold: 16)
      XCTAssertLessThanOrEqual(difference.meanChannelDelta, 1, "page \(page): \(difference)")
    }

    // The same input gives the same bytes.
    try make(["proof", "d.json", "-o", "again.pdf", "--pdfx"] + devices)
    XCTAssertEqual(bytes("again.pdf"), bytes("x.pdf"))
  }

  func testEveryDeviceProofMeetsPDFX4() throws {
    try make(["proof", "d.json", "-o", "all.pdf", "--pdfx", "--devices", "all"])
    try assertPDFX("all.pdf", ["--pages", "23", "--registration"])
    let text = try tool("pdftotext", ["\(folder)/all.pdf", "-"])
    XCTAssertTrue(text.contains("page 23 of 23"), text)
    XCTAssertTrue(try tool("pdffonts", ["\(folder)/all.pdf"]).contains("yes yes yes"))
  }

  /// Gang-up sheets (SheetTests checks their geometry): every PDF/X-4 rule, marks in registration.
  func testNupSheetsMeetPDFX4() throws {
    try make([
      "proof", "d.json", "-o", "nup.pdf", "--devices", "iphone", "--paper", "sra3", "--layout", "nup", "--pdfx",
    ])
    try assertPDFX("nup.pdf", ["--registration"])
  }

  func testRenderWritesPDFX4WithANamedOrAFileOutputIntent() throws {
    try make(["render", "d.json", "--format", "pdf", "--pdfx", "-o", "r.pdf"])
    try assertPDFX("r.pdf", ["--pages", "1"])
    let press = "\(folder)/press.icc"
    try FileManager.default.copyItem(atPath: "/usr/share/color/icc/ghostscript/default_cmyk.icc", toPath: press)
    try make(["render", "d.json", "--pdfx", "--output-intent", "press.icc", "-o", "f.pdf"])
    try assertPDFX("f.pdf")
    try make(["render", "d.json", "--pdfx", "--output-intent", "default_cmyk", "-o", "n.pdf"])
    XCTAssertEqual(bytes("n.pdf"), bytes("r.pdf"), "the default is default_cmyk")
    // The intent is also a design field.
    try #"{ "name": "Autumn sample", "device": "iphone-8", "season": { "name": "autumn" }, "pdfx": true }"#
      .write(toFile: "\(folder)/x.json", atomically: true, encoding: .utf8)
    try make(["render", "x.json", "-o", "d.pdf"])
    try assertPDFX("d.pdf")
  }

  func testANamedOutputConditionIsWrittenWithItsProfileAndTheDefaultSaysCustom() throws {
    // A FOGRA39 profile (ArgyllCMS, from Fogra's data) for FOGRA39; Ghostscript's SWOP profile
    // would be refused as FOGRA39 (OutputConditionTests), so it stands for Japan Color 2011,
    // which has no aims to check it against.
    try FileManager.default.copyItem(atPath: try PressProfiles.profile(.fogra39), toPath: "\(folder)/fogra39.icc")
    try FileManager.default.copyItem(
      atPath: "/usr/share/color/icc/ghostscript/default_cmyk.icc", toPath: "\(folder)/press.icc")
    try make([
      "proof", "d.json", "--pdfx", "--output-condition", "FOGRA39", "--output-intent", "fogra39.icc", "-o", "f.pdf",
    ])
    try assertPDFX("f.pdf")
    try make(["proof", "d.json", "--pdfx", "-o", "c.pdf"])
    try assertPDFX("c.pdf")
    let japan = try wallpaper([
      "render", "d.json", "--pdfx", "--output-condition", "JapanColor2011", "--output-intent", "press.icc", "-o",
      "g.pdf",
    ])
    XCTAssertEqual(japan.status, 0, japan.stderr)
    XCTAssertTrue(japan.stderr.hasPrefix("note: --output-condition: 'press.icc' is taken as made for"), japan.stderr)
    let script = """
      import pikepdf, sys
      for path in sys.argv[1:]:
          intent = pikepdf.open(path).Root.OutputIntents[0]
          print("|".join(str(intent[k]) for k in ["/OutputConditionIdentifier", "/RegistryName", "/OutputCondition", "/Info"]))
      """
    let result = try Processes.run(
      Processes.python, ["-c", script, "\(folder)/f.pdf", "\(folder)/c.pdf", "\(folder)/g.pdf"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3, result.stdout)
    XCTAssertEqual(
      lines.first,
      "FOGRA39|http://www.color.org|Offset printing, ISO 12647-2:2004/Amd 1, paper type 1 or 2 (gloss or matte coated), 115 g/m2, 60/cm|FOGRA39L (ArgyllCMS colprof)"
    )
    XCTAssertEqual(
      lines.dropFirst().first,
      "Custom|http://www.color.org|Ghostscript's default_cmyk.icc (Artifex CMYK SWOP Profile): a generic CMYK profile, not a registered printing condition|Artifex CMYK SWOP Profile"
    )
    XCTAssertEqual(lines.last?.split(separator: "|").first, "JapanColor2011Coated")
    // The slug names the condition.
    let text = try Processes.run("pdftotext", ["\(folder)/f.pdf", "-"]).stdout
    XCTAssertTrue(text.contains("output intent FOGRA39"), text)
  }

  func testBadOutputIntentsAreOneLineUsageErrorsAndWriteNothing() throws {
    try Data((0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(
      to: URL(fileURLWithPath: "\(folder)/corrupt.icc"))
    try FileManager.default.copyItem(
      atPath: "/usr/share/color/icc/ghostscript/srgb.icc", toPath: "\(folder)/rgb.icc")
    // Malformed copies of a good CMYK profile (187484 bytes, its first tag 'desc'): a size
    // field 100 bytes too large, a tag 4 bytes before the end with 116 bytes, 8 bytes of junk
    // after the end. lcms2 opens all three.
    let good = [UInt8](FileManager.default.contents(atPath: "/usr/share/color/icc/ghostscript/default_cmyk.icc")!)
    func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    var size = good
    size.replaceSubrange(0..<4, with: bigEndian(good.count + 100))
    var tag = good
    tag.replaceSubrange(136..<140, with: bigEndian(good.count - 4))
    for (name, bytes) in [("size", size), ("tag", tag), ("junk", good + Array("JUNKJUNK".utf8))] {
      try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name).icc"))
    }
    try "keep".write(toFile: "\(folder)/kept.pdf", atomically: true, encoding: .utf8)
    for (arguments, fragment) in [
      (["--pdfx", "--output-intent", "fogra99"], "--output-intent: 'fogra99' is not allowed (no installed profile"),
      (["--pdfx", "--output-intent", "rgb.icc"], "--output-intent: 'rgb.icc' is not allowed (not an output"),
      (["--pdfx", "--output-intent", "corrupt.icc"], "--output-intent: 'corrupt.icc' is not allowed (a malformed ICC"),
      (
        ["--pdfx", "--output-intent", "size.icc"],
        "--output-intent: 'size.icc' is not allowed (a malformed ICC profile: the header declares 187584 bytes"
      ),
      (
        ["--pdfx", "--output-intent", "tag.icc"],
        "--output-intent: 'tag.icc' is not allowed (a malformed ICC profile: tag 'desc' (offset 187480, 116 bytes)"
      ),
      (
        ["--pdfx", "--output-intent", "junk.icc"],
        "--output-intent: 'junk.icc' is not allowed (a malformed ICC profile: the header declares 187484 bytes but the file has 187492 (trailing data)"
      ),
      (
        ["--pdfx", "--output-condition", "FOGRA39"],
        "--output-condition: 'FOGRA39' is not allowed without --output-intent"
      ),
      (
        [
          "--pdfx", "--output-condition", "FOGRA99", "--output-intent",
          "/usr/share/color/icc/ghostscript/default_cmyk.icc",
        ],
        "--output-condition: 'FOGRA99' is not allowed (allowed: FOGRA39, FOGRA51, FOGRA52, GRACoL2013"
      ),
      (
        ["--pdfx", "--output-intent", "missing.icc"],
        "--output-intent: 'missing.icc' is not allowed (the file does not exist"
      ),
      (["--output-intent", "default_cmyk"], "--output-intent: 'default_cmyk' is not allowed without --pdfx"),
    ] {
      for command in [["render", "d.json", "-o", "bad.pdf"], ["proof", "d.json", "-o", "bad.pdf"]] {
        for output in ["bad.pdf", "kept.pdf"] {
          let result = try wallpaper(command.dropLast() + [output] + arguments)
          XCTAssertEqual(result.status, 2, "\(command) \(arguments): \(result.stderr)")
          XCTAssertTrue(result.stderr.hasPrefix("error: " + fragment), "'\(fragment)' vs \(result.stderr)")
          XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
      }
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/bad.pdf"))
    XCTAssertEqual(try String(contentsOfFile: "\(folder)/kept.pdf", encoding: .utf8), "keep")
  }
}
