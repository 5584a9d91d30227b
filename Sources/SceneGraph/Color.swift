import Platform

/// A colour in sRGB with straight (not premultiplied) alpha; each component in 0…1.
///
/// A colour given in Display P3 (`init(displayP3Red:green:blue:alpha:)`) keeps those
/// components in `displayP3`, for P3 output; `red`, `green` and `blue` then hold its sRGB clip,
/// which sRGB output draws.
public struct Color: Hashable, Sendable {
  public let red: Double
  public let green: Double
  public let blue: Double
  public let alpha: Double
  /// The Display P3 components (0…1, D65, sRGB transfer) when the colour was given in P3.
  public let displayP3: RGBComponents?
  /// Whether `red`, `green`, `blue` are the clip of `displayP3` (a colour given in P3) rather
  /// than an sRGB colour chosen to stand for it (`init(sRGB:displayP3:)`, the seasons' wide
  /// accents). Only a clip is worth a note in sRGB output.
  public let sRGBIsClip: Bool

  /// - Throws: `SceneError` naming the component outside 0…1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) throws(SceneError) {
    try requireUnit(red, "color.red")
    try requireUnit(green, "color.green")
    try requireUnit(blue, "color.blue")
    try requireUnit(alpha, "color.alpha")
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.displayP3 = nil
    self.sRGBIsClip = false
  }

  /// An sRGB colour with a wider Display P3 variant: sRGB output draws `sRGB` exactly as
  /// before, P3 output draws `displayP3` (components 0…1; clamped).
  public init(sRGB: Color, displayP3: RGBComponents) {
    self.init(
      unchecked: sRGB.red, sRGB.green, sRGB.blue, sRGB.alpha, displayP3: displayP3.clamped, sRGBIsClip: false)
  }

  /// A colour in Display P3 (CSS `color(display-p3 r g b)`): P3-D65 primaries, the sRGB
  /// transfer function, each component 0…1. Its sRGB components are the clip of the
  /// conversion (linear values limited to 0…1), so sRGB output draws the nearest sRGB colour.
  ///
  /// - Throws: `SceneError` naming the component outside 0…1.
  public init(displayP3Red red: Double, green: Double, blue: Double, alpha: Double = 1) throws(SceneError) {
    try requireUnit(red, "color.red")
    try requireUnit(green, "color.green")
    try requireUnit(blue, "color.blue")
    try requireUnit(alpha, "color.alpha")
    let p3 = RGBComponents(red: red, green: green, blue: blue)
    let clip = DisplayP3.sRGB(from: p3).clamped
    self.red = clip.red
    self.green = clip.green
    self.blue = clip.blue
    self.alpha = alpha
    self.displayP3 = p3
    self.sRGBIsClip = true
  }

  /// The colour's Display P3 components: as given, or converted from sRGB (always inside P3).
  public var displayP3Components: RGBComponents {
    displayP3 ?? DisplayP3.displayP3(from: RGBComponents(red: red, green: green, blue: blue))
  }

  /// Whether the colour was given in Display P3 outside sRGB (by more than 1e-4 in a linear
  /// component), so that sRGB output draws its clip.
  public var isOutsideSRGB: Bool {
    guard let displayP3 else { return false }
    let exact = DisplayP3.sRGB(from: displayP3)
    return [exact.red, exact.green, exact.blue].contains { $0 < -1e-4 || $0 > 1 + 1e-4 }
  }

  /// A colour that cannot fail, for constants and components valid by construction: each
  /// component limited to 0…1, NaN as 0.
  public init(clampingRed red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.init(
      unchecked: red.clamped(to: 0...1), green.clamped(to: 0...1), blue.clamped(to: 0...1), alpha.clamped(to: 0...1))
  }

  /// A colour from 8-bit channels.
  public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
    red = Double(red8) / 255
    green = Double(green8) / 255
    blue = Double(blue8) / 255
    alpha = Double(alpha8) / 255
    displayP3 = nil
    sRGBIsClip = false
  }

  /// A colour from `0xRRGGBB`.
  public init(rgb: UInt32, alpha: UInt8 = 255) {
    self.init(
      red8: UInt8((rgb >> 16) & 0xFF), green8: UInt8((rgb >> 8) & 0xFF), blue8: UInt8(rgb & 0xFF),
      alpha8: alpha)
  }

  /// The same colour with its alpha multiplied by `factor` (0…1).
  public func fading(by factor: Double) -> Color {
    Color(
      unchecked: red, green, blue, alpha * min(1, max(0, factor)), displayP3: displayP3, sRGBIsClip: sRGBIsClip)
  }

  /// The colour mixed with `other`: 0 gives `self`, 1 gives `other`.
  public func mixed(with other: Color, by amount: Double) -> Color {
    let t = min(1, max(0, amount))
    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
    if displayP3 != nil || other.displayP3 != nil {
      // sRGB output mixes the sRGB components, P3 output the P3 ones, so a wide end keeps its
      // gamut in P3 and sRGB output is what it was.
      let (a, b) = (displayP3Components, other.displayP3Components)
      return Color(
        unchecked: mix(red, other.red), mix(green, other.green), mix(blue, other.blue), mix(alpha, other.alpha),
        displayP3: RGBComponents(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue)),
        sRGBIsClip: sRGBIsClip && other.sRGBIsClip)
    }
    return Color(
      unchecked: mix(red, other.red), mix(green, other.green), mix(blue, other.blue),
      mix(alpha, other.alpha))
  }

  /// WCAG relative luminance of the opaque colour, 0 (black) … 1 (white).
  public var relativeLuminance: Double {
    func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// WCAG contrast ratio with `other`, 1 … 21, ignoring alpha.
  public func contrast(with other: Color) -> Double {
    let (a, b) = (relativeLuminance, other.relativeLuminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  init(
    unchecked red: Double, _ green: Double, _ blue: Double, _ alpha: Double, displayP3: RGBComponents? = nil,
    sRGBIsClip: Bool = false
  ) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.displayP3 = displayP3
    self.sRGBIsClip = displayP3 != nil && sRGBIsClip
  }

  public static let white = Color(rgb: 0xFFFFFF)
  public static let black = Color(rgb: 0x000000)
  public static let clear = Color(rgb: 0x000000, alpha: 0)

  /// `hex`, or for a colour given in Display P3 `color(display-p3 R G B)` (with ` / A` when
  /// not opaque), components with up to four decimals: how a design file writes it. A colour
  /// with a chosen sRGB fallback (`init(sRGB:displayP3:)`) shows its sRGB `hex`.
  public var cssText: String {
    guard let p3 = displayP3, sRGBIsClip else { return hex }
    func number(_ v: Double) -> String {
      var text = String(cFormat: "%.4f", v)
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
      return text
    }
    let alphaText = alpha < 1 ? " / \(number(alpha))" : ""
    return "color(display-p3 \(number(p3.red)) \(number(p3.green)) \(number(p3.blue))\(alphaText))"
  }

  /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; channels rounded to 8 bits.
  public var hex: String {
    func byte(_ v: Double) -> String {
      let text = String(Int((v * 255).rounded()), radix: 16, uppercase: true)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
  }
}

/// A colour at a position (0…1) along a gradient.
public struct GradientStop: Hashable, Sendable {
  public let offset: Double
  public let color: Color

  /// - Throws: `SceneError` when `offset` is outside 0…1.
  public init(offset: Double, color: Color) throws(SceneError) {
    try requireUnit(offset, "gradient.stop.offset")
    self.offset = offset
    self.color = color
  }
}

/// How a shape is filled or stroked. Gradient coordinates are in the node's own space (points).
public enum Paint: Hashable, Sendable {
  case solid(Color)
  /// From `start` to `end`; colours outside the segment extend the end stops.
  case linearGradient(start: Point, end: Point, stops: [GradientStop])
  /// Between a circle at `center` of radius 0 and a circle of `radius` around the same centre.
  case radialGradient(center: Point, radius: Double, stops: [GradientStop])

  /// A linear gradient; needs two or more stops in ascending order.
  public static func linear(from start: Point, to end: Point, stops: [GradientStop])
    throws(SceneError) -> Paint
  {
    try checkStops(stops)
    return .linearGradient(start: start, end: end, stops: stops)
  }

  /// A radial gradient; `radius` > 0, two or more stops in ascending order.
  public static func radial(center: Point, radius: Double, stops: [GradientStop])
    throws(SceneError) -> Paint
  {
    try requirePositive(radius, "gradient.radius")
    try checkStops(stops)
    return .radialGradient(center: center, radius: radius, stops: stops)
  }

  private static func checkStops(_ stops: [GradientStop]) throws(SceneError) {
    guard stops.count >= 2 else {
      throw SceneError(
        field: "gradient.stops", value: "\(stops.count) stops", allowed: "two or more")
    }
    for (previous, next) in zip(stops, stops.dropFirst()) where next.offset < previous.offset {
      throw SceneError(
        field: "gradient.stops", value: "offset \(next.offset) after \(previous.offset)",
        allowed: "offsets in ascending order")
    }
  }
}
