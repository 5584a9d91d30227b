import XCTest

@testable import CairoRendering

/// The SVG writer's byte-level escaping and number formats: every document depends on them.
final class SVGMarkupTests: XCTestCase {
  func testEscapingReplacesMarkupCharactersAndForbiddenCharacters() {
    XCTAssertEqual(MarkupText.escaped("Autumn"), "Autumn")
    XCTAssertEqual(MarkupText.escaped("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;")
    XCTAssertEqual(MarkupText.escaped("tab\tline\ncr\r"), "tab&#9;line&#10;cr&#13;")
    XCTAssertEqual(MarkupText.escaped("bell\u{07}nul\u{0}"), "bell\u{FFFD}nul\u{FFFD}")
    // U+FFFE and U+FFFF are not XML characters; other characters encoded from EF are kept.
    XCTAssertEqual(MarkupText.escaped("x\u{FFFE}y\u{FFFF}z"), "x\u{FFFD}y\u{FFFD}z")
    XCTAssertEqual(MarkupText.escaped("\u{FB01}ne \u{FFFD} \u{FF21}"), "\u{FB01}ne \u{FFFD} \u{FF21}")
    XCTAssertEqual(MarkupText.escaped("春天 & 秋"), "春天 &amp; 秋")
    XCTAssertEqual(MarkupText.escaped(""), "")
    XCTAssertEqual(MarkupText.escaped("ends with EF byte \u{F000}"), "ends with EF byte \u{F000}")
  }

  func testEscapingAgreesWithAScalarByScalarReference() {
    let samples = ["a&b", "<g id=\"x\">", "\u{1}\u{FFFF}\u{10FFFD}", "Zalgo Z̷̢a̴l", "'\u{FFFE}'\t", "\u{EFFF}\u{FEFF}"]
    for text in samples {
      var expected = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "&": expected += "&amp;"
        case "<": expected += "&lt;"
        case ">": expected += "&gt;"
        case "\"": expected += "&quot;"
        case "'": expected += "&apos;"
        case "\t", "\n", "\r": expected += "&#\(scalar.value);"
        default:
          let forbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
          expected.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
        }
      }
      XCTAssertEqual(MarkupText.escaped(text), expected, "\(text.unicodeScalars.map(\.value))")
    }
  }

  func testNumbersAreShortFixedAndDeterministic() {
    XCTAssertEqual(SVGMarkup.number(12), "12")
    XCTAssertEqual(SVGMarkup.number(0.5), "0.5")
    XCTAssertEqual(SVGMarkup.number(-3.125), "-3.125")
    XCTAssertEqual(SVGMarkup.number(0.0004), "0")
    XCTAssertEqual(SVGMarkup.number(-0.0004), "0")
    XCTAssertEqual(SVGMarkup.number(1.05), "1.05")
    XCTAssertEqual(SVGMarkup.number(100.007), "100.007")
    XCTAssertEqual(SVGMarkup.number(-0.07), "-0.07")
    XCTAssertEqual(SVGMarkup.number(1_234_567.8), "1234567.8")
    XCTAssertEqual(SVGMarkup.number(0.005), "0.005")
    XCTAssertEqual(SVGMarkup.number(10), "10")
    XCTAssertEqual(SVGMarkup.number(-100.05), "-100.05")
    XCTAssertEqual(SVGMarkup.number(0.9996), "1")
    XCTAssertEqual(SVGMarkup.number(8e12 + 0.25), "8000000000000.25")
    XCTAssertEqual(SVGMarkup.number(.infinity), "0")
    XCTAssertEqual(SVGMarkup.number(.nan), "0")
    XCTAssertEqual(SVGMarkup.coefficient(0.7071067811), "0.707107")
    XCTAssertEqual(SVGMarkup.coefficient(-1), "-1")
    XCTAssertEqual(SVGMarkup.coefficient(0.000001), "0.000001")
    XCTAssertEqual(SVGMarkup.coefficient(-0.0000015), "-0.000002")
    XCTAssertEqual(SVGMarkup.coefficient(1e9 + 0.5), "1000000000.5")
  }

  func testPathCommandsWriteNumbersInPlace() {
    var markup = SVGMarkup()
    markup.append("<path")
    markup.openAttribute("d")
    markup.pathCommand("M", 1, 2.5)
    markup.pathCurve(3, 4, 5, 6, 7.25, -8)
    markup.append(byte: UInt8(ascii: "Z"))
    markup.append(byte: UInt8(ascii: "\""))
    XCTAssertEqual(String(decoding: markup.written(), as: UTF8.self), "<path d=\"M1 2.5C3 4 5 6 7.25 -8Z\"")
  }

  func testMarkupGrowsPastItsFirstRoomAndKeepsEveryByte() {
    var markup = SVGMarkup()  // 256 bytes of room, then doubled as it fills
    var expected = ""
    for step in 0..<5_000 {
      let value = Double(step) * 1.2345 - 3000
      markup.append(number: value)
      markup.append(byte: UInt8(ascii: " "))
      expected += SVGMarkup.number(value) + " "
    }
    var group = SVGMarkup()
    group.append("<g id=\"")
    group.append(escaped: "a&b")
    group.append("\">")
    markup.append(group)
    expected += "<g id=\"a&amp;b\">"
    XCTAssertEqual(markup.count, expected.utf8.count)
    XCTAssertEqual(String(decoding: markup.written(), as: UTF8.self), expected)
  }
}
