import SceneGraph
import XCTest

@testable import Wallpapers

final class SeasonTests: XCTestCase {
  // MARK: - Season model

  func testNorthernMonths() {
    let expected: [Season] = [
      .winter, .winter, .spring, .spring, .spring, .summer, .summer, .summer, .autumn, .autumn,
      .autumn, .winter,
    ]
    for (index, season) in expected.enumerated() {
      XCTAssertEqual(Season.from(month: index + 1, hemisphere: .north), season, "month \(index + 1)")
    }
  }

  func testBoundariesInBothHemispheres() {
    let table: [(Int, Season, Season)] = [
      (2, .winter, .summer), (3, .spring, .autumn), (5, .spring, .autumn), (6, .summer, .winter),
      (8, .summer, .winter), (9, .autumn, .spring), (11, .autumn, .spring), (12, .winter, .summer),
      (1, .winter, .summer),
    ]
    for (month, north, south) in table {
      XCTAssertEqual(Season.from(month: month, hemisphere: .north), north, "north, month \(month)")
      XCTAssertEqual(Season.from(month: month, hemisphere: .south), south, "south, month \(month)")
    }
  }

  func testSouthIsSixMonthsFromNorth() {
    for month in 1...12 {
      let later = (month + 5) % 12 + 1
      XCTAssertEqual(
        Season.from(month: month, hemisphere: .south), Season.from(month: later, hemisphere: .north))
    }
  }

  func testNames() {
    XCTAssertEqual(Season.allCases.map { $0.name(in: .en) }, ["Spring", "Summer", "Autumn", "Winter"])
    XCTAssertEqual(Season.allCases.map { $0.name(in: .zhHant) }, ["春天", "夏天", "秋天", "冬天"])
    XCTAssertEqual(Season.allCases.map { $0.name(in: .ja) }, ["春", "夏", "秋", "冬"])
    XCTAssertEqual(Season.Locale(rawValue: "zh-Hant"), .zhHant)
  }

  func testPalettes() {
    for season in Season.allCases {
      let palette = season.palette
      XCTAssertTrue((4...6).contains(palette.colors.count), "\(season)")
      XCTAssertEqual(Set(palette.colors).count, palette.colors.count, "\(season) repeats a colour")
    }
    XCTAssertEqual(Set(Season.allCases.map(\.palette)).count, 4)
  }

  // MARK: - Generator

  func testGeneratorMatchesSplitMix64Reference() {
    var rng = SeasonArt.Random(state: 0)
    XCTAssertEqual(rng.next(), 0xE220_A839_7B1D_CDAF)
    XCTAssertEqual(rng.next(), 0x6E78_9E6A_A1B9_65F4)
    XCTAssertEqual(rng.next(), 0x06C4_5D18_8009_454F)
  }

  func testStreamsAreStableAndIndependent() {
    var a = SeasonArt.Random(seed: 2024, stream: "spring.petals")
    var b = SeasonArt.Random(seed: 2024, stream: "spring.petals")
    var c = SeasonArt.Random(seed: 2024, stream: "spring.hills")
    // Pinned so the art cannot silently change between platforms or Swift versions.
    XCTAssertEqual(a.next(), 0xE067_C00C_B3AD_4A52)
    _ = b.next()
    XCTAssertEqual(a.next(), b.next())
    XCTAssertNotEqual(a.next(), c.next())
    for _ in 0..<1000 {
      let x = a.unit()
      XCTAssertTrue(x >= 0 && x < 1)
      let n = a.int(3, 5)
      XCTAssertTrue((3...5).contains(n))
    }
  }

  // MARK: - Art

  /// A screen: the canvas to cover, the visible part and its safe area, in points.
  private struct Screen {
    let name: String
    let canvas: Rect
    let visible: Rect
    let safeArea: EdgeInsets

    init(_ name: String, _ width: Double, _ height: Double, _ insets: [Double], bleed: Double = 0)
      throws
    {
      self.name = name
      visible = try Rect(x: bleed, y: bleed, width: width, height: height)
      canvas = try Rect(x: 0, y: 0, width: width + 2 * bleed, height: height + 2 * bleed)
      safeArea = try EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
    }
  }

  private func screens() throws -> [Screen] {
    [
      try Screen("iPhone 4", 320, 480, [20, 0, 0, 0]),
      try Screen("iPhone 16 Pro", 402, 874, [62, 0, 34, 0]),
      try Screen("iPad 13", 1032, 1376, [24, 0, 20, 0]),
      try Screen("landscape", 956, 440, [0, 62, 21, 62]),
      try Screen("print bleed", 402, 874, [62, 0, 34, 0], bleed: 9),
    ]
  }

  private func art(_ season: Season, _ screen: Screen, seed: UInt64) throws -> [Node] {
    try SeasonArt.nodes(
      for: season, canvas: screen.canvas, visible: screen.visible, safeArea: screen.safeArea,
      seed: seed)
  }

