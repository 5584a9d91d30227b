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
}

/// The folder part of a relative test path (`cells` for `cells/c.png`, `.` for `c.png`).
enum FilePathParts {
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }
}
