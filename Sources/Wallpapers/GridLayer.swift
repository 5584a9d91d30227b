import Platform
import SceneGraph

/// The grid overlay of a design: which grid, which cells are coloured, and its lines.
public struct GridLayer: Sendable, Hashable {
  /// Cells coloured with one colour.
  public struct Fill: Sendable, Hashable {
    public var cells: CellSelection
    public var color: Color
    /// Which cells the selection resolved to, once checked against the grid.
    public var indices: [Int]

    /// The cells of `cells` in the grid of `design` (its grid must be set first), coloured
    /// `color`.
    ///
    /// ```swift
    /// var design = Design(device: DeviceCatalog.device(id: "iphone-16")!)
    /// design.grid.kind = .home
    /// let selection = try CellSelection.parse("0-3,r2c2")
    /// design.grid.fills.append(try GridLayer.Fill(cells: selection, color: .black, in: design))
    /// ```
    ///
    /// - Throws: `GridError` when the grid cannot be laid out or the selection names a cell
    ///   it does not have.
    public init(cells: CellSelection, color: Color, in design: Design) throws(GridError) {
      try self.init(cells: cells, color: color, among: design.gridCells())
    }

    /// The cells of `cells` among `gridCells` (a design's `gridCells()`, laid out once for
    /// many fills), coloured `color`.
    ///
    /// - Throws: `GridError` when the selection names a cell the grid does not have.
    public init(cells: CellSelection, color: Color, among gridCells: [GridCell]) throws(GridError) {
      self.cells = cells
      self.color = color
      self.indices = try cells.indices(in: gridCells)
    }
  }

  public var kind: Grid = .none
  public var fills: [Fill] = []
  /// Cell lines (home grid) or gutters (square grid); nil draws none.
  public var lineColor: Color?
  public var lineWidth: StrokeWidth = .devicePixels(1)
  /// Draws rounded outlines where the icons sit, to check alignment with a real home screen.
  public var showIcons = false
  /// Photos for the square grid's cells, in order: cell i shows `images[i % images.count]`,
  /// centre-cropped to the cell's square.
  public var images: [CellImage] = []

  public init() {}

  /// A square grid layer: `columns` equal squares across, `spacing` points between them and
  /// `insets` around them (nil: `spacing` on every side), as `--grid square` draws it.
  ///
  /// ```swift
  /// design.grid = try .square(columns: 3, spacing: 6)
  /// ```
  ///
  /// - Throws: `GridError` as `SquareGrid.init` does: `columns` outside 1…`SquareGrid.maxColumns`,
  ///   a negative or non-finite `spacing`.
  public static func square(
    columns: Int, spacing: Double = 0, insets: EdgeInsets? = nil, direction: SquareGrid.Direction = .vertical,
    fit: SquareGrid.Fit = .clip
  ) throws(GridError) -> GridLayer {
    var layer = GridLayer()
    layer.kind = .square(
      try SquareGrid(columns: columns, spacing: spacing, insets: insets, direction: direction, fit: fit))
    return layer
  }
}

/// A photo for square-grid cells.
public struct CellImage: Sendable, Hashable {
  /// The most bytes `init(contentsOf:)` reads: 64 MiB, the limit of a design's photos.
  public static let maxFileBytes = 64 << 20

  /// The file as read (resolved against the design file's folder).
  public var file: String
  /// The encoded image, decoded by the renderer as the background photo is.
  public var bytes: [UInt8]

  public init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
  }

  /// The PNG, JPEG or HEIC photo at `path`, read whole (at most `maxFileBytes`); the renderer
  /// checks that it decodes.
  ///
  /// ```swift
  /// design.grid.images = [try CellImage(contentsOf: "photos/a.jpg")]
  /// ```
  ///
  /// - Throws: `FileReadError` when `path` is missing, not a regular file, unreadable or larger
  ///   than `maxFileBytes`.
  public init(contentsOf path: String) throws(FileReadError) {
    self.init(file: path, bytes: try FilePath(path).readRegularFile(limit: Self.maxFileBytes))
  }
}

