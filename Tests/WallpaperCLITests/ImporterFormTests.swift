import Foundation
import TestSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The forms the office profile's SVG (`--svg-profile office`, `OfficeImporterRules`) takes so
/// that LibreOffice Draw 7.4 and Scribus 1.5.8 draw it as we do (measured in Docs/svg.md;
/// the importers themselves are judged element by element in the interop tier's
/// `ElementJudgeTests`): a translucent layer is opaque under a veil of its base, and every
/// element lies inside the page with no nested viewport. The plain default has none of it.
final class ImporterFormTests: BinaryTestCase {
  /// Renders `json` (a design on the iPhone 16) as PNG and SVG; returns the SVG's text and how
  /// far rsvg's raster of it is from the PNG.
  private func render(_ name: String, _ json: String, profile: String = "office") throws -> (
    svg: String, difference: ImageDifference
  ) {
    try json.write(toFile: "\(folder)/\(name).json", atomically: true, encoding: .utf8)
    try run(Processes.wallpaperBinary, ["render", "\(name).json", "-o", "\(name).png"])
    try run(Processes.wallpaperBinary, ["render", "\(name).json", "--svg-profile", profile, "-o", "\(name).svg"])
    try run("rsvg-convert", ["-z", "3", "\(name).svg", "-o", "\(name)-rsvg.png"])
    let difference = ImageDifference(
      try RGBAImage(pngFile: "\(folder)/\(name).png"), try RGBAImage(pngFile: "\(folder)/\(name)-rsvg.png"),
      threshold: 24)
    return (try String(contentsOfFile: "\(folder)/\(name).svg", encoding: .utf8), difference)
  }

