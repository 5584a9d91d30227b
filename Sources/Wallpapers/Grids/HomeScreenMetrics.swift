import SceneGraph

/// The geometry of an iPhone home screen's icon grid for one screen class, in points, with its
/// provenance.
///
/// Icons sit in `columns` columns at a horizontal pitch of `iconSize + gapWidth`, the first one
/// `left` points from the screen's left edge, and in `iconRows` rows at a vertical pitch of
/// `iconSize + gapHeight`, the first one `top` points below the screen's top edge. Below the last
/// icon row, `bottom` points of screen remain for the dock (the "barDistance" of the original app).
/// `HomeScreenGrid.cells(metrics:canvas:)` turns these into tiles covering the whole screen.
public struct HomeScreenMetrics: Sendable, Hashable {
  /// Icon columns: 4 on every iPhone.
  public let columns: Int
  /// Rows of icons above the dock: 4 on 3.5", 5 on 4", 6 on 4.7" and larger.
  public let iconRows: Int
  /// Side of an (square) app icon, in points.
  public let iconSize: Double
  /// Horizontal space between neighbouring icons, in points.
  public let gapWidth: Double
  /// Vertical space between neighbouring icon rows, in points.
  public let gapHeight: Double
  /// Screen left edge to the first icon column, in points. Equal to `gapWidth` in the original
  /// app's model (which has no such field); measured separately for the [S5]-derived classes.
  public let left: Double
  /// Screen top edge to the first icon row, in points.
  public let top: Double
  /// Bottom of the last icon row to the screen's bottom edge, in points: the original app's
  /// `barDistance.bottom`. Always consistent with the screen height
  /// (`top + iconRows × iconSize + (iconRows − 1) × gapHeight + bottom` = height); where a source's
  /// value was not, the corrected value is stored and the original one is quoted in `note`.
  public let bottom: Double
  /// Where the numbers come from, e.g. `SEED (hand-measured, iOS 12)` or
  /// `derived from S5 Widget-Blur (393x852 row, iOS 18)`.
  public let source: String
  /// The iOS version the source measured, e.g. `iOS 12`, `iOS 18`, `unknown`.
  public let iOSVersion: String
  /// Corrections applied to the source's data and assumptions made in deriving it, or nil.
  public let note: String?
  /// False when the numbers are estimated (interpolated, or copied from another class) rather
  /// than measured on the class itself.
  public let verified: Bool

  /// - Parameters:
  ///   - columns: icon columns, 1…16.
  ///   - iconRows: icon rows above the dock, 1…16.
  ///   - iconSize: an icon's side, in points, > 0.
  ///   - gapWidth: between icon columns, in points.
  ///   - gapHeight: between icon rows, in points.
  ///   - top: screen top edge to the first icon row, in points.
  ///   - bottom: the last icon row to the dock band, in points.
  ///   - source: where the numbers come from.
  ///   - iOSVersion: the iOS version the source measured.
  ///   - note: corrections and assumptions, or nil.
  ///   - verified: false when the numbers are estimated rather than measured.
  ///   - left: screen left edge to the first icon column, in points; nil means `gapWidth`, as in
  ///     the original app, where the outer margin equals the gap between icons.
  /// - Throws: `GridError` naming the first value that is not finite, is negative (or zero for
  ///   `iconSize`), or a count outside 1…16.
  public init(
    columns: Int = 4, iconRows: Int, iconSize: Double, gapWidth: Double, gapHeight: Double,
    left: Double? = nil, top: Double, bottom: Double, source: String, iOSVersion: String,
    note: String? = nil, verified: Bool
  ) throws(GridError) {
    self.init(
      unchecked: columns, iconRows: iconRows, iconSize: iconSize, gapWidth: gapWidth, gapHeight: gapHeight, left: left,
      top: top, bottom: bottom, source: source, iOSVersion: iOSVersion, note: note, verified: verified)
    try validate()
  }

  /// A row of the built-in tables (`HomeScreenGrid.defaults`), which cannot fail: its values are
  /// literals or derived from them, and a test checks every row with `validate()`.
  init(
    unchecked columns: Int, iconRows: Int, iconSize: Double, gapWidth: Double, gapHeight: Double,
    left: Double? = nil, top: Double, bottom: Double, source: String, iOSVersion: String,
    note: String? = nil, verified: Bool
  ) {
    self.columns = columns
    self.iconRows = iconRows
    self.iconSize = iconSize
    self.gapWidth = gapWidth
    self.gapHeight = gapHeight
    self.left = left ?? gapWidth
    self.top = top
    self.bottom = bottom
    self.source = source
    self.iOSVersion = iOSVersion
    self.note = note
    self.verified = verified
  }