  func testSameSeedGivesEqualNodes() throws {
    for season in Season.allCases {
      for screen in try screens() {
        XCTAssertEqual(
          try art(season, screen, seed: SeasonArt.defaultSeed),
          try art(season, screen, seed: SeasonArt.defaultSeed), "\(season) \(screen.name)")
      }
    }
  }

  func testDifferentSeedsRearrange() throws {
    for season in Season.allCases {
      for screen in try screens() {
        let first = try art(season, screen, seed: 1)
        XCTAssertNotEqual(first, try art(season, screen, seed: 2), "\(season) \(screen.name)")
        XCTAssertNotEqual(
          first, try art(season, screen, seed: SeasonArt.defaultSeed), "\(season) \(screen.name)")
      }
    }
  }

  func testEverySeasonFillsEveryCanvas() throws {
    for season in Season.allCases {
      for screen in try screens() {
        for seed: UInt64 in [0, 7, SeasonArt.defaultSeed, .max] {
          let nodes = try art(season, screen, seed: seed)
          let label = "\(season) \(screen.name) seed \(seed)"
          // The first layer is a gradient over the whole canvas, so no band is left empty.
          guard case .group(let sky) = nodes.first, sky.name == "sky",
            case .shape(let background) = sky.children.first
          else { return XCTFail("\(label): no sky first") }
          XCTAssertEqual(background.geometry, .rectangle(screen.canvas), label)
          guard case .linearGradient = background.fill else {
            return XCTFail("\(label): sky is not a gradient")
          }
          // Every top-level layer is a named group; the art stays light enough to render fast.
          for node in nodes {
            guard case .group(let group) = node else { return XCTFail("\(label): bare node") }
            XCTAssertNotNil(group.name, label)
          }
          XCTAssertLessThanOrEqual(count(nodes), 400, label)
          XCTAssertGreaterThanOrEqual(count(nodes), 20, label)
          XCTAssertFalse(containsTextOrImage(nodes), label)
          XCTAssertTrue(allFinite(nodes), label)
        }
      }
    }
  }

  func testSeasonsLookDifferent() throws {
    let screen = try screens()[1]
    let names = try Season.allCases.map { season in
      try Set(art(season, screen, seed: 3).compactMap(layerName))
    }
    XCTAssertTrue(names[0].contains("blossoms") && names[0].contains("petals"))
    XCTAssertTrue(names[1].contains("waves") && names[1].contains("rays"))
    XCTAssertTrue(names[2].contains("maple-leaves") && names[2].contains("hills"))
    XCTAssertTrue(names[3].contains("snowflakes") && names[3].contains("hills"))
  }

  /// The focal motifs (sun, big blossoms, leaves and flakes), measured from the drawn
  /// geometry, keep out of the status bar, the home indicator and the landscape sensor
  /// housing, with at least 8 pt to spare.
  func testFocalMotifsAvoidTheSafeArea() throws {
    let margin = 8.0
    for season in Season.allCases {
      let focal = SeasonArt.focalLayerName(for: season)
      for screen in try screens() {
        let v = screen.visible
        let s = screen.safeArea
        for seed: UInt64 in Array(0..<12) + [SeasonArt.defaultSeed, .max] {
          let label = "\(season) \(screen.name) seed \(seed)"
          let layers = try art(season, screen, seed: seed).filter { layerName($0) == focal }
          XCTAssertEqual(layers.count, 1, label)
          guard let layer = layers.first, let box = bounds(of: layer) else {
            XCTFail("\(label): the focal layer draws nothing")
            continue
          }
          XCTAssertGreaterThanOrEqual(box.minY, v.minY + s.top + margin, "\(label): top")
          XCTAssertLessThanOrEqual(box.maxY, v.maxY - s.bottom - margin, "\(label): bottom")
          XCTAssertGreaterThanOrEqual(box.minX, v.minX + s.left + margin, "\(label): left")
          XCTAssertLessThanOrEqual(box.maxX, v.maxX - s.right - margin, "\(label): right")
          if let region = SeasonArt.focalRegion(visible: v, safeArea: s) {
            XCTAssertGreaterThanOrEqual(box.minY, region.minY - 1e-9, label)
            XCTAssertLessThanOrEqual(box.maxY, region.maxY + 1e-9, label)
          }
        }
      }
    }
  }

  func testFocalMotifsAreLeftOutWhenNoRoomIsLeft() throws {
    let rect = try Rect(x: 0, y: 0, width: 320, height: 480)
    let insets = try EdgeInsets(top: 300, left: 0, bottom: 200, right: 0)
    XCTAssertNil(SeasonArt.focalRegion(visible: rect, safeArea: insets))
    for season in Season.allCases {
      let nodes = try SeasonArt.nodes(
        for: season, canvas: rect, visible: rect, safeArea: insets, seed: 1)
      let focal = nodes.first { layerName($0) == SeasonArt.focalLayerName(for: season) }
      XCTAssertNil(focal.flatMap { bounds(of: $0) }, "\(season)")
    }
  }