/// The layers of a design, in default drawing order (bottom first).
public enum LayerName: String, Sendable, Hashable, CaseIterable {
  case background, art, grid, label
}

/// A layer's place and opacity, from the design's `layers` list.
public struct LayerSetting: Sendable, Hashable {
  public var name: LayerName
  public var opacity: Opacity

  public init(name: LayerName, opacity: Opacity = .opaque) {
    self.name = name
    self.opacity = opacity
  }
}

/// Portrait is the device's natural orientation; landscape turns the canvas a quarter turn.
public enum Orientation: String, Sendable, Hashable, CaseIterable {
  case portrait, landscape
}

extension Design {
  /// The cells of the design's grid on its canvas; empty when there is no grid.
  ///
  /// - Throws: `GridError` when the grid cannot be laid out (no metrics, no room).
  public func gridCells() throws(GridError) -> [GridCell] {
    switch grid.kind {
    case .none:
      return []
    case .home:
      guard let metrics = HomeScreenGrid.metrics(forScreenClass: device.screen.id) else {
        throw GridError(
          field: "grid", value: "home on \(device.id) (screen class \(device.screen.id))",
          allowed: "devices with measured home-screen metrics: iPhones; none are published for iPads")
      }
      guard orientation == .portrait else {
        throw GridError(
          field: "grid", value: "home in landscape", allowed: "the home-screen grid in portrait only")
      }
      return HomeScreenGrid.cells(metrics: metrics, canvas: canvasSize)
    case .square(let square):
      return try square.cells(in: canvasSize)
    }
  }

  /// Whether the grid layer starts with a photo in every cell (a square grid with `images`):
  /// one node per cell, in cell order, under the fills.
  public var showsCellPhotos: Bool {
    guard case .square = grid.kind else { return false }
    return !grid.images.isEmpty
  }

  /// The grid as scene nodes: cell photos (see `showsCellPhotos`), filled cells (one named
  /// group `cell-N` each), then lines or gutters, then icon outlines.
  ///
  /// - Parameter bleed: points beyond the screen on every side (print). Filled tiles and cell
  ///   lines that reach a screen edge continue to the end of the bleed, so nothing stops short
  ///   at the trim when the sheet is cut.
  func gridNodes(cells: [GridCell], bleed: Double = 0) throws(SceneError) -> [Node] {
    var nodes: [Node] = []
    if case .square(let square) = grid.kind, showsCellPhotos {
      nodes.append(contentsOf: try cellImages(cells, side: try square.side(in: canvasSize)))
    }
    // Each filled cell is its own node, `cell-N` (N as `--fill` numbers it), so a designer
    // can recolour one cell. They are listed colour by colour, in the order colours first
    // appear: the renderer fills a run of plain fills of one colour as one path, so adjacent
    // tiles show no seam. A later fill wins a cell over an earlier one.
    var order: [Color] = []
    var owner = [Color?](repeating: nil, count: cells.count)
    for fill in grid.fills {
      if !order.contains(fill.color) { order.append(fill.color) }
      for index in fill.indices where index < owner.count { owner[index] = fill.color }
    }
    for color in order {
      for index in owner.indices where owner[index] == color {
        let tile = ShapeNode(.rectangle(try extendedToBleed(cells[index].frame, bleed: bleed)), fill: .solid(color))
        nodes.append(.group(Group(name: "cell-\(cells[index].index)", children: [.shape(tile)])))
      }
    }
    if let lineColor = grid.lineColor {
      switch grid.kind {
      case .home: nodes.append(contentsOf: try cellLines(cells, color: lineColor, bleed: bleed))
      case .square: nodes.append(contentsOf: try gutters(cells, color: lineColor))
      case .none: break
      }
    }
    if grid.showIcons {
      let stroke = try Stroke(.solid(Color(rgb: 0x000000, alpha: 0x99)), width: .devicePixels(1))
      for cell in cells {
        guard let icon = cell.icon else { continue }
        nodes.append(.shape(ShapeNode(try .rounded(icon, radius: icon.width * 0.225), stroke: stroke)))
      }
    }
    return nodes
  }