  /// Checks the counts and lengths the public initialiser promises.
  ///
  /// - Throws: `GridError` naming the first value that is not finite, is negative (or zero for
  ///   `iconSize`), or a count outside 1…16.
  func validate() throws(GridError) {
    for (count, name) in [(columns, "columns"), (iconRows, "iconRows")] where !(1...16).contains(count) {
      throw GridError(field: name, value: "\(count)", allowed: "a whole number from 1 to 16")
    }
    guard iconSize.isFinite, iconSize > 0 else {
      throw GridError(field: "iconSize", value: formatNumber(iconSize), allowed: "a finite number > 0")
    }
    let lengths = [(gapWidth, "gapWidth"), (gapHeight, "gapHeight"), (left, "left"), (top, "top"), (bottom, "bottom")]
    for (value, name) in lengths where !(value.isFinite && value >= 0) {
      throw GridError(field: name, value: formatNumber(value), allowed: "a finite number ≥ 0")
    }
  }

  /// Distance between the left edges of neighbouring icons, in points.
  public var horizontalPitch: Double { iconSize + gapWidth }
  /// Distance between the top edges of neighbouring icon rows, in points.
  public var verticalPitch: Double { iconSize + gapHeight }
}

// MARK: - Data

extension HomeScreenGrid {
  /// The default metrics per screen class id.
  ///
  /// - The original app's classes (3.5", 4.0", 4.7", 5.5", 5.8", 6.5") use its hand-measured
  ///   numbers [SEED], with its data errors corrected (see each `note`).
  /// - The other iPhone classes are derived from the [S5] community widget measurements
  ///   (`derive(from:)`); the iPhone Air (420x912), which S5 does not cover, is interpolated
  ///   between the 402x874 and 440x956 rows and marked unverified.
  /// - iPads have no entry: their home screen's column count varies with model, orientation and
  ///   the icon-size setting, the dock floats, and no source in Docs/devices.md measured any of it.
  static let defaults: [String: HomeScreenMetrics] = {
    var table: [String: HomeScreenMetrics] = [:]
    for id in Set(seedEntries.map(\.id) + widgetBlurRows.map(\.id) + [airRow.id]) {
      table[id] = defaultMetrics(forScreenClass: id)
    }
    return table
  }()

  /// The default metrics of the class `id`: the iPhone Air's interpolated row, the class's last
  /// seed entry, or its [S5] row derived.
  private static func defaultMetrics(forScreenClass id: String) -> HomeScreenMetrics? {
    if id == airRow.id { return derive(from: airRow) }
    if let entry = seedEntries.last(where: { $0.id == id }) { return entry.metrics }
    return widgetBlurRows.first { $0.id == id }.map(derive(from:))
  }

  /// Every alternative per screen class: the default first, then the [S5]-derived metrics for
  /// the classes whose default comes from the seed.
  static let alternatives: [String: [HomeScreenMetrics]] = {
    var table = defaults.mapValues { [$0] }
    for row in widgetBlurRows {
      let derived = derive(from: row)
      if !table[row.id, default: []].contains(derived) { table[row.id, default: []].append(derived) }
    }
    return table
  }()

  private static let seedSource = "SEED (hand-measured, iOS 12)"

  /// The original app's table [SEED]: icon, gap (w, h), top, bottom; `left` = gap.w throughout.
  private static let seedEntries: [(id: String, metrics: HomeScreenMetrics)] = [
    (
      "320x480",
      seed(
        iconRows: 4, icon: 60, gap: (16, 28), top: 27, bottom: 129,
        source: "derived from SEED 4.0\" (hand-measured, iOS 12)", iOS: "unknown",
        note: """
          Seed error corrected: the seed gives 3.5" the 4.0" numbers and 24 cells, but a 3.5" \
          screen holds 4 icon rows + the dock (20 cells). With 4 rows the 4.0" numbers add up to \
          480 exactly (27 + 4×60 + 3×28 + 129); they were never measured on a 3.5" screen (the \
          iPhone 4/4s cannot run iOS 12).
          """,
        verified: false)
    ),
    ("320x568", seed(iconRows: 5, icon: 60, gap: (16, 28), top: 27, bottom: 129)),
    ("375x667", seed(iconRows: 6, icon: 60, gap: (27, 28), top: 30, bottom: 137)),
    (
      "414x736",
      seed(
        iconRows: 6, icon: 60, gap: (34.75, 40), top: 38, bottom: 138,
        note: """
          Seed data corrected: its numbers add up to 4×60 + 5×34.75 = 413.75 wide and \
          38 + 6×60 + 5×40 + 139 = 737 high. Icon positions are kept as measured; the last column \
          takes the missing 0.25 pt and the dock band the remaining height (bottom 139 → 138).
          """)
    ),
    (
      "375x812",
      seed(
        iconRows: 6, icon: 60, gap: (27, 42), top: 72, bottom: 170,
        note: """
          The seed also lists these numbers as "6.1" 375×812 @2": that is a 6.1" XR/11 in \
          Display Zoom, not the XR's own class (414x896-2x). [S5] (widget-era iOS) measures a tighter \
          grid here (row pitch 95, first row 71 on the X, 77 on the 12/13 mini); see \
          HomeScreenGrid.allMetrics(forScreenClass:).
          """)
    ),
    (
      "414x896-3x",
      seed(
        iconRows: 6, icon: 64, gap: (31.6, 49), top: 78, bottom: 189,
        note: """
          Seed data corrected: its numbers add up to 78 + 6×64 + 5×49 + 192 = 899 high. Icon \
          positions are kept as measured; the dock band takes the remaining height (bottom \
          192 → 189).
          """)
    ),
  ]

