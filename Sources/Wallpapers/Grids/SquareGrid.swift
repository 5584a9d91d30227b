import SceneGraph

/// Equal square cells dividing the canvas into `columns` lines, after the UICollectionView
/// helper in `seeds/003`: `side = (width − spacing × (N − 1) − left − right) / N`, cells
/// `spacing` apart, starting at the top-left inset.
///
/// Cells are numbered row-major from 0 in both directions (row by row, left to right).
public struct SquareGrid: Sendable, Hashable {
  /// Which side the `columns` lines divide.
  public enum Direction: String, CaseIterable, Sendable {
    /// N columns dividing the width; rows repeat down.
    case vertical
    /// N rows dividing the height; columns repeat across.
    case horizontal
  }

  /// What happens to the repeating lines at the far edge.
  public enum Fit: String, CaseIterable, Sendable {
    /// The default: lines repeat until the content area (canvas minus insets) ends; the last
    /// one is cut at its edge, so its frames are shorter than square (never zero).
    case clip
    /// The side shrinks so a whole number of lines fits the content area exactly (for
    /// `.horizontal`, whole columns across the width); the now narrower block of `columns`
    /// lines is centred between the other two insets.
    case rows
  }

  /// The most lines `columns` may ask for.
  public static let maxColumns = 1000
  /// The most cells a grid may produce.
  public static let maxCells = 100_000

  /// Lines dividing the width (`.vertical`) or the height (`.horizontal`), 1…`maxColumns`.
  public let columns: Int
  /// Space between neighbouring cells, in points, ≥ 0.
  public let spacing: Double
  /// Space between the canvas edges and the cells, in points.
  public let insets: EdgeInsets
  public let direction: Direction
  public let fit: Fit

  /// - Parameters:
  ///   - columns: lines dividing the width (vertical) or height (horizontal), 1…`maxColumns`.
  ///   - spacing: between neighbouring cells, in points, ≥ 0.
  ///   - insets: in points; nil puts `spacing` on every side, as the original does.
  ///   - direction: whether `columns` divides the width or the height.
  ///   - fit: whether the last row is cut or the cells shrink so whole rows fit.
  /// - Throws: `GridError` for `columns` outside 1…`maxColumns` or a `spacing` that is negative,
  ///   NaN or infinite.
  public init(
    columns: Int, spacing: Double, insets: EdgeInsets?, direction: Direction = .vertical,
    fit: Fit = .clip
  ) throws(GridError) {
    guard (1...Self.maxColumns).contains(columns) else {
      throw GridError(
        field: "columns", value: "\(columns)",
        allowed: "a whole number from 1 to \(Self.maxColumns)")
    }
    guard spacing.isFinite, spacing >= 0,
      let resolved = insets ?? (try? EdgeInsets(top: spacing, left: spacing, bottom: spacing, right: spacing))
    else {
      throw GridError(field: "spacing", value: formatNumber(spacing), allowed: "a finite number ≥ 0")
    }
    self.columns = columns
    self.spacing = spacing
    self.insets = resolved
    self.direction = direction
    self.fit = fit
  }

  /// The side of every (unclipped) cell in `canvas`, in points.
  /// - Throws: `GridError` when the columns, spacing and insets leave no room.
  public func side(in canvas: Size) throws(GridError) -> Double {
    try layout(in: canvas).side
  }

  /// The cells in `canvas` (points), row-major from 0. Every frame lies inside the canvas and
  /// its content area (canvas minus insets).
  ///
  /// - Throws: `GridError` when the columns, spacing and insets leave a side ≤ 0, when the insets
  ///   leave no room along the repeating direction, when `.rows` finds no whole number of lines
  ///   that fits, or when the grid would have more than `maxCells` cells.
  public func cells(in canvas: Size) throws(GridError) -> [GridCell] {
    let layout = try layout(in: canvas)
    let vertical = direction == .vertical
    let rows = vertical ? layout.lines : columns
    let columnCount = vertical ? columns : layout.lines
    let pitch = layout.side + spacing
    var cells: [GridCell] = []
    cells.reserveCapacity(rows * columnCount)
    for row in 0..<rows {
      for column in 0..<columnCount {
        // Along the divided axis: `columns` lines from the (centred) start; along the repeating
        // axis: lines from the inset, the last one cut at the content area's end.
        let (divided, repeated) = vertical ? (column, row) : (row, column)
        let a = layout.dividedStart + Double(divided) * pitch
        let b = layout.repeatedStart + Double(repeated) * pitch
        let length = min(layout.side, layout.repeatedEnd - b)
        let frame =
          vertical
          ? try? Rect(x: a, y: b, width: layout.side, height: length)
          : try? Rect(x: b, y: a, width: length, height: layout.side)
        // `layout` guarantees finite, positive lengths; a failure here is a bug.
        guard let frame else { preconditionFailure("SquareGrid produced an invalid frame") }
        cells.append(GridCell(index: cells.count, row: row, column: column, frame: frame))
      }
    }
    return cells
  }

