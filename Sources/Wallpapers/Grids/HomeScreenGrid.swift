import SceneGraph

/// One tile of a grid: where it is and, for home-screen grids, where its icon sits.
public struct GridCell: Sendable, Hashable {
  /// Row-major position from 0 (`row × columns + column`).
  public let index: Int
  /// Zero-based row, from the top.
  public let row: Int
  /// Zero-based column, from the left.
  public let column: Int
  /// The whole tile, in points.
  public let frame: Rect
  /// The icon slot inside the tile, in points: nil for square grids, for the dock band (no
  /// source measured the dock icons) and for a tile squeezed too small to hold its icon.
  public let icon: Rect?

  public init(index: Int, row: Int, column: Int, frame: Rect, icon: Rect? = nil) {
    self.index = index
    self.row = row
    self.column = column
    self.frame = frame
    self.icon = icon
  }
}

/// A grid parameter or cell selection that can't be used: the scene graph's error, whose
/// description names the value, what it was and what is allowed, for example
/// `columns: 0 is not allowed (a whole number from 1 to 1000)`.
public typealias GridError = SceneError

/// The iPhone home screen's icon grid, as tiles covering the whole screen, after the original
/// Grid Wallpaper app ([SEED] in Docs/devices.md).
public enum HomeScreenGrid {
  /// Metrics for a screen class id (`375x667`, `414x896-2x`, …), or nil when no trustworthy
  /// metrics exist: for every iPad class (their home screen's column count varies with model,
  /// orientation and the icon-size setting, the dock floats, and no source in Docs/devices.md measured
  /// any of it) and for unknown ids.
  ///
  /// The original app's classes (320x480, 320x568, 375x667, 414x736, 375x812, 414x896-3x) get its
  /// hand-measured iOS 12 numbers with the seed's errors corrected; every other iPhone class gets
  /// metrics derived from the [S5] community widget measurements; the iPhone Air (420x912), which
  /// S5 does not cover, is interpolated between 402x874 and 440x956 and has `verified == false`.
  /// Read `source`, `iOSVersion` and `note` for the provenance of each entry.
  public static func metrics(forScreenClass id: String) -> HomeScreenMetrics? {
    defaults[id]
  }

  /// Every metrics entry known for a screen class, the default (`metrics(forScreenClass:)`) first:
  /// the seed classes also have [S5]-derived alternatives measured on newer iOS versions.
  /// Empty when there are none.
  public static func allMetrics(forScreenClass id: String) -> [HomeScreenMetrics] {
    alternatives[id] ?? []
  }

  /// The cells tiling `canvas` exactly (no gap, no overlap), row-major from 0, with
  /// `metrics.iconRows + 1` rows of `metrics.columns` cells; the last row is the dock band.
  ///
  /// The original app's rules: every cell is (icon + gap.w) wide and (icon + gap.h) high; the
  /// first and last column are gap.w / 2 wider (more generally, the first column reaches from the
  /// screen edge to half-way between the first two icon columns); the first row is taller by
  /// `top − gap.h / 2`; the last column and the dock band take whatever remains of the canvas, so
  /// the widths and heights sum exactly to the canvas (this absorbs the seed's 5.5" and 6.5"
  /// rounding). On 375×667: columns 100.5, 87, 87, 100.5; rows 104, 88 ×5, 123.
  ///
  /// - Parameters:
  ///   - metrics: the home screen's measured icon grid.
  ///   - canvas: the screen in points, portrait (the size of the class the metrics were
  ///     measured on). A boundary that would fall outside a smaller canvas is clamped to its
  ///     edge, so the result still tiles it, with some cells zero-sized and without icons.
  public static func cells(metrics: HomeScreenMetrics, canvas: Size) -> [GridCell] {
    let hPitch = metrics.horizontalPitch
    let vPitch = metrics.verticalPitch
    // Boundaries between columns lie half-way between neighbouring icons.
    let xs = boundaries(
      count: metrics.columns, extent: canvas.width,
      inner: { metrics.left - metrics.gapWidth / 2 + Double($0) * hPitch })
    // Between icon rows likewise; the last boundary closes the last icon row's tile and opens
    // the dock band.
    let ys = boundaries(
      count: metrics.iconRows + 1, extent: canvas.height,
      inner: { metrics.top - metrics.gapHeight / 2 + Double($0) * vPitch })

    var cells: [GridCell] = []
    cells.reserveCapacity(metrics.columns * (metrics.iconRows + 1))
    for row in 0...metrics.iconRows {
      for column in 0..<metrics.columns {
        // Boundaries are finite, within 0…extent and non-decreasing, so the rectangle is valid.
        let frame = Rect(
          clampingX: xs[column], y: ys[row], width: xs[column + 1] - xs[column],
          height: ys[row + 1] - ys[row])
        var icon: Rect? = nil
        if row < metrics.iconRows {
          let slot = try? Rect(
            x: metrics.left + Double(column) * hPitch, y: metrics.top + Double(row) * vPitch,
            width: metrics.iconSize, height: metrics.iconSize)
          if let slot, contains(frame, slot) { icon = slot }
        }
        cells.append(
          GridCell(
            index: cells.count, row: row, column: column, frame: frame, icon: icon))
      }
    }
    return cells
  }

  /// `count + 1` boundaries from 0 to `extent`: 0, `inner(1)`, …, `inner(count − 1)`, `extent`,
  /// each clamped between the previous one and `extent`.
  private static func boundaries(count: Int, extent: Double, inner: (Int) -> Double) -> [Double] {
    var result = [0.0]
    for index in 1..<max(count, 1) {
      let value = inner(index)
      let previous = result[result.count - 1]
      result.append(value.isFinite ? min(max(value, previous), extent) : extent)
    }
    result.append(extent)
    return result
  }

  /// Whether `inner` lies within `outer`, allowing for rounding.
  private static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
    let tolerance = 1e-9
    return inner.minX >= outer.minX - tolerance && inner.maxX <= outer.maxX + tolerance
      && inner.minY >= outer.minY - tolerance && inner.maxY <= outer.maxY + tolerance
  }
}
