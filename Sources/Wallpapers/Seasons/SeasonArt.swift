import SceneGraph

/// Seasonal background art, drawn only with vector shapes and gradients.
///
/// Each season is a stack of named groups, bottom to top: first `sky`, a gradient covering the
/// whole canvas, then scenery and motifs. Motifs are sized from the shorter side of the
/// visible screen, never stretched, so the art fills any canvas from a 320×480 pt iPhone 4 to
/// a 13" iPad and landscape. The focal motifs (see `focalLayerName(for:)`) keep out of the
/// status bar and home indicator; small particles may drift anywhere.
///
/// Everything is placed, sized and counted from the visible screen, and moves with it, so a
/// canvas larger than the screen (print bleed) leaves what is drawn on the screen as it is:
/// the sky, hills and waves run on to the canvas edges, and extra particles from random
/// streams of their own keep wholly to the band around the screen.
public enum SeasonArt {
  /// The seed used when none is given: 2024. Any other seed rearranges the motifs.
  public static let defaultSeed: UInt64 = 2024

  /// The distance in points the focal motifs keep from the safe-area insets (and from the
  /// screen edges where an inset is 0), for a screen whose shorter side is `unit` points.
  static func focalMargin(unit: Double) -> Double { max(8, unit * 0.03) }

  /// Background art covering `canvas`.
  ///
  /// - Parameters:
  ///   - season: whose motifs to draw.
  ///   - canvas: the rectangle to cover, in points; may extend beyond `visible` (print bleed).
  ///   - visible: the screen in the same coordinates, in points.
  ///   - safeArea: the screen's insets in points: status bar or Dynamic Island (top), home
  ///     indicator (bottom), sensor housing in landscape (left/right).
  ///   - seed: arranges the motifs; the same season, rectangles and seed give equal nodes,
  ///     and the shapes reaching into `visible` do not depend on `canvas`.
  ///   - keepOut: rectangles in the same coordinates (the label's box, the lock-screen clock)
  ///     that no focal motif may reach into; a motif with no room left is left out.
  /// - Throws: `SceneError` when `canvas` or `visible` has a side of 0 or a value that is not
  ///   finite.
  public static func nodes(
    for season: Season, canvas: Rect, visible: Rect, safeArea: EdgeInsets, seed: UInt64, keepOut: [Rect] = []
  ) throws(SceneError) -> [Node] {
    let frame = try Frame(canvas: canvas, visible: visible, safeArea: safeArea, keepOut: keepOut.map(Box.init))
    switch season {
    case .spring: return try Spring.nodes(in: frame, seed: seed)
    case .summer: return try Summer.nodes(in: frame, seed: seed)
    case .autumn: return try Autumn.nodes(in: frame, seed: seed)
    case .winter: return try Winter.nodes(in: frame, seed: seed)
    }
  }

  /// The name of the top-level group holding a season's focal motifs: the big blossoms, the
  /// sun, the big maple leaves, the big snowflakes. Everything drawn in it lies inside
  /// `focalRegion(visible:safeArea:)`.
  public static func focalLayerName(for season: Season) -> String {
    switch season {
    case .spring: return "blossoms"
    case .summer: return "sun"
    case .autumn: return "maple-leaves"
    case .winter: return "snowflakes"
    }
  }

  /// Where focal motifs stay: `visible` minus `safeArea` minus `focalMargin`, or nil when
  /// nothing is left (then the art has no focal motifs).
  static func focalRegion(visible: Rect, safeArea: EdgeInsets) -> Rect? {
    guard let box = focalBox(visible: visible, safeArea: safeArea) else { return nil }
    return try? box.rect()
  }

  static func focalBox(visible: Rect, safeArea: EdgeInsets) -> Box? {
    let margin = focalMargin(unit: min(visible.width, visible.height))
    return Box(visible).inset(
      top: safeArea.top + margin, left: safeArea.left + margin,
      bottom: safeArea.bottom + margin, right: safeArea.right + margin)
  }
}