  /// With the office profile, the art over an opaque base element (a colour, a gradient, an
  /// opaque photo filling the screen, custom art over white) is written at opacity 1 and a
  /// copy of the base is drawn over it at the complement of the art's 8-bit opacity:
  /// `fill-opacity` (or `stop-opacity`) for a fill, `opacity` for a photo. The plain default
  /// of the same design is the art layer with its `opacity` and no veil. rsvg's raster of
  /// both stays within 0.2/255 of our PNG.
  func testTranslucentArtIsOpaqueUnderAVeilOfItsBase() throws {
    try run("convert", ["-size", "400x600", "gradient:#3366CC-#FFCC33", "photo.jpg"])
    try run(Processes.wallpaperBinary, ["render", "--device", "iphone-16", "--alpha", "1", "-o", "art.svg"])
    let cases: [(name: String, json: String, veil: String, opacity: String)] = [
      (
        "colour", #"{"device": "iphone-16", "season": {"name": "autumn"}}"#,
        ##"<rect x="0" y="0" width="393" height="852" fill="#FFFFFF" fill-opacity="0.498"/>"##, "0.5"
      ),
      (
        "gradient",
        ##"{"device": "iphone-16", "background": {"gradient": {"type": "linear", "colors": ["#FFEECC", "#3355AA"]}}, "season": {"name": "winter", "alpha": 0.4}}"##,
        ##"<rect x="0" y="0" width="393" height="852" fill="url(#gradient-"##, "0.4"
      ),
      (
        "photo",
        #"{"device": "iphone-16", "background": {"image": {"path": "photo.jpg"}}, "season": {"name": "spring", "alpha": 0.3}}"#,
        ##"<image x="0" y="0" width="393" height="852" preserveAspectRatio="none" opacity="0.702""##, "0.3"
      ),
      (
        "custom-art", #"{"device": "iphone-16", "art": {"svg": "art.svg", "opacity": 0.5}}"#,
        ##"<rect x="0" y="0" width="393" height="852" fill="#FFFFFF" fill-opacity="0.498"/>"##, "0.5"
      ),
    ]
    for (name, json, veil, opacity) in cases {
      let (svg, difference) = try render(name, json)
      XCTAssertEqual(
        Self.artTag(svg), #"<g id="art" inkscape:groupmode="layer" inkscape:label="art" clip-path="url(#clip-N)">"#,
        "\(name): the art layer is drawn at opacity 1")
      let veilLayer = try XCTUnwrap(
        svg.components(separatedBy: #"<g id="veil" inkscape:groupmode="layer" inkscape:label="veil">"#).dropFirst()
          .first, "\(name): a veil layer")
      XCTAssertTrue(veilLayer.contains(veil), "\(name): the veil copies the base: \(veil) in \(veilLayer.prefix(300))")
      XCTAssertEqual(svg.components(separatedBy: "<use").count, 1, "\(name): no <use>")
      let order = ["<g id=\"background\"", "<g id=\"art\"", "<g id=\"veil\"", "<g id=\"label\""].compactMap {
        svg.range(of: $0)?.lowerBound
      }
      XCTAssertEqual(order.count, 4, name)
      XCTAssertEqual(order, order.sorted(), "\(name): the veil lies between the art and the label")
      XCTAssertLessThanOrEqual(difference.meanChannelDelta, 0.2, "\(name): rsvg vs PNG: \(difference)")
      XCTAssertLessThanOrEqual(difference.fractionOverThreshold, 0.002, "\(name): rsvg vs PNG: \(difference)")

      let (plain, plainDifference) = try render(name, json, profile: "plain")
      XCTAssertEqual(
        Self.artTag(plain),
        #"<g id="art" inkscape:groupmode="layer" inkscape:label="art" clip-path="url(#clip-N)" opacity=""#
          + opacity + #"">"#, "\(name): the plain art layer carries its opacity")
      XCTAssertFalse(plain.contains("id=\"veil\"") || plain.contains("<use"), "\(name): no veil in the plain SVG")
      XCTAssertLessThanOrEqual(plainDifference.meanChannelDelta, 0.2, "\(name) plain: rsvg vs PNG: \(plainDifference)")
    }
  }

  /// The art layer's start tag, its clip's number replaced by `N`.
  private static func artTag(_ svg: String) -> String {
    guard let start = svg.range(of: "<g id=\"art\""), let end = svg[start.lowerBound...].firstIndex(of: ">") else {
      return ""
    }
    return String(svg[start.lowerBound...end]).replacing(/clip-[0-9]+/, with: "clip-N")
  }

  /// Where what shows under the art is not one opaque element, the art keeps its `opacity`
  /// and there is no veil, even with the office profile: art at opacity 1, a transparent canvas, a letterboxed photo, a
  /// translucent photo, a photo with an alpha channel.
  func testArtKeepsItsOpacityWhereNoOneElementIsItsBase() throws {
    try run("convert", ["-size", "400x600", "gradient:#3366CC-#FFCC33", "photo.jpg"])
    try run("convert", ["-size", "400x600", "gradient:#3366CCC0-#FFCC3380", "alpha.png"])
    let cases: [(name: String, json: String, art: String)] = [
      (
        "opaque-art", #"{"device": "iphone-16", "season": {"name": "autumn", "alpha": 1}}"#,
        ##"clip-path="url(#clip-N)">"##
      ),
      (
        "transparent", #"{"device": "iphone-16", "background": {"color": "none"}, "season": {"name": "winter"}}"#,
        ##"clip-path="url(#clip-N)" opacity="0.5">"##
      ),
      (
        "letterboxed",
        #"{"device": "iphone-16", "background": {"image": {"path": "photo.jpg", "mode": "fit"}}, "season": {"name": "winter"}}"#,
        ##"clip-path="url(#clip-N)" opacity="0.5">"##
      ),
      (
        "translucent-photo",
        #"{"device": "iphone-16", "background": {"image": {"path": "photo.jpg", "opacity": 0.8}}, "season": {"name": "winter"}}"#,
        ##"clip-path="url(#clip-N)" opacity="0.5">"##
      ),
      (
        "alpha-photo",
        #"{"device": "iphone-16", "background": {"image": {"path": "alpha.png"}}, "season": {"name": "winter"}}"#,
        ##"clip-path="url(#clip-N)" opacity="0.5">"##
      ),
    ]
    for (name, json, art) in cases {
      let (svg, difference) = try render(name, json)
      XCTAssertEqual(Self.artTag(svg), #"<g id="art" inkscape:groupmode="layer" inkscape:label="art" "# + art, name)
      XCTAssertFalse(svg.contains("<use") || svg.contains("id=\"veil\"") || svg.contains("id=\"base\""), name)
      XCTAssertLessThanOrEqual(difference.meanChannelDelta, 0.2, "\(name): rsvg vs PNG: \(difference)")
    }
  }

  /// With the office profile, every element of every season's SVG lies inside the page, with
  /// no nested `<svg>` viewport (Scribus draws nothing inside one): fills are cut to it, and a
  /// stroke that reaches past it (its half width included) becomes its outline, cut like a
  /// fill. Importers that place a drawing by its elements' box and ignore `clip-path`
  /// (Scribus) then place the page at the origin. The plain default writes the geometry whole
  /// (the same six renders have elements outside: the art layer's clip-path shows the page).
  func testEveryElementLiesInsideThePageWithTheOfficeProfile() throws {
    var outside: [String] = []
    var plainOutside = 0
    for (season, device) in [
      ("autumn", "iphone-16"), ("spring", "iphone-16"), ("summer", "iphone-16"), ("winter", "iphone-16"),
      ("spring", "ipad-pro-13-m4"), ("summer", "iphone-se-3"),
    ] {
      try run(
        Processes.wallpaperBinary,
        ["render", "--device", device, "--season", season, "--svg-profile", "office", "-o", "\(season).svg"])
      try run(
        Processes.wallpaperBinary, ["render", "--device", device, "--season", season, "-o", "\(season)-plain.svg"])
      let reader = try Self.boxes("\(folder)/\(season).svg")
      XCTAssertGreaterThan(reader.checked, 20, "\(season) on \(device): elements were checked")
      XCTAssertEqual(reader.viewports, 0, "\(season) on \(device): no nested <svg>")
      outside += reader.outside.map { "\(season) on \(device): \($0)" }
      plainOutside += try Self.boxes("\(folder)/\(season)-plain.svg").outside.count
    }
    XCTAssertEqual(outside, [], "\(outside.count) elements reach past the page")
    XCTAssertGreaterThan(plainOutside, 0, "the plain SVG writes geometry whole, past the page")
    print("office profile: \(outside.count) elements outside the page; plain: \(plainOutside)")
  }

  private static func boxes(_ file: String) throws -> ElementBoxes {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let reader = ElementBoxes()
    let parser = XMLParser(data: data)
    parser.delegate = reader
    XCTAssertTrue(parser.parse(), "\(file): \(parser.parserError.map { "\($0)" } ?? "")")
    return reader
  }
}

/// Reads an SVG of ours and lists the drawn elements (outside `<defs>` and `<clipPath>`)
/// whose box, grown by half the stroke width for a stroke, is not inside the root's viewBox;
/// an element inside a nested `<svg>` viewport counts by the viewport's box.
private final class ElementBoxes: NSObject, XMLParserDelegate {
  private(set) var outside: [String] = []
  private(set) var checked = 0
  private var page = (width: 0.0, height: 0.0)
  private var skipped = 0
  /// Nested `<svg>` viewports seen so far, and how many are open.
  private(set) var viewports = 0
  private var openViewports = 0
  private var svgDepth = 0

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    func number(_ key: String) -> Double { Double(attributes[key] ?? "0") ?? .nan }
    if name == "svg" {
      svgDepth += 1
      if svgDepth == 1 {
        let box = (attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
        page = (box.count == 4 ? box[2] : 0, box.count == 4 ? box[3] : 0)
        return
      }
      viewports += 1
      openViewports += 1
      check(name, x: [number("x"), number("x") + number("width")], y: [number("y"), number("y") + number("height")])
      return
    }
    if ["defs", "clipPath", "linearGradient", "radialGradient"].contains(name) { skipped += 1 }
    guard skipped == 0, openViewports == 0, attributes["transform"] == nil else { return }
    let stroked = attributes["stroke"].map { $0 != "none" } ?? false
    let half = stroked ? (Double(attributes["stroke-width"] ?? "1") ?? 1) / 2 : 0
    switch name {
    case "rect", "image":
      let (x, y) = (number("x"), number("y"))
      check(name, x: [x - half, x + number("width") + half], y: [y - half, y + number("height") + half])
    case "ellipse":
      let (cx, cy, rx, ry) = (number("cx"), number("cy"), number("rx"), number("ry"))
      check(name, x: [cx - rx - half, cx + rx + half], y: [cy - ry - half, cy + ry + half])
    case "path":
      let (xs, ys) = Self.extents(of: attributes["d"] ?? "")
      guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return }
      check(
        name + " " + (attributes["d"] ?? "").prefix(40), x: [minX - half, maxX + half], y: [minY - half, maxY + half])
    default:
      break
    }
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    if name == "svg" {
      if svgDepth > 1 { openViewports -= 1 }
      svgDepth -= 1
    }
    if ["defs", "clipPath", "linearGradient", "radialGradient"].contains(name) { skipped -= 1 }
  }

  /// The points where a path of ours (absolute `M`, `L`, `C`, `Z`) reaches furthest on each
  /// axis: its end points and each curve's turning points (not its control points, which may
  /// lie outside a curve that does not).
  static func extents(of d: String) -> (xs: [Double], ys: [Double]) {
    var (xs, ys): ([Double], [Double]) = ([], [])
    var current = (0.0, 0.0)
    var scanner = Substring(d)
    func numbers(_ count: Int) -> [Double] {
      var result: [Double] = []
      while result.count < count {
        scanner = scanner.drop { $0 == " " }
        let token = scanner.prefix { "0123456789.-e".contains($0) }
        scanner = scanner.dropFirst(token.count)
        guard let value = Double(token) else { return result }
        result.append(value)
      }
      return result
    }
    while let command = scanner.first {
      scanner = scanner.dropFirst()
      switch command {
      case "M", "L":
        let p = numbers(2)
        guard p.count == 2 else { return (xs, ys) }
        current = (p[0], p[1])
        xs.append(p[0])
        ys.append(p[1])
      case "C":
        let p = numbers(6)
        guard p.count == 6 else { return (xs, ys) }
        for (axis, values) in [(0, [current.0, p[0], p[2], p[4]]), (1, [current.1, p[1], p[3], p[5]])] {
          var extremes = [values[0], values[3]]
          // B'(t) / 3 = a t² + b t + c.
          let a = -values[0] + 3 * values[1] - 3 * values[2] + values[3]
          let b = 2 * (values[0] - 2 * values[1] + values[2])
          let c = values[1] - values[0]
          var roots: [Double] = []
          if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots = [-c / b] }
          } else if b * b - 4 * a * c >= 0 {
            let root = (b * b - 4 * a * c).squareRoot()
            roots = [(-b - root) / (2 * a), (-b + root) / (2 * a)]
          }
          for t in roots where t > 0 && t < 1 {
            let u = 1 - t
            extremes.append(
              u * u * u * values[0] + 3 * u * u * t * values[1] + 3 * u * t * t * values[2] + t * t * t * values[3])
          }
          if axis == 0 { xs += extremes } else { ys += extremes }
        }
        current = (p[4], p[5])
      default:
        continue
      }
    }
    return (xs, ys)
  }

  private func check(_ what: String, x: [Double], y: [Double]) {
    checked += 1
    let slack = 0.001
    guard x.allSatisfy({ $0 >= -slack && $0 <= page.width + slack }),
      y.allSatisfy({ $0 >= -slack && $0 <= page.height + slack })
    else {
      outside.append("\(what): x \(x), y \(y)")
      return
    }
  }
}
