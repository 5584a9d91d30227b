import SceneGraph
import XCTest

/// sRGB ↔ Display P3 conversions, against values CSS Color 4 gives.
final class DisplayP3Tests: XCTestCase {
  private func assertClose(
    _ c: RGBComponents, _ expected: [Double], accuracy: Double = 1e-4, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    for (have, want) in zip([c.red, c.green, c.blue], expected) {
      XCTAssertEqual(have, want, accuracy: accuracy, "\(c) vs \(expected)", file: file, line: line)
    }
  }

  func testSRGBPrimariesInP3AreTheKnownValues() {
    // CSS Color 4: sRGB red is color(display-p3 0.9175 0.2003 0.1386).
    assertClose(DisplayP3.displayP3(from: RGBComponents(red: 1, green: 0, blue: 0)), [0.9175, 0.2003, 0.1386])
    assertClose(DisplayP3.displayP3(from: RGBComponents(red: 0, green: 1, blue: 0)), [0.4584, 0.9853, 0.2983])
    // White and greys stay where they are (the same white point and transfer).
    assertClose(DisplayP3.displayP3(from: RGBComponents(red: 1, green: 1, blue: 1)), [1, 1, 1])
    assertClose(DisplayP3.displayP3(from: RGBComponents(red: 0.5, green: 0.5, blue: 0.5)), [0.5, 0.5, 0.5])
  }

  func testEverySRGBColourRoundTripsAndStaysInsideP3() {
    for r in stride(from: 0.0, through: 1, by: 0.125) {
      for g in stride(from: 0.0, through: 1, by: 0.125) {
        for b in stride(from: 0.0, through: 1, by: 0.125) {
          let p3 = DisplayP3.displayP3(from: RGBComponents(red: r, green: g, blue: b))
          XCTAssertEqual(p3, p3.clamped.nearly(p3) ? p3 : p3.clamped, "inside P3")
          assertClose(DisplayP3.sRGB(from: p3), [r, g, b], accuracy: 1e-6)
        }
      }
    }
  }

  func testAP3ColourOutsideSRGBIsClippedForSRGBAndKeptForP3() throws {
    let red = try Color(displayP3Red: 1, green: 0, blue: 0)
    XCTAssertTrue(red.isOutsideSRGB)
    XCTAssertEqual([red.red, red.green, red.blue], [1, 0, 0])
    XCTAssertEqual(red.displayP3Components, RGBComponents(red: 1, green: 0, blue: 0))
    // A P3 colour inside sRGB is not outside, and a plain sRGB colour has no P3 components.
    let inside = try Color(displayP3Red: 0.5, green: 0.5, blue: 0.5)
    XCTAssertFalse(inside.isOutsideSRGB)
    XCTAssertNil(Color(rgb: 0xFF0000).displayP3)
    XCTAssertFalse(Color(rgb: 0xFF0000).isOutsideSRGB)
    // Fading keeps the P3 components.
    XCTAssertEqual(red.fading(by: 0.5).displayP3, red.displayP3)
    XCTAssertThrowsError(try Color(displayP3Red: 1.2, green: 0, blue: 0))
  }
}

extension RGBComponents {
  /// Whether every component is within 1e-9 of `other`'s.
  fileprivate func nearly(_ other: RGBComponents) -> Bool {
    abs(red - other.red) < 1e-9 && abs(green - other.green) < 1e-9 && abs(blue - other.blue) < 1e-9
  }
}
