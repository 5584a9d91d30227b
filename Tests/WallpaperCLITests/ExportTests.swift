import Foundation
import TestSupport
import WallpaperExport
import XCTest

@testable import WallpaperCLI

/// `wallpaper export`, run as a user would.
final class ExportTests: XCTestCase {
  private var folder = ""
  private let devices = "iphone-8,iphone-se-3,iphone-16-pro,iphone-x"

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    try ##"""
    {
      "name": "sample",
      "season": { "name": "winter", "alpha": 0.7 },
      "grid": { "kind": "home", "fill": ["0,5=#D2401F"] }
    }
    """##.write(toFile: "\(folder)/sample.json", atomically: true, encoding: .utf8)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func export(_ out: String, _ extra: [String] = []) throws -> ProcessResult {
    try Processes.run(
      Processes.wallpaperBinary,
      ["export", "sample.json", "--out", out, "--devices", devices, "--scales", "2,3", "--formats", "png,svg,pdf"]
        + extra,
      in: folder)
  }

  private func files(in directory: String) throws -> [String: Data] {
    Processes.files(under: "\(folder)/\(directory)")
  }

  /// `export` without a design file, as `render` allows: the design the flags make, the bytes
  /// of an export of an empty design file named wallpaper.json with the same flags.
  func testAnExportNeedsNoDesignFile() throws {
    try "{}".write(toFile: "\(folder)/wallpaper.json", atomically: true, encoding: .utf8)
    let flags = ["--season", "winter", "--grid", "home", "--fill", "3=#2A9D8F", "--devices", "iphone-8,ipad-air-10-5"]
    let bare = try Processes.run(Processes.wallpaperBinary, ["export", "--out", "bare"] + flags, in: folder)
    XCTAssertEqual(bare.status, 0, bare.stderr)
    let file = try Processes.run(
      Processes.wallpaperBinary, ["export", "wallpaper.json", "--out", "file"] + flags, in: folder)
    XCTAssertEqual(file.status, 0, file.stderr)
    let (fromFlags, fromFile) = (try files(in: "bare"), try files(in: "file"))
    XCTAssertTrue(fromFlags.keys.contains("wallpaper-375x667@2x.png"), "\(fromFlags.keys.sorted())")
    XCTAssertEqual(fromFlags.keys.sorted(), fromFile.keys.sorted())
    for (name, bytes) in fromFlags where name != "manifest.json" {
      XCTAssertEqual(bytes, fromFile[name], name)
    }
    XCTAssertTrue(bare.stderr.contains("skipped"), "the iPad cannot have the home grid: \(bare.stderr)")
  }

  func testADisplayP3ExportGivesTheAssetCatalogBothGamuts() throws {
    // SVG and PDF too: display-p3 asks nothing of the SVG, and the PDF maps RGB to P3.
    let result = try export("p3", ["--asset-catalog", "--quiet", "--color-space", "display-p3"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let set = "\(folder)/p3/sample.xcassets/sample-402x874.imageset"
    let contents = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: XCTUnwrap(FileManager.default.contents(atPath: "\(set)/Contents.json")))
        as? [String: Any])
    let images = try XCTUnwrap(contents["images"] as? [[String: String]])
    XCTAssertEqual(
      images.map { "\($0["scale"]!) \($0["display-gamut"]!) \($0["filename"]!)" },
      [
        "2x sRGB sample-402x874-sRGB@2x.png", "2x display-P3 sample-402x874@2x.png",
        "3x sRGB sample-402x874-sRGB@3x.png", "3x display-P3 sample-402x874@3x.png",
      ])
    // Each file is tagged as its entry says, and stored once: in the catalog, not beside it.
    for image in images {
      let chunks = try PNGChunks(file: "\(set)/\(image["filename"]!)")
      XCTAssertEqual(chunks["cICP"] != nil, image["display-gamut"] == "display-P3", image["filename"]!)
      XCTAssertEqual(chunks["sRGB"] != nil, image["display-gamut"] == "sRGB", image["filename"]!)
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/p3/\(image["filename"]!)"))
    }
    // An sRGB export's catalog has no gamut variants.
    XCTAssertEqual(try export("s", ["--asset-catalog", "--quiet"]).status, 0)
    let plain = String(
      decoding: FileManager.default.contents(
        atPath: "\(folder)/s/sample.xcassets/sample-402x874.imageset/Contents.json") ?? Data(), as: UTF8.self)
    XCTAssertFalse(plain.contains("display-gamut"), plain)
    XCTAssertTrue(plain.contains("sample-402x874@2x.png"), plain)
  }

  func testNamesSizesManifestAssetCatalogAndContactSheet() throws {
    let result = try export("out", ["--asset-catalog", "--quiet"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr, "", "--quiet prints nothing")
    let written = try files(in: "out")
    // Three screen classes (iPhone 8 and SE 3 share 375x667), each 2 PNGs + SVG + PDF.
    let expected: [(String, Int, Int)] = [
      ("sample-375x667@2x.png", 750, 1334), ("sample-375x667@3x.png", 1125, 2001),
      ("sample-402x874@2x.png", 804, 1748), ("sample-402x874@3x.png", 1206, 2622),
      ("sample-375x812@2x.png", 750, 1624), ("sample-375x812@3x.png", 1125, 2436),
    ]
    for (name, width, height) in expected {
      // With --asset-catalog every PNG lives in its image set, stored once.
      let set = String(name[..<name.firstIndex(of: "@")!])
      XCTAssertNil(written[name], "\(name) is not stored outside the catalog")
      let image = try RGBAImage(pngFile: "\(folder)/out/sample.xcassets/\(set).imageset/\(name)")
      XCTAssertEqual([image.width, image.height], [width, height], name)
    }
    for name in ["sample-375x667.svg", "sample-375x667.pdf", "sample-402x874.svg", "sample-375x812.pdf"] {
      XCTAssertNotNil(written[name], name)
    }

    // The manifest lists every file with a matching hash and size.
    let manifest = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: XCTUnwrap(written["manifest.json"])) as? [String: Any])
    let entries = try XCTUnwrap(manifest["files"] as? [[String: Any]])
    XCTAssertEqual(Set(entries.map { $0["path"] as! String }), Set(written.keys).subtracting(["manifest.json"]))
    for entry in entries {
      let path = entry["path"] as! String
      let data = try XCTUnwrap(written[path], path)
      XCTAssertEqual(entry["bytes"] as? Int, data.count, path)
      let digest = try Processes.run("sha256sum", ["\(folder)/out/\(path)"]).stdout.prefix(64)
      XCTAssertEqual(entry["sha256"] as? String, String(digest), path)
    }
    let shared = try XCTUnwrap(
      entries.first { $0["path"] as? String == "sample.xcassets/sample-375x667.imageset/sample-375x667@3x.png" })
    XCTAssertEqual(shared["models"] as? [String], ["iphone-8", "iphone-se-3"])
    XCTAssertEqual(shared["screenClass"] as? String, "375x667")
    XCTAssertEqual((shared["pixels"] as? [String: Int])?["height"], 2001)

    // Asset catalog: Contents.json files parse and name files that exist.
    let catalog = "sample.xcassets"
    let top = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: XCTUnwrap(written["\(catalog)/Contents.json"])) as? [String: Any])
    XCTAssertEqual((top["info"] as? [String: Any])?["author"] as? String, "wallpaper")
    let sets = written.keys.filter { $0.hasPrefix(catalog + "/") && $0.hasSuffix(".imageset/Contents.json") }
    XCTAssertEqual(sets.count, 3)
    for set in sets {
      let contents = try XCTUnwrap(try JSONSerialization.jsonObject(with: XCTUnwrap(written[set])) as? [String: Any])
      let images = try XCTUnwrap(contents["images"] as? [[String: String]])
      XCTAssertEqual(images.map { $0["scale"]! }, ["2x", "3x"])
      XCTAssertEqual(Set(images.map { $0["idiom"]! }), ["iphone"])
      for image in images {
        let path = (set as NSString).deletingLastPathComponent + "/" + image["filename"]!
        XCTAssertNotNil(written[path], "\(set) names \(path), which is missing")
      }
    }

    // The contact sheet: one 240 pt tile per screen class (three, in one row), each with the
    // formats written listed under it.
    let sheet = try RGBAImage(pngFile: "\(folder)/out/contact-sheet.png")
    XCTAssertLessThanOrEqual(sheet.width, 1600)
    XCTAssertLessThan(sheet.height, 2 * 240, "one row")
    let info = try Processes.run("pdfinfo", ["\(folder)/out/contact-sheet.pdf"])
    XCTAssertTrue(info.stdout.contains("Pages:           1"), info.stdout)
    let text = try Processes.run("pdftotext", ["\(folder)/out/contact-sheet.pdf", "-"]).stdout
    for screen in ["375x667", "402x874", "375x812"] {
      XCTAssertEqual(text.components(separatedBy: screen + "\n").count - 1, 1, "one tile for \(screen): \(text)")
    }
    XCTAssertEqual(text.components(separatedBy: "PNG @2x, @3x · SVG · PDF").count - 1, 3, text)
  }

  func testTwoRunsAndJobCountsGiveIdenticalFolders() throws {
    XCTAssertEqual(try export("a", ["--jobs", "1", "--asset-catalog", "--quiet"]).status, 0)
    XCTAssertEqual(try export("b", ["--jobs", "2", "--asset-catalog", "--quiet"]).status, 0)
    let a = try files(in: "a")
    let b = try files(in: "b")
    XCTAssertEqual(Set(a.keys), Set(b.keys))
    for (path, data) in a { XCTAssertEqual(data, b[path], "\(path) differs between --jobs 1 and --jobs 2") }
    // A second run over the same folder replaces files with the same bytes and keeps others.
    try "mine".write(toFile: "\(folder)/a/notes.txt", atomically: true, encoding: .utf8)
    XCTAssertEqual(try export("a", ["--jobs", "2", "--asset-catalog", "--quiet"]).status, 0)
    let again = try files(in: "a")
    XCTAssertEqual(again["notes.txt"], Data("mine".utf8))
    for (path, data) in a { XCTAssertEqual(data, again[path], "\(path) differs between two runs") }
  }

  func testOneUnwritableTargetDoesNotStopTheOthers() throws {
    // A folder where a file should go: that file cannot be renamed into place.
    try FileManager.default.createDirectory(
      atPath: "\(folder)/out/sample-402x874.svg", withIntermediateDirectories: true)
    let result = try export("out")
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("error: sample-402x874.svg: cannot write"), result.stderr)
    XCTAssertTrue(result.stderr.contains("1 of "), result.stderr)
    let written = try files(in: "out")
    XCTAssertNotNil(written["sample-402x874.pdf"])
    XCTAssertNotNil(written["sample-375x812@3x.png"])
    XCTAssertNotNil(written["manifest.json"])
    XCTAssertTrue(written.keys.allSatisfy { !$0.contains(".tmp-") }, "no partial files: \(written.keys)")
  }

  func testSVGHasStableNamedLayersAndRendersLikeThePNG() throws {
    XCTAssertEqual(try export("out", ["--quiet"]).status, 0)
    let svg = String(
      decoding: try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/out/sample-375x667.svg")), as: UTF8.self)
    for layer in ["background", "art", "grid", "label"] {
      XCTAssertTrue(svg.contains("<g id=\"\(layer)\" inkscape:groupmode=\"layer\""), "layer \(layer) missing")
    }
    XCTAssertNil(svg.range(of: #"id="surface\d"#, options: .regularExpression), "process-dependent ids remain")
    let result = try Processes.run(
      "rsvg-convert", ["-z", "2", "-o", "\(folder)/svg.png", "\(folder)/out/sample-375x667.svg"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let difference = ImageDifference(
      try RGBAImage(pngFile: "\(folder)/out/sample-375x667@2x.png"), try RGBAImage(pngFile: "\(folder)/svg.png"),
      threshold: 24)
    XCTAssertLessThan(difference.meanChannelDelta, 2, "\(difference)")
    XCTAssertLessThan(difference.fractionOverThreshold, 0.03, "\(difference)")
  }

  func testBadExportOptions() throws {
    for (arguments, fragment) in [
      (["--devices", "iphone-99"], "--devices: 'iphone-99'"),
      (["--formats", "gif"], "--formats: 'gif'"),
      (["--scales", "0"], "--scales: '0'"),
      (["--jobs", "0"], "--jobs: '0'"),
    ] {
      let result = try Processes.run(
        Processes.wallpaperBinary, ["export", "sample.json", "--out", "bad"] + arguments, in: folder)
      XCTAssertEqual(result.status, 2, result.stderr)
      XCTAssertTrue(result.stderr.hasPrefix("error: ") && result.stderr.contains(fragment), result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/bad"))
    }
    // The home grid has no iPad metrics: exporting to an iPad names the device.
    let ipad = try Processes.run(
      Processes.wallpaperBinary, ["export", "sample.json", "--out", "bad", "--devices", "ipad-11"], in: folder)
    XCTAssertEqual(ipad.status, 2)
    XCTAssertTrue(ipad.stderr.contains("ipad-11"), ipad.stderr)
  }
}

/// The export progress report in its three styles, captured in-process.
final class ProgressTests: XCTestCase {
  private final class Capture: @unchecked Sendable {
    // @unchecked Sendable: `text` is only touched under `lock`.
    private let lock = NSLock()
    private var text = ""
    func append(_ more: String) { lock.withLock { text += more } }
    var value: String { lock.withLock { text } }
  }

  private func report(_ style: ExportProgress.Style, files: Int) -> String {
    let capture = Capture()
    let console = WallpaperTool.Console(out: { _ in }, err: { capture.append($0) }, isTerminal: style == .bar)
    let progress = ExportProgress(style: style, total: files, console: console)
    for index in 0..<files { progress.finished("file-\(index).png", outcome: index == 1 ? .failed : .written) }
    return capture.value
  }

  func testLinesWhenNotATerminal() {
    XCTAssertEqual(report(.lines, files: 2), "[1/2] wrote file-0.png\n[2/2] failed file-1.png\n")
  }

  func testABarOnATerminal() {
    let text = report(.bar, files: 3)
    XCTAssertTrue(text.hasPrefix("\r\u{1B}[2K"), text)
    XCTAssertTrue(text.contains("3/3 file-2.png"), text)
    XCTAssertTrue(text.contains("ETA"), text)
    XCTAssertTrue(text.hasSuffix("\n"), "the last redraw ends the line")
  }

  func testNothingWhenQuiet() {
    XCTAssertEqual(report(.quiet, files: 3), "")
  }
}

/// `export --asset-catalog`: the catalog named as asked, every PNG stored once, and
/// `WallpaperAssets.swift` compiled with `swiftc` and its function run.
final class AssetCatalogExportTests: BinaryTestCase {
  func testCatalogNameSinglePNGsAndACompiledWallpaperAssets() throws {
    try #"{ "name": "Autumn grid", "season": { "name": "autumn" } }"#.write(
      toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
    let result = try wallpaper([
      "export", "d.json", "--out", "out", "--devices", "iphone", "--asset-catalog", "--catalog-name", "Wallpapers",
      "--formats", "png,svg", "--scales", "2,3", "--quiet",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let written = Processes.files(under: "\(folder)/out")
    XCTAssertTrue(written.keys.contains("Wallpapers.xcassets/Contents.json"), "\(written.keys.sorted())")
    XCTAssertTrue(written.keys.contains("WallpaperAssets.swift"))

    // No PNG's bytes are stored twice, and every wallpaper PNG is in the catalog.
    var byDigest: [String: [String]] = [:]
    var pngBytes = 0
    for (path, data) in written where path.hasSuffix(".png") {
      byDigest[SHA256Hex.of(data), default: []].append(path)
      pngBytes += data.count
    }
    XCTAssertEqual(byDigest.values.filter { $0.count > 1 }, [], "PNGs stored twice")
    let wallpapers = written.keys.filter {
      $0.hasSuffix(".png") && !$0.hasPrefix("previews/") && !$0.hasPrefix("contact")
    }
    XCTAssertEqual(wallpapers.count, 14 * 2, "14 iPhone classes at 2x and 3x")
    XCTAssertTrue(wallpapers.allSatisfy { $0.hasPrefix("Wallpapers.xcassets/Autumn grid-") }, "\(wallpapers.sorted())")
    print(
      "iPhone export with --asset-catalog: \(written.count) files, \(wallpapers.count) wallpaper PNGs, \(pngBytes) PNG bytes, each stored once"
    )

    // The manifest and the gallery point into the catalog.
    let manifest = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: XCTUnwrap(written["manifest.json"])) as? [String: Any])
    let paths = try XCTUnwrap(manifest["files"] as? [[String: Any]]).compactMap { $0["path"] as? String }
    XCTAssertEqual(Set(paths.filter { wallpapers.contains($0) }), Set(wallpapers))
    let gallery = String(decoding: try XCTUnwrap(written["index.html"]), as: UTF8.self)
    XCTAssertTrue(gallery.contains("Wallpapers.xcassets/Autumn%20grid-402x874.imageset/"), "gallery links the catalog")

    // WallpaperAssets.swift compiles on its own, and its pure function maps screens to sets.
    let main = """
      for (w, h, s) in [(402, 874, 3), (874, 402, 3), (414, 896, 2), (414, 896, 3), (375, 667, 2), (375, 667, 3), (1024, 1366, 2), (100, 100, 1)] {
        print("\\(w)x\\(h)@\\(s) -> \\(WallpaperAssets.imageSetName(width: w, height: h, scale: s) ?? "nil")")
      }
      // Native pixels, as UIScreen.nativeBounds gives them: the iPhone 16 Pro Max under Display
      // Zoom reports 1206x2622-like bounds×scale, but its panel stays 1320x2868; the 8 Plus and
      // the 13 mini downsample to 1080x1920 and 1080x2340.
      for (w, h) in [(1320, 2868), (1206, 2622), (2622, 1206), (1080, 1920), (1080, 2340), (1125, 2436), (1, 1)] {
        print("native \\(w)x\\(h) -> \\(WallpaperAssets.imageSetName(nativeWidth: w, nativeHeight: h) ?? "nil")")
      }
      """
    try main.write(toFile: "\(folder)/main.swift", atomically: true, encoding: .utf8)
    let compile = try Processes.run(
      "swiftc", ["-swift-version", "6", "-o", "assets", "out/WallpaperAssets.swift", "main.swift"], in: folder)
    XCTAssertEqual(compile.status, 0, compile.stderr)
    let run = try Processes.run("\(folder)/assets", [], in: folder)
    XCTAssertEqual(
      run.stdout,
      """
      402x874@3 -> Autumn grid-402x874
      874x402@3 -> Autumn grid-402x874
      414x896@2 -> Autumn grid-414x896-2x
      414x896@3 -> Autumn grid-414x896-3x
      375x667@2 -> Autumn grid-375x667
      375x667@3 -> Autumn grid-375x667
      1024x1366@2 -> nil
      100x100@1 -> nil
      native 1320x2868 -> Autumn grid-440x956
      native 1206x2622 -> Autumn grid-402x874
      native 2622x1206 -> Autumn grid-402x874
      native 1080x1920 -> Autumn grid-414x736
      native 1080x2340 -> Autumn grid-375x812
      native 1125x2436 -> Autumn grid-375x812
      native 1x1 -> nil

      """)

    // Without --catalog-name, the design's name as written; a bad name is one usage error.
    let plain = try wallpaper([
      "export", "d.json", "--out", "plain", "--devices", "iphone-8", "--asset-catalog", "--formats", "png", "--quiet",
    ])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/plain/Autumn grid.xcassets/Contents.json"))
    for bad in [["--asset-catalog", "--catalog-name", "a/b"], ["--catalog-name", "X"]] {
      let result = try wallpaper(["export", "d.json", "--out", "bad"] + bad)
      XCTAssertEqual(result.status, 2, "\(bad)")
      XCTAssertTrue(result.stderr.hasPrefix("error: --catalog-name: "), result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/bad"))
    }
  }
}

/// SHA-256 of test data, through `sha256sum`-compatible hashing of the library.
private enum SHA256Hex {
  static func of(_ data: Data) -> String { WallpaperExport.SHA256.hex(Array(data)) }
}
