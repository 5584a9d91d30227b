import Foundation
import TestSupport
import XCTest

/// Bad, hostile and unusual inputs through the built binary (issue 13): each gives the right
/// exit status and one `error:` line naming the culprit, leaves no output or temporary file,
/// and never touches an existing output.
final class HardeningTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func wallpaper(_ arguments: [String], in directory: String? = nil) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: directory ?? folder)
  }

  private func write(_ text: String, to name: String) throws {
    let url = URL(fileURLWithPath: "\(folder)/\(name)")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  private func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: "\(folder)/\(name)") }

  /// The names in `folder` (recursively) that look like temporary files.
  private func temporaryFiles() -> [String] {
    (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.contains(".tmp-") }
  }

  private func assertError(
    _ arguments: [String], status: Int32 = 2, says fragments: [String], in directory: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let result = try wallpaper(arguments, in: directory)
    XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)", file: file, line: line)
    XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr, file: file, line: line)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)", file: file, line: line)
    for fragment in fragments {
      XCTAssertTrue(result.stderr.contains(fragment), "'\(fragment)' not in: \(result.stderr)", file: file, line: line)
    }
    XCTAssertEqual(temporaryFiles(), [], file: file, line: line)
  }

  private let quick = ["--device", "iphone-8", "--scale", "1", "--no-label"]

  // MARK: - Crashes

  func testOneCharacterPathsWork() throws {
    try assertError(["render", "--device", "iphone-8", "-o", "a"], says: ["--format", "'a'"])
    XCTAssertFalse(exists("a"))
    XCTAssertEqual(try wallpaper(["render"] + quick + ["--format", "png", "-o", "a"]).status, 0)
    XCTAssertEqual(
      Array(try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/a")).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    try write(#"{ "device": "iphone-8", "label": { "visible": false } }"#, to: "d")
    XCTAssertEqual(try wallpaper(["render", "d", "--scale", "1", "-o", "b.png"]).status, 0)
    let export = try wallpaper(["export", "d", "--out", "o", "--devices", "iphone-8", "--formats", "svg", "--quiet"])
    XCTAssertEqual(export.status, 0, export.stderr)
    XCTAssertTrue(exists("o/d-375x667.svg"))
  }

  func testDashWritesTheSameBytesToStandardOutput() throws {
    for format in ["png", "svg", "pdf"] {
      let file = try wallpaper(["render"] + quick + ["-o", "x.\(format)"])
      XCTAssertEqual(file.status, 0, file.stderr)
      XCTAssertEqual(file.stdout, "")
      let piped = try wallpaper(["render"] + quick + ["--format", format, "-o", "-"])
      XCTAssertEqual(piped.status, 0, piped.stderr)
      XCTAssertEqual(piped.stderr, "")
      XCTAssertEqual(
        piped.stdoutBytes, Array(try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/x.\(format)"))), format)
    }
    XCTAssertFalse(exists("-"))
    try assertError(["render"] + quick + ["-o", "-"], says: ["--format", "'-'"])
  }

  func testDeepNestingHugeStringsAndBigFilesAreRefused() throws {
    try write(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), to: "deep.json")
    try assertError(["render", "deep.json", "-o", "x.png"], says: ["deep.json:1:", "nested deeper than 32"])
    try write(
      #"{ "device": "iphone-8", "label": { "text": "\#(String(repeating: "x", count: 5000))" } }"#, to: "s.json")
    try assertError(["render", "s.json", "-o", "x.png"], says: ["s.json:1:", "longer than 4096 bytes"])
    try write(#"{ "device": "iphone-8", "label": { "text": "\#(String(repeating: "x", count: 201))" } }"#, to: "l.json")
    try assertError(["render", "l.json", "-o", "x.png"], says: ["label.text", "at most 200 characters"])
    try write(#"{ "device": "iphone-8", "name": "\#(String(repeating: " ", count: 1 << 20))" }"#, to: "big.json")
    try assertError(["render", "big.json", "-o", "x.png"], says: ["big.json", "at most 1048576"])
    try assertError(
      ["render"] + quick + ["--label-text", String(repeating: "y", count: 5000), "-o", "x.png"],
      says: ["--label-text", "at most 4096 bytes"])
    XCTAssertFalse(exists("x.png"))
  }

  // MARK: - Special files

  func testFIFOsAndDevicesAreNeverReplaced() throws {
    XCTAssertEqual(mkfifo("\(folder)/fifo.png", 0o644), 0)
    try assertError(["render"] + quick + ["-o", "fifo.png"], says: ["--output", "'fifo.png'", "FIFO"])
    try assertError(["proof", "--devices", "iphone-8", "-o", "fifo.png"], says: ["--output"])
    var info = stat()
    XCTAssertEqual(stat("\(folder)/fifo.png", &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    // A character device like /dev/null, made where the system allows it (as root).
    if mknod("\(folder)/null", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 {  // makedev(1, 3)
      try assertError(["render"] + quick + ["--format", "png", "-o", "null"], says: ["character device"])
      XCTAssertEqual(stat("\(folder)/null", &info), 0)
      XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
    }
    // No --format here: even a tool that lost the check stops at the format, before the rename
    // that would replace /dev/null (the tests may run as root).
    try assertError(["render"] + quick + ["-o", "/dev/null"], says: ["'/dev/null'", "character device"])
    XCTAssertEqual(stat("/dev/null", &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
  }

  func testFIFOInputsFailInsteadOfHanging() throws {
    XCTAssertEqual(mkfifo("\(folder)/in.json", 0o644), 0)
    try assertError(["render", "in.json", "-o", "x.png"], says: ["in.json", "FIFO"])
    XCTAssertEqual(mkfifo("\(folder)/photo.png", 0o644), 0)
    try assertError(["render"] + quick + ["--image", "photo.png", "-o", "x.png"], says: ["photo.png", "FIFO"])
    XCTAssertEqual(mkfifo("\(folder)/font.ttf", 0o644), 0)
    // Should the tool open the FIFO, a writer feeds it junk so the test ends instead of hanging.
    let path = "\(folder)/font.ttf"
    // A tool that reads a little and closes must not kill this process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let writer = Thread {
      let descriptor = open(path, O_WRONLY)
      if descriptor >= 0 {
        _ = Glibc.write(descriptor, "junk", 4)
        close(descriptor)
      }
    }
    writer.start()
    try assertError(
      ["render", "--device", "iphone-8", "--font", "font.ttf", "-o", "x.png"], says: ["--font", "FIFO"])
    // Release the writer if the tool never opened the FIFO.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    while !writer.isFinished { usleep(1000) }
    close(reader)
    XCTAssertFalse(exists("x.png"))
  }

  // MARK: - Silent wrong answers

  func testADesignThatIsNotAnObjectIsAnErrorEvenWithFlags() throws {
    for (name, text, type) in [("arr.json", "[1, 2]", "an array"), ("num.json", "42", "a number")] {
      try write(text, to: name)
      try assertError(
        ["render", name] + quick + ["-o", "x.png"], says: ["\(name):1:", "is \(type), expected an object"])
    }
    XCTAssertFalse(exists("x.png"))
  }

  func testAFlagUnderAFieldOfTheWrongTypeIsAnError() throws {
    for (json, flag, field) in [
      (#""season": "autumn""#, ["--alpha", "0.3"], "season: is a string, expected an object"),
      (#""label": "hello""#, ["--label-size", "20"], "label: is a string, expected an object"),
      (#""grid": 7"#, ["--fill", "0=red"], "grid: is a number, expected an object"),
      (#""grid": {"kind": "home", "fill": "0=red"}"#, ["--fill", "1=blue"], "grid.fill: is a string"),
    ] {
      try write(#"{ "device": "iphone-8", \#(json) }"#, to: "w.json")
      try assertError(["render", "w.json"] + flag + ["-o", "x.png"], says: [field])
    }
  }

  func testOutputInADesignIsRelativeToItsFolderAndConfinedToIt() throws {
    try write(#"{ "device": "iphone-8", "label": { "visible": false }, "output": "out/x.png" }"#, to: "sub/d.json")
    XCTAssertEqual(try wallpaper(["render", "sub/d.json", "--scale", "1"]).status, 0)
    XCTAssertTrue(exists("sub/out/x.png"))
    XCTAssertFalse(exists("out/x.png"))
    try write("keep", to: "victim.txt")
    for output in ["../victim.txt", "\(folder)/victim.txt", "out/../../victim.txt", "link/victim.txt"] {
      try? FileManager.default.createSymbolicLink(atPath: "\(folder)/sub/link", withDestinationPath: folder)
      try write(#"{ "device": "iphone-8", "format": "png", "output": "\#(output)" }"#, to: "sub/evil.json")
      try assertError(["render", "sub/evil.json"], says: ["evil.json:1: output:", "inside the design file's folder"])
      XCTAssertEqual(
        String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/victim.txt")), as: UTF8.self),
        "keep")
    }
    // The command line may write anywhere.
    XCTAssertEqual(try wallpaper(["render", "sub/d.json", "--scale", "1", "-o", "elsewhere.png"]).status, 0)
    XCTAssertTrue(exists("elsewhere.png"))
  }

  func testHexAndOtherNonDecimalNumbersAreRefused() throws {
    try assertError(["render"] + quick.dropLast(3) + ["--scale", "0x2", "-o", "x.png"], says: ["--scale: '0x2'"])
    try assertError(["render"] + quick + ["--alpha", "inf", "-o", "x.png"], says: ["--alpha: 'inf'"])
    try write(#"{ "device": "iphone-8", "name": "\u+041" }"#, to: "u.json")
    try assertError(["render", "u.json", "-o", "x.png"], says: ["u.json:1:", "four hex digits"])
  }

  // MARK: - Wrong errors

  func testErrorsStayOnOneLine() throws {
    try assertError(["render"] + quick + ["--season", "win\nter", "-o", "x.png"], says: [#"'win\nter'"#])
    try assertError(["proof", "--devices", "iphone-8", "--name", "x\ty", "-o", "p.pdf"], says: ["name", #"x\ty"#])
    try write("{ \"device\": \"iphone-8\", \"name\": \"a\u{1B}[31mb\" }", to: "esc.json")
    try assertError(["render", "esc.json", "-o", "x.png"], says: ["esc.json:1:", "control character"])
  }

  func testAFlagDoesNotSwallowTheNextOption() throws {
    try assertError(
      ["render", "--device", "iphone-8", "--season", "-o", "x.png"], says: ["--season needs a value", "'-o'"])
    try assertError(["render", "--device", "--scale", "2", "-o", "x.png"], says: ["--device needs a value"])
    XCTAssertFalse(exists("x.png"))
    // Negative numbers and `-` are values.
    XCTAssertEqual(
      try wallpaper(["render"] + quick + ["--gradient", "red,blue", "--gradient-angle", "-45", "-o", "n.png"]).status, 0
    )
  }

  func testAnEmptyOutputNamesTheFlag() throws {
    try assertError(["render", "--device", "iphone-8", "-o", ""], says: ["-o: '' is not allowed"])
    try assertError(["proof", "--devices", "iphone-8", "-o", ""], says: ["--output"])
  }

  func testGridErrorsHaveOnePrefix() throws {
    let result = try wallpaper(["render", "--device", "ipad-pro-13-m4", "--grid", "home", "-o", "x.png"])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.hasPrefix("error: --grid: home on ipad-pro-13-m4"), result.stderr)
  }

  // MARK: - Files

  func testALongFileNameFitsItsTemporaryName() throws {
    let name = String(repeating: "n", count: 246) + ".png"
    XCTAssertEqual(name.utf8.count, 250)
    let result = try wallpaper(["render"] + quick + ["-o", name])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(exists(name))
    XCTAssertEqual(temporaryFiles(), [])
    let multibyte = String(repeating: "é", count: 123) + ".png"
    XCTAssertEqual(try wallpaper(["render"] + quick + ["-o", multibyte]).status, 0)
    XCTAssertTrue(exists(multibyte))
  }

  func testNewFilesHonourTheUmaskAndReplacedFilesKeepTheirMode() throws {
    func mode(_ name: String) -> mode_t {
      var info = stat()
      stat("\(folder)/\(name)", &info)
      return info.st_mode & 0o777
    }
    let shell = try Processes.run(
      "/bin/sh",
      ["-c", "umask 027 && exec \"$0\" \"$@\"", Processes.wallpaperBinary, "render"] + quick + ["-o", "u.png"],
      in: folder)
    XCTAssertEqual(shell.status, 0, shell.stderr)
    XCTAssertEqual(mode("u.png"), 0o640)
    try write("secret", to: "private.png")
    chmod("\(folder)/private.png", 0o600)
    XCTAssertEqual(try wallpaper(["render"] + quick + ["-o", "private.png"]).status, 0)
    XCTAssertEqual(mode("private.png"), 0o600)
  }

  func testAnImageTooLargeToDecodeIsRefusedFromItsHeader() throws {
    // A PNG header claiming 16384×16384 pixels: refused before a single pixel is decoded.
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    png += [0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 6, 0, 0, 0, 0, 0, 0, 0] + Array(repeating: 0, count: 64)
    try Data(png).write(to: URL(fileURLWithPath: "\(folder)/huge.png"))
    try assertError(
      ["render"] + quick + ["--image", "huge.png", "-o", "x.png"],
      says: ["background.image.path: 'huge.png'", "16384×16384 px is too large"])
  }

  func testHelpStatesTheInputLimits() throws {
    for command in ["render", "export", "proof"] {
      let help = try wallpaper([command, "--help"]).stdout
      XCTAssertTrue(help.contains("Limits: design file ≤ 1048576 bytes"), "\(command): \(help)")
      XCTAssertTrue(help.contains("48.8 megapixels"), "\(command): \(help)")
    }
  }
}

extension HardeningTests {
  func testExportAndProofShareOneDevicesParser() throws {
    try write(#"{ "label": { "visible": false } }"#, to: "d.json")
    for command in [
      ["export", "d.json", "--out", "o", "--formats", "svg", "--quiet"], ["proof", "d.json", "-o", "p.pdf"],
    ] {
      let upper = try wallpaper(command + ["--devices", "IPHONE-8, Iphone-X"])
      XCTAssertEqual(upper.status, 0, "\(command[0]): \(upper.stderr)")
      try assertError(
        command + ["--devices", "iphone-8,,iphone-x"], says: ["--devices: 'iphone-8,,iphone-x'", "an empty entry"])
      try assertError(command + ["--devices", ""], says: ["--devices: ''", "no devices named"])
    }
  }

  func testExportNamesTheDeviceOnlyWhenTheErrorDependsOnIt() throws {
    try write(#"{ "background": { "color": "blu" } }"#, to: "c.json")
    let plain = try wallpaper(["export", "c.json", "--out", "o", "--quiet"])
    XCTAssertEqual(plain.status, 2)
    XCTAssertFalse(plain.stderr.contains("(for "), plain.stderr)
    // Without --strict the iPads would be skipped with this reason (see ExportFitTests).
    let specific = try wallpaper(
      ["export", "c.json", "--out", "o", "--background-color", "red", "--grid", "home", "--strict"])
    XCTAssertEqual(specific.status, 2)
    XCTAssertTrue(specific.stderr.contains("(for ipad"), specific.stderr)
  }
}

extension HardeningTests {
  /// A letter with a combining mark the label font lacks falls back as a whole cluster to a
  /// font that has both (it failed with "no font has the character U+0061").
  func testCombiningMarksFallBackWithTheirLetter() throws {
    for text in ["a̶b̶", "Z̷̨̛a̴͓̽l̸̰͠g̵̣̈́o̶̳͝"] {
      let result = try wallpaper(["render", "--device", "iphone-8", "--label-text", text, "-o", "l.pdf"])
      XCTAssertEqual(result.status, 0, "\(text): \(result.stderr)")
      let fonts = try Processes.run("pdffonts", ["\(folder)/l.pdf"]).stdout
      XCTAssertTrue(fonts.contains("DejaVu"), "the cluster's fallback font is not in the PDF:\n\(fonts)")
      // Quicksand has no U+0336, so neither a nor b may come from it; the Zalgo text mixes.
      if text == "a̶b̶" { XCTAssertFalse(fonts.contains("Quicksand"), "a letter was torn from its mark:\n\(fonts)") }
    }
  }
}

extension HardeningTests {
  /// Every refused command leaves an existing output byte for byte as it was.
  func testAnExistingOutputIsLeftAsItWasOnEveryError() throws {
    let original = Array("an existing file".utf8)
    try Data(original).write(to: URL(fileURLWithPath: "\(folder)/keep.png"))
    try write("[1]", to: "arr.json")
    try write(#"{ "device": "iphone-8", "season": "autumn" }"#, to: "w.json")
    for arguments in [
      ["render", "arr.json", "--device", "iphone-8", "-o", "keep.png"],
      ["render", "w.json", "--alpha", "0.3", "-o", "keep.png"],
      ["render", "--device", "iphone-8", "--season", "-o", "keep.png"],
      ["render", "--device", "iphone-8", "--scale", "0x2", "-o", "keep.png"],
      ["render", "--device", "iphone-8", "--label-text", String(repeating: "z", count: 201), "-o", "keep.png"],
      ["render", "--device", "iphone-8", "--font", "/dev/null", "-o", "keep.png"],
    ] {
      let result = try wallpaper(arguments)
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
      XCTAssertEqual(Array(try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/keep.png"))), original)
      XCTAssertEqual(temporaryFiles(), [])
    }
  }

  func testAProofCanGoToStandardOutput() throws {
    // A proof is dated now unless SOURCE_DATE_EPOCH says otherwise; two runs may fall in
    // different seconds.
    func proof(_ output: String) throws -> ProcessResult {
      try Processes.run(
        Processes.wallpaperBinary, ["proof", "--devices", "iphone-8", "-o", output], in: folder,
        environment: ["SOURCE_DATE_EPOCH": "1780000000"])
    }
    let file = try proof("p.pdf")
    XCTAssertEqual(file.status, 0, file.stderr)
    let piped = try proof("-")
    XCTAssertEqual(piped.status, 0, piped.stderr)
    XCTAssertEqual(piped.stdoutBytes, Array(try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/p.pdf"))))
  }
}
