import SceneGraph
import TestSupport
import XCTest

@testable import Wallpapers

/// How a design becomes a scene: layer order, opacity, orientation, bleed, label colour.
final class CompositionTests: XCTestCase {
  private func design(_ id: String = "iphone-8", season: Season = .winter) -> Design {
    Design(device: DeviceCatalog.device(id: id)!, season: season)
  }

  private func layerNames(_ scene: Scene) -> [String] {
    scene.nodes.compactMap { node in
      if case .group(let group) = node { return group.name }
      return nil
    }
  }

  func testDefaultLayerOrderAndReordering() throws {
    var d = design()
    d.grid.kind = .home
    d.grid.lineColor = .black
    XCTAssertEqual(layerNames(try d.scene(defaultFont: "f.ttf")), ["background", "art", "grid", "label"])
    d.layers =
      [LayerSetting(name: .label), LayerSetting(name: .grid, opacity: try Opacity(0.5))]
      + [LayerSetting(name: .background), LayerSetting(name: .art)]
    let scene = try d.scene(defaultFont: "f.ttf")
    XCTAssertEqual(layerNames(scene), ["label", "grid", "background", "art"])
    guard case .group(let grid) = scene.nodes[1] else { return XCTFail() }
    XCTAssertEqual(grid.opacity.value, 0.5)
  }

  func testSceneOfABackgroundDesign() throws {
    var design = Design(device: DeviceCatalog.device(id: "iphone-8")!)
    design.background.gradient = Gradient(kind: .linear, colors: [.white, .black], angle: 90)
    design.season.alpha = .transparent
    design.label.visible = false
    Golden.assertText(try design.scene(defaultFont: "unused.ttf").dump(), matches: "background-gradient")
  }

  func testLandscapeTurnsTheCanvasAndTheSafeArea() {
    var d = design("iphone-16-pro")
    d.orientation = .landscape
    XCTAssertEqual(d.canvasSize, try Size(width: 874, height: 402))
    // Turned clockwise: the Dynamic Island goes right, the home indicator left.
    XCTAssertEqual(d.layoutSafeArea.right, 62)
    XCTAssertEqual(d.layoutSafeArea.left, 34)
    XCTAssertEqual(d.layoutSafeArea.top, 0)
  }

  func testBleedGrowsTheCanvasAndKeepsGridAndLabelOnTheScreen() throws {
    var d = design()
    d.grid.kind = .home
    d.grid.lineColor = .black
    let scene = try d.scene(defaultFont: "f.ttf", bleed: 8.5)
    XCTAssertEqual(scene.size, try Size(width: 392, height: 684))
    for node in scene.nodes {
      guard case .group(let group) = node else { continue }
      let moved = group.name == "grid" || group.name == "label"
      XCTAssertEqual(group.transform == Transform.translation(try Vector(dx: 8.5, dy: 8.5)), moved, group.name ?? "")
    }
  }

  func testFilledTilesAtTheScreenEdgeRunIntoTheBleed() throws {
    var d = design()
    d.grid.kind = .home
    d.grid.fills = [try GridLayer.Fill(cells: CellSelection.parse("0,5"), color: .black, in: d)]
    let dump = try d.scene(defaultFont: "f.ttf", bleed: 8.5).dump()
    // Cell 0 (0…100.5 × 0…104 pt) reaches the top-left corner: it grows by the bleed there;
    // cell 5 is inside and keeps its frame.
    XCTAssertTrue(dump.contains("group \"cell-0\"\n      shape rect[-8.5,-8.5 109x112.5] fill=#000000"), dump)
    XCTAssertTrue(dump.contains("group \"cell-5\"\n      shape rect[100.5,104 87x88] fill=#000000"), dump)
    let screen = try d.scene(defaultFont: "f.ttf").dump()
    XCTAssertTrue(screen.contains("group \"cell-0\"\n      shape rect[0,0 100.5x104] fill=#000000"), screen)
  }

  func testLabelColourReadsOnTheSkyBehindIt() {
    var d = design(season: .winter)
    d.season.alpha = try! Opacity(0.85)
    XCTAssertEqual(d.defaultLabelColor, Season.winter.lightAccent, "a dark winter sky takes the light tint")
    d.season.alpha = try! Opacity(0.2)
    XCTAssertEqual(d.defaultLabelColor, Season.winter.palette.accent, "a pale sky takes the deep accent")
    var autumn = design(season: .autumn)
    autumn.season.alpha = .opaque
    XCTAssertEqual(autumn.defaultLabelColor, Season.autumn.palette.accent)
  }

  /// The steps the editor page looks label colours up in are the rule itself: at 20,000 random
  /// luminances (a fixed seed), on both sides of every step's end, and at 0 and 1, for each
  /// season, the step's colour is `legibleLabelColor`'s.
  func testLabelColourStepsAreTheRule() {
    var random = SeasonArt.Random(seed: 40)
    for season in Season.allCases {
      let d = design(season: season)
      let steps = d.legibleLabelColorSteps
      XCTAssertGreaterThanOrEqual(steps.count, 2, "\(season)")
      XCTAssertEqual(steps.last?.upTo, 1)
      XCTAssertEqual(steps.map(\.upTo), steps.map(\.upTo).sorted(), "\(season)")
      func looked(_ luminance: Double) -> Color { steps.first { luminance <= $0.upTo }!.color }
      var probes = [0.0, 1.0] + (0..<20_000).map { _ in random.unit() }
      for step in steps.dropLast() { probes += [step.upTo, step.upTo.nextUp, step.upTo.nextDown] }
      for luminance in probes {
        XCTAssertEqual(looked(luminance), d.legibleLabelColor(overLuminance: luminance), "\(season) at \(luminance)")
      }
    }
  }

  func testDateToSeasonAtTheBoundaries() {
    let table: [(Int, Season, Season)] = [
      (2, .winter, .summer), (3, .spring, .autumn), (5, .spring, .autumn), (6, .summer, .winter),
      (8, .summer, .winter), (9, .autumn, .spring), (11, .autumn, .spring), (12, .winter, .summer),
      (1, .winter, .summer),
    ]
    for (month, north, south) in table {
      XCTAssertEqual(try Season.from(month: month, hemisphere: .north), north, "month \(month)")
      XCTAssertEqual(try Season.from(month: month, hemisphere: .south), south, "month \(month) south")
    }
    XCTAssertNotNil(CalendarDate("2028-02-29"))
    XCTAssertNil(CalendarDate("2026-02-29"))
    XCTAssertNil(CalendarDate("2026-13-01"))
    XCTAssertNil(CalendarDate("26-11-30"))
    XCTAssertEqual(CalendarDate("2026-11-30")?.description, "2026-11-30")
  }
}
