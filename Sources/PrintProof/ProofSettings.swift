import DesignFiles
import Platform
import SceneGraph

/// A length on paper, as a user writes it (`3mm`, `0.125in`, `9pt`) and in points
/// (1 pt = 1/72 in).
public struct Length: Hashable, Sendable, CustomStringConvertible {
  /// The units a length may be written in.
  public enum Unit: String, Hashable, Sendable, CaseIterable {
    case mm, `in`, pt

    /// Points per one of this unit.
    public var points: Double {
      switch self {
      case .mm: return 72 / 25.4
      case .in: return 72
      case .pt: return 1
      }
    }
  }

  /// The number as written, in `unit`.
  public let value: Double
  public let unit: Unit

  public init(_ value: Double, _ unit: Unit) {
    self.value = value
    self.unit = unit
  }

  /// The length in points.
  public var points: Double { value * unit.points }

  /// The default print bleed: 3 mm (8.504 pt) on every side.
  public static let defaultBleed = Length(3, .mm)

  /// Parses a number followed by `mm`, `in` or `pt` (spaces allowed, any case); a bare `0` is
  /// zero points. Negative numbers parse, so callers can say why they are refused.
  ///
  /// - Returns: nil for anything else, including NaN, infinity and a number without a unit.
  public init?(parsing text: String) {
    let trimmed = text.trimmingSpaces().lowercased()
    if let zero = parseDecimal(trimmed), zero == 0 {
      self.init(0, .pt)
      return
    }
    for unit in Unit.allCases where trimmed.hasSuffix(unit.rawValue) {
      let number = trimmed.dropLast(unit.rawValue.count).trimmingSpaces()
      guard let value = parseDecimal(number) else { return nil }
      self.init(value, unit)
      return
    }
    return nil
  }

  /// `3 mm (8.504 pt)`, or `9 pt` when written in points.
  public var description: String {
    let written = "\(Self.decimal(value, places: 3)) \(unit.rawValue)"
    return unit == .pt ? written : "\(written) (\(Self.decimal(points, places: 3)) pt)"
  }

  /// `value` with at most `places` decimals, trailing zeros removed (`8.504`, `36`).
  static func decimal(_ value: Double, places: Int) -> String {
    var text = String(cFormat: "%.\(places)f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}

/// The printer's marks drawn outside the bleed.
public struct ProofMarks: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Hairlines at the four trim corners, starting outside the bleed.
  public static let crop = ProofMarks(rawValue: 1 << 0)
  /// Targets (circle and cross) at the middle of each side, outside the bleed.
  public static let registration = ProofMarks(rawValue: 1 << 1)
  /// A row of patches: the design's palette (RGB), then the press control strip in
  /// DeviceCMYK: C, M, Y, K solids, overprints, tints and a K-only grey scale.
  public static let colorBar = ProofMarks(rawValue: 1 << 2)
  /// Lines of text naming the design, device, sizes, season, date and page.
  public static let slug = ProofMarks(rawValue: 1 << 3)

  public static let all: ProofMarks = [.crop, .registration, .colorBar, .slug]

  /// The names used on the command line, in drawing order.
  public static let names: [(name: String, mark: ProofMarks)] = [
    ("crop", .crop), ("registration", .registration), ("colorbar", .colorBar), ("slug", .slug),
  ]
}

/// The sheet each proof page is laid out on.
public enum Paper: String, Hashable, Sendable, CaseIterable {
  /// The page is exactly the art, its bleed, and the margin the marks need.
  case fit
  /// ISO A4, 210 × 297 mm.
  case a4
  /// US Letter, 8.5 × 11 in.
  case letter
  /// ISO A3, 297 × 420 mm.
  case a3
  /// A3+ (Super B), 13 × 19 in: A3 with room for bleed and marks.
  case a3Plus = "a3+"
  /// ISO SRA3, 320 × 450 mm: the press sheet for A3 with bleed.
  case sra3
  /// US Tabloid, 11 × 17 in.
  case tabloid

  /// The portrait sheet in points; nil for `fit`.
  public var sheet: Size? {
    switch self {
    case .fit: return nil
    case .a4: return Self.millimetres(210, 297)
    case .letter: return Size(clampingWidth: 612, height: 792)
    case .a3: return Self.millimetres(297, 420)
    case .a3Plus: return Size(clampingWidth: 13 * 72, height: 19 * 72)
    case .sra3: return Self.millimetres(320, 450)
    case .tabloid: return Size(clampingWidth: 11 * 72, height: 17 * 72)
    }
  }

  private static func millimetres(_ width: Double, _ height: Double) -> Size {
    Size(clampingWidth: width * Length.Unit.mm.points, height: height * Length.Unit.mm.points)
  }

  /// The sheets, as help and errors list them: `a4, letter, a3, a3+, sra3 or tabloid`.
  public static var sheets: String {
    let names = allCases.filter { $0 != .fit }.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  /// How the slug names the sheet.
  var title: String {
    switch self {
    case .fit: return "fit"
    case .a4: return "A4"
    case .letter: return "Letter"
    case .a3: return "A3"
    case .a3Plus: return "A3+"
    case .sra3: return "SRA3"
    case .tabloid: return "Tabloid"
    }
  }
}

/// How proof pages are made.
public struct ProofSettings: Hashable, Sendable {
  /// Added around the trim on every side; background and art are drawn into it.
  public var bleed: Length
  public var marks: ProofMarks
  public var paper: Paper
  /// One wallpaper per page, or as many as fit on each sheet (needs a sheet, not `fit`).
  public var arrangement: SheetArrangement

  public init(
    bleed: Length = .defaultBleed, marks: ProofMarks = .all, paper: Paper = .fit,
    arrangement: SheetArrangement = .single
  ) {
    self.bleed = bleed
    self.marks = marks
    self.paper = paper
    self.arrangement = arrangement
  }

  /// The largest bleed accepted: 1 in (72 pt); print shops ask for 3–5 mm.
  public static let maxBleed = Length(1, .in)

  /// Whether `bleed` can be a proof's bleed: ≥ 0 and ≤ `maxBleed`.
  public static func allows(bleed: Length) -> Bool {
    bleed.points >= 0 && bleed.points <= maxBleed.points
  }
}
