import Foundation
import TestSupport
import XCTest

/// `--color-space display-p3`: a PNG tagged with a Display P3 profile and cICP whose colours,
/// converted back to sRGB through that profile by an outside tool (ImageMagick with lcms2),
/// are the sRGB render's.
final class DisplayP3CLITests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(
      Processes.wallpaperBinary, arguments, in: folder,
      environment: ["WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path])
  }

  private func bytes(_ name: String) -> [UInt8] {
    FileManager.default.contents(atPath: "\(folder)/\(name)").map(Array.init) ?? []
  }

  func testAP3RenderConvertedBackThroughItsProfileIsTheSRGBRender() throws {
    // Where the art places an accent depends on the label (focal motifs keep clear of it), so
    // a season may show its accent only in small or few motifs: most seasons must show it.
    var seasonsShowingTheAccent: [String] = []
    for season in ["spring", "summer", "autumn", "winter"] {
      let design = Golden.repositoryRoot().appendingPathComponent("Samples/\(season).json").path
      for (name, extra) in [("s.png", ["--scale", "1"]), ("p.png", ["--scale", "1", "--color-space", "display-p3"])] {
        let result = try wallpaper(["render", design, "-o", "\(folder)/\(name)"] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
      }
      PNGChunks.assertSRGB(bytes("s.png"))
      XCTAssertEqual(
        try PNGChunks(bytes("p.png")).colourListing.split(separator: "\n").prefix(3).joined(separator: "\n"),
        "IHDR 13\ncICP 4 12 13 0 1\niCCP \(try PNGChunks(bytes("p.png"))["iCCP"]!.count) name=Display P3")
      let converted = try Processes.run(
        "convert",
        [
          "\(folder)/p.png", "-intent", "relative", "-profile", "/usr/share/color/icc/ghostscript/srgb.icc",
          "\(folder)/back.png",
        ])
      XCTAssertEqual(converted.status, 0, converted.stderr)
      let srgb = try RGBAImage(pngFile: "\(folder)/s.png")
      let back = try RGBAImage(pngFile: "\(folder)/back.png")
      let raw = try RGBAImage(pngFile: "\(folder)/p.png")
      let difference = ImageDifference(srgb, back)
      // The season's wide accent (Season.wideGamutVariants) is the only art that changes: it
      // moves some pixels by more than 2; the rest, where the art stays in sRGB, is the sRGB
      // render within 1/255 mean and 2 at most (DisplayP3RenderingTests checks the exactness
      // of that split on the library).
      var rest = (sum: 0, count: 0, maximum: 0)
      for index in 0..<(srgb.width * srgb.height) {
        let deltas = (0..<3).map { abs(Int(srgb.pixels[index * 4 + $0]) - Int(back.pixels[index * 4 + $0])) }
        guard deltas.max()! <= 2 else { continue }
        rest = (rest.sum + deltas.reduce(0, +), rest.count + 3, max(rest.maximum, deltas.max()!))
      }
      if difference.pixelsOverThreshold > 0 { seasonsShowingTheAccent.append(season) }
      XCTAssertLessThan(Double(rest.sum) / Double(rest.count), 1, season)
      XCTAssertLessThan(difference.fractionOverThreshold, 0.25, "\(season): \(difference)")
      // The P3 file's own numbers do differ: the conversion is not a no-op.
      XCTAssertGreaterThan(ImageDifference(srgb, raw).meanChannelDelta, 1, season)
      print("\(season): P3 back to sRGB \(difference)")
    }
    XCTAssertGreaterThanOrEqual(
      seasonsShowingTheAccent.count, 3, "the accent is drawn in P3: \(seasonsShowingTheAccent)")
  }

  func testAnSVGIsTheSameWhateverTheColourSpace() throws {
    for (name, extra) in [("s.svg", [String]()), ("p.svg", ["--color-space", "display-p3"])] {
      let result = try wallpaper(["render", "--device", "iphone-8", "-o", name] + extra)
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    XCTAssertEqual(bytes("s.svg"), bytes("p.svg"))
  }
}

extension DisplayP3CLITests {
  func testColoursInDisplayP3AreKeptInP3AndClippedWithOneNoteInSRGB() throws {
    try #"""
    { "name": "Wide", "device": "iphone-8", "season": { "name": "winter" },
      "grid": { "kind": "home", "fill": ["0=color(display-p3 1 0 0)", "1=color(display-p3 0 1 0 / 100%)",
        "2=color(display-p3 50% 0.5 0.5)"] } }
    """#.write(toFile: "\(folder)/w.json", atomically: true, encoding: .utf8)
    let srgb = try wallpaper(["render", "w.json", "--scale", "1", "-o", "s.png"])
    XCTAssertEqual(srgb.status, 0, srgb.stderr)
    XCTAssertEqual(
      srgb.stderr,
      "note: 2 colours given in Display P3 are outside sRGB and drawn as the sRGB clip: color(display-p3 1 0 0) as #FF0000, color(display-p3 0 1 0) as #00FF00 (--color-space display-p3 keeps them)\n"
    )
    let p3 = try wallpaper(["render", "w.json", "--scale", "1", "--color-space", "display-p3", "-o", "p.png"])
    XCTAssertEqual(p3.status, 0, p3.stderr)
    XCTAssertEqual(p3.stderr, "", "nothing is clipped in P3")
    let (s, p) = (try RGBAImage(pngFile: "\(folder)/s.png"), try RGBAImage(pngFile: "\(folder)/p.png"))
    // The first cell: P3 red is the file's (255, 0, 0) in P3, and sRGB red in the sRGB file.
    XCTAssertEqual(Array(p[50, 50].prefix(3)), [255, 0, 0])
    XCTAssertEqual(Array(s[50, 50].prefix(3)), [255, 0, 0])
    // The grey cell is grey in both (within the level the 8-bit conversion may round off).
    XCTAssertTrue(p[200, 50].prefix(3).allSatisfy { abs(Int($0) - 128) <= 1 }, "\(p[200, 50])")
    // The scene dump writes them as given.
    let dump = try wallpaper(["render", "w.json", "--dump-scene"])
    XCTAssertTrue(dump.stdout.contains("fill=color(display-p3 0 1 0)"), dump.stdout)
    for bad in ["color(display-p3 1.2 0 0)", "color(display-p3 1 0)", "color(rec2020 1 0 0)", "color(display-p3 1 0 0"]
    {
      let result = try wallpaper(["render", "--device", "iphone-8", "--gradient", bad, "-o", "x.png"])
      XCTAssertEqual(result.status, 2, bad)
      XCTAssertTrue(result.stderr.contains("color(display-p3 R G B [/ A])"), result.stderr)
    }
  }
}

extension DisplayP3CLITests {
  func testSVGWritesColoursOutsideSRGBAsDisplayP3AfterAnSRGBFallback() throws {
    try #"""
    { "name": "Wide", "device": "iphone-8", "season": { "name": "winter" },
      "grid": { "kind": "home", "fill": ["0=color(display-p3 1 0 0)", "1=color(display-p3 0.5 0.5 0.5)"] } }
    """#.write(toFile: "\(folder)/w.json", atomically: true, encoding: .utf8)
    let result = try wallpaper(["render", "w.json", "-o", "w.svg"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr, "", "SVG keeps the colour: no note")
    let svg = String(decoding: bytes("w.svg"), as: UTF8.self)
    XCTAssertTrue(svg.contains(##"fill="#FF0000" style="fill:#FF0000;fill:color(display-p3 1 0 0)""##), svg)
    // A P3 colour inside sRGB needs no P3 form.
    XCTAssertFalse(svg.contains("color(display-p3 0.5"), svg)
    XCTAssertEqual(try Processes.run("xmllint", ["--noout", "\(folder)/w.svg"]).status, 0)
  }
}

extension DisplayP3CLITests {
  func testAP3PDFMapsRGBToAnICCBasedDisplayP3SpaceAndLooksTheSame() throws {
    let design = Golden.repositoryRoot().appendingPathComponent("Samples/autumn.json").path
    for (name, extra) in [
      ("s.png", ["--scale", "1"]), ("s.pdf", []), ("p.pdf", ["--color-space", "display-p3"]),
      ("x.pdf", ["--color-space", "display-p3", "--pdfx"]),
    ] {
      let result = try wallpaper(["render", design, "-o", "\(folder)/\(name)"] + extra)
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    for file in ["p.pdf", "x.pdf"] {
      // The ICC-based space's profile is the 580-byte Display P3 one, the default for DeviceRGB.
      let qdf = try Processes.run("qpdf", ["--qdf", "--object-streams=disable", "\(folder)/\(file)", "-"]).stdout
      XCTAssertTrue(qdf.contains("/DefaultRGB"), file)
      XCTAssertTrue(qdf.contains("/ICCBased"), file)
      // The one three-component ICC stream is the Display P3 profile lcms2 made.
      let json = try Processes.run(
        "qpdf",
        [
          "--json=2", "--json-stream-data=inline", "--decode-level=generalized", "--json-key=qpdf",
          "\(folder)/\(file)",
        ])
      let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
      let profiles = objects.values.compactMap { value -> [UInt8]? in
        guard let stream = (value as? [String: Any])?["stream"] as? [String: Any],
          (stream["dict"] as? [String: Any])?["/N"] as? Int == 3, let data = stream["data"] as? String
        else { return nil }
        return Data(base64Encoded: data).map(Array.init)
      }
      XCTAssertEqual(profiles.count, 1, file)
      XCTAssertEqual(profiles.first.map { $0.count }, 580, file)
      XCTAssertEqual(profiles.first.map { String(decoding: $0[12..<20], as: UTF8.self) }, "mntrRGB ", file)
    }
    // Poppler draws the P3 PDF through its profile as it draws the sRGB one: both within 1/255
    // mean of the PNG.
    for file in ["s", "p"] {
      let raster = try Processes.run(
        "pdftoppm", ["-r", "72", "-png", "-singlefile", "\(folder)/\(file).pdf", "\(folder)/r-\(file)"])
      XCTAssertEqual(raster.status, 0, raster.stderr)
    }
    let png = try RGBAImage(pngFile: "\(folder)/s.png")
    let fromSRGB = ImageDifference(png, try RGBAImage(pngFile: "\(folder)/r-s.png"))
    let fromP3 = ImageDifference(png, try RGBAImage(pngFile: "\(folder)/r-p.png"))
    XCTAssertLessThan(fromP3.meanChannelDelta, 1.2, "\(fromP3)")
    XCTAssertLessThan(abs(fromP3.meanChannelDelta - fromSRGB.meanChannelDelta), 0.2, "\(fromP3) vs \(fromSRGB)")
    print("poppler vs PNG: sRGB PDF \(fromSRGB); P3 PDF \(fromP3)")
  }
}

extension DisplayP3CLITests {
  func testAPhotoWithADisplayP3ProfileKeepsItsGamutInP3Output() throws {
    // The photo: our own P3 PNG of a cell in P3 0.2 0.8 0.3 (outside sRGB), made a JPEG by
    // ImageMagick, which keeps the Display P3 profile.
    try #"""
    { "name": "Wide", "device": "iphone-8", "season": { "name": "winter" },
      "grid": { "kind": "home", "fill": ["1=color(display-p3 0.2 0.8 0.3)"] } }
    """#.write(toFile: "\(folder)/w.json", atomically: true, encoding: .utf8)
    XCTAssertEqual(
      try wallpaper(["render", "w.json", "--scale", "1", "--color-space", "display-p3", "-o", "w.png"]).status, 0)
    XCTAssertEqual(
      try Processes.run("convert", ["\(folder)/w.png", "-quality", "100", "\(folder)/photo.jpg"]).status, 0)
    try #"""
    { "name": "Photo", "device": "iphone-8", "season": { "name": "winter", "alpha": 0 },
      "background": { "image": { "path": "photo.jpg", "mode": "fill" } } }
    """#.write(toFile: "\(folder)/p.json", atomically: true, encoding: .utf8)
    for (name, extra) in [("s.png", [String]()), ("p.png", ["--color-space", "display-p3"])] {
      let result = try wallpaper(["render", "p.json", "--scale", "1", "-o", name] + extra)
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    let (s, p) = (try RGBAImage(pngFile: "\(folder)/s.png"), try RGBAImage(pngFile: "\(folder)/p.png"))
    // P3 output: the photo's P3 colour as it is, 51 204 77 (clipped to sRGB on the way in it
    // would be about 74 203 77 in P3, or 0 208 49 left unconverted).
    XCTAssertTrue(zip(p[140, 50].prefix(3), [51, 204, 77]).allSatisfy { abs(Int($0) - $1) <= 2 }, "\(p[140, 50])")
    // sRGB output: its sRGB clip, 0 208 49 (what Chromium and lcms2 show for it).
    XCTAssertTrue(zip(s[140, 50].prefix(3), [0, 208, 49]).allSatisfy { abs(Int($0) - $1) <= 2 }, "\(s[140, 50])")
    XCTAssertTrue(try PNGChunks(bytes("p.png")).types.contains("iCCP"))
  }
}
