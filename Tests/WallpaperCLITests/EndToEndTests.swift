import Foundation
import TestSupport
import XCTest

/// Runs the built `wallpaper` binary as a user would: exit codes, stderr, files.
final class EndToEndTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func wallpaper(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder, environment: environment)
  }

  private func bytes(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: "\(folder)/\(name)").map(Array.init)
  }

  private func assertUsageError(
    _ arguments: [String], says fragment: String, status: Int32 = 2, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let result = try wallpaper(arguments)
    XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
    XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr, file: file, line: line)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)", file: file, line: line)
    XCTAssertTrue(result.stderr.contains(fragment), "'\(fragment)' not in: \(result.stderr)", file: file, line: line)
  }

  func testPNGSizesFollowDeviceAndScale() throws {
    for (arguments, size) in [
      (["--device", "iphone-8", "-o", "a.png"], (750, 1334)),
      (["--device", "iphone-11-pro-max", "-o", "b.png"], (1242, 2688)),
      (["--device", "iphone-11-pro-max", "--scale", "2", "-o", "c.png"], (828, 1792)),
      (["--device", "ipad-pro-13-m4", "--scale=1", "--output", "sub/dir/d.png"], (1032, 1376)),
    ] {
      let result = try wallpaper(["render"] + arguments)
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertEqual(result.stderr, "")
      let image = try RGBAImage(pngFile: "\(folder)/\(arguments.last!)")
      XCTAssertEqual([image.width, image.height], [size.0, size.1], arguments.joined(separator: " "))
      PNGChunks.assertSRGB(bytes(arguments.last!) ?? [])
    }
    // ImageMagick, an outside reader, sees the sRGB tag and its fallbacks.
    let verbose = try Processes.run("identify", ["-verbose", "\(folder)/a.png"]).stdout
    for line in ["png:sRGB: intent=0 (Perceptual Intent)", "Gamma: 0.45455", "red primary: (0.64,0.33)"] {
      XCTAssertTrue(verbose.contains(line), line)
    }
  }

  func testSVGAndPDFSizesAndReproducibility() throws {
    try wallpaper(["render", "--device", "iphone-11-pro-max", "-o", "a.svg"])
    let svg = String(decoding: bytes("a.svg") ?? [], as: UTF8.self)
    XCTAssertTrue(svg.contains(#"width="414px" height="896px""#), String(svg.prefix(300)))
    try wallpaper(["render", "--device", "iphone-11-pro-max", "-o", "a.pdf"])
    let info = try Processes.run("pdfinfo", ["\(folder)/a.pdf"])
    XCTAssertTrue(info.stdout.contains("Page size:       414 x 896 pts"), info.stdout)
    XCTAssertTrue(info.stdout.contains("Creator:         wallpaper 0.1.0"), info.stdout)
    XCTAssertTrue(info.stdout.contains("CreationDate:    Wed Jan  1 00:00:00 2020 UTC"), info.stdout)
    for format in ["png", "svg", "pdf"] {
      try wallpaper(["render", "--device", "iphone-11-pro-max", "--gradient", "gold,teal", "-o", "1.\(format)"])
      try wallpaper(["render", "--device", "iphone-11-pro-max", "--gradient", "gold,teal", "-o", "2.\(format)"])
      XCTAssertEqual(bytes("1.\(format)"), bytes("2.\(format)"), "\(format) differs between runs")
    }
  }

  func testSourceDateEpochSetsThePDFDates() throws {
    try wallpaper(["render", "--device", "iphone-8", "-o", "a.pdf"], environment: ["SOURCE_DATE_EPOCH": "1700000000"])
    let info = try Processes.run("pdfinfo", ["\(folder)/a.pdf"])
    XCTAssertTrue(info.stdout.contains("CreationDate:    Tue Nov 14 22:13:20 2023 UTC"), info.stdout)
    let bad = try wallpaper(
      ["render", "--device", "iphone-8", "-o", "b.pdf"], environment: ["SOURCE_DATE_EPOCH": "soon"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.contains("SOURCE_DATE_EPOCH: 'soon'"), bad.stderr)
    XCTAssertNil(bytes("b.pdf"))
  }

  func testADesignFileWithFlagsOnTop() throws {
    try
      ##"{ "device": "iphone-8", "output": "from-file.png", "background": { "color": "#336699" }, "season": { "alpha": 0 }, "label": { "visible": false } }"##
      .write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
    XCTAssertEqual(try wallpaper(["render", "d.json"]).status, 0)
    XCTAssertEqual(try RGBAImage(pngFile: "\(folder)/from-file.png")[10, 10], [0x33, 0x66, 0x99, 255])
    XCTAssertEqual(try wallpaper(["render", "d.json", "--background-color", "red", "-o", "flag.png"]).status, 0)
    XCTAssertEqual(try RGBAImage(pngFile: "\(folder)/flag.png")[10, 10], [255, 0, 0, 255])
  }

  func testBadInputsFailCleanlyWithoutOutput() throws {
    try assertUsageError(["render", "--device", "iphone-88", "-o", "x.png"], says: "closest: iphone-8")
    for scale in ["0", "-1", "nan", "11", "abc"] {
      try assertUsageError(["render", "--device", "iphone-8", "--scale", scale, "-o", "x.png"], says: "--scale: ")
    }
    try assertUsageError(["render", "--device", "iphone-8", "--format", "gif", "-o", "x.png"], says: "png, svg, pdf")
    try assertUsageError(["render", "--device", "iphone-8", "-o", "x.gif"], says: "cannot tell the format")
    try assertUsageError(
      ["render", "--device", "iphone-8", "--colour", "red", "-o", "x.png"], says: "unknown option '--colour'")
    try assertUsageError(["frobnicate"], says: "unknown subcommand 'frobnicate'")
    try assertUsageError(["render", "--device", "iphone-8"], says: "--output")
    try assertUsageError(["render", "-o", "x.png"], says: "no device given")
    try assertUsageError(["render", "missing.json", "-o", "x.png"], says: "missing.json' does not exist")
    try "{ \"device\": \"iphone-8\", ".write(toFile: "\(folder)/broken.json", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "broken.json", "-o", "x.png"], says: "broken.json:1: malformed JSON")
    try "{ \"device\": 8 }".write(toFile: "\(folder)/type.json", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "type.json", "-o", "x.png"], says: "device: is a number, expected a string")
    try "{ \"device\": \"iphone-8\", \"colour\": 1 }".write(
      toFile: "\(folder)/unknown.json", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "unknown.json", "-o", "x.png"], says: "colour: unknown field")
    try "not a png".write(toFile: "\(folder)/bad.png", atomically: true, encoding: .utf8)
    try assertUsageError(
      ["render", "--device", "iphone-8", "--image", "bad.png", "-o", "x.png"], says: "background.image.path: 'bad.png'")
    XCTAssertNil(bytes("x.png"))
    XCTAssertNil(bytes("x.gif"))
  }

  func testOutputPathProblemsLeaveNothingBehind() throws {
    try "I am a file".write(toFile: "\(folder)/file", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "--device", "iphone-8", "-o", "file/x.png"], says: "which is a file")
    try FileManager.default.createDirectory(atPath: "\(folder)/dir", withIntermediateDirectories: false)
    try assertUsageError(["render", "--device", "iphone-8", "-o", "dir"], says: "is a folder")
    // An existing file survives a failed render untouched.
    try "precious".write(toFile: "\(folder)/keep.png", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "--device", "iphone-8", "--scale", "0", "-o", "keep.png"], says: "--scale")
    XCTAssertEqual(String(decoding: bytes("keep.png") ?? [], as: UTF8.self), "precious")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
    XCTAssertEqual(leftovers, [])
  }

  func testUnwritableFolderIsAFailureWithExitOne() throws {
    // /proc refuses new files even for root, so this holds on CI machines too.
    try assertUsageError(
      ["render", "--device", "iphone-8", "-o", "/proc/wallpaper-test.png"], says: "cannot write", status: 1)
  }

  func testHelpVersionAndDevices() throws {
    let help = try wallpaper(["--help"])
    XCTAssertEqual(help.status, 0)
    for section in ["OVERVIEW:", "USAGE:", "SUBCOMMANDS:"] { XCTAssertTrue(help.stdout.contains(section), help.stdout) }
    let renderHelp = try wallpaper(["render", "--help"])
    for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "--device ID", "-o, --output PATH"] {
      XCTAssertTrue(renderHelp.stdout.contains(section), "\(section) missing:\n\(renderHelp.stdout)")
    }
    XCTAssertEqual(try wallpaper(["--version"]).stdout, "wallpaper 0.1.0\n")
    let table = try wallpaper(["devices"])
    XCTAssertTrue(table.stdout.contains("iphone-16-pro"), table.stdout)
    XCTAssertTrue(table.stdout.hasPrefix("ID"), table.stdout)
    let json = try wallpaper(["devices", "--json"])
    let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let eight = try XCTUnwrap(array.first { $0["id"] as? String == "iphone-8" })
    XCTAssertEqual(eight["name"] as? String, "iPhone 8")
    XCTAssertEqual(eight["scale"] as? Int, 2)
    XCTAssertEqual((eight["points"] as? [String: Double])?["width"], 375)
    XCTAssertEqual((eight["pixels"] as? [String: Int])?["height"], 1334)
    let grid = try XCTUnwrap(eight["homeScreenGrid"] as? [String: Any])
    XCTAssertEqual(grid["iconRows"] as? Int, 6)
    XCTAssertEqual((grid["gap"] as? [String: Double])?["width"], 27)
    let ipad = try XCTUnwrap(array.first { $0["id"] as? String == "ipad-pro-13-m4" })
    XCTAssertTrue(ipad["homeScreenGrid"] is NSNull, "no published iPad metrics: null, not a guess")
    try assertUsageError(["devices", "--family", "watch"], says: "--family: 'watch'")
  }
}

