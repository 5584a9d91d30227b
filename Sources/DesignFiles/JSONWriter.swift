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
        text += (offset > 0 ? ",\n" : "") + inner + JSONValue.quoted(key, htmlSafe: false) + " : "
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
    case let string as String: text += JSONValue.quoted(string, htmlSafe: false)
    case let bool as Bool: text += bool ? "true" : "false"
    case let integer as any BinaryInteger: text += "\(integer)"
    case let number as Double:
      precondition(number.isFinite, "JSONWriter: \(number) is not a JSON number")
      text += JSONValue.numberText(number)
    case is Null: text += "null"
    default: preconditionFailure("JSONWriter: a \(type(of: value)) is not a JSON value")
    }
  }
}
