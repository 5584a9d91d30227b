import SceneGraph
import XCTest

@testable import Wallpapers

final class GridTests: XCTestCase {
  private let tolerance = 1e-9

  private func size(_ width: Double, _ height: Double) -> Size {
    try! Size(width: width, height: height)
  }

  private func homeCells(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> [GridCell]
  {
    let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: id), file: file, line: line)
    let screen = try XCTUnwrap(
      DeviceCatalog.screenClasses.first { $0.id == id }, file: file, line: line)
    return HomeScreenGrid.cells(metrics: metrics, canvas: screen.points)
  }

  /// Widths of the cells in row 0 and heights of the cells in column 0.
  private func tracks(_ cells: [GridCell]) -> (widths: [Double], heights: [Double]) {
    (
      cells.filter { $0.row == 0 }.map(\.frame.width),
      cells.filter { $0.column == 0 }.map(\.frame.height)
    )
  }

  // MARK: Home screen, the original's numbers

  func testIPhone8MatchesTheOriginalExactly() throws {
    let cells = try homeCells("375x667")
    XCTAssertEqual(cells.count, 28)
    let (widths, heights) = tracks(cells)
    XCTAssertEqual(widths, [100.5, 87, 87, 100.5])
    XCTAssertEqual(heights, [104, 88, 88, 88, 88, 88, 123])

    let cell5 = cells[5]
    XCTAssertEqual(cell5.index, 5)
    XCTAssertEqual(cell5.row, 1)
    XCTAssertEqual(cell5.column, 1)
    XCTAssertEqual(cell5.frame.minX, 100.5)
    XCTAssertEqual(cell5.frame.maxX, 187.5)
    XCTAssertEqual(cell5.frame.minY, 104)
    XCTAssertEqual(cell5.frame.maxY, 192)

    let iconRows = cells.filter { $0.row < 6 }
    XCTAssertEqual(Set(iconRows.compactMap { $0.icon?.minX }), [27, 114, 201, 288])
    XCTAssertEqual(
      cells.filter { $0.column == 0 }.compactMap { $0.icon?.minY }, [30, 118, 206, 294, 382, 470])
    XCTAssertTrue(iconRows.allSatisfy { $0.icon?.width == 60 && $0.icon?.height == 60 })
    XCTAssertTrue(cells.filter { $0.row == 6 }.allSatisfy { $0.icon == nil }, "dock has no icons")

    let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "375x667"))
    XCTAssertEqual(metrics.source, "SEED (hand-measured, iOS 12)")
    XCTAssertEqual(metrics.iOSVersion, "iOS 12")
    XCTAssertTrue(metrics.verified)
    XCTAssertNil(metrics.note)
  }

  func testIPhoneXMatchesTheOriginalExactly() throws {
    let cells = try homeCells("375x812")
    XCTAssertEqual(cells.count, 28)
    let (widths, heights) = tracks(cells)
    XCTAssertEqual(widths, [100.5, 87, 87, 100.5])
    XCTAssertEqual(heights, [153, 102, 102, 102, 102, 102, 149])
    XCTAssertEqual(cells[0].icon?.minY, 72)
  }

  func testFourInchMatchesTheOriginal() throws {
    let cells = try homeCells("320x568")
    XCTAssertEqual(cells.count, 24)
    let (widths, heights) = tracks(cells)
    XCTAssertEqual(widths, [84, 76, 76, 84])
    XCTAssertEqual(heights, [101, 88, 88, 88, 88, 115])
  }

  // MARK: Home screen, the seed's errors

  func testThreeAndAHalfInchHoldsFourRowsAndADock() throws {
    let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "320x480"))
    XCTAssertEqual(metrics.iconRows, 4)
    XCTAssertFalse(metrics.verified)
    XCTAssertTrue(try XCTUnwrap(metrics.note).contains("20 cells"))
    let cells = try homeCells("320x480")
    XCTAssertEqual(cells.count, 20)
    XCTAssertEqual(tracks(cells).heights, [101, 88, 88, 88, 115])
  }

  func testFiveAndAHalfInchKeepsIconsAndLetsTheEdgesAbsorbTheError() throws {
    let cells = try homeCells("414x736")
    let (widths, heights) = tracks(cells)
    XCTAssertEqual(widths, [112.125, 94.75, 94.75, 112.375])
    XCTAssertEqual(heights, [118, 100, 100, 100, 100, 100, 118])
    XCTAssertEqual(cells[0].icon?.minX, 34.75)
    XCTAssertEqual(cells[0].icon?.minY, 38)
    let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "414x736"))
    XCTAssertEqual(metrics.bottom, 138)
    XCTAssertTrue(try XCTUnwrap(metrics.note).contains("737"))
  }

  func testSixAndAHalfInchDockTakesTheRemainder() throws {
    let cells = try homeCells("414x896-3x")
    let heights = tracks(cells).heights
    XCTAssertEqual(heights.first, 166.5)  // 78 + 64 + 49/2
    XCTAssertEqual(heights.last ?? 0, 164.5, accuracy: tolerance)
    XCTAssertEqual(cells[0].icon?.width, 64)
    XCTAssertEqual(cells[0].icon?.minY, 78)
    let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "414x896-3x"))
    XCTAssertTrue(try XCTUnwrap(metrics.note).contains("899"))
  }

  func testSixPointOneInchIsTheXRClassFromS5() throws {
    let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "414x896-2x"))
    XCTAssertTrue(metrics.source.contains("S5"))
    XCTAssertTrue(try XCTUnwrap(metrics.note).contains("6.1"))
    XCTAssertEqual(metrics.iconSize, 64)
    XCTAssertTrue(metrics.verified)
  }

  // MARK: Home screen, S5-derived classes

  func testS5DerivationForIPhone12() throws {
    let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "390x844"))
    XCTAssertEqual(metrics.iconSize, 60)
    XCTAssertEqual(metrics.horizontalPitch, 90)
    XCTAssertEqual(metrics.verticalPitch, 98)
    XCTAssertEqual(metrics.left, 30)
    XCTAssertEqual(metrics.gapWidth, 30)
    XCTAssertEqual(metrics.top, 77)
    XCTAssertEqual(metrics.bottom, 217)
    XCTAssertEqual(metrics.iOSVersion, "older than iOS 18")
    XCTAssertTrue(metrics.source.hasPrefix("derived from S5"))
    // Icons centred in their cells and symmetric on the screen.
    let cells = try homeCells("390x844")
    XCTAssertEqual(cells[0].icon?.minX, 30)
    XCTAssertEqual(cells[3].icon?.maxX, 360)
  }

  func testS5DerivedIconSizes() throws {
    for id in ["393x852", "402x874"] {
      XCTAssertEqual(HomeScreenGrid.metrics(forScreenClass: id)?.iconSize, 60, id)
    }
    for id in ["428x926", "430x932", "440x956"] {
      XCTAssertEqual(HomeScreenGrid.metrics(forScreenClass: id)?.iconSize, 64, id)
    }
  }

  func testS5AgreesWithTheSeedOnIPhone8() throws {
    // The iOS 18 S5 row for 375x667 lands within a point of the seed's iOS 12 measurements.
    let all = HomeScreenGrid.allMetrics(forScreenClass: "375x667")
    XCTAssertEqual(all.count, 2)
    XCTAssertEqual(all.first, HomeScreenGrid.metrics(forScreenClass: "375x667"))
    let s5 = all[1]
    XCTAssertEqual(s5.iOSVersion, "iOS 18")
    XCTAssertEqual(s5.top, 30)
    XCTAssertEqual(s5.gapHeight, 28)
    XCTAssertEqual(s5.iconSize, 60)
    XCTAssertEqual(s5.left, 27.75)
    XCTAssertEqual(s5.horizontalPitch, 86.5)
  }

  func testIPhoneAirIsInterpolatedAndUnverified() throws {
    let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "420x912"))
    XCTAssertFalse(metrics.verified)
    XCTAssertTrue(try XCTUnwrap(metrics.note).contains("Interpolated"))
    let lower = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "402x874"))
    let upper = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "440x956"))
    for keyPath in [\HomeScreenMetrics.horizontalPitch, \.verticalPitch, \.top] {
      let (a, b) = (lower[keyPath: keyPath], upper[keyPath: keyPath])
      XCTAssertTrue((min(a, b)...max(a, b)).contains(metrics[keyPath: keyPath]))
    }
    // Symmetric: the interpolated icon block is centred on the 420-point screen.
    let cells = try homeCells("420x912")
    let first = try XCTUnwrap(cells[0].icon), last = try XCTUnwrap(cells[3].icon)
    XCTAssertEqual(first.minX, 420 - last.maxX, accuracy: 1e-9)
  }

  func testIPadsAndUnknownIdsHaveNoMetrics() {
    for screen in DeviceCatalog.screenClasses where screen.family == .ipad {
      XCTAssertNil(HomeScreenGrid.metrics(forScreenClass: screen.id), screen.id)
      XCTAssertEqual(HomeScreenGrid.allMetrics(forScreenClass: screen.id), [])
    }
    XCTAssertNil(HomeScreenGrid.metrics(forScreenClass: "375x812-2x"))
    XCTAssertNil(HomeScreenGrid.metrics(forScreenClass: ""))
  }

  func testEveryIPhoneClassHasMetrics() {
    for screen in DeviceCatalog.screenClasses where screen.family == .iphone {
      XCTAssertNotNil(HomeScreenGrid.metrics(forScreenClass: screen.id), screen.id)
    }
  }

  // MARK: Home screen, tiling

  func testEveryClassWithMetricsTilesItsCanvasExactly() throws {
    var checked = 0
    for screen in DeviceCatalog.screenClasses {
      for metrics in HomeScreenGrid.allMetrics(forScreenClass: screen.id) {
        checked += 1
        let name = "\(screen.id) (\(metrics.source))"
        let canvas = screen.points
        let cells = HomeScreenGrid.cells(metrics: metrics, canvas: canvas)
        assertTiles(cells, canvas: canvas, rows: metrics.iconRows + 1, columns: 4, name)

        // Metrics agree with the screen they describe.
        let rows = Double(metrics.iconRows)
        XCTAssertEqual(
          metrics.top + rows * metrics.iconSize + (rows - 1) * metrics.gapHeight + metrics.bottom,
          canvas.height, accuracy: tolerance, name)
        XCTAssertEqual(metrics.columns, 4, name)
        XCTAssertEqual(
          metrics.iconRows, canvas.height == 480 ? 4 : canvas.height == 568 ? 5 : 6, name)
        XCTAssertFalse(metrics.source.isEmpty, name)
        XCTAssertFalse(metrics.iOSVersion.isEmpty, name)
        if !metrics.verified { XCTAssertNotNil(metrics.note, name) }

        // Every icon row has an icon inside each tile; icons don't overlap.
        for cell in cells where cell.row < metrics.iconRows {
          let icon = try XCTUnwrap(cell.icon, name)
          XCTAssertEqual(icon.width, metrics.iconSize, name)
          XCTAssertTrue(
            icon.minX >= cell.frame.minX - tolerance && icon.maxX <= cell.frame.maxX + tolerance
              && icon.minY >= cell.frame.minY - tolerance
              && icon.maxY <= cell.frame.maxY + tolerance, "\(name) cell \(cell.index)")
        }
        // Icons are centred in their tiles' inner cells: a middle column's icon is centred.
        let middle = cells[5]
        XCTAssertEqual(
          try XCTUnwrap(middle.icon).center.x, middle.frame.center.x, accuracy: tolerance, name)
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 14)
  }

  func testSmallerCanvasIsStillTiled() throws {
    let metrics = try XCTUnwrap(HomeScreenGrid.metrics(forScreenClass: "375x812"))
    let canvas = size(200, 300)
    let cells = HomeScreenGrid.cells(metrics: metrics, canvas: canvas)
    assertTiles(cells, canvas: canvas, rows: 7, columns: 4, "clamped")
    XCTAssertTrue(cells.allSatisfy { $0.icon.map { canvas.width >= $0.maxX } ?? true })
  }

  func testMetricsValidation() {
    XCTAssertThrowsError(
      try HomeScreenMetrics(
        iconRows: 0, iconSize: 60, gapWidth: 1, gapHeight: 1, top: 0, bottom: 0, source: "",
        iOSVersion: "", verified: false)
    ) { XCTAssertEqual(($0 as? GridError)?.field, "iconRows") }
    XCTAssertThrowsError(
      try HomeScreenMetrics(
        iconRows: 4, iconSize: .nan, gapWidth: 1, gapHeight: 1, top: 0, bottom: 0, source: "",
        iOSVersion: "", verified: false)
    ) { XCTAssertEqual(($0 as? GridError)?.description, "iconSize: nan is not allowed (a finite number > 0)") }
    XCTAssertThrowsError(
      try HomeScreenMetrics(
        iconRows: 4, iconSize: 60, gapWidth: -1, gapHeight: 1, top: 0, bottom: 0, source: "",
        iOSVersion: "", verified: false)
    ) { XCTAssertEqual(($0 as? GridError)?.field, "gapWidth") }
  }

  /// The built-in rows are made without the throwing initialiser; each must pass its checks.
  func testEveryBuiltInMetricsRowIsValid() throws {
    let rows = HomeScreenGrid.alternatives.sorted { $0.key < $1.key }
    XCTAssertFalse(rows.isEmpty)
    for (id, metrics) in rows {
      for row in metrics { XCTAssertNoThrow(try row.validate(), "\(id): \(row.source)") }
    }
  }

  /// Rows × columns cells, row-major, each row and column contiguous from edge to edge.
  private func assertTiles(
    _ cells: [GridCell], canvas: Size, rows: Int, columns: Int, _ name: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(cells.count, rows * columns, name, file: file, line: line)
    guard cells.count == rows * columns else { return }
    for (offset, cell) in cells.enumerated() {
      XCTAssertEqual(cell.index, offset, name, file: file, line: line)
      XCTAssertEqual(cell.row, offset / columns, name, file: file, line: line)
      XCTAssertEqual(cell.column, offset % columns, name, file: file, line: line)
    }
    for row in 0..<rows {
      let rowCells = Array(cells[(row * columns)..<((row + 1) * columns)])
      XCTAssertEqual(
        rowCells.map(\.frame.width).reduce(0, +), canvas.width, accuracy: tolerance, name, file: file, line: line)
      XCTAssertEqual(rowCells.first?.frame.minX ?? -1, 0, accuracy: tolerance, name, file: file, line: line)
      XCTAssertEqual(rowCells.last?.frame.maxX ?? -1, canvas.width, accuracy: tolerance, name, file: file, line: line)
      for (a, b) in zip(rowCells, rowCells.dropFirst()) {
        XCTAssertEqual(a.frame.maxX, b.frame.minX, accuracy: tolerance, name, file: file, line: line)
        XCTAssertEqual(a.frame.minY, b.frame.minY, name, file: file, line: line)
        XCTAssertEqual(a.frame.height, b.frame.height, name, file: file, line: line)
      }
    }
    for column in 0..<columns {
      let columnCells = cells.filter { $0.column == column }
      XCTAssertEqual(
        columnCells.map(\.frame.height).reduce(0, +), canvas.height, accuracy: tolerance, name, file: file, line: line)
      XCTAssertEqual(columnCells.first?.frame.minY ?? -1, 0, accuracy: tolerance, name, file: file, line: line)
      XCTAssertEqual(
        columnCells.last?.frame.maxY ?? -1, canvas.height, accuracy: tolerance, name, file: file, line: line)
      for (a, b) in zip(columnCells, columnCells.dropFirst()) {
        XCTAssertEqual(a.frame.maxY, b.frame.minY, accuracy: tolerance, name, file: file, line: line)
      }
    }
    // No two cells overlap by more than rounding.
    for (i, a) in cells.enumerated() {
      for b in cells[(i + 1)...] {
        let overlapX = min(a.frame.maxX, b.frame.maxX) - max(a.frame.minX, b.frame.minX)
        let overlapY = min(a.frame.maxY, b.frame.maxY) - max(a.frame.minY, b.frame.minY)
        XCTAssertFalse(
          overlapX > tolerance && overlapY > tolerance, "\(name): \(a.index) overlaps \(b.index)",
          file: file, line: line)
      }
    }
  }

  // MARK: Square grid

  func testSquareGridFollowsTheOriginalFormula() throws {
    let grid = try SquareGrid(columns: 4, spacing: 10, insets: nil)
    let canvas = size(375, 667)
    XCTAssertEqual(try grid.side(in: canvas), 81.25)  // (375 − 10×3 − 10 − 10) / 4
    let cells = try grid.cells(in: canvas)
    XCTAssertEqual(cells[0].frame.minX, 10)
    XCTAssertEqual(cells[0].frame.maxX, 91.25)
    XCTAssertEqual(cells[0].frame.minY, 10)
    XCTAssertEqual(cells[1].frame.minX, 101.25)
    XCTAssertEqual(cells[3].frame.maxX, 365)
    XCTAssertEqual(cells[4].row, 1)
    XCTAssertEqual(cells[4].column, 0)
    XCTAssertEqual(cells[4].frame.minY, 101.25)
    XCTAssertTrue(cells.allSatisfy { $0.icon == nil })
    // 647 points between the insets hold 7 whole rows and 8.25 points of an eighth.
    XCTAssertEqual(cells.count, 32)
    XCTAssertEqual(cells.map(\.index), Array(0..<32))
    XCTAssertEqual(cells.last?.frame.height ?? 0, 8.25, accuracy: tolerance)
    XCTAssertEqual(cells.last?.frame.maxY ?? 0, 657, accuracy: tolerance)
    XCTAssertEqual(cells.last?.frame.width, 81.25)
    XCTAssertTrue(cells.allSatisfy { $0.frame.maxY <= 667 && $0.frame.maxX <= 375 })
  }

  func testSquareGridRowsFitShrinksTheSide() throws {
    let grid = try SquareGrid(columns: 4, spacing: 10, insets: nil, fit: .rows)
    let cells = try grid.cells(in: size(375, 667))
    // 8 rows: side (647 − 7×10) / 8 = 72.125 ≤ 81.25.
    XCTAssertEqual(cells.count, 32)
    XCTAssertEqual(try grid.side(in: size(375, 667)), 72.125)
    XCTAssertTrue(cells.allSatisfy { $0.frame.width == 72.125 && $0.frame.height == 72.125 })
    XCTAssertEqual(cells.first?.frame.minY, 10)
    XCTAssertEqual(cells.last?.frame.maxY ?? 0, 657, accuracy: tolerance)
    // The narrower block is centred: (355 − 318.5) / 2 = 18.25 extra on each side.
    XCTAssertEqual(cells.first?.frame.minX, 28.25)
    XCTAssertEqual(cells[3].frame.maxX, 375 - 28.25)
  }

  func testSquareGridRowsFitKeepsAnExactSide() throws {
    // 100 − 2×0: 4 columns of 25 and exactly 8 rows in 200.
    let grid = try SquareGrid(columns: 4, spacing: 0, insets: .zero, fit: .rows)
    let cells = try grid.cells(in: size(100, 200))
    XCTAssertEqual(cells.count, 32)
    XCTAssertTrue(cells.allSatisfy { $0.frame.width == 25 && $0.frame.height == 25 })
  }

  func testSquareGridHorizontal() throws {
    let insets = try EdgeInsets(top: 20, left: 5, bottom: 20, right: 5)
    let grid = try SquareGrid(columns: 3, spacing: 10, insets: insets, direction: .horizontal)
    let canvas = size(375, 667)
    let side = (667 - 10 * 2 - 40) / 3.0
    XCTAssertEqual(try grid.side(in: canvas), side)
    let cells = try grid.cells(in: canvas)
    let columns = Int((365 / (side + 10)).rounded(.up))
    XCTAssertEqual(cells.count, 3 * columns)
    XCTAssertEqual(cells[1].row, 0)
    XCTAssertEqual(cells[1].column, 1)
    XCTAssertEqual(cells[1].frame.minX, 5 + side + 10)
    XCTAssertEqual(cells[columns].row, 1)
    XCTAssertEqual(cells[columns].frame.minY, 20 + side + 10)
    XCTAssertEqual(cells[columns - 1].frame.maxX, 370, accuracy: tolerance)
    XCTAssertEqual(try CellSelection.parse("r1c0").indices(in: cells), [columns])
  }

  func testSquareGridErrors() {
    func error(_ body: () throws -> Void) -> GridError? {
      do {
        try body()
        return nil
      } catch {
        return error as? GridError
      }
    }
    let canvas = size(375, 667)
    XCTAssertEqual(
      error { _ = try SquareGrid(columns: 0, spacing: 10, insets: nil) }?.description,
      "columns: 0 is not allowed (a whole number from 1 to 1000)")
    XCTAssertEqual(error { _ = try SquareGrid(columns: -3, spacing: 10, insets: nil) }?.value, "-3")
    XCTAssertEqual(
      error { _ = try SquareGrid(columns: 4, spacing: .nan, insets: nil) }?.description,
      "spacing: nan is not allowed (a finite number ≥ 0)")
    XCTAssertEqual(error { _ = try SquareGrid(columns: 4, spacing: -1, insets: nil) }?.field, "spacing")
    XCTAssertEqual(
      error { _ = try SquareGrid(columns: 4, spacing: .infinity, insets: .zero) }?.field, "spacing")

    // (375 − 3×100 − 100 − 100) / 4 < 0
    let tooWide = error { _ = try SquareGrid(columns: 4, spacing: 100, insets: nil).cells(in: canvas) }
    XCTAssertEqual(tooWide?.field, "side")
    XCTAssertEqual(tooWide?.value, "(375 − 3×100 − 100 − 100) / 4 = -31.25")
    XCTAssertTrue(tooWide?.description.contains("columns 4, spacing 100") ?? false)
    let insets = try! EdgeInsets(top: 0, left: 200, bottom: 0, right: 175)
    XCTAssertEqual(
      error { _ = try SquareGrid(columns: 1, spacing: 0, insets: insets).cells(in: canvas) }?.field,
      "side")
    let tall = try! EdgeInsets(top: 400, left: 0, bottom: 300, right: 0)
    XCTAssertEqual(
      error { _ = try SquareGrid(columns: 2, spacing: 0, insets: tall).cells(in: canvas) }?.description,
      "insets: top 400, bottom 300 is not allowed (insets that leave room inside a height of 667)")
    XCTAssertEqual(
      error { _ = try SquareGrid(columns: 1000, spacing: 0, insets: .zero).cells(in: canvas) }?.field,
      "cells")
    // .rows: a side of 10 with spacing 200 fits no whole number of rows in 100 points.
    let narrow = try! EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    XCTAssertEqual(
      error {
        _ = try SquareGrid(columns: 2, spacing: 200, insets: narrow, fit: .rows).cells(
          in: size(220, 100))
      }?.field, "spacing")
  }

  // MARK: Cell selection

  private func select(_ text: String, _ cells: [GridCell]) throws -> [Int] {
    try CellSelection.parse(text).indices(in: cells, columns: 4)
  }

  func testSelectionParsing() throws {
    let cells = try homeCells("375x667")
    XCTAssertEqual(try select("0,5,6", cells), [0, 5, 6])
    XCTAssertEqual(try select("8-11", cells), [8, 9, 10, 11])
    XCTAssertEqual(try select("r2c3", cells), [11])
    XCTAssertEqual(try select("r1c1", cells), [5])
    XCTAssertEqual(try select("0,r1c1,8-11", cells), [0, 5, 8, 9, 10, 11])
    XCTAssertEqual(try select(" 6 , R0C2,6,5-5 ", cells), [2, 5, 6])
    XCTAssertEqual(try select("r6c3,27", cells), [27])
    XCTAssertEqual(try select("0-27", cells), Array(0...27))
    XCTAssertEqual(try CellSelection.parse("0, r1c1 ,8-11").description, "0,r1c1,8-11")
    XCTAssertEqual(
      try CellSelection.parse("3,1-2,r0c0").items, [.index(3), .range(1, 2), .cell(row: 0, column: 0)])
  }

  func testSelectionParseErrors() {
    func parseError(_ text: String) -> GridError? {
      do {
        _ = try CellSelection.parse(text)
        return nil
      } catch {
        return error
      }
    }
    XCTAssertEqual(
      parseError("5-2")?.description,
      "cells: 5-2 is not allowed (a range from low to high, such as 2-5)")
    XCTAssertEqual(parseError("x")?.value, "x")
    XCTAssertEqual(parseError("x")?.field, "cells")
    for bad in ["", "  ", "1,,2", "1,", "-1", "1-", "r1", "rc1", "r1c", "c1r1", "r-1c0", "1.5", "+2", "٣"] {
      XCTAssertNotNil(parseError(bad), "\(bad) should not parse")
    }
    XCTAssertEqual(parseError("1,,2")?.value, "\"\"")
    XCTAssertEqual(parseError("99999999999999999999999")?.field, "cells")
  }

  func testSelectionRangeErrors() throws {
    let cells = try homeCells("375x667")
    func rangeError(_ text: String) -> GridError? {
      do {
        _ = try select(text, cells)
        return nil
      } catch {
        return error as? GridError
      }
    }
    XCTAssertEqual(rangeError("28")?.description, "cells: 28 is not allowed (indices 0…27)")
    XCTAssertEqual(rangeError("0,26-28,40")?.value, "26-28")
    XCTAssertEqual(rangeError("r9c0")?.description, "cells: r9c0 is not allowed (rows 0…6)")
    XCTAssertEqual(rangeError("r0c4")?.description, "cells: r0c4 is not allowed (columns 0…3)")
    XCTAssertEqual(rangeError("1,r7c0,99")?.value, "r7c0", "the first offending item is named")
    XCTAssertThrowsError(try CellSelection.parse("0").indices(in: [], columns: 4)) {
      XCTAssertEqual(($0 as? GridError)?.allowed, "none: the grid has no cells")
    }
  }
}