/// The seasonal options of `wallpaper render`, end to end.
final class SeasonCommandTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func render(_ arguments: [String], to name: String) throws -> [UInt8] {
    let result = try Processes.run(
      Processes.wallpaperBinary, ["render", "--device", "iphone-8", "-o", name] + arguments, in: folder)
    XCTAssertEqual(result.status, 0, result.stderr)
    return Array(FileManager.default.contents(atPath: "\(folder)/\(name)") ?? Data())
  }

  func testDatesPickTheSeasonLikeTheOriginalApp() throws {
    for format in ["png", "pdf"] {
      XCTAssertEqual(
        try render(["--date", "2026-11-30"], to: "a.\(format)"), try render(["--season", "autumn"], to: "b.\(format)"))
      XCTAssertEqual(
        try render(["--date", "2026-12-01"], to: "c.\(format)"), try render(["--season", "winter"], to: "d.\(format)"))
      XCTAssertEqual(
        try render(["--date", "2026-12-01", "--hemisphere", "south"], to: "e.\(format)"),
        try render(["--season", "summer"], to: "f.\(format)"))
      XCTAssertNotEqual(
        try render(["--season", "spring"], to: "g.\(format)"), try render(["--season", "summer"], to: "h.\(format)"))
    }
  }

  func testThePDFCarriesTheLabelAsTextInTheEmbeddedFont() throws {
    _ = try render(["--season", "autumn"], to: "a.pdf")
    let text = try Processes.run("pdftotext", ["\(folder)/a.pdf", "-"])
    XCTAssertEqual(text.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "Autumn")
    let fonts = try Processes.run("pdffonts", ["\(folder)/a.pdf"])
    XCTAssertTrue(fonts.stdout.contains("Quicksand-Bold"), fonts.stdout)
    XCTAssertTrue(fonts.stdout.contains("yes yes"), fonts.stdout)
    _ = try render(["--season", "spring", "--locale", "zh-Hant"], to: "zh.pdf")
    let zh = try Processes.run("pdftotext", ["\(folder)/zh.pdf", "-"])
    XCTAssertEqual(zh.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "春天")
    _ = try render(["--label-text", "Waffle ﬁne AV"], to: "lig.pdf")
    let lig = try Processes.run("pdftotext", ["\(folder)/lig.pdf", "-"])
    XCTAssertEqual(lig.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "Waffle ﬁne AV")
  }

  func testBadFontsAndImpossibleCharactersFailCleanly() throws {
    func expectFailure(_ arguments: [String], status: Int32, says fragment: String) throws {
      let result = try Processes.run(
        Processes.wallpaperBinary, ["render", "--device", "iphone-8", "-o", "x.png"] + arguments, in: folder)
      XCTAssertEqual(result.status, status, result.stderr)
      XCTAssertTrue(result.stderr.hasPrefix("error: ") && result.stderr.contains(fragment), result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/x.png"))
    }
    try expectFailure(["--font", "missing.ttf"], status: 2, says: "no such file")
    try "garbage".write(toFile: "\(folder)/corrupt.ttf", atomically: true, encoding: .utf8)
    try expectFailure(["--font", "corrupt.ttf"], status: 2, says: "not a TrueType, OpenType or Type 1 font")
    try expectFailure(["--label-text", "A\u{10FFFD}"], status: 1, says: "U+10FFFD")
    try expectFailure(["--date", "2026-02-29"], status: 2, says: "--date: '2026-02-29'")
    try expectFailure(["--alpha", "1.5"], status: 2, says: "--alpha: 1.5 is not allowed")
    try expectFailure(["--season", "monsoon"], status: 2, says: "spring, summer, autumn, winter")
    try expectFailure(["--locale", "fr"], status: 2, says: "en, zh-Hant, ja")
    try expectFailure(["--art-seed", "1.5"], status: 2, says: "--art-seed")
  }

  func testTheBinaryFindsItsFontFromAnotherWorkingDirectory() throws {
    let result = try Processes.run(
      Processes.wallpaperBinary, ["render", "--device", "iphone-8", "-o", "\(folder)/x.png"], in: "/")
    XCTAssertEqual(result.status, 0, result.stderr)
  }
}

