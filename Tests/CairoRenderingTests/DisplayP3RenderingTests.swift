import Foundation
import SceneGraph
import TestSupport
import XCTest

@testable import CairoRendering

/// Display P3 PNGs: a scene with colours outside sRGB is identical, pixel for pixel, to the
/// same scene without them wherever they do not reach; where they do, the file holds their P3
/// components.
final class DisplayP3RenderingTests: XCTestCase {
  /// A gradient background (where drawing in P3's encoding would move every pixel), an sRGB
  /// circle, and a rectangle in `accent`.
  private func scene(accent: Color) throws -> Scene {
    let size = try Size(width: 120, height: 80)
    let gradient = try Paint.linear(
      from: try Point(x: 0, y: 0), to: try Point(x: 120, y: 80),
      stops: [
        try GradientStop(offset: 0, color: Color(rgb: 0x2F9BD8)),
        try GradientStop(offset: 1, color: Color(rgb: 0xFFE066)),
      ])
    return try Scene(
      size: size,
      nodes: [
        .shape(ShapeNode(.rectangle(try Rect(x: 0, y: 0, width: 120, height: 80)), fill: gradient)),
        .shape(ShapeNode(.ellipse(try Rect(x: 70, y: 10, width: 40, height: 40)), fill: .solid(Color(rgb: 0xD2401F)))),
        .shape(ShapeNode(.rectangle(try Rect(x: 10, y: 20, width: 30, height: 30)), fill: .solid(accent))),
      ])
  }

  func testWideColoursChangeOnlyThePixelsTheyReach() throws {
    let sRGB = Color(rgb: 0xE8701E)
    let wide = Color(sRGB: sRGB, displayP3: RGBComponents(red: 0.95, green: 0.42, blue: 0))
    XCTAssertTrue(wide.isOutsideSRGB)
    let scale = 2.0
    let withWide = try RGBAImage(
      png: try Renderer().renderPNG(try scene(accent: wide), scale: scale, colorSpace: .displayP3))
    let without = try RGBAImage(
      png: try Renderer().renderPNG(try scene(accent: sRGB), scale: scale, colorSpace: .displayP3))
    var outsideDiffering = 0
    var insideDiffering = 0
    for y in 0..<withWide.height {
      for x in 0..<withWide.width {
        // The rectangle covers x 20..<80, y 40..<100 at 2x.
        let inside = (20..<80).contains(x) && (40..<100).contains(y)
        if withWide[x, y] != without[x, y] {
          if inside { insideDiffering += 1 } else { outsideDiffering += 1 }
        }
      }
    }
    XCTAssertEqual(outsideDiffering, 0, "pixels the wide colour does not reach are the converted sRGB drawing")
    XCTAssertEqual(insideDiffering, 60 * 60, "every pixel of the rectangle holds its P3 components")
    // 0.95 0.42 0 in P3 is 242.25 107.1 0: Cairo's 16-bit colour rounds to 243.
    XCTAssertEqual(Array(withWide[50, 70].prefix(3)), [243, 107, 0])
    // sRGB output draws the sRGB colour, as before the variant existed.
    XCTAssertEqual(
      try Renderer().renderPNG(try scene(accent: wide), scale: scale),
      try Renderer().renderPNG(try scene(accent: sRGB), scale: scale))
  }
}