  /// Side, line count and where the lines start and end, in points, along the divided axis
  /// (`columns` lines) and the repeating axis.
  private struct Layout {
    var side: Double
    var lines: Int
    var dividedStart: Double
    var repeatedStart: Double
    var repeatedEnd: Double
  }

  private func layout(in canvas: Size) throws(GridError) -> Layout {
    let vertical = direction == .vertical
    let n = Double(columns)
    let (length, leading, trailing) =
      vertical
      ? (canvas.width, insets.left, insets.right) : (canvas.height, insets.top, insets.bottom)
    let (across, start, end) =
      vertical
      ? (canvas.height, insets.top, insets.bottom) : (canvas.width, insets.left, insets.right)
    let number = formatNumber
    let leadingName = vertical ? "left" : "top"
    let trailingName = vertical ? "right" : "bottom"
    let lengthName = vertical ? "width" : "height"

    var side = (length - spacing * (n - 1) - leading - trailing) / n
    guard side.isFinite, side > 0 else {
      throw GridError(
        field: "side",
        value:
          "(\(number(length)) − \(columns - 1)×\(number(spacing)) − \(number(leading)) − \(number(trailing))) / \(columns) = \(number(side))",
        allowed: """
          columns \(columns), spacing \(number(spacing)) and insets \(leadingName) \(number(leading)), \
          \(trailingName) \(number(trailing)) must leave a side > 0 in a \(lengthName) of \(number(length))
          """)
    }
    let available = across - start - end
    let startName = vertical ? "top" : "left"
    let endName = vertical ? "bottom" : "right"
    let acrossName = vertical ? "height" : "width"
    guard available > 0 else {
      throw GridError(
        field: "insets", value: "\(startName) \(number(start)), \(endName) \(number(end))",
        allowed: "insets that leave room inside a \(acrossName) of \(number(across))")
    }

    var lines: Int
    switch fit {
    case .clip:
      let count = (available / (side + spacing)).rounded(.up)
      guard count <= Double(Self.maxCells / columns) else { throw tooMany(count * n) }
      lines = max(Int(count), 1)
      // Drop a last line that starts (within rounding) at the content area's end.
      while lines > 1, available - Double(lines - 1) * (side + spacing) <= 1e-9 { lines -= 1 }
    case .rows:
      let count = ((available + spacing) / (side + spacing) - 1e-9).rounded(.up)
      guard count <= Double(Self.maxCells / columns) else { throw tooMany(count * n) }
      lines = max(Int(count), 1)
      side = (available - Double(lines - 1) * spacing) / Double(lines)
      guard side > 0 else {
        throw GridError(
          field: "spacing", value: number(spacing),
          allowed: """
            no whole number of \(vertical ? "rows" : "columns") of side ≤ \
            \(number((length - spacing * (n - 1) - leading - trailing) / n)) fits a \(acrossName) \
            of \(number(available)) between the insets
            """)
      }
    }
    // Centre the (possibly narrower) block of `columns` lines between its insets.
    let used = n * side + (n - 1) * spacing
    let slack = max(0, length - leading - trailing - used)
    return Layout(
      side: side, lines: lines, dividedStart: leading + slack / 2, repeatedStart: start,
      repeatedEnd: across - end)
  }

  private func tooMany(_ count: Double) -> GridError {
    GridError(
      field: "cells", value: formatNumber(count),
      allowed: "at most \(Self.maxCells) cells; use fewer columns or more spacing")
  }
}
