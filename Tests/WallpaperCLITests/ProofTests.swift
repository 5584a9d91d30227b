import Foundation
import TestSupport
import Wallpapers
import XCTest

/// `wallpaper proof` run as a binary and checked with poppler (pdfinfo, pdffonts, pdftotext,
/// pdftoppm) and qpdf, independent readers of what we write.
final class ProofTests: XCTestCase {
  private var folder = ""
  /// The bundled font, found through the environment so any build folder works.
  private let environment = ["WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path]

  /// 3 mm in points.
  private let bleed = 3 * 72 / 25.4
  /// The fit layout's margin from page edge to trim with all marks and a 3 mm bleed:
  /// ceil(8.504 bleed + 3 gap + 18 crop mark + 6 padding) = 36 pt.
  private let margin = 36.0
  /// Colour bar (10 + 6) and five slug lines (5 × 8.5 + 6) under the art: 64.5 pt.
  private let footer = 64.5

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    try #"{ "name": "Autumn sample", "device": "iphone-8", "season": { "name": "autumn" } }"#
      .write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder, environment: environment)
  }

  private func proof(_ arguments: [String], file: String = "proof.pdf") throws -> String {
    let result = try wallpaper(["proof", "d.json", "-o", file] + arguments)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr, "")
    return "\(folder)/\(file)"
  }

  func testTheControlStripIsDeviceCMYKAndThePageIsNotBlendedInRGB() throws {
    let pdf = try proof(["--pdfx"])
    let qdf = try Processes.run("qpdf", ["--qdf", "--object-streams=disable", pdf, "-"])
    XCTAssertEqual(qdf.status, 0, qdf.stderr)
    let fills = qdf.stdout.split(separator: "\n").filter { $0.contains(" k ") && $0.hasSuffix(" re B") }
    XCTAssertEqual(fills.count, 30, "4 solids, 3 overprints, 12 tints, 11 greys")
    for solid in ["1 0 0 0 k", "0 1 0 0 k", "0 0 1 0 k", "0 0 0 1 k", "1 1 0 0 k", "1 0 1 0 k", "0 1 1 0 k"] {
      XCTAssertTrue(fills.contains { $0.hasPrefix(solid) }, solid)
    }
    // Outlined in K alone, and no control-strip sentinel is left as RGB.
    XCTAssertTrue(fills.allSatisfy { $0.contains("0 0 0 0.5 K") }, "\(fills)")
    // The page dictionary's transparency group has no blending space of its own.
    let pages = qdf.stdout.components(separatedBy: "endobj").filter { $0.contains("\n  /Type /Page\n") }
    XCTAssertEqual(pages.count, 1)
    let group = pages.first?.components(separatedBy: "/Group <<").dropFirst().first?.components(separatedBy: ">>")
      .first
    XCTAssertNotNil(group, "Cairo's page group")
    XCTAssertFalse(group?.contains("/CS") ?? true, "the page is blended in the output intent's space: \(group ?? "")")
  }

  private func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map(Array.init)
  }

  /// `pdfinfo -box` for every page: the four boxes as [x0, y0, x1, y1], in points.
  private func boxes(_ pdf: String, pages: Int) throws -> [[String: [Double]]] {
    let result = try Processes.run("pdfinfo", ["-box", "-f", "1", "-l", "\(pages)", pdf])
    XCTAssertEqual(result.status, 0, result.stderr)
    var pagesBoxes = Array(repeating: [String: [Double]](), count: pages)
    for line in result.stdout.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 7, words[0] == "Page", let page = Int(words[1]), words[2].hasSuffix("Box:") else { continue }
      pagesBoxes[page - 1][String(words[2].dropLast())] = words[3...].compactMap { Double($0) }
    }
    return pagesBoxes
  }

  private func assertBox(
    _ box: [Double]?, _ expected: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let box, box.count == 4 else { return XCTFail("no box: \(message)", file: file, line: line) }
    for (have, want) in zip(box, expected) {
      // pdfinfo prints two decimals.
      XCTAssertEqual(have, want, accuracy: 0.006, "\(message): \(box) vs \(expected)", file: file, line: line)
    }
  }

  /// qpdf's JSON for `keys` (pagelabels, outlines, …).
  private func qpdfJSON(_ pdf: String, _ keys: [String]) throws -> [String: Any] {
    let result = try Processes.run("qpdf", ["--json"] + keys.flatMap { ["--json-key=\($0)"] } + [pdf])
    XCTAssertEqual(result.status, 0, result.stderr)
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// The label a viewer shows for each page, from `/PageLabels`: the prefix `/P`, plus the
  /// page's number in the range when the range has a decimal style `/S /D` (Cairo writes
  /// "iPhone 8" as prefix "iPhone " and decimal numbers starting at 8).
  private func pageLabels(_ pdf: String, pages: Int) throws -> [String] {
    let ranges = try XCTUnwrap(try qpdfJSON(pdf, ["pagelabels"])["pagelabels"] as? [[String: Any]])
    return (0..<pages).map { page in
      guard let range = ranges.last(where: { ($0["index"] as? Int ?? .max) <= page }),
        let label = range["label"] as? [String: Any], let start = range["index"] as? Int
      else { return "" }
      var text = (label["/P"] as? String) ?? ""
      if text.hasPrefix("u:") { text.removeFirst(2) }
      if label["/S"] as? String == "/D" { text += String((label["/St"] as? Int ?? 1) + page - start) }
      return text
    }
  }

  private func text(_ pdf: String, page: Int) throws -> String {
    try Processes.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", "-layout", pdf, "-"]).stdout
  }

  // MARK: Structure

  /// The shared objects the dynamic loader opened for `arguments` (`LD_DEBUG=files` reports
  /// each on stderr, dlopen included, as `file=NAME [0];  needed by …` or `dynamically loaded by`).
  private func loadedLibraries(_ arguments: [String]) throws -> [String] {
    let result = try Processes.run(
      Processes.wallpaperBinary, arguments, in: folder, environment: environment.merging(["LD_DEBUG": "files"]) { $1 })
    XCTAssertEqual(result.status, 0, result.stderr)
    return Processes.loadedLibraries(trace: result.stderr)
  }

  /// Libraries the tool opens on first use (dlopen), not at start: a plain render,
  /// `devices` and `--version` map none of them.
  private let onFirstUse = [
    "qpdf", "lcms2", "libjpeg", "libexif", "harfbuzz-subset", "heif", "x265", "librsvg", "libxml2",
  ]

  private func assertNoneOnFirstUse(_ libraries: [String], _ command: String) {
    for name in onFirstUse {
      XCTAssertFalse(libraries.contains { $0.contains(name) }, "\(command) loaded \(name): \(libraries)")
    }
  }

  func testOnlyProofsLoadLibqpdf() throws {
    for format in ["png", "svg", "pdf"] {
      let libraries = try loadedLibraries(["render", "d.json", "-o", "r.\(format)"])
      XCTAssertTrue(libraries.contains { $0.hasPrefix("libcairo") }, "\(format): \(libraries)")
      assertNoneOnFirstUse(libraries, "render to \(format)")
    }
    assertNoneOnFirstUse(try loadedLibraries(["devices"]), "devices")
    assertNoneOnFirstUse(try loadedLibraries(["--version"]), "--version")
    let proof = try loadedLibraries(["proof", "d.json", "-o", "p.pdf"])
    XCTAssertTrue(proof.contains { $0.hasPrefix("libqpdf") }, "proof: \(proof)")
    XCTAssertFalse(proof.contains { $0.contains("lcms2") }, "a proof without --pdfx loaded \(proof)")
  }

  /// Each library opened on first use is opened by the work that needs it, and only that work.
  func testLibrariesLoadOnFirstUse() throws {
    let pdfx = try loadedLibraries(["proof", "d.json", "-o", "x.pdf", "--pdfx"])
    XCTAssertTrue(pdfx.contains { $0.hasPrefix("liblcms2") }, "--pdfx converts through Little CMS: \(pdfx)")
    // The label's own font is embedded whole where its licence allows (Quicksand's does): no
    // subsetter. A fallback font is subset.
    let text = try loadedLibraries(["render", "d.json", "-o", "t.svg", "--svg-text", "text"])
    XCTAssertFalse(text.contains { $0.hasPrefix("libharfbuzz-subset") }, "a whole font needs no subsetter: \(text)")
    XCTAssertFalse(text.contains { $0.contains("lcms2") || $0.contains("libjpeg") }, "\(text)")
    let fallback = try loadedLibraries([
      "render", "d.json", "-o", "c.svg", "--svg-text", "text", "--label-text", "春 Spring",
    ])
    XCTAssertTrue(
      fallback.contains { $0.hasPrefix("libharfbuzz-subset") }, "--svg-text text subsets a fallback font: \(fallback)")
    let rendered = try Processes.run(
      Processes.wallpaperBinary, ["render", "d.json", "-o", "art.png"], in: folder, environment: environment)
    XCTAssertEqual(rendered.status, 0, rendered.stderr)
    let converted = try Processes.run("convert", ["art.png", "-quality", "90", "art.jpg"], in: folder)
    XCTAssertEqual(converted.status, 0, converted.stderr)
    let photo = try loadedLibraries(["render", "--device", "iphone-8", "--image", "art.jpg", "-o", "j.png"])
    XCTAssertTrue(photo.contains { $0.hasPrefix("libjpeg") }, "a JPEG photo decodes through libjpeg: \(photo)")
    XCTAssertTrue(photo.contains { $0.hasPrefix("libexif") }, "its orientation comes from libexif: \(photo)")
    XCTAssertFalse(photo.contains { $0.contains("harfbuzz-subset") || $0.contains("qpdf") }, "\(photo)")
  }

  func testTwoDevicesBoxesLabelsBookmarksFontsAndMetadata() throws {
    let pdf = try proof(["--devices", "iphone-8,iphone-16-pro"])
    let info = try Processes.run("pdfinfo", [pdf]).stdout
    XCTAssertTrue(info.contains("Pages:           2"), info)
    for field in [
      "Title:           Autumn sample — print proof", "Author:          Wallpaper Studio",
      "Subject:         Print proof of Autumn sample for iPhone 8, iPhone 16 Pro",
      "Keywords:        wallpaper, proof, iphone-8, iphone-16-pro", "Creator:         wallpaper 0.1.0",
    ] {
      XCTAssertTrue(info.contains(field), "'\(field)' not in:\n\(info)")
    }
    // Without SOURCE_DATE_EPOCH or --date, a proof is dated now.
    let dates = try Processes.run("pdfinfo", ["-isodates", pdf]).stdout
    XCTAssertTrue(
      Self.todayCandidates().contains { dates.contains("CreationDate:    \($0)T") }, "not today:\n\(dates)")

    // Trim = the device in points at (margin, footer + margin) from the bottom-left;
    // bleed 3 mm larger on every side; media and crop the whole page.
    let pages = try boxes(pdf, pages: 2)
    for (index, (width, height)) in [(375.0, 667.0), (402.0, 874.0)].enumerated() {
      let boxes = pages[index]
      let page = [0, 0, width + 2 * margin, height + 2 * margin + footer]
      let trim = [margin, footer + margin, margin + width, footer + margin + height]
      assertBox(boxes["MediaBox"], page, "page \(index + 1) MediaBox")
      assertBox(boxes["CropBox"], page, "page \(index + 1) CropBox")
      assertBox(boxes["TrimBox"], trim, "page \(index + 1) TrimBox")
      assertBox(
        boxes["BleedBox"], [trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed],
        "page \(index + 1) BleedBox")
      let trimBox = try XCTUnwrap(boxes["TrimBox"])
      XCTAssertEqual(
        [trimBox[2] - trimBox[0], trimBox[3] - trimBox[1]], [width, height], "trim is the device in points")
    }

    XCTAssertEqual(try pageLabels(pdf, pages: 2), ["iPhone 8", "iPhone 16 Pro"])
    let outlines = try XCTUnwrap(try qpdfJSON(pdf, ["outlines"])["outlines"] as? [[String: Any]])
    XCTAssertEqual(
      outlines.compactMap { $0["title"] as? String }, ["iPhone 8 — 375 × 667 pt", "iPhone 16 Pro — 402 × 874 pt"])
    XCTAssertEqual(outlines.compactMap { $0["destpageposfrom1"] as? Int }, [1, 2])

    let check = try Processes.run("qpdf", ["--check", pdf])
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    XCTAssertTrue(check.stdout.contains("No syntax or stream encoding errors found"), check.stdout)

    // Every font embedded and subset (name ABCDEF+Font, emb yes, sub yes).
    let fonts = try Processes.run("pdffonts", [pdf]).stdout.split(separator: "\n").dropFirst(2)
    XCTAssertFalse(fonts.isEmpty)
    for font in fonts {
      let columns = font.split(separator: " ")
      XCTAssertTrue(columns[0].contains("+Quicksand-Bold"), String(font))
      XCTAssertEqual(Array(columns.suffix(5).prefix(2)), ["yes", "yes"], "embedded and subset: \(font)")
    }

    // A deterministic trailer /ID: present, and the same bytes on a second run.
    let trailer = try Processes.run("qpdf", ["--show-object=trailer", pdf]).stdout
    XCTAssertTrue(trailer.contains("/ID [ <"), trailer)
    // With SOURCE_DATE_EPOCH (a proof is otherwise dated now).
    var runs: [[UInt8]?] = []
    for file in ["one.pdf", "two.pdf"] {
      let result = try Processes.run(
        Processes.wallpaperBinary, ["proof", "d.json", "--devices", "iphone-8,iphone-16-pro", "-o", file], in: folder,
        environment: environment.merging(["SOURCE_DATE_EPOCH": "1700000000"]) { $1 })
      XCTAssertEqual(result.status, 0, result.stderr)
      runs.append(bytes("\(folder)/\(file)"))
    }
    XCTAssertNotNil(runs[0])
    XCTAssertTrue(runs[0] == runs[1], "the proof differs between runs")
  }

  func testSlugNamesDesignDeviceModelsSizesSeasonDateAndPage() throws {
    let pdf = try proof(["--devices", "iphone-8,iphone-16-pro"])
    let first = try text(pdf, page: 1)
    for fragment in [
      "Autumn sample · iPhone 8 (iphone-8) · page 1 of 2",
      "iPhone 6, iPhone 6s, iPhone 7, iPhone 8, iPhone SE (2nd generation)",
      "Trim 375 × 667 pt (132.29 × 235.3 mm) · 1x 375 × 667 px · 2x 750 × 1334 px · 3x 1125 × 2001 px",
      "Bleed 3 mm (8.504 pt) · scale 100% · season autumn · proof date ", "Colour: RGB (sRGB)",
    ] {
      XCTAssertTrue(first.contains(fragment), "'\(fragment)' not in:\n\(first)")
    }
    XCTAssertTrue(
      Self.todayCandidates().contains { first.contains("proof date \($0)\n") }, "not dated today:\n\(first)")
    let second = try text(pdf, page: 2)
    XCTAssertTrue(second.contains("iPhone 16 Pro (iphone-16-pro) · page 2 of 2"), second)
    XCTAssertTrue(second.contains("iPhone 16 Pro, iPhone 17, iPhone 17 Pro"), second)
    XCTAssertTrue(second.contains("3x 1206 × 2622 px"), second)
  }

  func testSeasonFromADateAndSourceDateEpochShowInTheSlug() throws {
    let result = try Processes.run(
      Processes.wallpaperBinary, ["proof", "--devices", "iphone-8", "--date", "2024-07-01", "-o", "p.pdf"], in: folder,
      environment: environment.merging(["SOURCE_DATE_EPOCH": "1700000000"]) { $1 })
    XCTAssertEqual(result.status, 0, result.stderr)
    let slug = try text("\(folder)/p.pdf", page: 1)
    XCTAssertTrue(slug.contains("season summer, from date 2024-07-01 (northern hemisphere)"), slug)
    XCTAssertTrue(slug.contains("proof date 2023-11-14"), slug)
    // --date alone dates the proof.
    let dated = try wallpaper(["proof", "--devices", "iphone-8", "--date", "2024-07-01", "-o", "q.pdf"])
    XCTAssertEqual(dated.status, 0, dated.stderr)
    XCTAssertTrue(try text("\(folder)/q.pdf", page: 1).contains("proof date 2024-07-01"))
  }

  /// Today in UTC, and tomorrow in case the day turns during the test: `2026-12-01`.
  static func todayCandidates() -> [String] {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    return [Date(), Date().addingTimeInterval(600)].map { formatter.string(from: $0) }
  }

  func testAllAndFamiliesGiveOnePagePerScreenClass() throws {
    let pdf = try proof(["--devices", "ipad"])
    let classes = DeviceCatalog.screenClasses.filter { $0.family == .ipad }
    let labels = try pageLabels(pdf, pages: classes.count)
    XCTAssertEqual(labels, classes.map { DeviceCatalog.models(of: $0)[0].name })
    let info = try Processes.run("pdfinfo", [pdf]).stdout
    XCTAssertTrue(info.contains("Pages:           \(classes.count)"), info)
    let pages = try boxes(pdf, pages: classes.count)
    for (boxes, screen) in zip(pages, classes) {
      let trim = try XCTUnwrap(boxes["TrimBox"])
      XCTAssertEqual([trim[2] - trim[0], trim[3] - trim[1]], [screen.points.width, screen.points.height], screen.id)
    }
  }

  // MARK: Paper, marks, bleed

  func testA4CentresAndScalesDownOnlyWhenNeededAndSaysSo() throws {
    let pdf = try proof(["--devices", "ipad-pro-13-m4,iphone-4", "--paper", "a4"])
    let pages = try boxes(pdf, pages: 2)
    let a4 = [0, 0, 210 * 72 / 25.4, 297 * 72 / 25.4]
    // The iPad (1032 × 1376 pt) is scaled down; the TrimBox keeps its proportions.
    assertBox(pages[0]["MediaBox"], a4, "A4 sheet")
    let trim = try XCTUnwrap(pages[0]["TrimBox"])
    let scale = (trim[2] - trim[0]) / 1032
    XCTAssertLessThan(scale, 1)
    XCTAssertEqual((trim[3] - trim[1]) / 1376, scale, accuracy: 0.0001)
    XCTAssertEqual((trim[0] + trim[2]) / 2, a4[2] / 2, accuracy: 0.01, "centred across")
    let bleedBox = try XCTUnwrap(pages[0]["BleedBox"])
    // Only the art is scaled: the bleed stays 3 mm on paper.
    XCTAssertEqual(trim[0] - bleedBox[0], bleed, accuracy: 0.006)
    XCTAssertEqual(bleedBox[3] - trim[3], bleed, accuracy: 0.006)
    let percent = String(format: "%.1f", scale * 100)
    let slug = try text(pdf, page: 1)
    XCTAssertTrue(
      slug.contains("scale \(percent)% (reduced to fit A4; bleed and marks at full size)"),
      "scale \(percent)% not in:\n\(slug)")
    XCTAssertTrue(slug.contains("Bleed 3 mm (8.504 pt)"), slug)
    // The iPhone 4 (320 × 480 pt) fits at full size.
    let small = try XCTUnwrap(pages[1]["TrimBox"])
    XCTAssertEqual(small[2] - small[0], 320, accuracy: 0.006)
    XCTAssertEqual(small[3] - small[1], 480, accuracy: 0.006)
    XCTAssertTrue(try text(pdf, page: 2).contains("scale 100% on A4"))
  }

  func testLetterTurnsToLandscapeForALandscapeDesign() throws {
    let pdf = try proof(["--devices", "iphone-16-pro", "--orientation", "landscape", "--paper", "letter"])
    let pages = try boxes(pdf, pages: 1)
    assertBox(pages[0]["MediaBox"], [0, 0, 792, 612], "Letter landscape")
    XCTAssertTrue(try text(pdf, page: 1).contains("Trim 874 × 402 pt (308.33 × 141.82 mm) (landscape)"))
  }

  func testNoMarksMakesThePageTheBleedAndLengthsTakeUnits() throws {
    let pdf = try proof(["--marks", "none", "--bleed", "0.125in"])
    let sheet = try self.boxes(pdf, pages: 1)[0]
    let page: [Double] = [0, 0, 375 + 18, 667 + 18]
    assertBox(sheet["MediaBox"], page, "media")
    assertBox(sheet["BleedBox"], page, "bleed")
    assertBox(sheet["TrimBox"], [9, 9, 384, 676], "trim")
    XCTAssertEqual(try text(pdf, page: 1).contains("iphone-8"), false, "no slug")

    let points = try proof(["--bleed", "6pt", "--marks", "crop"], file: "pt.pdf")
    let ptBoxes = try self.boxes(points, pages: 1)[0]
    let ptMargin = (6.0 + 3 + 18 + 6).rounded(.up)
    assertBox(ptBoxes["TrimBox"], [ptMargin, ptMargin, ptMargin + 375, ptMargin + 667], "trim, no footer")
    assertBox(ptBoxes["BleedBox"], [ptMargin - 6, ptMargin - 6, ptMargin + 381, ptMargin + 673], "6 pt bleed")
  }

  // MARK: Pixels

  /// The trim area rasterised by poppler at 144 dpi (2 px per point) against `wallpaper render
  /// --scale 2` of the same design. Tolerance: mean channel difference ≤ 1/255 and at most
  /// 0.5% of pixels differing by more than 16/255 — edges anti-aliased by two rasterisers, not
  /// layout (measured: mean 0.53, 0.15–0.20% of pixels).
  func testTrimAreaMatchesThePNGRenderAtTheSameScale() throws {
    for (device, size) in [("iphone-8", (375, 667)), ("iphone-16-pro", (402, 874))] {
      let pdf = try proof(["--devices", device], file: "\(device).pdf")
      let pixels = (width: size.0 * 2, height: size.1 * 2)
      let raster = try Processes.run(
        "pdftoppm",
        [
          "-r", "144", "-x", "\(Int(margin) * 2)", "-y", "\(Int(margin) * 2)", "-W", "\(pixels.width)",
          "-H", "\(pixels.height)", "-png", "-singlefile", pdf, "\(folder)/\(device)-trim",
        ])
      XCTAssertEqual(raster.status, 0, raster.stderr)
      let render = try wallpaper(["render", "d.json", "--device", device, "--scale", "2", "-o", "\(device).png"])
      XCTAssertEqual(render.status, 0, render.stderr)
      let expected = try RGBAImage(pngFile: "\(folder)/\(device).png")
      let actual = try RGBAImage(pngFile: "\(folder)/\(device)-trim.png")
      XCTAssertEqual([actual.width, actual.height], [pixels.width, pixels.height])
      let difference = ImageDifference(expected, actual, threshold: 16)
      XCTAssertLessThanOrEqual(difference.meanChannelDelta, 1, "\(device): \(difference)")
      XCTAssertLessThanOrEqual(difference.fractionOverThreshold, 0.005, "\(device): \(difference)")
    }
  }

  // MARK: Errors

  func testBadValuesAreOneLineUsageErrorsAndWriteNothing() throws {
    for (arguments, fragment) in [
      (["--bleed", "-1mm"], "--bleed: '-1mm' is not allowed (a length ≥ 0"),
      (["--bleed", "3"], "--bleed: '3' is not allowed"),
      (["--bleed", "3cm"], "with a unit: mm, in or pt"),
      (["--bleed", "2in"], "≤ 1 in (72 pt)"),
      (["--marks", "crop,bogus"], "--marks: 'bogus' is not allowed (crop, registration, colorbar, slug"),
      (["--marks", "none,crop"], "--marks: 'none,crop' is not allowed"),
      (["--paper", "a5"], "--paper: 'a5' is not allowed (fit, a4, letter, a3, a3+, sra3, tabloid)"),
      (["--layout", "grid"], "--layout: 'grid' is not allowed (single or nup)"),
      (
        ["--layout", "nup"],
        "--layout: 'nup' is not allowed (it needs a sheet: --paper a4, letter, a3, a3+, sra3 or tabloid)"
      ),
      (
        ["--layout", "nup", "--paper", "a4", "--devices", "ipad-pro-13-m4"],
        "--layout: 'nup' is not allowed (wallpaper 1, 1032 × 1376 pt, does not fit A4 at 100%"
      ),
      (["--devices", ""], "--devices: '' is not allowed (no devices named"),
      (["--devices", "iphone-8,,ipad"], "--devices: 'iphone-8,,ipad' is not allowed"),
      (["--devices", "iphone-99"], "--devices: 'iphone-99' is not allowed (all, iphone, ipad, current (what iOS 26"),
    ] {
      let result = try wallpaper(["proof", "d.json", "-o", "bad.pdf"] + arguments)
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr)
      XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(fragment), "'\(fragment)' not in: \(result.stderr)")
    }
    let noDevice = try wallpaper(["proof", "-o", "bad.pdf"])
    XCTAssertEqual(noDevice.status, 2)
    XCTAssertTrue(noDevice.stderr.contains("--devices: no devices given"), noDevice.stderr)
    let notPDF = try wallpaper(["proof", "d.json", "-o", "bad.png"])
    XCTAssertEqual(notPDF.status, 2)
    XCTAssertTrue(notPDF.stderr.contains("a proof is a PDF"), notPDF.stderr)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasPrefix("bad") || $0.contains(".tmp-")
    }
    XCTAssertEqual(leftovers, [])
  }
}

