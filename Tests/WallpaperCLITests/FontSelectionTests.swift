import Foundation
import TestSupport
import XCTest

/// `--font` by path or fontconfig family: every font is used fully (shaped, drawn, embedded
/// under its own name) or refused naming it; fallback fonts are announced.
final class FontSelectionTests: XCTestCase {
  private var folder = ""
  private let nimbus = "/usr/share/fonts/type1/urw-base35/NimbusSans-Bold.t1"

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, ["render", "--device", "iphone-16"] + arguments, in: folder)
  }

  private func assertRefused(_ arguments: [String], says fragments: [String], status: Int32 = 2) throws {
    let result = try wallpaper(arguments)
    XCTAssertEqual(result.status, status, result.stderr)
    XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
    for fragment in fragments {
      XCTAssertTrue(result.stderr.contains(fragment), "'\(fragment)' not in: \(result.stderr)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/\(arguments.last!)"))
  }

  func testFamilyAndStyleResolveThroughFontconfigAndVerboseNamesTheFile() throws {
    let result = try wallpaper(["--font", "DejaVu Sans:bold", "--verbose", "-o", "a.pdf"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("font: DejaVu Sans (/"), result.stderr)
    XCTAssertTrue(result.stderr.contains("DejaVuSans-Bold.ttf)"), result.stderr)
    let fonts = try Processes.run("pdffonts", ["\(folder)/a.pdf"]).stdout
    XCTAssertTrue(fonts.contains("+DejaVuSans-Bold "), fonts)
    XCTAssertEqual(try wallpaper(["--font", "DejaVu Sans:bold", "-o", "a.png"]).status, 0)
    let quiet = try wallpaper(["--font", "DejaVu Sans:bold", "-o", "b.png"])
    XCTAssertEqual(quiet.stderr, "", "no --verbose, nothing said")
  }

  func testFamilyLookupNeverSubstitutes() throws {
    try assertRefused(
      ["--font", "No Such Family Sans:bold", "-o", "a.png"],
      says: ["--font", "'No Such Family Sans' is not installed", "fontconfig would substitute"])
    try assertRefused(
      ["--font", "DejaVu Sans:light", "-o", "a.png"], says: ["weight of 'DejaVu Sans' is not installed"])
  }

  func testType1FontIsShapedDrawnAndEmbeddedUnderItsOwnName() throws {
    XCTAssertEqual(try wallpaper(["--font", nimbus, "-o", "t1.pdf"]).status, 0)
    let fonts = try Processes.run("pdffonts", ["\(folder)/t1.pdf"]).stdout
    let line = fonts.split(separator: "\n").first { $0.contains("NimbusSans-Bold") }
    XCTAssertNotNil(line, fonts)
    XCTAssertTrue(line?.contains("Type 1") ?? false, fonts)
    XCTAssertFalse(fonts.contains("DejaVu"), "no silent substitute: \(fonts)")

    // The PNG draws Nimbus Sans's own outlines with its own advances: it matches the PDF
    // drawn by poppler, and differs from the same label in DejaVu Sans Bold.
    XCTAssertEqual(try wallpaper(["--font", nimbus, "--scale", "1", "-o", "t1.png"]).status, 0)
    XCTAssertEqual(try wallpaper(["--font", "DejaVu Sans:bold", "--scale", "1", "-o", "dv.png"]).status, 0)
    _ = try Processes.run("pdftoppm", ["-r", "72", "-png", "-singlefile", "\(folder)/t1.pdf", "\(folder)/poppler"])
    let png = try RGBAImage(pngFile: "\(folder)/t1.png")
    let poppler = try RGBAImage(pngFile: "\(folder)/poppler.png")
    let dejavu = try RGBAImage(pngFile: "\(folder)/dv.png")
    let label = (x: 40, y: 270, width: 313, height: 140)  // below the clock and the widget row
    func difference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
      var total = 0
      for y in label.y..<label.y + label.height {
        for x in label.x..<label.x + label.width {
          total += zip(a[x, y], b[x, y]).map { abs(Int($0) - Int($1)) }.reduce(0, +)
        }
      }
      return Double(total) / Double(label.width * label.height * 4)
    }
    let againstPDF = difference(png, poppler)
    let againstDejaVu = difference(png, dejavu)
    XCTAssertLessThan(againstPDF, 3, "PNG and PDF draw the same glyphs")
    XCTAssertGreaterThan(againstDejaVu, 3 * againstPDF + 1, "the Type 1 glyphs are Nimbus's, not DejaVu's")

    XCTAssertEqual(try wallpaper(["--font", nimbus, "-o", "t1.svg"]).status, 0, "outlined in SVG")
    try assertRefused(["--font", nimbus, "--svg-text", "text", "-o", "t1t.svg"], says: [nimbus], status: 1)
  }

  /// The CJK fallback is the font this test's own fontconfig configuration names (Droid Sans
  /// Fallback), whatever the machine has installed.
  func testCJKLabelNamesTheFallbackFontOnce() throws {
    let fonts = try TestFonts(in: folder, files: [TestFonts.droidSansFallback])
    let result = try Processes.run(
      Processes.wallpaperBinary, ["render", "--device", "iphone-16", "--label-text", "冬の星 Winter", "-o", "cjk.png"],
      in: folder, environment: fonts.environment)
    XCTAssertEqual(result.status, 0, result.stderr)
    let notes = result.stderr.split(separator: "\n").filter { $0.hasPrefix("note:") }
    XCTAssertEqual(notes.count, 1, result.stderr)
    XCTAssertTrue(notes.first?.contains("Droid Sans Fallback (/") ?? false, result.stderr)
    XCTAssertEqual(try wallpaper(["--label-text", "Winter", "-o", "latin.png"]).stderr, "")
  }

  /// A second CJK font beside Droid Sans Fallback (here a renamed copy, "Extra Sans Fallback",
  /// standing for WenQuanYi or Noto on another machine) changes nothing: the same note, the same
  /// bytes. Naming the other family first does change the fallback, so the check can fail.
  func testAnotherCJKFontOnTheMachineChangesNothing() throws {
    let extra = "\(folder)/ExtraSansFallback.ttf"
    try TestFonts.renamedCopy(of: TestFonts.droidSansFallback, replacing: "Droid", with: "Extra", to: extra)
    func render(_ name: String, files: [String], preferred: [String]) throws -> (note: String, png: Data) {
      let fonts = try TestFonts(in: "\(folder)/\(name)", files: files, preferred: preferred)
      let result = try Processes.run(
        Processes.wallpaperBinary,
        ["render", "--device", "iphone-8", "--scale", "1", "--label-text", "春 Spring", "-o", "\(name).png"],
        in: folder, environment: fonts.environment)
      XCTAssertEqual(result.status, 0, result.stderr)
      return (result.stderr, try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).png")))
    }
    let alone = try render("alone", files: [TestFonts.droidSansFallback], preferred: ["Droid Sans Fallback"])
    let both = try render("both", files: [extra, TestFonts.droidSansFallback], preferred: ["Droid Sans Fallback"])
    XCTAssertTrue(alone.note.contains("Droid Sans Fallback (/"), alone.note)
    XCTAssertEqual(both.note.replacingOccurrences(of: "/both/", with: "/alone/"), alone.note)
    XCTAssertEqual(both.png, alone.png, "the extra CJK font changed the picture")
    let other = try render("other", files: [extra, TestFonts.droidSansFallback], preferred: ["Extra Sans Fallback"])
    XCTAssertTrue(other.note.contains("Extra Sans Fallback (/"), "the preference decides: \(other.note)")
  }

  func testBitmapOnlyFontIsRefusedNamingTheFile() throws {
    // A BDF font: FreeType reads it, but it has bitmaps at one size and no outlines.
    let bdf = """
      STARTFONT 2.1
      FONT -test-bitmap-medium-r-normal--8-80-75-75-c-80-iso10646-1
      SIZE 8 75 75
      FONTBOUNDINGBOX 8 8 0 0
      STARTPROPERTIES 4
      CHARSET_REGISTRY "ISO10646"
      CHARSET_ENCODING "1"
      FONT_ASCENT 8
      FONT_DESCENT 0
      ENDPROPERTIES
      CHARS 2
      STARTCHAR A
      ENCODING 65
      SWIDTH 1000 0
      DWIDTH 8 0
      BBX 8 8 0 0
      BITMAP
      FF
      81
      81
      FF
      81
      81
      81
      81
      ENDCHAR
      STARTCHAR B
      ENCODING 66
      SWIDTH 1000 0
      DWIDTH 8 0
      BBX 8 8 0 0
      BITMAP
      FE
      81
      81
      FE
      81
      81
      81
      FE
      ENDCHAR
      ENDFONT

      """
    try bdf.write(toFile: "\(folder)/bitmap.bdf", atomically: true, encoding: .utf8)
    try assertRefused(["--font", "bitmap.bdf", "-o", "a.png"], says: ["'bitmap.bdf'", "bitmap-only"])
  }

  func testCollectionWithoutAnIndexIsRefusedNamingTheFile() throws {
    // Two DejaVu faces in one TrueType collection, as a .ttc from a font vendor would be.
    let faces = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map {
      [UInt8](FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/\($0)")!)
    }
    var collection: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 2]
    var offset = 12 + 8
    var bodies: [UInt8] = []
    for face in faces {
      collection += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: offset >> $0) }
      var patched = face
      let tables = Int(face[4]) << 8 | Int(face[5])
      for table in 0..<tables {
        let at = 12 + 16 * table + 8
        let old = patched[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        let new = old + offset
        for (i, shift) in [24, 16, 8, 0].enumerated() { patched[at + i] = UInt8(truncatingIfNeeded: new >> shift) }
      }
      bodies += patched
      offset += face.count
    }
    try Data(collection + bodies).write(to: URL(fileURLWithPath: "\(folder)/two.ttc"))
    try assertRefused(["--font", "two.ttc", "-o", "a.png"], says: ["'two.ttc'", "collection of 2 fonts"])
  }

  func testProofAndExportTakeAFamilyAndNameTheFallback() throws {
    let proof = try Processes.run(
      Processes.wallpaperBinary,
      [
        "proof", "--devices", "iphone-16", "--font", "DejaVu Sans:bold", "--label-text", "冬 Winter", "--verbose", "-o",
        "p.pdf",
      ],
      in: folder)
    XCTAssertEqual(proof.status, 0, proof.stderr)
    XCTAssertTrue(proof.stderr.contains("DejaVuSans-Bold.ttf"), proof.stderr)
    XCTAssertEqual(proof.stderr.split(separator: "\n").filter { $0.hasPrefix("note:") }.count, 1, proof.stderr)
    let fonts = try Processes.run("pdffonts", ["\(folder)/p.pdf"]).stdout
    XCTAssertTrue(fonts.contains("+DejaVuSans-Bold "), fonts)

    try #"{ "device": "iphone-16", "label": { "text": "冬 Winter", "font": "DejaVu Sans:bold" } }"#.write(
      toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
    let export = try Processes.run(
      Processes.wallpaperBinary,
      ["export", "d.json", "--devices", "iphone-16,iphone-8", "--formats", "png", "--out", "ex"], in: folder)
    XCTAssertEqual(export.status, 0, export.stderr)
    XCTAssertEqual(export.stderr.split(separator: "\n").filter { $0.hasPrefix("note:") }.count, 1, export.stderr)
  }
}
