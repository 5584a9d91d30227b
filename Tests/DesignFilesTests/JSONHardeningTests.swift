import Platform
import Wallpapers
import XCTest

@testable import DesignFiles

/// The JSON parser, number parsing and paths on hostile input (issue 13).
final class JSONHardeningTests: XCTestCase {
  private func error(_ bytes: [UInt8]) -> String? {
    do {
      _ = try JSONParser.parse(bytes, file: "f")
      return nil
    } catch {
      return error.description
    }
  }

  private func error(_ text: String) -> String? { error(Array(text.utf8)) }

  func testDeepNestingIsRefusedWithoutRecursingFurther() {
    for open in ["[", "{\"a\":"] {
      let deep = String(repeating: open, count: 100_000)
      XCTAssertEqual(error(deep), "f:1: malformed JSON: arrays and objects nested deeper than 32 levels")
    }
    let allowed = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
    XCTAssertNil(error(allowed))
    XCTAssertNotNil(error("[" + allowed + "]"))
  }

  func testInvalidUTF8IsRefused() {
    for bytes: [UInt8] in [
      [0xFF], [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xC3, 0x41],
    ] {
      let message = error(Array("[\"a".utf8) + bytes + Array("\"]".utf8))
      XCTAssertTrue(message?.contains("invalid UTF-8") == true, "\(bytes): \(message ?? "accepted")")
    }
    // Outside strings, too.
    XCTAssertEqual(error([0x5B, 0xFF, 0x5D]), "f:1: malformed JSON: unexpected byte 0xFF")
    // Valid multi-byte text passes unchanged.
    let value = try? JSONParser.parse(Array(#"["é€🍁"]"#.utf8), file: "f")
    XCTAssertEqual(value?.kind, .array([JSONValue(.string("é€🍁"), origin: .file(path: "f", line: 1))]))
  }

  func testEscapesAreStrict() {
    for escape in [#"\u+041"#, #"\u-041"#, #"\u 041"#, #"\u04"#, #"\u004G"#, #"\x41"#, #"\'"#, #"\U0041"#] {
      XCTAssertNotNil(error(#"[""# + escape + #""]"#), escape)
    }
    XCTAssertNotNil(error(#"["\udc00"]"#), "a lone low surrogate")
    XCTAssertNotNil(error(#"["\ud800x"]"#), "a lone high surrogate")
    XCTAssertNil(error(#"["\u002B\u00e9\uD83C\uDF41"]"#))
  }

  func testNumbersFollowTheGrammar() throws {
    for valid in ["0", "-0", "12", "-3.25", "1e9", "1E+2", "2.5e-3", "0.0"] {
      let value = try JSONParser.parse(Array("[\(valid)]".utf8), file: "f")
      XCTAssertEqual(value.kind, .array([JSONValue(.number(Double(valid)!), origin: .file(path: "f", line: 1))]), valid)
    }
    for invalid in ["01", "1.", "-", "1e", "1e+", "--1", "1.2.3", "1e5e5", "2-"] {
      XCTAssertEqual(error("[\(invalid)]"), "f:1: malformed JSON: '\(invalid)' is not a valid number", invalid)
    }
    for invalid in [".5", "+1", "0x10", "1_000", "NaN", "Infinity"] {
      XCTAssertNotNil(error("[\(invalid)]"), invalid)
    }
    let long = String(repeating: "9", count: 100)
    XCTAssertEqual(
      error("[1\(long)e]"), "f:1: malformed JSON: '1\(String(repeating: "9", count: 39))…' is not a valid number")
    // Valid numbers over a limit are said to be so (issue 33), not called invalid.
    for large in ["1e999", "-1e999"] {
      XCTAssertEqual(
        error("[\(large)]"),
        "f:1: malformed JSON: '\(large)' is too large (allowed: numbers of magnitude below 1.8e308)")
    }
    let digits = "0." + String(repeating: "1", count: 100_000)
    XCTAssertEqual(
      error("[\(digits)]"),
      "f:1: malformed JSON: '\(digits.prefix(40))…' is a number of 100002 characters (allowed: at most 4096)")
  }

  func testLongStringsAreRefused() {
    XCTAssertNil(error("[\"" + String(repeating: "a", count: DesignLimits.maxStringBytes) + "\"]"))
    XCTAssertEqual(
      error("[\"" + String(repeating: "a", count: DesignLimits.maxStringBytes + 1) + "\"]"),
      "f:1: malformed JSON: a string longer than 4096 bytes")
  }

  func testCommandLineNumbersAreDecimal() {
    for (text, value) in [("2", 2.0), ("-0.5", -0.5), (".5", 0.5), ("+3", 3), ("1e-7", 1e-7), ("10.", 10)] {
      XCTAssertEqual(parseDecimal(text), value, text)
    }
    for text in ["0x2", "inf", "nan", "1e999", "", "-", "1 2", "1e", "½"] {
      XCTAssertNil(parseDecimal(text), text)
    }
  }

  func testPathParts() {
    for (path, folder, last, ext, stem) in [
      ("a", "", "a", "", "a"), ("d", "", "d", "", "d"), ("/a", "/", "a", "", "a"),
      ("a/b.png", "a", "b.png", "png", "b"),
      ("a//b/", "a", "b", "", "b"), ("/", "/", "", "", ""), ("", "", "", "", ""),
      (".hidden", "", ".hidden", "", ".hidden"),
      ("x/d.tar.gz", "x", "d.tar.gz", "gz", "d.tar"), ("-", "", "-", "", "-"),
      ("/x//y/z.svg", "/x/y", "z.svg", "svg", "z"), ("été/ü.png", "été", "ü.png", "png", "ü"),
    ] {
      let file = FilePath(path)
      XCTAssertEqual(
        [file.folder, file.lastComponent, file.pathExtension, file.stem], [folder, last, ext, stem], path)
    }
    XCTAssertEqual(FilePath("a").appending("b").string, "a/b")
    XCTAssertEqual(FilePath("a/").appending("b").string, "a/b")
    XCTAssertEqual(FilePath("a").appending("/b").string, "/b")
    XCTAssertEqual(FilePath("a/./b/../c").lexicallyNormalized, FilePath("a/c"))
    XCTAssertEqual(FilePath("/../a").lexicallyNormalized, FilePath("/a"))
    XCTAssertNil(FilePath("a/../../b").lexicallyNormalized)
  }

  func testReadingRefusesSpecialAndLargeFiles() throws {
    XCTAssertThrowsError(try FilePath("/dev/null").readRegularFile(limit: 10)) { error in
      XCTAssertEqual(error as? FileReadError, .special("a character device"))
    }
    XCTAssertThrowsError(try FilePath("/").readRegularFile(limit: 10)) { error in
      XCTAssertEqual(error as? FileReadError, .folder)
    }
    XCTAssertThrowsError(try FilePath("/nonexistent/x").readRegularFile(limit: 10)) { error in
      XCTAssertEqual(error as? FileReadError, .missing)
    }
    let path = NSTemporaryDirectory() + "read-\(UUID().uuidString)"
    try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: path))
    defer { unlink(path) }
    XCTAssertEqual(try FilePath(path).readRegularFile(limit: 100), Array(repeating: 7, count: 100))
    XCTAssertThrowsError(try FilePath(path).readRegularFile(limit: 99)) { error in
      XCTAssertEqual(error as? FileReadError, .tooLarge(bytes: 100, limit: 99))
    }
  }
}