  private static func seed(
    iconRows: Int, icon: Double, gap: (w: Double, h: Double), top: Double, bottom: Double,
    source: String = seedSource, iOS: String = "iOS 12", note: String? = nil, verified: Bool = true
  ) -> HomeScreenMetrics {
    HomeScreenMetrics(
      unchecked: 4, iconRows: iconRows, iconSize: icon, gapWidth: gap.w, gapHeight: gap.h, top: top,
      bottom: bottom, source: source, iOSVersion: iOS, note: note, verified: verified)
  }

  /// One row of the [S5] table in Docs/devices.md, in points.
  struct WidgetBlurRow: Sendable {
    /// Screen class id.
    let id: String
    let width: Double
    let height: Double
    /// Icon rows above the dock.
    let iconRows: Int
    /// Side of a small widget (one 2×2 block of icon cells).
    let small: Double
    /// x of the left and right widget columns.
    let left: Double
    let right: Double
    /// y of the first widget row.
    let top: Double
    /// Distance between widget rows (two icon rows).
    let pitch: Double
    let iOS: String
    let note: String?
    /// False for rows estimated rather than measured (the iPhone Air's).
    var verified = true
    var source: String { "derived from S5 Widget-Blur (\(id) row, \(iOS))" }
  }

  private static let older = "older than iOS 18"

  /// [S5] as printed in Docs/devices.md. The 375x812 row has two first-row values (X and minis); the
  /// X's is used.
  static let widgetBlurRows: [WidgetBlurRow] = [
    .init(
      id: "320x568", width: 320, height: 568, iconRows: 5, small: 141, left: 15, right: 166,
      top: 29.5, pitch: 170, iOS: "unknown",
      note: """
        S5 measured two widget rows only; the fifth icon row continues at the same pitch. The \
        derivation gives 56-pt icons where iOS draws 60, so the widget-to-icon assumption fails \
        here: an estimate, prefer the seed.
        """, verified: false),
    .init(
      id: "375x667", width: 375, height: 667, iconRows: 6, small: 148, left: 27, right: 200,
      top: 30, pitch: 176, iOS: "iOS 18", note: nil),
    .init(
      id: "414x736", width: 414, height: 736, iconRows: 6, small: 157, left: 33, right: 224,
      top: 38, pitch: 194, iOS: older, note: nil),
    .init(
      id: "375x812", width: 375, height: 812, iconRows: 6, small: 155, left: 23, right: 197,
      top: 71, pitch: 190, iOS: "unknown",
      note: "First widget row at 71 (iPhone X); S5 gives 77 for the 12/13 mini."),
    .init(
      id: "414x896-2x", width: 414, height: 896, iconRows: 6, small: 169, left: 27.5,
      right: 218.5, top: 79.5, pitch: 210, iOS: older,
      note: """
        Seed error corrected: the seed's "6.1"" row is 375×812 @2 with the 5.8" numbers; the \
        6.1" XR/11 is 414×896 @2, so this class is derived from S5 instead.
        """),
    .init(
      id: "414x896-3x", width: 414, height: 896, iconRows: 6, small: 169, left: 27, right: 218,
      top: 76, pitch: 210, iOS: older, note: nil),
    .init(
      id: "390x844", width: 390, height: 844, iconRows: 6, small: 158, left: 26, right: 206,
      top: 77, pitch: 196, iOS: older, note: nil),
    .init(
      id: "428x926", width: 428, height: 926, iconRows: 6, small: 170, left: 32, right: 226,
      top: 82, pitch: 212, iOS: older, note: nil),
    .init(
      id: "393x852", width: 393, height: 852, iconRows: 6, small: 158, left: 27, right: 208,
      top: 80, pitch: 196, iOS: "iOS 18", note: nil),
    .init(
      id: "430x932", width: 430, height: 932, iconRows: 6, small: 170, left: 32.7, right: 227,
      top: 84, pitch: 212, iOS: "iOS 18", note: nil),
    .init(
      id: "402x874", width: 402, height: 874, iconRows: 6, small: 162, left: 29, right: 211,
      top: 87, pitch: 203.7, iOS: "iOS 18", note: nil),
    .init(
      id: "440x956", width: 440, height: 956, iconRows: 6, small: 170, left: 38, right: 232,
      top: 92, pitch: 212, iOS: "iOS 18", note: nil),
  ]