  /// Each cell's photo, in order and repeating, centre-cropped to the cell's whole square (a
  /// cell cut at the canvas's inset shows the square's top-left part, as a scrolled photo grid).
  private func cellImages(_ cells: [GridCell], side: Double) throws(SceneError) -> [Node] {
    try cells.map { cell throws(SceneError) in
      let image = grid.images[cell.index % grid.images.count]
      let square = try Rect(x: cell.frame.minX, y: cell.frame.minY, width: side, height: side)
      let node = Node.image(ImageNode(data: image.bytes, frame: square, mode: .fill))
      let whole = cell.frame.width >= side - 1e-9 && cell.frame.height >= side - 1e-9
      return whole ? node : .group(Group(clip: .rectangle(cell.frame), children: [node]))
    }
  }

  /// `frame` with every side that lies on a screen edge moved out by `bleed`.
  private func extendedToBleed(_ frame: Rect, bleed: Double) throws(SceneError) -> Rect {
    guard bleed > 0 else { return frame }
    let size = canvasSize
    let minX = frame.minX <= 0 ? -bleed : frame.minX
    let minY = frame.minY <= 0 ? -bleed : frame.minY
    let maxX = frame.maxX >= size.width ? size.width + bleed : frame.maxX
    let maxY = frame.maxY >= size.height ? size.height + bleed : frame.maxY
    return try Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// Lines along every tile edge inside the canvas: the column and row boundaries, running on
  /// into the bleed.
  private func cellLines(_ cells: [GridCell], color: Color, bleed: Double) throws(SceneError) -> [Node] {
    var xs = Set<Double>()
    var ys = Set<Double>()
    for cell in cells {
      xs.insert(cell.frame.maxX)
      ys.insert(cell.frame.maxY)
    }
    let size = canvasSize
    var path = Path()
    for x in xs.sorted() where x > 0 && x < size.width {
      path.move(to: try Point(x: x, y: -bleed))
      path.line(to: try Point(x: x, y: size.height + bleed))
    }
    for y in ys.sorted() where y > 0 && y < size.height {
      path.move(to: try Point(x: -bleed, y: y))
      path.line(to: try Point(x: size.width + bleed, y: y))
    }
    guard !path.isEmpty else { return [] }
    return [.shape(ShapeNode(.path(path), stroke: try Stroke(.solid(color), width: grid.lineWidth)))]
  }

  /// The gaps between square cells, filled with `color`.
  private func gutters(_ cells: [GridCell], color: Color) throws(SceneError) -> [Node] {
    guard let first = cells.first else { return [] }
    let minX = cells.map(\.frame.minX).min()!
    let maxX = cells.map(\.frame.maxX).max()!
    let minY = first.frame.minY
    let maxY = cells.map(\.frame.maxY).max()!
    var path = Path()
    let columnsStarts = Set(cells.map(\.frame.minX)).sorted()
    let columnEnds = Set(cells.map(\.frame.maxX)).sorted()
    for (end, start) in zip(columnEnds, columnsStarts.dropFirst()) where start > end {
      path.addRectangle(try Rect(x: end, y: minY, width: start - end, height: maxY - minY))
    }
    let rowStarts = Set(cells.map(\.frame.minY)).sorted()
    let rowEnds = Set(cells.map(\.frame.maxY)).sorted()
    for (end, start) in zip(rowEnds, rowStarts.dropFirst()) where start > end {
      path.addRectangle(try Rect(x: minX, y: end, width: maxX - minX, height: start - end))
    }
    guard !path.isEmpty else { return [] }
    return [.shape(ShapeNode(.path(path), fill: .solid(color)))]
  }
}
