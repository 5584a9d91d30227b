/// A set of grid cells written as text: comma-separated cell indices (`0,5,6`), inclusive ranges
/// (`8-11`) and zero-based row/column pairs (`r2c3`), mixed freely (`0,r1c1,8-11`).
///
/// Indices are row-major from 0, as in the original app (on 4.7", cell 5 is row 1, column 1).
/// Whitespace around items is ignored; `r`/`c` may be upper case.
public struct CellSelection: Sendable, Hashable, CustomStringConvertible {
  /// One comma-separated item.
  public enum Item: Sendable, Hashable, CustomStringConvertible {
    case index(Int)
    /// An inclusive range, `lower ≤ upper`.
    case range(Int, Int)
    /// A zero-based row and column.
    case cell(row: Int, column: Int)

    public var description: String {
      switch self {
      case .index(let index): return "\(index)"
      case .range(let lower, let upper): return "\(lower)-\(upper)"
      case .cell(let row, let column): return "r\(row)c\(column)"
      }
    }
  }

  /// The items in the order written.
  public let items: [Item]

  public init(items: [Item]) {
    self.items = items
  }

  /// The selection in canonical form, e.g. `0,r1c1,8-11`.
  public var description: String { items.map(\.description).joined(separator: ",") }

  /// Parses "0,5,6", ranges "8-11", "r2c3" (row 2, column 3, zero-based, as the original's
  /// row-major indices), mixed "0,r1c1,8-11".
  /// - Throws: `GridError` (field `cells`) naming the first item that is empty, malformed, or a
  ///   range running backwards.
  public static func parse(_ text: String) throws(GridError) -> CellSelection {
    let syntax = "comma-separated cell indices such as 0,5,6, ranges such as 8-11 or rows and columns such as r2c3"
    guard !text.allSatisfy(\.isWhitespace) else {
      throw GridError(field: "cells", value: "\"\(text)\"", allowed: syntax)
    }
    var items: [Item] = []
    for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
      let item = raw.trimmingWhitespace()
      if let index = wholeNumber(item) {
        items.append(.index(index))
      } else if let dash = item.firstIndex(of: "-"),
        let lower = wholeNumber(item[..<dash]),
        let upper = wholeNumber(item[item.index(after: dash)...])
      {
        guard lower <= upper else {
          throw GridError(
            field: "cells", value: String(item),
            allowed: "a range from low to high, such as \(upper)-\(lower)")
        }
        items.append(.range(lower, upper))
      } else if let first = item.first, first == "r" || first == "R",
        let c = item.firstIndex(where: { $0 == "c" || $0 == "C" }),
        let row = wholeNumber(item[item.index(after: item.startIndex)..<c]),
        let column = wholeNumber(item[item.index(after: c)...])
      {
        items.append(.cell(row: row, column: column))
      } else {
        throw GridError(field: "cells", value: item.isEmpty ? "\"\"" : String(item), allowed: syntax)
      }
    }
    return CellSelection(items: items)
  }

  /// The indices it selects among `cells`, ascending and without duplicates.
  ///
  /// - Parameters:
  ///   - cells: the grid's cells.
  ///   - columns: cells per row, which `rNcM` items are checked against (4 for home-screen
  ///     grids; for a horizontal square grid, the number of columns it produced).
  /// - Throws: `GridError` (field `cells`) naming the first index, row or column out of range.
  public func indices(in cells: [GridCell], columns: Int) throws(GridError) -> [Int] {
    let rows = (cells.map(\.row).max() ?? -1) + 1
    let validIndices = cells.isEmpty ? "none: the grid has no cells" : "indices 0…\(cells.count - 1)"

    var selected = Set<Int>()
    for item in items {
      switch item {
      case .index(let index):
        guard index < cells.count else {
          throw GridError(field: "cells", value: item.description, allowed: validIndices)
        }
        selected.insert(index)
      case .range(let lower, let upper):
        guard upper < cells.count else {
          throw GridError(field: "cells", value: item.description, allowed: validIndices)
        }
        selected.formUnion(lower...upper)
      case .cell(let row, let column):
        guard row < rows else {
          throw GridError(
            field: "cells", value: item.description,
            allowed: rows == 0 ? "none: the grid has no rows" : "rows 0…\(rows - 1)")
        }
        guard column < columns else {
          throw GridError(
            field: "cells", value: item.description,
            allowed: columns <= 0 ? "none: the grid has no columns" : "columns 0…\(columns - 1)")
        }
        guard let index = cells.first(where: { $0.row == row && $0.column == column })?.index else {
          throw GridError(
            field: "cells", value: item.description, allowed: "a cell of this grid")
        }
        selected.insert(index)
      }
    }
    return selected.sorted()
  }

  /// `indices(in:columns:)` with the column count taken from the cells themselves.
  public func indices(in cells: [GridCell]) throws(GridError) -> [Int] {
    try indices(in: cells, columns: (cells.map(\.column).max() ?? -1) + 1)
  }

  /// A whole number written in ASCII digits only (no sign), or nil.
  private static func wholeNumber(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> Substring {
    var result = self
    while let first = result.first, first.isWhitespace { result = result.dropFirst() }
    while let last = result.last, last.isWhitespace { result = result.dropLast() }
    return result
  }
}
