import Platform
import SceneGraph

/// The season's name drawn over the art, like the original app's title image.
public struct Label: Sendable, Hashable {
  public enum Position: String, Sendable, Hashable, CaseIterable {
    /// Below the safe-area top, in the upper part of the screen: the original app's place,
    /// where the lock-screen clock covers it on current iPhones.
    case top
    /// Just below the lock-screen clock and its widget row (the default in portrait, on
    /// iPhones and iPads).
    case belowClock = "below-clock"
    /// The middle of the screen (the default in landscape, which has no zones).
    case center
    /// In the band just above the home-screen dock.
    case aboveDock = "above-dock"
    /// Above the home indicator.
    case bottom

    /// What each choice means, for `--help`.
    public static let summary =
      "top (the original app's place, where the lock-screen clock covers it), below-clock (just under "
      + "the lock-screen clock and widgets; the default in portrait), center (the middle; the default in landscape), "
      + "above-dock (just above the home-screen dock) or bottom (above the home indicator)"
  }

  public var visible = true
  /// nil means the season's name in `locale`.
  public var text: String?
  public var locale: Season.Locale = .en
  /// nil means the default: `belowClock` where the zones apply (portrait, iPhones and iPads),
  /// else `center` (landscape).
  public var position: Position?
  /// Moves the label down (positive) or up (negative) from its position, in points.
  public var offset: Double = 0
  /// The em size in points; nil means relative to the canvas width (`defaultSizeRatio`).
  public var size: Double?
  /// A font file, or a fontconfig family and style (`"DejaVu Sans:bold"`, see `isFontPath`)
  /// that the caller resolves to a file before building the scene; nil means the bundled font,
  /// which the caller supplies.
  public var fontPath: String?
  /// The face of `fontPath` inside a font collection, from 0.
  public var fontIndex = 0

  /// Whether a `--font`/`label.font` value names a file rather than a fontconfig family: it
  /// holds a `/` or ends in a font file extension (`.ttf`, `.otf`, `.ttc`, `.otc`, `.t1`,
  /// `.pfb`, `.pfa`, `.woff`, `.woff2`, `.pcf`, `.bdf`, `.fon`, `.gz`).
  public static func isFontPath(_ value: String) -> Bool {
    let extensions = [
      ".ttf", ".otf", ".ttc", ".otc", ".t1", ".pfb", ".pfa", ".woff", ".woff2", ".pcf", ".bdf", ".fon", ".gz",
    ]
    let lower = value.lowercased()
    return value.contains("/") || extensions.contains { lower.hasSuffix($0) }
  }
  /// nil means the season's accent colour.
  public var color: Color?

  public init() {}

  /// The default em size as a fraction of the canvas width: 0.18 gives 67.5 pt on a 375 pt
  /// wide iPhone 8, close to the original's title image.
  public static let defaultSizeRatio = 0.18

  /// The height of the box reserved for the label's ink, from its top (the ascender line) down,
  /// per point of size: above the bundled font's ascender-to-descender height, with room for
  /// fallback CJK fonts (checked on pixels by the composition tests).
  public static let lineHeightRatio = 1.3

  /// The largest share of the canvas width the label may take; longer text is drawn smaller.
  public static let maxWidthRatio = 0.86
}

/// The seasonal art layer: which season, how opaque, and the arrangement seed.
public struct SeasonLayer: Sendable, Hashable {
  public var season: Season
  /// How the season was chosen, for captions: "season autumn", "date 2026-11-30 (northern hemisphere)".
  public var chosenBy: String
  /// The art's opacity over the base colour; 0.5 as in the original app.
  public var alpha = Opacity(clamping: 0.5)
  public var seed: UInt64 = SeasonArt.defaultSeed

  public init(season: Season, chosenBy: String) {
    self.season = season
    self.chosenBy = chosenBy
  }
}

/// A calendar date without a time, as written in designs: `YYYY-MM-DD`.
public struct CalendarDate: Sendable, Hashable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// Parses `YYYY-MM-DD`, checking that the day exists (29 February only in leap years).
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), day >= 1
    else { return nil }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    guard day <= days else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// A date whose parts the caller has checked (a month from 1 to 12, a day of that month):
  /// inside this package only, so a `CalendarDate` from outside always comes through a check.
  package init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  public var description: String {
    func pad(_ n: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(n).count)) + String(n)
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }
}

extension CalendarDate {
  /// Today in the machine's time zone (`localtime_r`, which reads `TZ` and /etc/localtime).
  public static func today() -> CalendarDate {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return CalendarDate(parts)
  }

  /// The day in UTC that `secondsSince1970` falls on.
  public init(utcDayOf secondsSince1970: Int64) {
    var seconds = time_t(secondsSince1970)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    self.init(parts)
  }

  /// Seconds since 1970 at 00:00 UTC of this day.
  public var utcMidnight: Int64 {
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    return Int64(timegm(&parts))
  }

  private init(_ parts: tm) {
    self.init(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
  }
}
