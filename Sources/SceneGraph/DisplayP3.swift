import Platform

/// Three colour components, gamma-encoded (not linear), in the space their context names.
public struct RGBComponents: Hashable, Sendable {
  public let red: Double
  public let green: Double
  public let blue: Double

  public init(red: Double, green: Double, blue: Double) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Each component limited to 0…1.
  public var clamped: RGBComponents {
    RGBComponents(red: red.clamped(to: 0...1), green: green.clamped(to: 0...1), blue: blue.clamped(to: 0...1))
  }
}

/// Conversions between sRGB and Display P3 (Apple's P3-D65 with the sRGB transfer function,
/// CSS `display-p3`). Both share the D65 white point, so a colour converts through linear
/// light with one 3×3 matrix each way (from the primaries' chromaticities, CSS Color 4 §
/// 10.4); no chromatic adaptation is involved.
public enum DisplayP3 {
  /// Linear sRGB → linear Display P3, from the primaries: sRGB (0.64, 0.33), (0.30, 0.60),
  /// (0.15, 0.06); P3 (0.680, 0.320), (0.265, 0.690), (0.150, 0.060); white D65 (0.3127,
  /// 0.3290).
  static let fromSRGB: [[Double]] = multiply(inverse(toXYZ(p3Primaries)), toXYZ(sRGBPrimaries))
  /// Linear Display P3 → linear sRGB.
  static let toSRGB: [[Double]] = multiply(inverse(toXYZ(sRGBPrimaries)), toXYZ(p3Primaries))

  static let sRGBPrimaries = [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)]
  static let p3Primaries = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
  static let white = (0.3127, 0.3290)

  /// The matrix from linear RGB with these primaries (x, y) to XYZ, white D65 at Y = 1.
  static func toXYZ(_ primaries: [(Double, Double)]) -> [[Double]] {
    let columns = primaries.map { [$0.0 / $0.1, 1, (1 - $0.0 - $0.1) / $0.1] }
    let m = (0..<3).map { row in columns.map { $0[row] } }
    let w = [white.0 / white.1, 1, (1 - white.0 - white.1) / white.1]
    let inv = inverse(m)
    let scale = inv.map { row in row[0] * w[0] + row[1] * w[1] + row[2] * w[2] }
    return m.map { row in (0..<3).map { row[$0] * scale[$0] } }
  }

  static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    a.map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + row[$1] * b[$1][column] } } }
  }

  static func inverse(_ m: [[Double]]) -> [[Double]] {
    let (a, b, c) = (m[0][0], m[0][1], m[0][2])
    let (d, e, f) = (m[1][0], m[1][1], m[1][2])
    let (g, h, i) = (m[2][0], m[2][1], m[2][2])
    let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [
      [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
      [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
      [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
    ]
  }

  /// The sRGB transfer function, decoding (sign kept for values outside 0…1).
  public static func linear(_ v: Double) -> Double {
    let a = abs(v)
    let l = a <= 0.040_45 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
    return v < 0 ? -l : l
  }

  /// The sRGB transfer function, encoding (sign kept).
  public static func encoded(_ l: Double) -> Double {
    let a = abs(l)
    let v = a <= 0.003_130_8 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
    return l < 0 ? -v : v
  }

  private static func apply(_ m: [[Double]], _ c: RGBComponents) -> RGBComponents {
    let l = [linear(c.red), linear(c.green), linear(c.blue)]
    let out = m.map { row in row[0] * l[0] + row[1] * l[1] + row[2] * l[2] }
    return RGBComponents(red: encoded(out[0]), green: encoded(out[1]), blue: encoded(out[2]))
  }

  /// An sRGB colour's Display P3 components (inside 0…1 for sRGB inside 0…1).
  public static func displayP3(from sRGB: RGBComponents) -> RGBComponents { apply(fromSRGB, sRGB) }

  /// A Display P3 colour's sRGB components, unclipped: outside 0…1 when the colour is outside
  /// sRGB.
  public static func sRGB(from p3: RGBComponents) -> RGBComponents { apply(toSRGB, p3) }
}

extension Paint {
  /// The paint's colours: one, or each gradient stop's.
  public var colors: [Color] {
    switch self {
    case .solid(let color): return [color]
    case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops): return stops.map(\.color)
    }
  }
}

extension Node {
  /// Every colour the node and its children paint with, in drawing order (images excluded).
  public var colors: [Color] {
    switch self {
    case .group(let group): return group.children.flatMap(\.colors)
    case .shape(let shape): return (shape.fill?.colors ?? []) + (shape.stroke?.paint.colors ?? [])
    case .text(let text): return [text.color]
    // Custom art is drawn by librsvg in sRGB, like the rest of the sRGB drawing.
    case .image, .vector: return []
    }
  }
}

extension Scene {
  /// The distinct colours given in Display P3 outside sRGB (`Color.isOutsideSRGB`), in order
  /// of first use: what sRGB output clips and P3 output keeps.
  public var colorsOutsideSRGB: [Color] {
    var seen: Set<Color> = []
    return nodes.flatMap(\.colors).filter { $0.isOutsideSRGB && seen.insert($0).inserted }
  }
}

extension Node {
  /// Whether the node or one of its children is an image.
  public var containsImage: Bool {
    switch self {
    case .group(let group): return group.children.contains(where: \.containsImage)
    case .image: return true
    case .shape, .text, .vector: return false
    }
  }
}
