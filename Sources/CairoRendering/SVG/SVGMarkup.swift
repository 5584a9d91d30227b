import SceneGraph

/// Bytes of an XML document being written, with the escaping and number formats the SVG
/// writer needs. Numbers are written the same way on every run, so documents are
/// byte-identical.
struct SVGMarkup {
  private(set) var bytes: [UInt8] = []

  mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
  mutating func append(_ other: SVGMarkup) { bytes.append(contentsOf: other.bytes) }

  /// ` name="value"`, with the value escaped.
  mutating func attribute(_ name: String, _ value: String) {
    append(" \(name)=\"")
    append(Self.escaped(value))
    append("\"")
  }

  /// ` name="number"`, in the short form of `SVGMarkup.number`.
  mutating func attribute(_ name: String, _ value: Double) {
    append(" \(name)=\"\(Self.number(value))\"")
  }

  /// `text` escaped for XML (see `MarkupText.escaped`).
  static func escaped(_ text: String) -> String { MarkupText.escaped(text) }

  /// A coordinate in points, rounded to 1/1000 pt (a thousandth of a pixel at 1x, well below
  /// what any renderer resolves), without trailing zeros: `12`, `0.5`, `-3.125`.
  static func number(_ value: Double) -> String { fixed(value, digits: 3) }

  /// A transform coefficient, rounded to 6 decimals: scale and rotation terms multiply every
  /// coordinate, so they keep more digits.
  static func coefficient(_ value: Double) -> String { fixed(value, digits: 6) }

  private static func fixed(_ value: Double, digits: Int) -> String {
    var factor = 1.0
    for _ in 0..<digits { factor *= 10 }
    let scaled = (value * factor).rounded()
    guard scaled.isFinite, abs(scaled) < 9e15 else { return "0" }
    let units = Int64(scaled)
    if units == 0 { return "0" }
    let magnitude = units.magnitude
    let whole = magnitude / UInt64(factor)
    var fraction = magnitude % UInt64(factor)
    var text = (units < 0 ? "-" : "") + String(whole)
    guard fraction > 0 else { return text }
    var width = digits
    while fraction % 10 == 0 {
      fraction /= 10
      width -= 1
    }
    let fractionText = String(fraction)
    text += "." + String(repeating: "0", count: width - fractionText.count) + fractionText
    return text
  }

  /// `#RRGGBB` of the colour's 8-bit channels; alpha is written separately as an opacity.
  static func rgb(_ color: Color) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var text: [UInt8] = [UInt8(ascii: "#")]
    for channel in [color.red, color.green, color.blue] {
      let byte = Int((channel * 255).rounded())
      text.append(digits[byte >> 4])
      text.append(digits[byte & 15])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// An XML name (for `id`) made from a scene name: letters, digits, `-`, `_` and `.` are
  /// kept, anything else becomes `_`, and a name that cannot start an XML name gets a `_`
  /// in front.
  static func identifier(_ name: String) -> String {
    var out = ""
    for scalar in name.unicodeScalars {
      let keep =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "-" || scalar == "_" || scalar == "."
      out.unicodeScalars.append(keep ? scalar : "_")
    }
    if out.isEmpty || !(out.unicodeScalars.first!.properties.isAlphabetic || out.hasPrefix("_")) {
      out = "_" + out
    }
    return out
  }
}

/// Text for XML and HTML documents (SVG, XMP metadata, the export gallery, the editor page).
public enum MarkupText {
  /// `text` with `&`, `<`, `>`, `"` and `'` escaped, safe in attributes and element content.
  /// Characters XML 1.0 forbids (other control characters) become U+FFFD.
  public static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t", "\n", "\r": out += "&#\(scalar.value);"
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
