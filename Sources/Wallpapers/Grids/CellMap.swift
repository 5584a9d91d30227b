import SceneGraph

extension Design {
  /// The cells people pick from (`wallpaper cells`, the editor): the design's grid, or the
  /// device's home-screen grid when the design has none; numbered as `--fill` numbers them.
  /// `kind` is the grid a fill of these cells needs.
  ///
  /// - Throws: `GridError` when the design's grid cannot be laid out, or when it has no grid
  ///   and the device has no home-screen grid (iPads, landscape).
  public func cellMap() throws(GridError) -> (cells: [GridCell], kind: Grid.Name) {
    if grid.kind != .none { return (try gridCells(), grid.kind.name) }
    var home = self
    home.grid.kind = .home
    return (try home.gridCells(), .home)
  }

  /// The numbers' size on a cell map, in points: 30 % of the cell's shorter side, from 9 to 24.
  public static func cellNumberSize(for cell: GridCell) -> Double {
    min(24, max(9, min(cell.frame.width, cell.frame.height) * 0.3))
  }

  /// The number tag's size for `index` at text size `size`, in points.
  static func tagSize(index: Int, size: Double) -> (width: Double, height: Double) {
    (size * (0.62 * Double(String(index).count) + 0.6), size * 1.3)
  }

  /// The design's scene with the cell map over it: every cell outlined and its number on a
  /// white tag in the middle, in a top layer named `cells`.
  ///
  /// - Throws: `GridError` as `cellMap()`; `SceneError` for a scene that cannot be built.
  public func cellMapScene(defaultFont: String) throws -> Scene {
    let (cells, _) = try cellMap()
    // Numbers are never drawn below 9 pt: a grid whose typical cell cannot hold its largest
    // number at that size is refused rather than drawn illegibly.
    if let last = cells.last {
      let (width, height) = Self.tagSize(index: last.index, size: 9)
      let widths = cells.map(\.frame.width).sorted()
      let heights = cells.map(\.frame.height).sorted()
      let (typicalWidth, typicalHeight) = (widths[widths.count / 2], heights[heights.count / 2])
      if typicalWidth < width || typicalHeight < height {
        throw GridError(
          field: "cells",
          value: "\(cells.count) cells of \(formatNumber(typicalWidth))×\(formatNumber(typicalHeight)) pt",
          allowed:
            "cells of at least \(formatNumber((width * 100).rounded(.up) / 100))×\(formatNumber((height * 100).rounded(.up) / 100)) pt, so that numbers up to \(last.index) fit at 9 pt; use fewer columns, or --json"
        )
      }
    }
    let base = try scene(defaultFont: defaultFont)
    var outlines = Path()
    var tags: [Node] = []
    let font = FontReference(path: defaultFont)
    for cell in cells {
      outlines.addRectangle(cell.frame)
      let size = Self.cellNumberSize(for: cell)
      let (width, height) = Self.tagSize(index: cell.index, size: size)
      let center = cell.frame.center
      let tag = try Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
      tags.append(
        .shape(ShapeNode(try .rounded(tag, radius: height / 2), fill: .solid(Color(rgb: 0xFFFFFF, alpha: 0xE6)))))
      tags.append(
        .text(
          try TextNode(
            String(cell.index), font: font, size: size, color: .black, position: center,
            anchor: TextAnchor(.center, .middle))))
    }
    let stroke = try Stroke(.solid(Color(rgb: 0x000000, alpha: 0x99)), width: .devicePixels(1))
    let map = Node.group(Group(name: "cells", children: [.shape(ShapeNode(.path(outlines), stroke: stroke))] + tags))
    return try Scene(size: base.size, nodes: base.nodes + [map])
  }
}
