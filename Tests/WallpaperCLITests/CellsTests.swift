import Foundation
import TestSupport
import Wallpapers
import XCTest

/// `wallpaper cells`: the cell map as JSON and as a numbered picture, through the built binary.
final class CellsTests: BinaryTestCase {

  private func cells(_ arguments: [String]) throws -> [[String: Any]] {
    let result = try wallpaper(["cells"] + arguments + ["--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(Array(object.keys), ["cells"])
    return try XCTUnwrap(object["cells"] as? [[String: Any]])
  }

  private func rect(_ object: [String: Any]) throws -> (x: Double, y: Double, width: Double, height: Double) {
    (
      try XCTUnwrap(object["x"] as? Double), try XCTUnwrap(object["y"] as? Double),
      try XCTUnwrap(object["width"] as? Double), try XCTUnwrap(object["height"] as? Double)
    )
  }

  /// One device per iPhone screen class: the cells are the home grid's tiles, numbered row-major,
  /// and cover the canvas exactly (no gap, no overlap, nothing outside).
  func testJSONForEveryIPhoneClassIsTheHomeGridTilingTheCanvas() throws {
    var classes = Set<String>()
    for device in DeviceCatalog.devices where device.family == .iphone && classes.insert(device.screen.id).inserted {
      let cells = try cells(["--device", device.id])
      let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: device.screen.id), device.id)
      let expected = HomeScreenGrid.cells(metrics: metrics, canvas: device.screen.points)
      XCTAssertEqual(cells.count, expected.count, device.id)
      let (width, height) = (device.screen.points.width, device.screen.points.height)
      var area = 0.0
      var frames: [(x: Double, y: Double, width: Double, height: Double)] = []
      for (cell, tile) in zip(cells, expected) {
        let frame = try rect(cell)
        XCTAssertEqual(cell["index"] as? Int, tile.index)
        XCTAssertEqual(cell["row"] as? Int, tile.row)
        XCTAssertEqual(cell["column"] as? Int, tile.column)
        XCTAssertEqual(tile.index, tile.row * metrics.columns + tile.column)
        XCTAssertEqual(frame.x, tile.frame.minX, accuracy: 1e-9, "\(device.id) \(tile.index)")
        XCTAssertEqual(frame.y, tile.frame.minY, accuracy: 1e-9)
        XCTAssertEqual(frame.width, tile.frame.width, accuracy: 1e-9)
        XCTAssertEqual(frame.height, tile.frame.height, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(frame.x, 0)
        XCTAssertGreaterThanOrEqual(frame.y, 0)
        XCTAssertLessThanOrEqual(frame.x + frame.width, width + 1e-9)
        XCTAssertLessThanOrEqual(frame.y + frame.height, height + 1e-9)
        if let icon = tile.icon {
          let slot = try rect(try XCTUnwrap(cell["icon"] as? [String: Any]))
          for (a, b) in zip(
            [slot.x, slot.y, slot.width, slot.height], [icon.minX, icon.minY, icon.width, icon.height])
          {
            XCTAssertEqual(a, b, accuracy: 1e-9, "\(device.id) icon \(tile.index)")
          }
        } else {
          XCTAssertTrue(cell["icon"] is NSNull, "\(device.id) \(tile.index)")
        }
        area += frame.width * frame.height
        frames.append(frame)
      }
      XCTAssertEqual(area, width * height, accuracy: 1e-6, "\(device.id): the cells cover the canvas")
      for i in frames.indices {
        for j in frames.indices where j > i {
          let (a, b) = (frames[i], frames[j])
          let overlapX = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
          let overlapY = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
          XCTAssertFalse(overlapX > 1e-9 && overlapY > 1e-9, "\(device.id): cells \(i) and \(j) overlap")
        }
      }
    }
    XCTAssertGreaterThanOrEqual(classes.count, 10)
  }

  /// The numbers are those of `--fill`: filling cell N colours the rectangle `cells` gives for N.
  func testNumbersAreTheFillNumbers() throws {
    for arguments in [
      ["--device", "iphone-16-pro"], ["--device", "iphone-8", "--grid", "square", "--columns", "4", "--spacing", "6"],
    ] {
      let cells = try cells(arguments)
      for index in [0, 5, cells.count - 2] {
        let grid = arguments.contains("--grid") ? [] : ["--grid", "home"]
        let result = try wallpaper(
          ["render"] + arguments + grid + [
            "--fill", "\(index)=#00FF00", "--alpha", "0", "--no-label", "--scale", "1", "-o", "f.png",
          ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try RGBAImage(pngFile: "\(folder)/f.png")
        for (n, cell) in cells.enumerated() {
          let frame = try rect(cell)
          let p = image[Int(frame.x + frame.width / 2), Int(frame.y + frame.height / 2)]
          XCTAssertEqual(p[0] == 0 && p[1] == 255 && p[2] == 0, n == index, "\(arguments) fill \(index), cell \(n)")
        }
      }
    }
  }

  /// Every number on the map is at least 9 pt, and at 1x its digits are that tall in pixels.
  func testTheMapNumbersAreLegibleAt1x() throws {
    let font = Golden.repositoryRoot().appendingPathComponent("Fonts/Quicksand-Bold.ttf").path
    for (id, columns) in [("iphone-4s", nil), ("iphone-se-3", nil), ("iphone-16-pro-max", nil), ("iphone-8", 12)]
      as [(String, Int?)]
    {
      var design = Design(device: try XCTUnwrap(DeviceCatalog.device(id: id)), season: .winter)
      var arguments = ["cells", "--device", id, "--season", "winter", "--scale", "1", "-o", "map.png"]
      if let columns {
        design.grid.kind = .square(try SquareGrid(columns: columns, spacing: 1, insets: nil))
        arguments += ["--grid", "square", "--columns", "\(columns)", "--spacing", "1"]
      }
      let scene = try design.cellMapScene(defaultFont: font)
      guard case .group(let map)? = scene.nodes.last else { return XCTFail("no map layer") }
      XCTAssertEqual(map.name, "cells")
      let sizes = map.children.compactMap { node -> Double? in
        if case .text(let text) = node { return text.size }
        return nil
      }
      let (cells, _) = try design.cellMap()
      XCTAssertEqual(sizes.count, cells.count, id)
      XCTAssertGreaterThanOrEqual(sizes.min() ?? 0, 9, id)

      let result = try wallpaper(arguments)
      XCTAssertEqual(result.status, 0, result.stderr)
      let image = try RGBAImage(pngFile: "\(folder)/map.png")
      XCTAssertEqual(image.width, Int(design.canvasSize.width))
      // The ink of each number (darker than 140 of 255), in its cell's middle.
      for cell in cells where cell.frame.height >= 20 {
        let c = cell.frame.center
        var top = Int.max
        var bottom = Int.min
        // Inside the number's white tag only (1.3 × size high), so nothing behind it counts.
        let half = Int(Design.cellNumberSize(for: cell) * 0.65) - 1
        for y in Int(c.y) - half...Int(c.y) + half where y >= 0 && y < image.height {
          let run = Int(Design.cellNumberSize(for: cell) * 0.31 * Double(String(cell.index).count))
          for x in Int(c.x) - run...Int(c.x) + run where x >= 0 && x < image.width {
            let p = image[x, y]
            if p[0] < 140 && p[1] < 140 && p[2] < 140 {
              top = min(top, y)
              bottom = max(bottom, y)
            }
          }
        }
        // Quicksand's digits are 0.7 em tall: at least 0.55 em of ink survives antialiasing.
        let minimum = Int(0.55 * Design.cellNumberSize(for: cell))
        XCTAssertGreaterThanOrEqual(bottom - top + 1, max(minimum, 5), "\(id) cell \(cell.index)")
      }
    }
  }

  func testBadValuesAreUsageErrors() throws {
    for (arguments, prefix) in [
      (["--device", "ipad-air-11", "--json"], "error: --grid: "),
      (["--device", "iphone-8", "--grid", "square", "--columns", "40", "-o", "m.png"], "error: --columns: "),
      (["--device", "iphone-8"], "error: --output: "),
      (["--device", "iphone-8", "--json", "-o", "m.png"], "error: --json: "),
      (["--device", "iphone-8", "--orientation", "landscape", "--json"], "error: --grid: "),
    ] {
      let result = try wallpaper(["cells"] + arguments)
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertTrue(result.stderr.hasPrefix(prefix), result.stderr)
      XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
      XCTAssertEqual(result.stdout, "")
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/m.png"))
    }
  }
}
