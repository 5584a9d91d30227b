import Foundation
import TestSupport
import XCTest

/// Hardening, second round (issue 33): tampered manifests, shared designs that reach for
/// files outside their folder, links planted in an output folder, a stranger's temporary
/// files, and inputs `--incremental` must notice. Each test fails on the build before the fix.
final class UntrustedInputTests: BinaryTestCase {
  private func write(_ text: String, to name: String) throws {
    let url = URL(fileURLWithPath: "\(folder)/\(name)")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  private func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: "\(folder)/\(name)") }

  private func assertOneLineError(
    _ result: ProcessResult, status: Int32, says fragments: [String], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
    XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr, file: file, line: line)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)", file: file, line: line)
    for fragment in fragments {
      XCTAssertTrue(result.stderr.contains(fragment), "'\(fragment)' not in: \(result.stderr)", file: file, line: line)
    }
  }

  /// A 4×4 PNG of one colour.
  private func photo(_ rgba: [UInt8], named name: String) throws {
    let url = URL(fileURLWithPath: "\(folder)/\(name)")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let pixels = Array([[UInt8]](repeating: rgba, count: 16).joined())
    try Data(RGBAImage(width: 4, height: 4, pixels: pixels).pngData()).write(to: url)
  }

  // MARK: - manifest merge

  /// A part whose `shard.count` is 0 trapped; a huge one grew memory without end. Both are
  /// refused in one line, at once.
  func testATamperedShardCountIsRefused() throws {
    let design = "{\"name\": \"d\", \"device\": \"iphone-8\"}"
    try write(design, to: "d.json")
    let export = try wallpaper(
      ["export", "d.json", "--out", "o", "--devices", "iphone-8", "--formats", "svg", "--shard", "1/1", "--quiet"])
    XCTAssertEqual(export.status, 0, export.stderr)
    let part = "\(folder)/o/manifest.shard-1-of-1.json"
    let original = try String(contentsOfFile: part, encoding: .utf8)
    XCTAssertTrue(original.contains("\"count\" : 1"), original)
    for (count, says) in [
      ("0", "its 'shard' says part 1 of 0 (allowed: 1 ≤ index ≤ count ≤ 100000)"),
      ("-3", "part 1 of -3"),
      ("999999999999", "part 1 of 999999999999"),
      ("99999", "missing part 2 of 99999"),
    ] {
      try original.replacingOccurrences(of: "\"count\" : 1", with: "\"count\" : \(count)")
        .write(toFile: part, atomically: true, encoding: .utf8)
      let merge = try wallpaper(["manifest", "merge", "o/manifest.shard-1-of-1.json", "-o", "o/manifest.json"])
      assertOneLineError(merge, status: 1, says: [says])
      XCTAssertLessThan(merge.stderr.utf8.count, 2000, "the missing parts are counted, not all listed")
      XCTAssertFalse(exists("o/manifest.json"))
    }
  }

  /// The design paths a part records are read again by the merge: an error about one of them
  /// does not quote the file's content.
  func testAMergeErrorDoesNotQuoteAFileThePartNames() throws {
    try write("{\"name\": \"d\", \"device\": \"iphone-8\"}", to: "d.json")
    XCTAssertEqual(
      try wallpaper(
        ["export", "d.json", "--out", "o", "--devices", "iphone-8", "--formats", "svg", "--shard", "1/1", "--quiet"]
      ).status, 0)
    try write("secret-root-line\n", to: "private.txt")
    let part = "\(folder)/o/manifest.shard-1-of-1.json"
    let text = try String(contentsOfFile: part, encoding: .utf8)
    try text.replacingOccurrences(of: "\"d.json\"", with: "\"\(folder)/private.txt\"")
      .write(toFile: part, atomically: true, encoding: .utf8)
    let merge = try wallpaper(["manifest", "merge", "o/manifest.shard-1-of-1.json", "-o", "o/manifest.json"])
    assertOneLineError(merge, status: 1, says: ["private.txt", "manifest.shard-1-of-1.json"])
    XCTAssertFalse(merge.stderr.contains("'s'"), merge.stderr)
    XCTAssertFalse(merge.stderr.contains("secret"), merge.stderr)
  }

  // MARK: - Paths in shared designs

  /// A design's image, font and cell photos must be in its folder (as `output` must): a
  /// shared design cannot pull a private photo into a render or an editor page. The same
  /// files given as flags are the user's own choice and work.
  func testADesignReachesOnlyFilesInItsOwnFolder() throws {
    try photo([200, 30, 30, 255], named: "private/p.png")
    try photo([30, 200, 30, 255], named: "shared/inside.png")
    try FileManager.default.createSymbolicLink(atPath: "\(folder)/shared/link", withDestinationPath: "../private")
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder)/shared/photos-link.png", withDestinationPath: "\(folder)/private/p.png")
    let square = "\"grid\": {\"kind\": \"square\", \"columns\": 3"
    let cases: [(String, String)] = [
      (#"{"device": "iphone-8", "background": {"image": {"path": "../private/p.png"}}}"#, "background.image.path"),
      (#"{"device": "iphone-8", "background": {"image": {"path": "PRIVATE"}}}"#, "background.image.path"),
      (#"{"device": "iphone-8", "background": {"image": {"path": "link/p.png"}}}"#, "background.image.path"),
      (#"{"device": "iphone-8", "label": {"font": "../private/f.ttf"}}"#, "label.font"),
      ("{\"device\": \"iphone-8\", \(square), \"images\": [\"../private\"]}}", "grid.images"),
      ("{\"device\": \"iphone-8\", \(square), \"images\": [\"photos-link.png\"]}}", "grid.images"),
    ]
    for (index, (design, field)) in cases.enumerated() {
      let text = design.replacingOccurrences(of: "PRIVATE", with: "\(folder)/private/p.png")
      try write(text, to: "shared/d\(index).json")
      for command in [
        ["render", "shared/d\(index).json", "-o", "out\(index).png"], ["editor", "shared/d\(index).json"],
      ] {
        let result = try wallpaper(command + (command[0] == "editor" ? ["-o", "e\(index).html"] : []))
        assertOneLineError(result, status: 2, says: [field, "a file inside the design file's folder"])
      }
      XCTAssertFalse(exists("out\(index).png"))
      XCTAssertFalse(exists("e\(index).html"))
    }
    // Inside the folder, and the same private file as a flag: both fine.
    try write(#"{"device": "iphone-8", "background": {"image": {"path": "inside.png"}}}"#, to: "shared/ok.json")
    XCTAssertEqual(try wallpaper(["render", "shared/ok.json", "--scale", "1", "-o", "ok.png"]).status, 0)
    let flag = try wallpaper(["render", "shared/d0.json", "--image", "private/p.png", "--scale", "1", "-o", "f.png"])
    XCTAssertEqual(flag.status, 0, flag.stderr)
  }

  // MARK: - Export

  /// A `previews/` folder or asset catalog planted as a link in the output folder is not
  /// followed; the files elsewhere stay as they were.
  func testExportDoesNotWriteThroughALinkedFolder() throws {
    try write(#"{"name": "d", "device": "iphone-8"}"#, to: "d.json")
    try FileManager.default.createDirectory(atPath: "\(folder)/elsewhere", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: "\(folder)/o", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: "\(folder)/o/previews", withDestinationPath: "../elsewhere")
    try FileManager.default.createSymbolicLink(atPath: "\(folder)/o/d.xcassets", withDestinationPath: "../elsewhere")
    let result = try wallpaper(
      ["export", "d.json", "--out", "o", "--devices", "iphone-8", "--asset-catalog", "--quiet"])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("is a symbolic link (an export writes only inside its folder)"), result.stderr)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/elsewhere"), [])
  }

  /// `--incremental` keys a file on the bytes of its cell photos too: a changed photo is
  /// rendered again, and the folder then equals a clean export's.
  func testIncrementalNoticesAChangedCellPhoto() throws {
    try photo([200, 30, 30, 255], named: "photos/a.png")
    try photo([30, 30, 200, 255], named: "photos/b.png")
    try write(#"{"name": "grid", "device": "iphone-8"}"#, to: "grid.json")
    let run = [
      "export", "grid.json", "--devices", "iphone-8", "--grid", "square", "--columns", "3", "--cell-images",
      "photos", "--formats", "png,pdf",
    ]
    let first = try wallpaper(run + ["--out", "o", "--incremental"])
    XCTAssertEqual(first.status, 0, first.stderr)
    try photo([30, 200, 30, 255], named: "photos/b.png")
    let second = try wallpaper(run + ["--out", "o", "--incremental"])
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertTrue(second.stderr.hasSuffix("\n4 rendered, 0 skipped\n"), second.stderr)
    XCTAssertEqual(try wallpaper(run + ["--out", "clean"]).status, 0)
    XCTAssertEqual(Processes.files(under: "\(folder)/o"), Processes.files(under: "\(folder)/clean"))
  }

  /// The sweep removes only temporary files this tool made and a killed run left: not a
  /// stranger's `.x.tmp-backup` or `.x.png.tmp-AbC123`, not another program's, not one a live
  /// writer still holds, whatever their age.
  func testTheSweepRemovesOnlyAbandonedTemporaryFilesOfItsOwn() throws {
    let abandoned = ".z.png.wallpaper.tmp-AbC123"
    let held = ".y.png.wallpaper.tmp-DeF456"
    let strangers = [".x.tmp-backup", ".x.png.tmp-AbC123", "notes.wallpaper.tmp-123456"]
    for name in [abandoned, held] + strangers { try write("partial", to: name) }
    let aMinuteAgo = Date().addingTimeInterval(-60)
    for name in [abandoned, held] + strangers {
      try FileManager.default.setAttributes([.modificationDate: aMinuteAgo], ofItemAtPath: "\(folder)/\(name)")
    }
    // A live writer holds its temporary file locked, as `AtomicFile` does until its rename.
    let descriptor = open("\(folder)/\(held)", O_RDWR)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    defer { close(descriptor) }
    XCTAssertEqual(flock(descriptor, LOCK_EX), 0)

    let result = try wallpaper(["render", "--device", "iphone-8", "--scale", "1", "--no-label", "-o", "z.png"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertFalse(exists(abandoned), "a killed run's file goes at the next write")
    XCTAssertTrue(exists(held), "a file a live writer holds stays")
    for name in strangers { XCTAssertTrue(exists(name), "\(name) is not ours") }
  }

  // MARK: - The bundled font

  /// A copied binary draws with the font compiled into it, from any folder: a font planted in
  /// the folder it runs in or beside it is never taken, the copy it writes to its cache is the
  /// compiled-in bytes (a changed copy is rewritten), and a cache folder others can write to is
  /// passed over (an error in one line only when no folder at all can be used).
  func testACopiedBinaryUsesItsCompiledInFontAndNothingPlanted() throws {
    let binary = "\(folder)/bin/wallpaper"
    try FileManager.default.createDirectory(atPath: "\(folder)/bin/Fonts", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Processes.wallpaperBinary, toPath: binary)
    let font = Golden.repositoryRoot().appendingPathComponent("Fonts/Quicksand-Bold.ttf").path
    let original = try Data(contentsOf: URL(fileURLWithPath: font))
    // A planted "Quicksand" beside the binary and in the working folder: DejaVu's bytes.
    let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    try FileManager.default.createDirectory(atPath: "\(folder)/Fonts", withIntermediateDirectories: true)
    for place in ["\(folder)/Fonts", "\(folder)/bin/Fonts"] {
      try FileManager.default.copyItem(atPath: dejavu, toPath: "\(place)/Quicksand-Bold.ttf")
    }
    let render = ["render", "--device", "iphone-8", "--scale", "1", "--verbose", "-o", "\(folder)/x.png"]
    let environment = ["XDG_CACHE_HOME": "\(folder)/cache", "WALLPAPER_FONTS": ""]
    for place in [folder, Golden.repositoryRoot().path, "/"] {
      let result = try Processes.run(binary, render, in: place, environment: environment)
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertTrue(
        result.stderr.hasPrefix("font: Quicksand (\(folder)/cache/wallpaper/"), "from \(place): \(result.stderr)")
    }
    let cached = try XCTUnwrap(
      FileManager.default.subpathsOfDirectory(atPath: "\(folder)/cache/wallpaper").first { $0.hasSuffix(".ttf") })
    let copy = "\(folder)/cache/wallpaper/\(cached)"
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), original, "the compiled-in bytes")
    try FileManager.default.removeItem(atPath: copy)
    try FileManager.default.copyItem(atPath: dejavu, toPath: copy)
    XCTAssertEqual(try Processes.run(binary, render, in: folder, environment: environment).status, 0)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), original, "a changed cache copy is rewritten")

    // A cache folder others can write to is passed over for $TMPDIR/wallpaper-UID; with no
    // folder at all to use, the one-line error names each.
    XCTAssertEqual(chmod("\(folder)/cache/wallpaper", 0o777), 0)
    try FileManager.default.createDirectory(atPath: "\(folder)/tmp", withIntermediateDirectories: true)
    var shared = environment
    shared["TMPDIR"] = "\(folder)/tmp"
    let passedOver = try Processes.run(binary, render, in: folder, environment: shared)
    XCTAssertEqual(passedOver.status, 0, passedOver.stderr)
    XCTAssertTrue(
      passedOver.stderr.hasPrefix("font: Quicksand (\(folder)/tmp/wallpaper-\(geteuid())/"), passedOver.stderr)
    shared["TMPDIR"] = "/proc/no-such-folder"
    let nowhere = try Processes.run(binary, render, in: folder, environment: shared)
    assertOneLineError(nowhere, status: 1, says: ["\(folder)/cache/wallpaper", "writable by others", "XDG_CACHE_HOME"])
  }

  // MARK: - Smaller gaps

  /// `--pdfx` where no PDF is written is a usage error, not silently ignored; a label drawn
  /// with a fallback font prints its `note:` only when the command succeeds, so a failure is
  /// one `error:` line alone.
  func testPDFXWithoutAPDFIsAUsageErrorSaidAlone() throws {
    let label = ["--device", "iphone-8", "--scale", "1", "--label-text", "秋 Autumn", "--pdfx"]
    assertOneLineError(
      try wallpaper(["render"] + label + ["-o", "x.png"]), status: 2, says: ["--pdfx: applies to PDF only", "png"])
    assertOneLineError(
      try wallpaper(["render"] + label + ["-o", "x.svg"]), status: 2, says: ["--pdfx: applies to PDF only", "svg"])
    try write(#"{"name": "d", "device": "iphone-8"}"#, to: "d.json")
    assertOneLineError(
      try wallpaper(["export", "d.json", "--out", "o", "--formats", "png,svg", "--pdfx"]), status: 2,
      says: ["--pdfx: applies to PDF only", "png, svg"])
    XCTAssertFalse(exists("x.png"))
    XCTAssertFalse(exists("o"))
    let pdf = try wallpaper(["render"] + label + ["-o", "x.pdf"])
    XCTAssertEqual(pdf.status, 0, pdf.stderr)
    XCTAssertTrue(pdf.stderr.hasPrefix("note: label: characters Quicksand lacks"), pdf.stderr)
  }
}