/// Sheets: the larger papers and gang-up (`--layout nup`), checked from each page's own boxes
/// and the positions its slug lists.
final class SheetTests: XCTestCase {
  private var folder = ""
  private let environment = [
    "WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path,
    "SOURCE_DATE_EPOCH": "1700000000",
  ]
  private let mm = 72 / 25.4

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    try #"{ "name": "Autumn sample", "device": "iphone-8", "season": { "name": "autumn" } }"#
      .write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func proof(_ arguments: [String], file: String) throws -> String {
    let result = try Processes.run(
      Processes.wallpaperBinary, ["proof", "d.json", "-o", file] + arguments, in: folder, environment: environment)
    XCTAssertEqual(result.status, 0, result.stderr)
    return "\(folder)/\(file)"
  }

  /// `pdfinfo -box` values for every page: name → [x0, y0, x1, y1].
  private func boxes(_ pdf: String) throws -> [[String: [Double]]] {
    let result = try Processes.run("pdfinfo", ["-box", "-f", "1", "-l", "999", pdf])
    var pages: [Int: [String: [Double]]] = [:]
    for line in result.stdout.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 7, words[0] == "Page", let page = Int(words[1]), words[2].hasSuffix("Box:") else { continue }
      pages[page, default: [:]][String(words[2].dropLast())] = words[3...].compactMap { Double($0) }
    }
    return pages.keys.sorted().map { pages[$0]! }
  }

  func testLargerPapersHaveTheirSizes() throws {
    for (paper, size) in [
      ("a3", (297 * mm, 420 * mm)), ("a3+", (936.0, 1368.0)), ("sra3", (320 * mm, 450 * mm)),
      ("tabloid", (792.0, 1224.0)),
    ] {
      let pdf = try proof(["--devices", "ipad-pro-13-m4", "--paper", paper], file: "\(paper).pdf")
      let media = try XCTUnwrap(try boxes(pdf).first?["MediaBox"])
      XCTAssertEqual(media[2], size.0, accuracy: 0.01, paper)
      XCTAssertEqual(media[3], size.1, accuracy: 0.01, paper)
    }
  }

  func testNupOnSRA3FillsSheetsWithoutOverlappingTrimsBleedsOrMarks() throws {
    let single = try proof(["--devices", "iphone"], file: "single.pdf")
    let deviceCount = try boxes(single).count
    // PDF/X-4 rules of the same sheets: PDFXTests.testNupSheetsMeetPDFX4 (the interop tier).
    let pdf = try proof(["--devices", "iphone", "--paper", "sra3", "--layout", "nup", "--pdfx"], file: "nup.pdf")
    let pages = try boxes(pdf)
    let bleed = 3 * mm
    // Bleed, 3 pt gap and 18 pt crop mark: how far a wallpaper's marks reach past its trim.
    let reach = bleed + 3 + 18
    var placed = 0
    var perSheet: [Int] = []
    for (index, page) in pages.enumerated() {
      let text = try Processes.run("pdftotext", ["-f", "\(index + 1)", "-l", "\(index + 1)", pdf, "-"]).stdout
      // "TrimBox [x0 y0 x1 y1]" for each position, in PDF coordinates.
      let trims: [[Double]] = text.components(separatedBy: "TrimBox [").dropFirst().map { part in
        part.prefix { $0 != "]" }.split(separator: " ").compactMap { Double($0) }
      }
      let media = try XCTUnwrap(page["MediaBox"])
      XCTAssertEqual(
        Set([media[2], media[3]].map { ($0 * 100).rounded() }), Set([320 * mm, 450 * mm].map { ($0 * 100).rounded() }))
      XCTAssertFalse(trims.isEmpty, text)
      perSheet.append(trims.count)
      placed += trims.count
      for (a, trim) in trims.enumerated() {
        XCTAssertEqual(trim.count, 4)
        // Marks and bleed inside the sheet's 1/4 in margin (less 1 pt clearance).
        XCTAssertGreaterThanOrEqual(trim[0] - reach, 17 - 0.01)
        XCTAssertGreaterThanOrEqual(trim[1] - reach, 17 - 0.01)
        XCTAssertLessThanOrEqual(trim[2] + reach, media[2] - 17 + 0.01)
        XCTAssertLessThanOrEqual(trim[3] + reach, media[3] - 17 + 0.01)
        for other in trims[(a + 1)...] {
          // The zones marks reach into never overlap, so no mark or bleed touches another
          // wallpaper's bleed or trim.
          let apart =
            trim[2] + reach <= other[0] - reach || other[2] + reach <= trim[0] - reach
            || trim[3] + reach <= other[1] - reach || other[3] + reach <= trim[1] - reach
          XCTAssertTrue(apart, "page \(index + 1): \(trim) and \(other) overlap")
        }
      }
      // The page's TrimBox and BleedBox enclose every position's.
      let trimBox = try XCTUnwrap(page["TrimBox"])
      XCTAssertEqual(trimBox[0], trims.map { $0[0] }.min()!, accuracy: 0.01)
      XCTAssertEqual(trimBox[3], trims.map { $0[3] }.max()!, accuracy: 0.01)
      let bleedBox = try XCTUnwrap(page["BleedBox"])
      XCTAssertEqual(trimBox[0] - bleedBox[0], bleed, accuracy: 0.01)
    }
    XCTAssertEqual(placed, deviceCount, "every iPhone once")
    let again = try proof(["--devices", "iphone", "--paper", "sra3", "--layout", "nup", "--pdfx"], file: "again.pdf")
    XCTAssertTrue(
      FileManager.default.contents(atPath: again) == FileManager.default.contents(atPath: pdf), "same bytes")
    XCTAssertLessThan(pages.count, deviceCount, "sheets are shared: \(perSheet)")
    XCTAssertGreaterThanOrEqual(perSheet.max() ?? 0, 3, "\(perSheet)")
  }
}