  func testOddRectanglesStillDraw() throws {
    let cases: [(Rect, Rect)] = [
      // A canvas far larger than the screen, a very wide strip, a single point.
      (try Rect(x: 0, y: 0, width: 3000, height: 3000), try Rect(x: 1450, y: 1450, width: 100, height: 100)),
      (try Rect(x: 0, y: 0, width: 2000, height: 120), try Rect(x: 0, y: 0, width: 2000, height: 120)),
      (try Rect(x: 0, y: 0, width: 1, height: 1), try Rect(x: 0, y: 0, width: 1, height: 1)),
      (try Rect(x: -500, y: -800, width: 402, height: 874), try Rect(x: -500, y: -800, width: 402, height: 874)),
    ]
    for season in Season.allCases {
      for (canvas, visible) in cases {
        let nodes = try SeasonArt.nodes(
          for: season, canvas: canvas, visible: visible, safeArea: .zero, seed: 9)
        XCTAssertLessThanOrEqual(count(nodes), 400, "\(season) \(canvas)")
        XCTAssertTrue(allFinite(nodes), "\(season) \(canvas)")
      }
    }
  }

  func testRejectsEmptyRectangles() throws {
    let empty = try Rect(x: 0, y: 0, width: 0, height: 480)
    let rect = try Rect(x: 0, y: 0, width: 320, height: 480)
    XCTAssertThrowsError(
      try SeasonArt.nodes(for: .spring, canvas: empty, visible: rect, safeArea: .zero, seed: 1))
    XCTAssertThrowsError(
      try SeasonArt.nodes(for: .winter, canvas: rect, visible: empty, safeArea: .zero, seed: 1))
  }

  // MARK: - Helpers

  private func layerName(_ node: Node) -> String? {
    if case .group(let group) = node { return group.name }
    return nil
  }

  private func count(_ nodes: [Node]) -> Int {
    nodes.reduce(0) { total, node in
      if case .group(let group) = node { return total + 1 + count(group.children) }
      return total + 1
    }
  }

  private func containsTextOrImage(_ nodes: [Node]) -> Bool {
    nodes.contains { node in
      switch node {
      case .group(let group): return containsTextOrImage(group.children)
      case .shape: return false
      case .text, .image: return true
      }
    }
  }

  private func allFinite(_ nodes: [Node]) -> Bool {
    nodes.allSatisfy { node in
      switch node {
      case .group(let group): return allFinite(group.children)
      case .shape(let shape):
        return points(of: shape.geometry).allSatisfy { $0.x.isFinite && $0.y.isFinite }
      case .text, .image: return true
      }
    }
  }

  /// Points along the outline: corners, 32 points round an ellipse, 16 along each curve.
  private func points(of geometry: Geometry) -> [(x: Double, y: Double)] {
    switch geometry {
    case .rectangle(let r), .roundedRectangle(let r, _):
      return [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)]
    case .ellipse(let r):
      return (0..<32).map { k in
        let a = Double(k) * .pi / 16
        return (r.center.x + cos(a) * r.width / 2, r.center.y + sin(a) * r.height / 2)
      }
    case .path(let path):
      var result: [(x: Double, y: Double)] = []
      var current = (x: 0.0, y: 0.0)
      for element in path.elements {
        switch element {
        case .move(let p), .line(let p):
          current = (p.x, p.y)
          result.append(current)
        case .curve(let p, let c1, let c2):
          for i in 1...16 {
            let t = Double(i) / 16
            let u = 1 - t
            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            result.append(
              (
                a * current.x + b * c1.x + c * c2.x + d * p.x,
                a * current.y + b * c1.y + c * c2.y + d * p.y
              ))
          }
          current = (p.x, p.y)
        case .close: break
        }
      }
      return result
    }
  }

  /// A box in points.
  private struct Box {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    func union(_ other: Box) -> Box {
      Box(
        minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
        maxY: max(maxY, other.maxY))
    }
  }

  /// The box around everything `node` draws, strokes included, in the coordinates of its
  /// parent; nil when it draws nothing.
  private func bounds(of node: Node, transform: Transform = .identity) -> Box? {
    switch node {
    case .group(let group):
      let inner = group.transform.then(transform)
      var box: Box?
      for child in group.children {
        guard let b = bounds(of: child, transform: inner) else { continue }
        box = box?.union(b) ?? b
      }
      return box
    case .shape(let shape):
      let t = transform
      var half = 0.0
      if let stroke = shape.stroke, case .points(let width) = stroke.width {
        half = width / 2 * sqrt(abs(t.a * t.d - t.b * t.c))
      }
      var box: Box?
      for p in points(of: shape.geometry) {
        let x = t.a * p.x + t.c * p.y + t.tx
        let y = t.b * p.x + t.d * p.y + t.ty
        let b = Box(minX: x - half, minY: y - half, maxX: x + half, maxY: y + half)
        box = box?.union(b) ?? b
      }
      return box
    case .text, .image:
      XCTFail("season art should draw only shapes")
      return nil
    }
  }
}
