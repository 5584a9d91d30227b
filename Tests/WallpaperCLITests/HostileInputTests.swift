import Foundation
import TestSupport
import XCTest

/// Hostile inputs, third round (issue 45): paths a shared design names, art that would hang,
/// crash or exhaust the tool through librsvg, and malformed ICC profiles. Each ends in one
/// `error:` line naming the file or field and what was too much, with no output left.
final class HostileInputTests: BinaryTestCase {
  func write(_ text: String, to name: String) throws {
    try write(Data(text.utf8), to: name)
  }

  func write(_ data: Data, to name: String) throws {
    let url = URL(fileURLWithPath: "\(folder)/\(name)")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: "\(folder)/\(name)") }

  func assertOneLineError(
    _ result: ProcessResult, status: Int32, says fragments: [String], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
    XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr, file: file, line: line)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)", file: file, line: line)
    for fragment in fragments {
      XCTAssertTrue(result.stderr.contains(fragment), "'\(fragment)' not in: \(result.stderr)", file: file, line: line)
    }
  }

  /// Ghostscript's CMYK output profile (Debian `libgs-common`), the default output intent.
  static let cmykProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

  // MARK: - Paths

  /// A design's `outputIntent` file is resolved against the design's folder and confined to
  /// it, like its photos, in every command that reads it; the same file inside the folder, or
  /// given as `--output-intent`, works.
  func testOutputIntentIsConfinedToTheDesignsFolder() throws {
    let profile = try Data(contentsOf: URL(fileURLWithPath: Self.cmykProfile))
    try write(profile, to: "private/press.icc")
    try write(profile, to: "shared/press.icc")
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder)/shared/link.icc", withDestinationPath: "\(folder)/private/press.icc")
    for (index, intent) in ["../private/press.icc", "\(folder)/private/press.icc", "link.icc"].enumerated() {
      try write(
        #"{"name": "d", "device": "iphone-8", "pdfx": true, "outputIntent": "\#(intent)"}"#, to: "shared/d\(index).json"
      )
      for command in [
        ["render", "shared/d\(index).json", "-o", "r.pdf"], ["proof", "shared/d\(index).json", "-o", "p.pdf"],
        ["export", "shared/d\(index).json", "--out", "o", "--devices", "iphone-8", "--formats", "pdf"],
        ["editor", "shared/d\(index).json", "-o", "e.html"],
      ] {
        let result = try wallpaper(command)
        assertOneLineError(
          result, status: 2, says: ["d\(index).json:1: outputIntent", "a file inside the design file's folder"])
      }
      for name in ["r.pdf", "p.pdf", "o", "e.html"] { XCTAssertFalse(exists(name), name) }
    }
    try write(#"{"name": "d", "device": "iphone-8", "pdfx": true, "outputIntent": "press.icc"}"#, to: "shared/ok.json")
    let inside = try wallpaper(["render", "shared/ok.json", "-o", "ok.pdf"])
    XCTAssertEqual(inside.status, 0, inside.stderr)
    let flag = try wallpaper(["render", "shared/d0.json", "--output-intent", "private/press.icc", "-o", "f.pdf"])
    XCTAssertEqual(flag.status, 0, flag.stderr)
  }

  /// NUL (which libc would cut the path at) and other control characters in any path field
  /// are refused in one line naming the field, with the value escaped.
  func testAControlCharacterInAPathIsRefused() throws {
    let square = #""grid": {"kind": "square", "columns": 3, "images": ["VALUE"]}"#
    let fields: [(String, String)] = [
      (#""background": {"image": {"path": "VALUE"}}"#, "background.image.path"),
      (#""art": {"svg": "VALUE"}"#, "art.svg"),
      (#""label": {"font": "VALUE"}"#, "label.font"),
      (square, "grid.images"),
      (#""output": "VALUE""#, "output"),
      (#""pdfx": true, "outputIntent": "VALUE""#, "outputIntent"),
    ]
    // A file named as the path up to its NUL exists, so the cut path would have been read.
    for name in ["a.png", "a.svg", "a.ttf", "a.icc"] { try write("x", to: name) }
    for (json, field) in fields {
      for (value, shown) in [
        (#"a.png\u0000.jpg"#, #"a.png\u{0}.jpg"#), (#"a\n.svg"#, #"a\n.svg"#), (#"a\u001b.ttf"#, #"a\u{1B}.ttf"#),
      ] {
        let design =
          "{\"name\": \"d\", \"device\": \"iphone-8\", " + json.replacingOccurrences(of: "VALUE", with: value) + "}"
        try write(design, to: "d.json")
        let output = field == "output" ? [] : ["-o", "x.pdf"]
        let result = try wallpaper(["render", "d.json"] + output)
        assertOneLineError(
          result, status: 2,
          says: ["d.json:1: \(field): '\(shown)'", "a path or name without control characters"])
        XCTAssertFalse(exists("x.pdf"))
      }
    }
  }

  /// Only regular files are opened as inputs: a FIFO inside the design's folder, named as the
  /// label's font, is refused by `export` (which once opened it and blocked), and so is one named
  /// as any other input file of a design.
  func testAFIFOInsideTheFolderIsNeverOpened() throws {
    for name in ["f.ttf", "p.png", "a.svg", "i.icc", "cells/c.png"] {
      try FileManager.default.createDirectory(
        atPath: "\(folder)/\(FilePathParts.folder(of: name))", withIntermediateDirectories: true)
      XCTAssertEqual(mkfifo("\(folder)/\(name)", 0o644), 0)
    }
    let cases: [(String, String)] = [
      (#""label": {"font": "f.ttf"}"#, "label.font"),
      // A hidden label's font is never drawn, but an export's digest once opened it.
      (#""label": {"visible": false, "font": "f.ttf"}"#, "label.font"),
      (#""background": {"image": {"path": "p.png"}}"#, "background.image.path"),
      (#""art": {"svg": "a.svg"}"#, "art.svg"),
      (#""pdfx": true, "outputIntent": "i.icc""#, "outputIntent"),
      (#""grid": {"kind": "square", "columns": 3, "images": ["cells"]}"#, "grid.images"),
    ]
    for (json, field) in cases {
      try write("{\"name\": \"d\", \"device\": \"iphone-8\", \(json)}", to: "d.json")
      // `timeout` turns a run that blocks on the FIFO into a failure instead of a hung test.
      for command in [
        ["export", "d.json", "--out", "o", "--devices", "iphone-8", "--formats", "pdf"],
        ["render", "d.json", "-o", "x.pdf"],
      ] {
        let result = try Processes.run("/usr/bin/timeout", ["20", Processes.wallpaperBinary] + command, in: folder)
        assertOneLineError(result, status: 2, says: [field, "FIFO"])
      }
      XCTAssertFalse(exists("o"))
      XCTAssertFalse(exists("x.pdf"))
    }
  }

  // MARK: - Art in a cage

  /// A hostile art file: its name, its bytes, and what the one-line refusal must say.
  struct HostileArt {
    let name: String
    let svg: Data
    let says: String
  }

  static let svgHead =
    #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="800" viewBox="0 0 400 800">"#

  /// A 1-bit greyscale PNG of `width` × `height` px, all black: a few hundred KB that decode to
  /// gigabytes. zlib comes from Python's standard library (`/usr/bin/python3`).
  func hugePNG(width: Int, height: Int) throws -> Data {
    let script = """
      import sys, zlib, struct
      w, h = \(width), \(height)
      z = zlib.compressobj(9)
      row = bytes(1 + (w + 7) // 8)
      data = b''.join(z.compress(row) for _ in range(h)) + z.flush()
      def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
      sys.stdout.buffer.write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 1, 0, 0, 0, 0))
        + chunk(b'IDAT', data) + chunk(b'IEND', b''))
      """
    let result = try Processes.run(Processes.python, ["-c", script])
    XCTAssertEqual(result.status, 0, result.stderr)
    return Data(result.stdoutBytes)
  }

  /// The hostile corpus of issue 45, built here: the cases the sanitiser refuses by name, then
  /// those only the helper process's limits stop (filters applied through CSS, which the
  /// sanitiser does not follow; filters that are slow at any nesting).
  func hostileArt() throws -> [HostileArt] {
    func svg(_ body: String, head: String = HostileInputTests.svgHead) -> Data { Data((head + body + "</svg>").utf8) }
    let rect = #"<rect width="400" height="800" fill="red""#
    let png = try hugePNG(width: 45_000, height: 45_000)
    var bomb = #"<defs><rect id="l0" width="1" height="1"/>"#
    for level in 1...9 {
      bomb += "<g id=\"l\(level)\">" + String(repeating: "<use xlink:href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
    }
    bomb += ##"</defs><use xlink:href="#l9"/>"##
    let blur = #"<filter id="b"><feGaussianBlur stdDeviation="5"/></filter>"#
    return [
      HostileArt(
        name: "convolve-21",
        svg: svg(
          #"<filter id="f"><feConvolveMatrix order="21" kernelMatrix=""#
            + Array(repeating: "1", count: 441).joined(separator: " ") + #""/></filter>"# + rect
            + #" filter="url(#f)"/>"#),
        says: "feConvolveMatrix of order '21' (allowed: whole numbers from 1 to 9)"),
      HostileArt(
        name: "convolve-kernel",
        svg: svg(#"<filter id="f"><feConvolveMatrix order="3" kernelMatrix="1 1"/></filter>"# + rect + "/>"),
        says: "feConvolveMatrix of order 3×3 with 2 kernel values (allowed: exactly 9 numbers)"),
      HostileArt(
        name: "nested-filters-250",
        svg: svg(
          blur + String(repeating: #"<g filter="url(#b)">"#, count: 250) + rect + "/>"
            + String(repeating: "</g>", count: 250)),
        says: "nests more than 8 filtered elements"),
      HostileArt(
        name: "turbulence-1e6",
        svg: svg(
          #"<filter id="t"><feTurbulence baseFrequency="0.05" numOctaves="1000000"/></filter>"# + rect
            + #" filter="url(#t)"/>"#),
        says: "feTurbulence of 1000000 octaves (allowed: at most 10)"),
      HostileArt(
        name: "attributes-300000",
        svg: svg(
          "<rect " + (0..<300_000).map { "a\($0)=\"0\"" }.joined(separator: " ") + " width=\"1\" height=\"1\"/>"),
        says: "more than 1000 attributes (allowed: at most 1000 per element)"),
      HostileArt(
        name: "png-45000",
        svg: svg(
          #"<image width="400" height="800" xlink:href="data:image/png;base64,"# + png.base64EncodedString()
            + #""/>"#),
        says: "45000×45000 px is too large to decode (at most 16000 px per side and 48.8 megapixels)"),
      HostileArt(
        name: "text-9MB",
        svg: svg(
          (0..<9_000).map { "<text x=\"0\" y=\"\($0 % 800)\">" + String(repeating: "x", count: 1_000) + "</text>" }
            .joined()),
        says: "more than 10000 characters of text"),
      HostileArt(
        name: "text-100000",
        svg: svg(#"<text x="0" y="20">"# + String(repeating: "abc def ", count: 12_500) + "</text>"),
        says: "more than 10000 characters of text"),
      HostileArt(
        name: "viewbox-tiny-size",
        svg: svg(
          #"<rect width="1e29" height="1e29"/>"#,
          head: #"<svg xmlns="http://www.w3.org/2000/svg" width="0.001" height="0.001" viewBox="0 0 1e30 1e30">"#),
        says: "has a size of 0.001×0.001 px (allowed: width and height from 1 to 100000 px)"),
      HostileArt(
        name: "viewbox-huge",
        svg: svg(
          #"<rect width="1e29" height="1e29"/>"#,
          head: #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="800" viewBox="0 0 1e30 2e30">"#),
        says: "has a viewBox coordinate of 1e+30"),
      HostileArt(
        name: "use-bomb", svg: svg(bomb), says: "draws more than 200000 elements once its <use> elements are expanded"),
      // Past the sanitiser: only the helper's limits stop these.
      HostileArt(
        name: "css-filters-250",
        svg: svg(
          "<style>.f{filter:url(#b)}</style>" + blur + String(repeating: #"<g class="f">"#, count: 250) + rect
            + "/>" + String(repeating: "</g>", count: 250)),
        says: "librsvg needs more than 160 MiB to draw it"),
      HostileArt(
        name: "morphology-1e5",
        svg: svg(
          #"<filter id="m"><feMorphology operator="dilate" radius="100000"/></filter>"# + rect
            + #" filter="url(#m)"/>"#),
        says: "librsvg takes more than 3 s to draw it"),
      HostileArt(
        name: "blurred-2000",
        svg: svg(
          #"<filter id="b"><feGaussianBlur stdDeviation="30"/></filter>"#
            + String(repeating: rect + #" filter="url(#b)"/>"#, count: 2_000)),
        says: "librsvg takes more than 3 s to draw it"),
    ]
  }

  /// Every hostile art case ends in exit 1 or 2 and one line naming the file and what was too
  /// much, within 10 s and 256 MiB (the tool's peak, or its helper's, by GNU time), never by a
  /// signal; as `--art` in `render` and as a design's `art` in `export`, which writes nothing.
  func testHostileArtEndsInOneLineWithinTenSecondsAnd256MiB() throws {
    var table = ["case                 command  exit  seconds  peak MiB"]
    for art in try hostileArt() {
      try write(art.svg, to: "\(art.name).svg")
      try write(
        #"{"name": "d", "device": "iphone-16-pro", "art": {"svg": "\#(art.name).svg"}}"#, to: "\(art.name).json")
      for command in [
        ["render", "--device", "iphone-16-pro", "--art", "\(art.name).svg", "-o", "\(art.name).png"],
        ["export", "\(art.name).json", "--out", "o-\(art.name)", "--devices", "iphone-16-pro", "--formats", "png,pdf"],
      ] {
        let start = Date()
        let (result, bytes) = try Processes.measured(Processes.wallpaperBinary, command, in: folder)
        let seconds = Date().timeIntervalSince(start)
        let mib = Double(bytes) / 1_048_576
        table.append(
          art.name.padding(toLength: 21, withPad: " ", startingAt: 0)
            + command[0].padding(toLength: 9, withPad: " ", startingAt: 0)
            + "\(result.status)".padding(toLength: 6, withPad: " ", startingAt: 0)
            + String(format: "%7.2f  %8.1f", seconds, mib))
        XCTAssertTrue(
          [1, 2].contains(result.status), "\(art.name) \(command[0]): exit \(result.status) \(result.stderr)")
        assertOneLineError(result, status: result.status, says: ["\(art.name).svg", art.says])
        XCTAssertLessThanOrEqual(seconds, 10, "\(art.name) \(command[0])")
        XCTAssertLessThanOrEqual(bytes, 256 << 20, "\(art.name) \(command[0])")
      }
      XCTAssertFalse(exists("\(art.name).png"))
      XCTAssertFalse(exists("o-\(art.name)"))
    }
    print(table.joined(separator: "\n"))
  }

  /// The helper alone, given art the sanitiser would refuse: librsvg's panic ends the helper
  /// (SIGABRT), which is why it runs in a process of its own.
  func testLibrsvgPanicsInTheHelperProcess() throws {
    let art = try hostileArt()[0]
    try write(art.svg, to: "a.svg")
    let result = try Processes.run(
      "/bin/sh", ["-c", "exec \"$0\" __art-preflight 1206 2622 400 800 < a.svg", Processes.wallpaperBinary],
      in: folder, environment: ["SWIFT_BACKTRACE": "enable=no"])
    // Foundation reports a signal's number as the status (a shell would say 128 + 6).
    XCTAssertTrue([6, 128 + 6].contains(result.status), "\(result.status): \(result.stderr)")
    XCTAssertTrue(result.stderr.contains("panicked"), result.stderr)
  }

  // MARK: - Art never restyles the page

  /// The art's `<style>` reaches only the art: with `* { visibility: hidden }` and a rule for
  /// every `text`, our SVG draws (in rsvg-convert) exactly what it draws for the same art
  /// hidden element by element: the label, the grid and the background untouched. Before the
  /// rules were scoped, the style sheet blanked the whole wallpaper.
  func testArtStylesReachOnlyTheArt() throws {
    let head = #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="80">"#
    try write(
      head + "<style>* { visibility: hidden } text, path { fill: red !important; stroke: red }</style>"
        + #"<rect width="40" height="80" fill="navy"/></svg>"#, to: "styled.svg")
    try write(head + #"<rect width="40" height="80" fill="navy" visibility="hidden"/></svg>"#, to: "hidden.svg")
    for name in ["styled", "hidden"] {
      try run(
        Processes.wallpaperBinary,
        [
          "render", "--device", "iphone-8", "--art", "\(name).svg", "--grid", "home", "--label-text", "Autumn",
          "-o", "\(name).svg.svg",
        ])
      try run("rsvg-convert", ["\(name).svg.svg", "-o", "\(name).png"])
    }
    let styled = try bytes("styled.png")
    XCTAssertEqual(styled, try bytes("hidden.png"), "the art's style sheet changed what lies outside the art")
    XCTAssertTrue(String(decoding: try bytes("styled.svg.svg"), as: UTF8.self).contains("#wallpaper-art *"))
  }

  // MARK: - ICC profiles

  func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

  /// `profile` with the tag at `index` of its table given `offset` and `size` (nil: as they are).
  func retagged(_ profile: [UInt8], _ index: Int, offset: Int? = nil, size: Int? = nil) -> [UInt8] {
    var bytes = profile
    let entry = 132 + 12 * index
    if let offset { bytes.replaceSubrange(entry + 4..<entry + 8, with: bigEndian(offset)) }
    if let size { bytes.replaceSubrange(entry + 8..<entry + 12, with: bigEndian(size)) }
    return bytes
  }

  /// The malformed profiles of issue 45, made from Ghostscript's CMYK profile (desc at 240,
  /// cprt at 356, wtpt at 396 and 20 bytes, A2B0 at 416, then B2A0, A2B1 …), each with the
  /// line that refuses it.
  func malformedProfiles() throws -> [(name: String, bytes: [UInt8], says: String)] {
    let good = try Array(Data(contentsOf: URL(fileURLWithPath: Self.cmykProfile)))
    var pcs = good
    pcs.replaceSubrange(20..<24, with: Array("ABCD".utf8))
    var deviceClass = good
    deviceClass.replaceSubrange(12..<16, with: Array("zzzz".utf8))
    var version = good
    version[8] = 5
    var oneOffset = good
    for index in 0..<9 { oneOffset = retagged(oneOffset, index, offset: 240) }
    // A private tag of 60 MB, the header's size and tag count updated.
    let privateSize = 60_000_000
    var huge = Array(good[0..<132]) + Array(good[132..<(132 + 9 * 12)])
    huge.replaceSubrange(128..<132, with: bigEndian(10))
    huge = (0..<9).reduce(huge) { bytes, index in
      let entry = 132 + 12 * index
      let offset = Int(bytes[entry + 4..<entry + 8].reduce(0) { $0 << 8 | Int($1) })
      var moved = bytes
      moved.replaceSubrange(entry + 4..<entry + 8, with: bigEndian(offset + 12))
      return moved
    }
    huge += Array("priv".utf8) + bigEndian(good.count + 12) + bigEndian(privateSize)
    huge += Array(good[(132 + 9 * 12)...]) + Array("data".utf8) + [UInt8](repeating: 0, count: privateSize - 4)
    huge.replaceSubrange(0..<4, with: bigEndian(huge.count))
    return [
      (
        "zero-size-tag", retagged(good, 0, size: 0), "tag 'desc' has 0 bytes (at least 8: its type and a reserved word)"
      ),
      ("one-offset", oneOffset, "tag 'wtpt' has type 'desc' (allowed: 'XYZ ')"),
      ("bogus-pcs", pcs, "PCS 'ABCD' (allowed: 'XYZ ' or 'Lab ')"),
      ("bogus-class", deviceClass, "device class 'zzzz' (allowed: abst, link, mntr, nmcl, prtr, scnr, spac)"),
      ("version-5", version, "version 5 (allowed: ICC version 2 or 4)"),
      ("overlap", retagged(good, 2, size: 40), "tags 'wtpt' and 'A2B0' overlap (offsets 396 and 416)"),
      ("outside", retagged(good, 1, offset: good.count - 4), "tag 'cprt' (offset 187480, 40 bytes) lies outside"),
      ("truncated", Array(good.prefix(good.count - 100)), "(truncated)"),
      ("private-60MB", huge, "the file is \(huge.count) bytes (at most 4194304)"),
    ]
  }

  /// Every malformed profile is refused in one line wherever a profile enters: as the output
  /// intent of a PDF/X (`--output-intent` and a design's `outputIntent`), of a proof's soft
  /// proofs, and inside a photo (a JPEG's APP2 ICC profile), before lcms2 reads it; nothing is
  /// written.
  func testMalformedProfilesAreRefusedInOneLineWhereverTheyEnter() throws {
    var lines: [String] = []
    for profile in try malformedProfiles() {
      try write(Data(profile.bytes), to: "\(profile.name).icc")
      try write(
        #"{"name": "d", "device": "iphone-8", "pdfx": true, "outputIntent": "\#(profile.name).icc"}"#, to: "d.json")
      for command in [
        ["render", "--device", "iphone-8", "--pdfx", "--output-intent", "\(profile.name).icc", "-o", "x.pdf"],
        ["render", "d.json", "-o", "x.pdf"],
        ["proof", "d.json", "-o", "p.pdf", "--soft-proof", "soft"],
      ] {
        let result = try wallpaper(command)
        let field = command[1] == "d.json" ? "d.json:1: outputIntent: " : "--output-intent: "
        assertOneLineError(result, status: 2, says: [field + "'\(profile.name).icc'", profile.says])
        if command[1] == "d.json", command[0] == "render" {
          lines.append(result.stderr.trimmingCharacters(in: .newlines))
        }
      }
      for name in ["x.pdf", "p.pdf", "soft"] { XCTAssertFalse(exists(name), name) }
    }
    // A photo's embedded profile: an sRGB JPEG whose profile names a bogus PCS.
    try run("convert", ["-size", "8x8", "xc:red", "-quality", "90", "plain.jpg"])
    var rgb = try Array(Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/ghostscript/srgb.icc")))
    rgb.replaceSubrange(20..<24, with: Array("ABCD".utf8))
    let app2 = Array("ICC_PROFILE".utf8) + [0, 1, 1] + rgb
    let plain = try bytes("plain.jpg")
    let segment = [0xFF, 0xE2, UInt8((app2.count + 2) >> 8), UInt8((app2.count + 2) & 0xFF)] + app2
    try write(Data(Array(plain.prefix(2)) + segment + Array(plain.dropFirst(2))), to: "photo.jpg")
    let photo = try wallpaper(["render", "--device", "iphone-8", "--image", "photo.jpg", "-o", "x.png"])
    assertOneLineError(
      photo, status: 2, says: ["photo.jpg", "a JPEG with a malformed embedded ICC profile: PCS 'ABCD'"])
    lines.append(photo.stderr.trimmingCharacters(in: .newlines))
    XCTAssertFalse(exists("x.png"))
    print(lines.joined(separator: "\n"))
  }

  // MARK: - The schema carries the loader's limits

  /// Each limit the loader enforces on these fields is in the schema (`wallpaper schema`,
  /// generated from the one field table), and both sides agree at the boundary: the loader
  /// accepts the bound and refuses one past it, and the schema says the same bound.
  func testTheSchemaCarriesTheLoadersLimits() throws {
    let schema = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(try wallpaper(["schema"]).stdout.utf8)) as? [String: Any])
    func property(_ path: [String]) -> [String: Any]? {
      var node: [String: Any]? = schema
      for key in path { node = (node?["properties"] as? [String: Any])?[key] as? [String: Any] }
      return node
    }
    let columns = try XCTUnwrap(property(["grid", "columns"]))
    XCTAssertEqual(columns["minimum"] as? Int, 1)
    XCTAssertEqual(columns["maximum"] as? Int, 1000)
    XCTAssertEqual(property(["grid", "spacing"])?["minimum"] as? Int, 0)
    XCTAssertEqual(property(["label", "text"])?["maxLength"] as? Int, 200)
    for path in [["background", "image", "path"], ["art", "svg"], ["output"], ["outputIntent"], ["label", "text"]] {
      XCTAssertEqual(property(path)?["pattern"] as? String, #"^[^\u0000-\u001F\u007F-\u009F]*$"#, "\(path)")
    }
    let square = #""grid": {"kind": "square", "columns": COLUMNS, "spacing": SPACING}"#
    let cases: [(String, Bool)] = [
      (square.replacingOccurrences(of: "COLUMNS", with: "1").replacingOccurrences(of: "SPACING", with: "0"), true),
      // 1000 columns are allowed where the cells fit 100,000 (a limit of the device's shape,
      // which the schema states in words): 200 on an iPhone 8.
      (square.replacingOccurrences(of: "COLUMNS", with: "200").replacingOccurrences(of: "SPACING", with: "0"), true),
      (square.replacingOccurrences(of: "COLUMNS", with: "0").replacingOccurrences(of: "SPACING", with: "0"), false),
      (
        square.replacingOccurrences(of: "COLUMNS", with: "-1000000").replacingOccurrences(of: "SPACING", with: "0"),
        false
      ),
      (square.replacingOccurrences(of: "COLUMNS", with: "1001").replacingOccurrences(of: "SPACING", with: "0"), false),
      (square.replacingOccurrences(of: "COLUMNS", with: "3").replacingOccurrences(of: "SPACING", with: "-1"), false),
      (#""label": {"text": "\#(String(repeating: "é", count: 200))"}"#, true),
      (#""label": {"text": "\#(String(repeating: "e\u{301}", count: 101))"}"#, false),
    ]
    for (fields, accepted) in cases {
      try write("{\"device\": \"iphone-8\", \(fields)}", to: "d.json")
      let result = try wallpaper(["render", "d.json", "--scale", "1", "-o", "x.png"])
      XCTAssertEqual(result.status, accepted ? 0 : 2, "\(fields): \(result.stderr)")
    }
  }

  // MARK: - Signals

  /// An export signalled while it writes a file removes that temporary file and ends by the
  /// signal. The test stops the export (SIGSTOP) again and again until it is caught with a
  /// temporary file open, then sends SIGTERM (or SIGINT) and lets it go on (SIGCONT).
  func testASignalledExportLeavesNoTemporaryFile() throws {
    try write(#"{"name": "d", "device": "iphone-16-pro"}"#, to: "d.json")
    for (run, signal) in [SIGTERM, SIGINT].enumerated() {
      let out = "\(folder)/o\(run)"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Processes.wallpaperBinary)
      process.arguments = [
        "export", "d.json", "--out", "o\(run)", "--devices", "iphone", "--formats", "svg,pdf", "--quiet",
      ]
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      process.standardError = FileHandle.nullDevice
      try process.run()
      func temporaryFiles() -> [String] {
        (FileManager.default.enumerator(atPath: out)?.allObjects as? [String] ?? []).filter {
          $0.contains(".wallpaper.tmp-")
        }
      }
      var caught = false
      while process.isRunning, !caught {
        kill(process.processIdentifier, SIGSTOP)
        if !temporaryFiles().isEmpty {
          caught = true
          kill(process.processIdentifier, signal)
        }
        kill(process.processIdentifier, SIGCONT)
        usleep(200)
      }
      process.waitUntilExit()
      XCTAssertTrue(caught, "run \(run): the export was never stopped while writing a file")
      XCTAssertEqual(temporaryFiles(), [], "run \(run)")
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, "run \(run)")
      XCTAssertEqual(process.terminationStatus, signal, "run \(run)")
    }
  }
}

/// The folder part of a relative test path (`cells` for `cells/c.png`, `.` for `c.png`).
enum FilePathParts {
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }
}
