/// Every JSON document the tool writes (`--json` results, the manifest, asset catalogs, the
/// schema, `devices --json`) goes through here: keys sorted, two-space pretty printing in the
/// layout Foundation's `JSONSerialization` uses (`"key" : value`), slashes unescaped, a final
/// newline, so the same value always gives the same bytes. Written out here so that no command
/// links Foundation's `JSONSerialization` and its `NSNumber` bridging.
package enum JSONWriter {
  /// JSON's `null`, as a value in a tree of `[String: Any]` and `[Any]`.
  package struct Null: Sendable {}
  package static let null = Null()

  /// `object` (`[String: Any]`, `[Any]`, `String`, `Bool`, integers, `Double`, `Null`) as
  /// UTF-8 bytes. Any other type is a programming error and traps.
  package static func bytes(_ object: Any) -> [UInt8] { Array(text(object).utf8) }

  /// `object` as text, ending in a newline.
  package static func text(_ object: Any) -> String {
    var text = ""
    write(object, indent: "", into: &text)
    return text + "\n"
  }

  private static func write(_ value: Any, indent: String, into text: inout String) {
    let inner = indent + "  "
    switch value {
    case let object as [String: Any]:
      text += "{\n"
      for (offset, key) in object.keys.sorted().enumerated() {
        text += (offset > 0 ? ",\n" : "") + inner + quoted(key) + " : "
        write(object[key]!, indent: inner, into: &text)
      }
      text += "\n" + indent + "}"
    case let array as [Any]:
      text += "[\n"
      for (offset, element) in array.enumerated() {
        text += (offset > 0 ? ",\n" : "") + inner
        write(element, indent: inner, into: &text)
      }
      text += "\n" + indent + "]"
    case let string as String: text += quoted(string)
    case let bool as Bool: text += bool ? "true" : "false"
    case let integer as any BinaryInteger: text += "\(integer)"
    case let number as Double: text += formatted(number)
    case is Null: text += "null"
    default: preconditionFailure("JSONWriter: a \(type(of: value)) is not a JSON value")
    }
  }

  /// Integral numbers without a fraction (`414`), others in Swift's shortest form (`0.1`).
  private static func formatted(_ number: Double) -> String {
    precondition(number.isFinite, "JSONWriter: \(number) is not a JSON number")
    if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
    return "\(number)"
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  private static func quoted(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}