/// The grid options of `wallpaper render`, end to end, checked in pixels.
final class GridCommandTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func image(_ arguments: [String]) throws -> RGBAImage {
    let result = try Processes.run(
      Processes.wallpaperBinary, ["render", "--alpha", "0", "--no-label", "-o", "g.png"] + arguments, in: folder)
    XCTAssertEqual(result.status, 0, result.stderr)
    return try RGBAImage(pngFile: "\(folder)/g.png")
  }

  /// Asserts that the tile [x0, x1) × [y0, y1) in pixels is `color` and its outside neighbours are not.
  private func assertTile(
    _ image: RGBAImage, x: (Int, Int), y: (Int, Int), is color: [UInt8], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    for (px, py) in [
      (x.0, y.0), (x.1 - 1, y.0), (x.0, y.1 - 1), (x.1 - 1, y.1 - 1), ((x.0 + x.1) / 2, (y.0 + y.1) / 2),
    ] {
      XCTAssertEqual(image[px, py], color, "inside at (\(px), \(py))", file: file, line: line)
    }
    for (px, py) in [(x.0 - 1, y.0), (x.1, y.0), (x.0, y.0 - 1), (x.0, y.1)]
    where px >= 0 && py >= 0 && px < image.width && py < image.height {
      XCTAssertNotEqual(image[px, py], color, "outside at (\(px), \(py))", file: file, line: line)
    }
  }

  func testCellFiveOnAnIPhone8At2xIsExactlyItsTile() throws {
    // 4.7": cell 5 spans x 100.5–187.5 pt, y 104–192 pt.
    let image = try image(["--device", "iphone-8", "--grid", "home", "--fill", "5=#FF0000"])
    assertTile(image, x: (201, 375), y: (208, 384), is: [255, 0, 0, 255])
  }

  func testIPhoneXAt3xFollowsThe58InchNumbers() throws {
    // 5.8": columns 100.5, 87, 87, 100.5; rows 153, 102 ×5, 149. Cell 5 is x 100.5–187.5 pt,
    // y 153–255 pt: at 3x, x 301.5–562.5 px, so columns 301 and 562 are half covered.
    let image = try image([
      "--device", "iphone-x", "--grid", "home", "--fill", "5=#FF0000", "--fill", "0=blue", "--fill", "27=lime",
    ])
    assertTile(image, x: (302, 562), y: (459, 765), is: [255, 0, 0, 255])
    XCTAssertEqual(image[301, 600], [255, 127, 127, 255], "a half-covered edge column blends")
    // Cell 0 reaches the top edge; the dock cell 27 (x from 274.5 pt, y from 663 pt) the bottom.
    assertTile(image, x: (0, 301), y: (0, 459), is: [0, 0, 255, 255])
    assertTile(image, x: (824, 1125), y: (1989, 2436), is: [0, 255, 0, 255])
  }

  func testNeighbouringFillsMergeWithoutSeams() throws {
    let image = try image(["--device", "iphone-x", "--grid", "home", "--fill", "0,1,4,5=#FF0000"])
    // The shared edge at x = 100.5 pt is 301.5 px: a pixel split between two tiles.
    XCTAssertEqual(image[301, 200], [255, 0, 0, 255])
    XCTAssertEqual(image[301, 459], [255, 0, 0, 255])
  }

  func testOnePixelLineAt3xIsOneFullyCoveredColumn() throws {
    let image = try image([
      "--device", "iphone-x", "--grid", "home", "--grid-line-color", "black", "--grid-line-width", "1px",
    ])
    // The first column boundary is at 100.5 pt = 301.5 px: exactly one black column.
    let row = 1000
    let dark = (295..<310).filter { image[$0, row][0] < 128 }
    XCTAssertEqual(dark.count, 1, "dark columns: \(dark)")
    XCTAssertEqual(image[dark[0], row], [0, 0, 0, 255])
    XCTAssertEqual(image[dark[0] - 1, row], [255, 255, 255, 255])
    XCTAssertEqual(image[dark[0] + 1, row], [255, 255, 255, 255])
  }

  func testSquareGridFirstCellAndGutters() throws {
    // 4 columns, 10 pt spacing on 375 pt: side (375 − 30 − 20) / 4 = 81.25, first cell x 10–91.25.
    let image = try image([
      "--device", "iphone-8", "--scale", "4", "--grid", "square", "--columns", "4", "--spacing", "10", "--fill",
      "0=#FF0000",
    ])
    assertTile(image, x: (40, 365), y: (40, 365), is: [255, 0, 0, 255])
    let landscape = try self.image([
      "--device", "iphone-8", "--scale", "1", "--orientation", "landscape", "--grid", "square", "--columns", "6",
      "--spacing", "10",
    ])
    XCTAssertEqual([landscape.width, landscape.height], [667, 375])
  }

  func testBadGridValuesFailCleanly() throws {
    for (arguments, fragment) in [
      (["--grid", "square", "--columns", "0"], "columns: 0"),
      (["--grid", "square", "--columns", "4", "--spacing", "-2"], "spacing: -2"),
      (["--grid", "square", "--columns", "4", "--inset", "0,200,0,200"], "insets left 200"),
      (["--grid", "home", "--fill", "28=red"], "--fill"),
      (["--grid", "home", "--fill", "r9c0=red"], "--fill"),
      (["--grid", "home", "--fill", "5=reddish"], "colour 'reddish'"),
      (["--grid", "home", "--fill", "5"], "CELLS=COLOR"),
      (["--grid", "hex"], "none, home, square"),
      (["--grid", "home", "--grid-line-width", "0px"], "--grid-line-width"),
      (["--columns", "3"], "square grids only"),
      (["--grid", "home", "--device", "ipad-pro-13-m4"], "none are published for iPads"),
    ] {
      let result = try Processes.run(
        Processes.wallpaperBinary,
        ["render", "-o", "bad.png"] + (arguments.contains("--device") ? [] : ["--device", "iphone-8"]) + arguments,
        in: folder)
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
      XCTAssertTrue(
        result.stderr.hasPrefix("error: ") && result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/bad.png"))
    }
  }
}
