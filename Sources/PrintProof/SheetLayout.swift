import SceneGraph

/// How proof pages use the sheet.
public enum SheetArrangement: String, Hashable, Sendable, CaseIterable {
  /// One wallpaper per page (`ProofLayout`).
  case single
  /// Gang-up: as many wallpapers as fit at 100 % on each sheet, each with its own bleed and
  /// marks (`SheetLayout`).
  case nup
}

/// A gang-up sheet: wallpapers at 100 % placed in rows (shelf packing, in the order given),
/// each with its own bleed and marks. All values are points in page coordinates (origin
/// top-left, y down).
///
/// Around every trim is a *mark zone*: the bleed, the gap and the crop-mark length, plus 1 pt
/// of clearance. Zones never overlap and stay inside the sheet's unprinted margin (less the
/// clearance), so no mark or bleed reaches another wallpaper's bleed or trim.
public struct SheetLayout: Hashable, Sendable {
  /// One wallpaper on the sheet.
  public struct Placement: Hashable, Sendable {
    /// Which of the wallpapers given (from 0).
    public let index: Int
    /// The trim on the page.
    public let trim: Rect
  }

  public let pageSize: Size
  public let isLandscapeSheet: Bool
  public let placements: [Placement]
  /// The bleed on paper.
  public let bleed: Double
  /// Top-left of the footer (colour bar, then slug) and the width it may use.
  let footerOrigin: Point
  let footerWidth: Double

  /// Clearance kept between mark zones, and between a zone and the sheet's margin.
  static let clearance = 1.0

  /// From the trim to the outer end of its marks (the bleed alone without crop or
  /// registration marks), plus the clearance.
  static func zone(bleed: Double, marks: ProofMarks) -> Double {
    let reach =
      marks.isDisjoint(with: [.crop, .registration]) ? bleed : bleed + ProofLayout.cropGap + ProofLayout.cropLength
    return reach + clearance
  }

  /// The footer's height for `slugLines` lines of slug.
  static func footerHeight(marks: ProofMarks, slugLines: Int) -> Double {
    var height = 0.0
    if marks.contains(.colorBar) { height += ProofLayout.patchSize + ProofLayout.padding }
    if marks.contains(.slug) { height += Double(slugLines) * ProofLayout.slugLineHeight + ProofLayout.padding }
    return height
  }

  /// Lays out every wallpaper on as few sheets as shelf packing gives: each sheet takes as
  /// many of the remaining wallpapers, in order, as fit at 100 %, turned landscape when that
  /// holds more.
  ///
  /// - Parameters:
  ///   - trimSizes: the wallpapers in points, in order.
  ///   - bleed: around each wallpaper, in points.
  ///   - marks: the crop marks drawn around each wallpaper.
  ///   - paper: the sheet size.
  ///   - slugLines: the slug's lines besides one per position.
  /// - Throws: `SceneError` (field `layout`) when a wallpaper does not fit an empty sheet.
  public static func sheets(
    for trimSizes: [Size], bleed: Double, marks: ProofMarks, paper: Paper, slugLines: Int
  ) throws(SceneError) -> [SheetLayout] {
    guard let portrait = paper.sheet else {
      throw SceneError(field: "layout", value: "nup", allowed: "it needs a sheet: --paper \(Paper.sheets)")
    }
    let zone = zone(bleed: bleed, marks: marks)
    var sheets: [SheetLayout] = []
    var next = 0
    while next < trimSizes.count {
      var best: (placements: [Placement], landscape: Bool, size: Size)?
      for landscape in [false, true] {
        let size = landscape ? portrait.transposed : portrait
        let placements = pack(
          trimSizes, from: next, on: size, zone: zone, marks: marks, slugLines: slugLines)
        if placements.count > (best?.placements.count ?? 0) { best = (placements, landscape, size) }
      }
      guard let best, !best.placements.isEmpty else {
        let size = trimSizes[next]
        throw SceneError(
          field: "layout", value: "nup",
          allowed:
            "wallpaper \(next + 1), \(Length.decimal(size.width, places: 3)) × \(Length.decimal(size.height, places: 3)) pt, "
            + "does not fit \(paper.title) at 100% with its bleed and marks; use a larger --paper or --layout single")
      }
      let count = best.placements.count
      let footerTop = best.placements.map { $0.trim.maxY + zone }.max()! - clearance
      let left = ProofLayout.sheetMargin
      sheets.append(
        SheetLayout(
          pageSize: best.size, isLandscapeSheet: best.landscape, placements: best.placements, bleed: bleed,
          footerOrigin: try Point(x: left, y: footerTop + ProofLayout.padding),
          footerWidth: best.size.width - 2 * left))
      next += count
    }
    return sheets
  }

  /// Shelf packing from `start`: left to right in rows, a new row under the tallest zone of
  /// the last; stops at the first wallpaper that doesn't fit (order is kept).
  private static func pack(
    _ sizes: [Size], from start: Int, on sheet: Size, zone: Double, marks: ProofMarks, slugLines: Int
  ) -> [Placement] {
    let inset = ProofLayout.sheetMargin - clearance
    let right = sheet.width - inset
    var placements: [Placement] = []
    var x = inset
    var rowTop = inset
    var rowHeight = 0.0
    for index in start..<sizes.count {
      let cell = (width: sizes[index].width + 2 * zone, height: sizes[index].height + 2 * zone)
      if x + cell.width > right + 1e-9, x > inset {
        x = inset
        rowTop += rowHeight
        rowHeight = 0
      }
      // The footer needs its lines plus one per position placed so far and this one.
      let bottom = sheet.height - inset - footerHeight(marks: marks, slugLines: slugLines + placements.count + 1)
      guard x + cell.width <= right + 1e-9, rowTop + cell.height <= bottom + 1e-9,
        let trim = try? Rect(x: x + zone, y: rowTop + zone, width: sizes[index].width, height: sizes[index].height)
      else { break }
      placements.append(Placement(index: index, trim: trim))
      x += cell.width
      rowHeight = max(rowHeight, cell.height)
    }
    return placements
  }
}
