import CairoRendering

/// What a file of an export costs to render, in CPU milliseconds: its megapixels (pixels for a
/// PNG, points² for SVG and PDF) times the measured rate of its kind. The shards are balanced by
/// it, so a `small` PNG (about 20× a default one) or a preview (a mock drawn over the
/// wallpaper) counts for what it takes, not for its pixels.
///
/// The rates are measured, not guessed: `Scripts/render-costs.sh --write` (run by `make
/// benchmark`) renders sample designs of each kind and rewrites the table below.
///
/// ```swift
/// let ms = RenderCost.milliseconds(format: .png, compression: .small, preview: false, megapixels: 3.16)
/// ```
public enum RenderCost {
  /// CPU milliseconds per megapixel by kind: `png-fast`, `png-default`, `png-small` (wallpapers
  /// at 3x), `preview` (lock-screen preview at 1x, default compression), `svg`, `pdf` (per
  /// megapoint²).
  static let millisecondsPerMegapixel: [String: Double] = [
    // BEGIN measured by Scripts/render-costs.sh on 2026-12-03
    "png-fast": 29.7,
    "png-default": 34.6,
    "png-small": 852.3,
    "preview": 67.2,
    "svg": 7.7,
    "pdf": 28.3,
      // END measured
  ]

  /// The rate of a kind missing from the table (only when the table is damaged): a default PNG's.
  static let fallbackRate = 30.0

  /// The estimated CPU milliseconds of one file: `megapixels` (> 0) times its kind's rate. A
  /// preview at another compression than the default is scaled as a wallpaper PNG would be.
  public static func milliseconds(
    format: OutputFormat, compression: PNGCompression, preview: Bool, megapixels: Double
  ) -> Double {
    func rate(_ kind: String) -> Double { millisecondsPerMegapixel[kind] ?? fallbackRate }
    switch format {
    case .svg: return megapixels * rate("svg")
    case .pdf: return megapixels * rate("pdf")
    case .png:
      let png = rate("png-\(compression.rawValue)")
      guard preview else { return megapixels * png }
      return megapixels * rate("preview") * png / rate("png-default")
    }
  }
}
