import Foundation
import TestSupport
import XCTest

/// The SVG a designer edits: each filled grid cell is its own element, the root says what the
/// file is, and a layer holding one object carries its opacity on that object.
final class DesignerGeometryTests: BinaryTestCase {
  private let grid = [
    "--device", "iphone-16", "--season", "autumn", "--grid", "home", "--fill", "0,1,4,5,8,9=#FFB3BA",
    "--fill", "2,6=#BAE1FF",
  ]

  /// Recolouring `cell-5` in the SVG changes the pixels of cell 5 (by its frame from `cells
  /// --json`, edge pixels included) and no other pixel; its same-coloured neighbours stay.
  func testRecolouringOneCellChangesOnlyThatCell() throws {
    try run(Processes.wallpaperBinary, ["render"] + grid + ["-o", "grid.svg"])
    let svg = try String(contentsOfFile: "\(folder)/grid.svg", encoding: .utf8)
    for index in [0, 1, 2, 4, 5, 6, 8, 9] {
      XCTAssertEqual(svg.components(separatedBy: "id=\"cell-\(index)\"").count, 2, "one element is cell-\(index)")
    }
    let original = ##"id="cell-5" fill="#FFB3BA""##
    XCTAssertTrue(svg.contains(original), "cell-5 has its own fill")
    try svg.replacingOccurrences(of: original, with: ##"id="cell-5" fill="#00AA00""##)
      .write(toFile: "\(folder)/recoloured.svg", atomically: true, encoding: .utf8)
    try run("rsvg-convert", ["-z", "3", "grid.svg", "-o", "before.png"])
    try run("rsvg-convert", ["-z", "3", "recoloured.svg", "-o", "after.png"])
    let before = try RGBAImage(pngFile: "\(folder)/before.png")
    let after = try RGBAImage(pngFile: "\(folder)/after.png")

    let cells =
      try JSONSerialization.jsonObject(
        with: Data(try run(Processes.wallpaperBinary, ["cells"] + grid + ["--json"]).stdout.utf8)) as? [String: Any]
    let cell = try XCTUnwrap((cells?["cells"] as? [[String: Any]])?.first { $0["index"] as? Int == 5 })
    let (x, y, w, h) = (
      cell["x"] as! Double * 3, cell["y"] as! Double * 3, cell["width"] as! Double * 3, cell["height"] as! Double * 3
    )
    let columns = Int(x.rounded(.down))..<Int((x + w).rounded(.up))
    let rows = Int(y.rounded(.down))..<Int((y + h).rounded(.up))
    var inside = 0
    var outside = 0
    for row in 0..<before.height {
      for column in 0..<before.width {
        let offset = (row * before.width + column) * 4
        guard before.pixels[offset..<offset + 4] != after.pixels[offset..<offset + 4] else { continue }
        if columns.contains(column) && rows.contains(row) { inside += 1 } else { outside += 1 }
      }
    }
    XCTAssertEqual(outside, 0, "pixels changed outside cell 5")
    // Cell 5 lies under the label's layer and the lines, so not all of it shows the new fill.
    XCTAssertGreaterThan(Double(inside), 0.5 * Double(columns.count * rows.count), "cell 5 took the new colour")
  }

  /// The root carries `<title>` (the design's name) and `<desc>` (what, for which device, the
  /// size), and a layer holding one object (the label at a layer opacity) carries the opacity
  /// on the object, not the group.
  func testTitleDescAndPerObjectOpacity() throws {
    let design = """
      {"name": "Maple & Sky", "device": "iphone-16", "season": {"name": "autumn"},
       "layers": [{"name": "label", "opacity": 0.5}]}
      """
    try design.write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
    try run(Processes.wallpaperBinary, ["render", "d.json", "-o", "d.svg"])
    let svg = try String(contentsOfFile: "\(folder)/d.svg", encoding: .utf8)
    XCTAssertTrue(
      svg.contains(
        "viewBox=\"0 0 393 852\">\n<title>Maple &amp; Sky</title>\n"
          + "<desc>Autumn wallpaper for iPhone 16 (iphone-16), 393×852 pt, portrait</desc>\n"), svg)
    XCTAssertTrue(svg.contains("<g id=\"label\" inkscape:groupmode=\"layer\" inkscape:label=\"label\">"), svg)
    let label = try XCTUnwrap(svg.range(of: "<g id=\"label\"")).lowerBound
    XCTAssertTrue(svg[label...].contains(" opacity=\"0.5\" fill=\"#"), "the label's outline carries the opacity")
  }
}
