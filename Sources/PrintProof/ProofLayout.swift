import SceneGraph

/// Where everything goes on one proof page. All values are in points, in page coordinates
/// (origin top-left, y down), as in the scene graph.
///
/// The page has two blocks. The *art block* is the trim, the bleed around it and the margin
/// the crop and registration marks need; on a sheet smaller than it, only the wallpaper is
/// scaled down: the bleed stays the size asked for, and marks keep their size and distance.
/// The *footer* below it (colour bar and slug) is never scaled, so its text stays readable and
/// its patches keep their size.
public struct ProofLayout: Hashable, Sendable {
  /// Gap between the bleed edge and the start of a crop mark, so marks never touch the bleed.
  public static let cropGap = 3.0
  /// Length of each crop mark stroke (1/4 in).
  public static let cropLength = 18.0
  /// Width of marks and outlines: 0.25 pt on paper, whatever the scale.
  public static let hairline = 0.25
  /// Space between the marks and the page edge or the footer.
  public static let padding = 6.0
  /// Side of one colour-bar patch.
  public static let patchSize = 10.0
  /// Text size of the colour bar's `RGB` and `CMYK` labels.
  public static let colorBarLabelSize = 4.5
  /// Slug text size and line pitch.
  public static let slugSize = 6.5
  public static let slugLineHeight = 8.5
  /// Lines of slug text on every page.
  public static let slugLines = 5
  /// Unprinted margin kept on every side of an A4 or Letter sheet (1/4 in).
  public static let sheetMargin = 18.0

  /// The whole page.
  public let pageSize: Size
  /// The finished wallpaper's area on the page (the TrimBox).
  public let trim: Rect
  /// The trim grown by the bleed on every side (the BleedBox).
  public let bleed: Rect
  /// The art block's scale on the page: 1 for `fit` and whenever the sheet is large enough.
  public let scale: Double
  /// Whether the sheet was turned to landscape because the art fits it larger.
  public let isLandscapeSheet: Bool

  /// The art block's top-left corner on the page; the block is drawn scaled by `scale`.
  let artOrigin: Point
  /// The wallpaper's own size in points, before scaling.
  let trimSize: Size
  /// Distance from the art block's edge to the trim, on paper.
  let margin: Double
  /// The bleed in points, on paper: the requested size whatever the scale.
  let bleedPoints: Double
  /// Top-left of the footer (colour bar, then slug), unscaled.
  let footerOrigin: Point
  /// The width the footer may use, up to the page's right padding.
  let footerWidth: Double

  /// Lays out a page for a wallpaper of `trimSize` points.
  ///
  /// - Parameters:
  ///   - trimSize: the wallpaper in points, turned as the design is.
  ///   - bleed: points ≥ 0 added around the trim.
  ///   - marks: which marks need room; with none, a `fit` page is exactly trim + bleed.
  ///   - paper: `fit` sizes the page to the content. A sheet is used portrait, or landscape
  ///     when that lets the art be printed larger; the art block is centred and scaled down
  ///     only if it does not fit inside the sheet's margins.
  public init(trimSize: Size, bleed: Double, marks: ProofMarks, paper: Paper) throws(SceneError) {
    let needsMarkZone = !marks.isDisjoint(with: [.crop, .registration])
    // Whole points for the margin keep the trim on whole points when the device's size is,
    // so a raster of the page lines up with the wallpaper's pixels.
    let margin: Double
    if needsMarkZone {
      margin = (bleed + Self.cropGap + Self.cropLength + Self.padding).rounded(.up)
    } else if !marks.isEmpty {
      margin = (bleed + Self.padding).rounded(.up)
    } else {
      margin = bleed
    }
    var footerHeight = 0.0
    if marks.contains(.colorBar) { footerHeight += Self.patchSize + Self.padding }
    if marks.contains(.slug) { footerHeight += Double(Self.slugLines) * Self.slugLineHeight + Self.padding }
    let page: Size
    let scale: Double
    let origin: Point
    var landscape = false
    if let portrait = paper.sheet {
      // Only the wallpaper is scaled: bleed, marks and margins keep their size on paper.
      func fitting(_ sheet: Size) -> Double {
        let width = (sheet.width - 2 * Self.sheetMargin - 2 * margin) / trimSize.width
        let height = (sheet.height - 2 * Self.sheetMargin - footerHeight - 2 * margin) / trimSize.height
        return min(1, width, height)
      }
      let portraitScale = fitting(portrait)
      let landscapeScale = fitting(portrait.transposed)
      landscape = landscapeScale > portraitScale + 1e-9
      page = landscape ? portrait.transposed : portrait
      scale = landscape ? landscapeScale : portraitScale
      guard scale > 0 else {
        throw SceneError(field: "paper", value: paper.rawValue, allowed: "a sheet larger than the slug")
      }
      let contentHeight = trimSize.height * scale + 2 * margin + footerHeight
      origin = try Point(
        x: (page.width - trimSize.width * scale - 2 * margin) / 2, y: (page.height - contentHeight) / 2)
    } else {
      page = try Size(width: trimSize.width + 2 * margin, height: trimSize.height + 2 * margin + footerHeight)
      scale = 1
      origin = .zero
    }
    let trim = try Rect(
      x: origin.x + margin, y: origin.y + margin, width: trimSize.width * scale, height: trimSize.height * scale)
    self.pageSize = page
    self.trim = trim
    self.bleed = trim.outset(by: bleed)
    self.scale = scale
    self.isLandscapeSheet = landscape
    self.artOrigin = origin
    self.trimSize = trimSize
    self.margin = margin
    self.bleedPoints = bleed
    self.footerOrigin = try Point(x: trim.minX, y: trim.maxY + margin)
    let rightEdge = page.width - (paper == .fit ? Self.padding : Self.sheetMargin)
    self.footerWidth = max(Self.patchSize, rightEdge - trim.minX)
  }

  /// The art block's placement on the page: first scaled, then moved to `artOrigin`. In the
  /// block's own coordinates the wallpaper has its size in points, and everything around it
  /// (bleed, marks) is divided by `scale`, so it keeps its size on paper.
  var artTransform: Transform {
    get throws(SceneError) {
      try Transform.scale(scale, scale).then(.translation(Vector(dx: artOrigin.x, dy: artOrigin.y)))
    }
  }

  /// Art-block units per point on paper: 1 / `scale`.
  var artUnit: Double { 1 / scale }

  /// The bleed in art-block units: the requested bleed on paper.
  var artBleed: Double { bleedPoints * artUnit }

  /// The trim inside the art block.
  var artTrim: Rect {
    get throws(SceneError) {
      try Rect(x: margin * artUnit, y: margin * artUnit, width: trimSize.width, height: trimSize.height)
    }
  }
}
