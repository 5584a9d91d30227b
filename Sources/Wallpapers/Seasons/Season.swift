import SceneGraph

/// One of the four seasons, in meteorological terms: whole calendar months, three per season.
public enum Season: String, CaseIterable, Sendable, WordSynonyms {
  case spring, summer, autumn, winter

  /// `fall` is autumn in American English.
  public static let synonyms = ["fall": "autumn"]

  /// Which half of the globe the calendar is read for.
  public enum Hemisphere: String, CaseIterable, Sendable {
    case north, south
  }

  /// The season of a calendar month.
  ///
  /// March–May is spring, June–August summer, September–November autumn and December–February
  /// winter in the northern hemisphere; the southern hemisphere is six months apart (December
  /// is summer there).
  ///
  /// - Parameters:
  ///   - month: 1 (January) … 12 (December).
  ///   - hemisphere: the half of the globe the calendar is read for.
  /// - Throws: `SceneError` naming `month` when it is outside 1…12.
  public static func from(month: Int, hemisphere: Hemisphere) throws(SceneError) -> Season {
    guard (1...12).contains(month) else {
      throw SceneError(field: "month", value: "\(month)", allowed: "a month from 1 to 12")
    }
    return byMonth(hemisphere: hemisphere)[month - 1]
  }

  /// The season of `date`'s month (see `from(month:hemisphere:)`); a `CalendarDate` always holds
  /// a month from 1 to 12.
  public static func from(date: CalendarDate, hemisphere: Hemisphere) -> Season {
    byMonth(hemisphere: hemisphere)[date.month - 1]
  }

  /// The seasons of January … December in `hemisphere`.
  public static func byMonth(hemisphere: Hemisphere) -> [Season] {
    let northern: [Season] = [
      .winter, .winter, .spring, .spring, .spring, .summer, .summer, .summer, .autumn, .autumn, .autumn, .winter,
    ]
    return hemisphere == .north ? northern : northern.map(\.opposite)
  }

  /// The season six months away: spring ↔ autumn, summer ↔ winter.
  public var opposite: Season {
    switch self {
    case .spring: return .autumn
    case .summer: return .winter
    case .autumn: return .spring
    case .winter: return .summer
    }
  }

  /// The colours of a season's art, so other layers (colour bars, labels) can match it.
  public struct Palette: Sendable, Hashable {
    /// The dominant background colour.
    public let base: Color
    /// The colour that stands out: blossom pink, sun orange, maple red, ice blue.
    public let accent: Color
    /// Four to six colours the art is drawn with, from background to foreground.
    public let colors: [Color]

    public init(base: Color, accent: Color, colors: [Color]) {
      self.base = base
      self.accent = accent
      self.colors = colors
    }
  }

  /// The colours `SeasonArt` draws this season with. One art colour per season has a wider
  /// Display P3 variant, outside sRGB, that only P3 output draws (sRGB output draws the sRGB
  /// colour as before): spring's blossom pink, summer's sun, autumn's orange leaves, winter's
  /// ice. ΔE2000 of each P3 accent from its sRGB clip: 4.65, 5.72, 8.29, 1.28 (blue is where P3
  /// reaches least beyond sRGB).
  public var palette: Palette {
    func rgb(_ value: UInt32) -> Color { Self.artColor(value) }
    switch self {
    case .spring:
      return Palette(
        base: rgb(0xFCE8EF), accent: rgb(0xD0487E),
        colors: [rgb(0xBFE0F5), rgb(0xF8BBD0), rgb(0xEC6F9C), rgb(0x93C970), rgb(0x5D4037)])
    case .summer:
      return Palette(
        base: rgb(0x7CC8EC), accent: rgb(0x16679A),
        colors: [rgb(0x2F9BD8), rgb(0xFFE066), rgb(0xFFB627), rgb(0x38A9C2), rgb(0x145582)])
    case .autumn:
      return Palette(
        base: rgb(0xF8CFA0), accent: rgb(0xD2401F),
        colors: [rgb(0xFCEBD2), rgb(0xF2B33D), rgb(0xE8701E), rgb(0xD2401F), rgb(0x8F3B22)])
    case .winter:
      return Palette(
        base: rgb(0x4F7FB8), accent: rgb(0x2D4A6E),
        colors: [rgb(0x1E3F72), rgb(0x4F7FB8), rgb(0xA9C9E8), rgb(0xFFFFFF), rgb(0x2D4A6E)])
    }
  }

  /// The palette's colours that have a wider Display P3 variant (see `palette`).
  public var wideGamutAccents: [Color] { palette.colors.filter(\.isOutsideSRGB) }

  /// The art colours with a Display P3 variant outside sRGB, by their sRGB `0xRRGGBB`: the one
  /// table the palettes and the art (`ArtKit.rgb`) read.
  static let wideGamutVariants: [UInt32: RGBComponents] = [
    0xEC6F9C: RGBComponents(red: 1, green: 0.25, blue: 0.6),
    0xFFB627: RGBComponents(red: 1, green: 0.7, blue: 0),
    0xE8701E: RGBComponents(red: 0.95, green: 0.42, blue: 0),
    0xA9C9E8: RGBComponents(red: 0.5, green: 0.78, blue: 1),
  ]

  /// `0xRRGGBB` as an art colour, with its P3 variant when `wideGamutVariants` has one.
  static func artColor(_ value: UInt32) -> Color {
    guard let p3 = wideGamutVariants[value] else { return Color(rgb: value) }
    return Color(sRGB: Color(rgb: value), displayP3: p3)
  }

  /// Label colours: `accent` reads on light skies; this light tint on dark ones (winter at
  /// high alpha, a deep summer sky).
  public var lightAccent: Color {
    switch self {
    case .spring: return Color(rgb: 0xFFF0F5)
    case .summer: return Color(rgb: 0xFFFFFF)
    case .autumn: return Color(rgb: 0xFFF3E0)
    case .winter: return Color(rgb: 0xEAF3FC)
    }
  }

  /// The languages season names are available in.
  public enum Locale: String, CaseIterable, Sendable {
    case en
    case zhHant = "zh-Hant"
    case ja
  }

  /// The season's name: `Spring`… in English, 春天/夏天/秋天/冬天 in Traditional Chinese,
  /// 春/夏/秋/冬 in Japanese.
  public func name(in locale: Locale) -> String {
    switch (locale, self) {
    case (.en, .spring): return "Spring"
    case (.en, .summer): return "Summer"
    case (.en, .autumn): return "Autumn"
    case (.en, .winter): return "Winter"
    case (.zhHant, .spring): return "春天"
    case (.zhHant, .summer): return "夏天"
    case (.zhHant, .autumn): return "秋天"
    case (.zhHant, .winter): return "冬天"
    case (.ja, .spring): return "春"
    case (.ja, .summer): return "夏"
    case (.ja, .autumn): return "秋"
    case (.ja, .winter): return "冬"
    }
  }
}