  /// The iPhone Air (420×912), which S5 does not cover: each S5 field interpolated linearly
  /// between the 402x874 and 440x956 rows (both iOS 18), horizontal fields by width
  /// (t = 18/38), vertical ones by height (t = 38/82). `small` feeds both directions and is
  /// interpolated by width.
  static let airRow: WidgetBlurRow = {
    let a = widgetBlurRows.first { $0.id == "402x874" }!
    let b = widgetBlurRows.first { $0.id == "440x956" }!
    let (width, height) = (420.0, 912.0)
    let tw = (width - a.width) / (b.width - a.width)
    let th = (height - a.height) / (b.height - a.height)
    func lerp(_ x: Double, _ y: Double, _ t: Double) -> Double { x + (y - x) * t }
    return WidgetBlurRow(
      id: "420x912", width: width, height: height, iconRows: 6,
      small: lerp(a.small, b.small, tw), left: lerp(a.left, b.left, tw),
      right: lerp(a.right, b.right, tw), top: lerp(a.top, b.top, th),
      pitch: lerp(a.pitch, b.pitch, th), iOS: "unknown",
      note: """
        Estimated: S5 has no iPhone Air row. Interpolated linearly between the 402x874 and \
        440x956 rows (iOS 18), horizontally by width, vertically by height; the Air ships with \
        iOS 26, whose layout nobody has measured here.
        """, verified: false)
  }()

  /// Home-screen metrics from one [S5] row.
  ///
  /// - Horizontal pitch: the two widget columns are two icon columns apart, so
  ///   `(R − L) / 2` (= (small + gap between the widget columns) / 2).
  /// - Vertical pitch: `pitch / 2` (a widget row is two icon rows).
  /// - Icon size: a small widget's height spans one icon plus one vertical pitch (its top is
  ///   flush with the upper icon's top, its bottom with the lower icon's bottom), so
  ///   `icon = small − pitch / 2`, rounded to whole points. This gives 60 on the 375–402 pt
  ///   classes and 64 on the 414–440 pt ones, matching the seed's 60 and 64 on 4.7" and 6.5".
  ///   (Horizontally a widget is wider than its icons, so the width can't be used.)
  /// - Icons are centred in their cells: cell centres are `small / 2 ∓ pitch / 2` around the
  ///   widget's centre, so `left = L + small/2 − hPitch/2 − icon/2`, and likewise for `top`.
  /// - `bottom` is whatever height remains below the last icon row.
  static func derive(from row: WidgetBlurRow) -> HomeScreenMetrics {
    let hPitch = (row.right - row.left) / 2
    let vPitch = row.pitch / 2
    let icon = (row.small - vPitch).rounded()
    let left = row.left + row.small / 2 - hPitch / 2 - icon / 2
    let top = row.top + row.small / 2 - vPitch / 2 - icon / 2
    let rows = Double(row.iconRows)
    func short(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }
    let bottom = row.height - (top + rows * icon + (rows - 1) * (vPitch - icon))
    let derivation = """
      Derived: icon = small − pitch/2 = \(short(icon)), horizontal pitch = (R − L)/2 \
      = \(short(hPitch)), vertical pitch = pitch/2 = \(short(vPitch)), icons centred in their \
      cells.
      """
    return HomeScreenMetrics(
      unchecked: 4, iconRows: row.iconRows, iconSize: icon, gapWidth: hPitch - icon, gapHeight: vPitch - icon,
      left: left, top: top, bottom: bottom, source: row.source, iOSVersion: row.iOS,
      note: [row.note, derivation].compactMap { $0 }.joined(separator: " "),
      verified: row.verified)
  }
}
