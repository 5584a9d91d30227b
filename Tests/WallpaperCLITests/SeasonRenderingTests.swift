import CairoRendering
import Foundation
import SceneGraph
import TestSupport
import Wallpapers
import XCTest

/// Seasonal designs rendered through the real renderer with the bundled font.
final class SeasonRenderingTests: XCTestCase {
  static let font = Golden.repositoryRoot().appendingPathComponent("Fonts/Quicksand-Bold.ttf").path

  private func design(_ season: Season, device: String = "iphone-8") -> Design {
    Design(device: DeviceCatalog.device(id: device)!, season: season)
  }

  private func png(_ design: Design, scale: Double = 2) throws -> [UInt8] {
    try Renderer().render(try design.scene(defaultFont: Self.font), as: Output(format: .png, scale: scale))
  }

  func testEverySeasonAt2x() throws {
    for season in Season.allCases {
      Golden.assertImage(try png(design(season)), matches: "season-\(season.rawValue)@2x")
    }
  }

  func testArtIsStableForASeedAndChangesWithAnother() throws {
    var a = design(.spring)
    let first = try png(a)
    XCTAssertEqual(first, try png(a))
    a.season.seed = 99
    XCTAssertNotEqual(first, try png(a))
  }

  func testAlphaBlendsTheArtOverTheBaseColour() throws {
    // Pixel (5, 600) pt of an iPhone 8 is sky in every season, with no label and no motif
    // guaranteed, so compare the alpha 1 art colour with the blends.
    for season in Season.allCases {
      var d = design(season)
      d.label.visible = false
      func pixel(_ alpha: Double) throws -> RasterImage {
        d.season.alpha = try Opacity(alpha)
        return try Renderer().rasterize(try d.scene(defaultFont: Self.font), scale: 1)
      }
      let zero = try pixel(0).pixel(x: 2, y: 2)
      XCTAssertEqual(
        [zero.red, zero.green, zero.blue, zero.alpha], [255, 255, 255, 255], "\(season) alpha 0 is the base")
      let full = try pixel(1).pixel(x: 2, y: 2)
      let half = try pixel(0.5).pixel(x: 2, y: 2)
      for (f, h) in [(full.red, half.red), (full.green, half.green), (full.blue, half.blue)] {
        let expected = (Double(f) + 255) / 2
        XCTAssertEqual(Double(h), expected, accuracy: 1.5, "\(season) alpha 0.5 is halfway between art and white")
      }
    }
  }

  func testTransparentBaseGivesTransparentPixelsAtAlphaZero() throws {
    var d = design(.autumn)
    d.background.color = nil
    d.season.alpha = .transparent
    d.label.visible = false
    let image = try Renderer().rasterize(try d.scene(defaultFont: Self.font), scale: 1)
    XCTAssertEqual(image.pixel(x: 100, y: 100).alpha, 0)
  }

  func testLabelOnAndOff() throws {
    var d = design(.autumn)
    d.season.alpha = .transparent
    let withLabel = try d.scene(defaultFont: Self.font)
    d.label.visible = false
    let without = try d.scene(defaultFont: Self.font)
    XCTAssertTrue(withLabel.dump().contains("text \"Autumn\""))
    XCTAssertFalse(without.dump().contains("text "))
    let on = try Renderer().rasterize(withLabel, scale: 1)
    var inked = 0
    // Below the clock and the widget row: the upper 60 % of the 667 pt screen.
    for y in 0..<400 { for x in 0..<375 where on.pixel(x: x, y: y).green < 200 { inked += 1 } }
    XCTAssertGreaterThan(inked, 500, "the label should draw ink in the upper part")
  }

  func testLabelStaysBelowTheSafeAreaAndInsideTheWidth() throws {
    for id in ["iphone-4", "iphone-16-pro", "ipad-pro-13-m4"] {
      var d = design(.summer, device: id)
      d.label.text = "A very long label that would not fit on one line"
      let dump = try d.scene(defaultFont: Self.font).dump()
      XCTAssertTrue(dump.contains("maxWidth="), dump)
      XCTAssertGreaterThan(d.layoutSafeArea.top, 0)
    }
  }

  func testLocalesNameTheSeason() throws {
    var d = design(.winter)
    d.label.locale = .zhHant
    XCTAssertEqual(d.labelText, "冬天")
    d.label.locale = .ja
    XCTAssertEqual(d.labelText, "冬")
  }
}
