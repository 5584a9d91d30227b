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
      XCTAssertEqual(try Season.from(month: index + 1, hemisphere: .north), season, "month \(index + 1)")
    }
  }

  func testBoundariesInBothHemispheres() {
    let table: [(Int, Season, Season)] = [
      (2, .winter, .summer), (3, .spring, .autumn), (5, .spring, .autumn), (6, .summer, .winter),
      (8, .summer, .winter), (9, .autumn, .spring), (11, .autumn, .spring), (12, .winter, .summer),
      (1, .winter, .summer),
    ]
    for (month, north, south) in table {
      XCTAssertEqual(try Season.from(month: month, hemisphere: .north), north, "north, month \(month)")
      XCTAssertEqual(try Season.from(month: month, hemisphere: .south), south, "south, month \(month)")
    }
  }

  func testSouthIsSixMonthsFromNorth() {
    for month in 1...12 {
      let later = (month + 5) % 12 + 1
      XCTAssertEqual(
        try Season.from(month: month, hemisphere: .south), try Season.from(month: later, hemisphere: .north))
    }
  }

  /// A month outside 1…12 throws, naming it, instead of trapping; a date always has a season.
  func testAMonthOutsideTheYearThrows() throws {
    for month in [0, 13, -1, Int.max] {
      XCTAssertThrowsError(try Season.from(month: month, hemisphere: .north)) { error in
        XCTAssertEqual("\(error)", "month: \(month) is not allowed (a month from 1 to 12)")
      }
    }
    XCTAssertEqual(Season.from(date: try XCTUnwrap(CalendarDate("2026-12-04")), hemisphere: .south), .summer)
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

  // MARK: - Print bleed

  /// The screens the print-bleed tests use: the visible rectangle at the origin, as in a
  /// PNG, with its safe area.
  private func bleedScreens() throws -> [(name: String, visible: Rect, safeArea: EdgeInsets)] {
    let screens: [(String, Double, Double, [Double])] = [
      ("iPhone 4", 320, 480, [20, 0, 0, 0]),
      ("iPhone 16 Pro", 402, 874, [62, 0, 34, 0]),
      ("iPad 13", 1032, 1376, [24, 0, 20, 0]),
      ("landscape", 956, 440, [0, 62, 21, 62]),
    ]
    return try screens.map { name, width, height, insets in
      (
        name, try Rect(x: 0, y: 0, width: width, height: height),
        try EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
      )
    }
  }

  /// A print proof draws the art over the trim area grown by the bleed; what lands inside the
  /// trim area must be what the PNG of the same design shows. So for every season, screen and
  /// seed, the shapes reaching into the visible rectangle, and the parts of them there, are
  /// the same whether the canvas is the screen or the screen grown by a bleed.
  func testPrintBleedLeavesTheScreenAlone() throws {
    for season in Season.allCases {
      for screen in try bleedScreens() {
        for seed: UInt64 in [SeasonArt.defaultSeed, 7, .max] {
          let v = screen.visible
          let plain = try SeasonArt.nodes(
            for: season, canvas: v, visible: v, safeArea: screen.safeArea, seed: seed)
          let onScreen = drawn(plain, inside: v)
          XCTAssertGreaterThan(onScreen.count, 15, "\(season) \(screen.name)")
          for bleed in [8.504, 36] {
            let label = "\(season) \(screen.name) seed \(seed) bleed \(bleed)"
            let bled = try SeasonArt.nodes(
              for: season, canvas: v.outset(by: bleed), visible: v, safeArea: screen.safeArea,
              seed: seed)
            let withBleed = drawn(bled, inside: v)
            XCTAssertEqual(withBleed.count, onScreen.count, "\(label): shapes on the screen")
            if let k = zip(onScreen, withBleed).enumerated().first(where: { $0.1.0 != $0.1.1 })?.0 {
              let names = onScreen[k].groups.compactMap(\.name).joined(separator: "/")
              XCTFail("\(label): shape \(k) on the screen (in \(names)) differs")
            }
          }
        }
      }
    }
  }

  /// A proof draws the bleed scene with the screen at (bleed, bleed) and the PNG has it at the
  /// origin, so the art must move with the screen: what is drawn inside it is the same, moved,
  /// within 1e-9 pt.
  func testArtMovesWithTheScreen() throws {
    for season in Season.allCases {
      for screen in try bleedScreens() {
        for seed: UInt64 in [SeasonArt.defaultSeed, 7] {
          let v = screen.visible
          let png = drawn(
            try SeasonArt.nodes(
              for: season, canvas: v, visible: v, safeArea: screen.safeArea, seed: seed),
            inside: v)
          for bleed in [8.504, 36] {
            let label = "\(season) \(screen.name) seed \(seed) bleed \(bleed)"
            let trim = try Rect(
              x: v.minX + bleed, y: v.minY + bleed, width: v.width, height: v.height)
            let proof = drawn(
              try SeasonArt.nodes(
                for: season, canvas: trim.outset(by: bleed), visible: trim,
                safeArea: screen.safeArea, seed: seed),
              inside: trim)
            XCTAssertEqual(proof.count, png.count, "\(label): shapes on the screen")
            for (k, (expected, actual)) in zip(png, proof).enumerated() {
              var (a, b) = (Flat(), Flat())
              a.add(expected, dx: bleed, dy: bleed)
              b.add(actual, dx: 0, dy: 0)
              let close =
                a.skeleton == b.skeleton && a.numbers.count == b.numbers.count
                && zip(a.numbers, b.numbers).allSatisfy { abs($0 - $1) <= 1e-9 }
              if !close {
                let names = expected.groups.compactMap(\.name).joined(separator: "/")
                XCTFail("\(label): shape \(k) on the screen (in \(names)) differs")
                break
              }
            }
          }
        }
      }
    }
  }

  /// The bleed is drawn, not stretched: the sky covers the whole canvas, the scenery runs to
  /// its edges, a cherry branch carries on past it, and extra particles fill the band.
  func testPrintBleedIsCoveredByTheArt() throws {
    let scenery: [Season: String] = [.spring: "hills", .summer: "waves", .autumn: "hills", .winter: "hills"]
    for season in Season.allCases {
      for screen in try bleedScreens() {
        for seed: UInt64 in [SeasonArt.defaultSeed, 3] {
          let v = screen.visible
          let canvas = v.outset(by: 36)
          let label = "\(season) \(screen.name) seed \(seed)"
          let nodes = try SeasonArt.nodes(
            for: season, canvas: canvas, visible: v, safeArea: screen.safeArea, seed: seed)
          guard case .group(let sky) = nodes.first, case .shape(let background) = sky.children.first
          else { return XCTFail("\(label): no sky") }
          XCTAssertEqual(background.geometry, .rectangle(canvas), label)
          // Every hill or wave (one sub-path: the fill, or the crest line drawn on it) spans
          // the canvas, and the fills reach below it.
          let ridges = shapes(in: nodes.filter { layerName($0) == scenery[season] }).filter {
            guard case .path(let path) = $0.geometry, let box = bounds(of: .shape($0)) else {
              return false
            }
            let moves = path.elements.filter { if case .move = $0 { return true } else { return false } }
            return moves.count == 1 && box.maxX - box.minX > v.width
          }
          XCTAssertGreaterThanOrEqual(ridges.count, 3, label)
          for ridge in ridges {
            guard let box = bounds(of: .shape(ridge)) else { continue }
            XCTAssertLessThanOrEqual(box.minX, canvas.minX, label)
            XCTAssertGreaterThanOrEqual(box.maxX, canvas.maxX, label)
            if ridge.fill != nil { XCTAssertGreaterThanOrEqual(box.maxY, canvas.maxY, label) }
          }
          // Motifs only in the bleed band (particles, trees, branch ends): sub-paths, or
          // other shapes, off the screen but on the canvas.
          let extras = shapes(in: nodes).flatMap(pieces).filter { box in
            !reaches(box, v) && reaches(box, canvas)
          }
          if season != .summer { XCTAssertGreaterThan(extras.count, 0, "\(label): bleed particles") }
          if season == .spring {
            let wood = nodes.first { layerName($0) == "branches" }.flatMap { bounds(of: $0) }
            XCTAssertTrue(
              wood.map { $0.minX <= canvas.minX || $0.maxX >= canvas.maxX } ?? false,
              "\(label): a branch runs off the canvas")
          }
        }
      }
    }
  }

  // MARK: - Helpers

  /// A group as seen from one of its shapes: everything but its children.
  private struct GroupHeader: Equatable {
    let name: String?
    let transform: Transform
    let opacity: Opacity
    let clip: Geometry?
  }

  /// One segment of a path: where it starts and how it goes on (a close becomes a line).
  private struct Segment: Equatable {
    let from: Point
    let element: PathElement
  }

  /// What a shape draws inside a rectangle.
  private enum Part: Equatable {
    /// A filled rectangle, cut to the rectangle.
    case rectangle(Rect)
    /// An ellipse, rounded rectangle or stroked rectangle reaching into it, whole.
    case whole(Geometry)
    /// The segments of a path whose control points, grown by half the stroke width, reach
    /// into it, in order.
    case segments([Segment])
  }

  /// One shape reaching into a rectangle, with the groups around it, outermost first.
  private struct Drawn: Equatable {
    let groups: [GroupHeader]
    let fill: Paint?
    let stroke: Stroke?
    let part: Part
  }

  /// Whether `box` overlaps the inside of `rect` (touching its edge is not enough).
  private func reaches(_ box: Box, _ rect: Rect) -> Bool {
    box.maxX > rect.minX && box.minX < rect.maxX && box.maxY > rect.minY && box.minY < rect.maxY
  }

  /// The shapes of `nodes` that draw inside `rect`, in drawing order, each with the part of
  /// it there. Season art draws with no transforms, so the shapes' points are in `rect`'s
  /// coordinates.
  private func drawn(_ nodes: [Node], inside rect: Rect, groups: [GroupHeader] = []) -> [Drawn] {
    var result: [Drawn] = []
    for node in nodes {
      switch node {
      case .group(let group):
        XCTAssertTrue(group.transform.isIdentity, "season art draws untransformed")
        if let clip = group.clip, let box = box(around: points(of: clip)), !reaches(box, rect) {
          continue
        }
        let header = GroupHeader(
          name: group.name, transform: group.transform, opacity: group.opacity, clip: group.clip)
        result += drawn(group.children, inside: rect, groups: groups + [header])
      case .shape(let shape):
        var half = 0.0
        if let stroke = shape.stroke, case .points(let width) = stroke.width { half = width / 2 }
        let part: Part?
        switch shape.geometry {
        case .rectangle(let r) where shape.stroke == nil:
          let cut = Box(
            minX: max(r.minX, rect.minX), minY: max(r.minY, rect.minY),
            maxX: min(r.maxX, rect.maxX), maxY: min(r.maxY, rect.maxY))
          part =
            cut.maxX > cut.minX && cut.maxY > cut.minY
            ? .rectangle(
              try! Rect(x: cut.minX, y: cut.minY, width: cut.maxX - cut.minX, height: cut.maxY - cut.minY))
            : nil
        case .rectangle(let r), .roundedRectangle(let r, _), .ellipse(let r):
          let box = Box(minX: r.minX - half, minY: r.minY - half, maxX: r.maxX + half, maxY: r.maxY + half)
          part = reaches(box, rect) ? .whole(shape.geometry) : nil
        case .path(let path):
          let inside = segments(of: path).filter { segment in
            var corners = [segment.from]
            switch segment.element {
            case .move(let p), .line(let p): corners.append(p)
            case .curve(let p, let c1, let c2): corners += [c1, c2, p]
            case .close: break
            }
            guard let box = box(around: corners.map { ($0.x, $0.y) }) else { return false }
            let grown = Box(minX: box.minX - half, minY: box.minY - half, maxX: box.maxX + half, maxY: box.maxY + half)
            return reaches(grown, rect)
          }
          part = inside.isEmpty ? nil : .segments(inside)
        }
        if let part {
          result.append(Drawn(groups: groups, fill: shape.fill, stroke: shape.stroke, part: part))
        }
      case .text, .image, .vector:
        XCTFail("season art should draw only shapes")
      }
    }
    return result
  }

  /// The line and curve segments of `path`, a close as the line back to its sub-path's start.
  private func segments(of path: Path) -> [Segment] {
    var result: [Segment] = []
    var current: Point?
    var start: Point?
    for element in path.elements {
      switch element {
      case .move(let p):
        current = p
        start = p
      case .line(let p), .curve(let p, _, _):
        if let current { result.append(Segment(from: current, element: element)) }
        current = p
      case .close:
        if let current, let start { result.append(Segment(from: current, element: .line(to: start))) }
        current = start
      }
    }
    return result
  }

  private func box(around points: [(x: Double, y: Double)]) -> Box? {
    points.reduce(nil) { box, p in
      let b = Box(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
      return box?.union(b) ?? b
    }
  }

  /// A value taken apart for comparing within a tolerance: its numbers in order, with every
  /// point moved by (dx, dy), and everything else about it as text.
  private struct Flat {
    var numbers: [Double] = []
    var skeleton = ""

    mutating func add(_ value: Any, dx: Double, dy: Double) {
      if let p = value as? Point {
        numbers += [p.x + dx, p.y + dy]
        skeleton += "P"
      } else if let d = value as? Double {
        numbers.append(d)
        skeleton += "D"
      } else {
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else {
          skeleton += "\(value)"
          return
        }
        skeleton += "\(mirror.subjectType)("
        for child in mirror.children {
          skeleton += (child.label ?? "") + ":"
          add(child.value, dx: dx, dy: dy)
          skeleton += ","
        }
        skeleton += ")"
      }
    }
  }

  /// The boxes around the separate pieces `shape` draws, strokes included: its sub-paths, or
  /// the whole shape when it is not a path.
  private func pieces(_ shape: ShapeNode) -> [Box] {
    guard case .path(let path) = shape.geometry else {
      return bounds(of: .shape(shape)).map { [$0] } ?? []
    }
    var subPaths: [[PathElement]] = []
    for element in path.elements {
      if case .move = element { subPaths.append([]) }
      if !subPaths.isEmpty { subPaths[subPaths.count - 1].append(element) }
    }
    return subPaths.compactMap { elements in
      guard let piece = try? Path(elements) else { return nil }
      return bounds(of: .shape(ShapeNode(.path(piece), fill: shape.fill, stroke: shape.stroke)))
    }
  }

  /// Every shape in `nodes`, depth first.
  private func shapes(in nodes: [Node]) -> [ShapeNode] {
    nodes.flatMap { node -> [ShapeNode] in
      switch node {
      case .group(let group): return shapes(in: group.children)
      case .shape(let shape): return [shape]
      case .text, .image, .vector: return []
      }
    }
  }

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
      case .text, .image, .vector: return true
      }
    }
  }

  private func allFinite(_ nodes: [Node]) -> Bool {
    nodes.allSatisfy { node in
      switch node {
      case .group(let group): return allFinite(group.children)
      case .shape(let shape):
        return points(of: shape.geometry).allSatisfy { $0.x.isFinite && $0.y.isFinite }
      case .text, .image, .vector: return true
      }
    }
  }
}

extension SeasonTests {
  func testEachSeasonHasOneWideAccentWhoseSRGBColourIsUnchanged() {
    let expected: [Season: UInt32] = [.spring: 0xEC6F9C, .summer: 0xFFB627, .autumn: 0xE8701E, .winter: 0xA9C9E8]
    for season in Season.allCases {
      let accents = season.wideGamutAccents
      XCTAssertEqual(accents.count, 1, "\(season)")
      XCTAssertEqual(accents.first?.hex, expected[season].map { Color(rgb: $0).hex }, "\(season)")
      XCTAssertEqual(accents.first?.isOutsideSRGB, true)
      XCTAssertEqual(accents.first?.sRGBIsClip, false, "a chosen sRGB colour, not a clip: no note")
    }
  }
}
