extension JSONValue {
  /// The value as compact JSON text, members in their order. `<`, `>` and `&` are written as
  /// `\u003C`-style escapes, so the text can sit inside an HTML `<script>` element.
  public var jsonText: String {
    var text = ""
    write(into: &text)
    return text
  }

  private func write(into text: inout String) {
    switch kind {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let value): text += Self.numberText(value)
    case .string(let value): text += Self.quoted(value)
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.write(into: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        text += Self.quoted(member.key) + ":"
        member.value.write(into: &text)
      }
      text += "}"
    }
  }

  /// A finite number as JSON writes it: whole numbers without a fraction (`414`), others in
  /// Swift's shortest round-tripping form (`0.1`).
  public static func numberText(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
    return "\(number)"
  }

  /// A JSON string literal, safe inside HTML (see `quoted(_:htmlSafe:)`).
  public static func quoted(_ string: String) -> String { quoted(string, htmlSafe: true) }

  /// A JSON string literal: quotes, backslashes and control characters escaped, and with
  /// `htmlSafe` also `<`, `>`, `&`, U+2028 and U+2029, so that it can sit inside an HTML
  /// `<script>` element.
  public static func quoted(_ string: String, htmlSafe: Bool) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "<", ">", "&", "\u{2028}",
        "\u{2029}" where htmlSafe:
        text +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16, uppercase: true)
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    return text + "\""
  }

  /// The value without the member at `path` (object keys); unchanged when absent.
  public func removing(_ path: [String]) -> JSONValue {
    guard let key = path.first, case .object(var members) = kind else { return self }
    guard let index = members.firstIndex(where: { $0.key == key }) else { return self }
    if path.count == 1 {
      members.remove(at: index)
    } else {
      members[index].value = members[index].value.removing(Array(path.dropFirst()))
    }
    return JSONValue(.object(members), origin: origin)
  }

  /// The value at `path`, or nil.
  public subscript(path path: [String]) -> JSONValue? {
    guard let key = path.first else { return self }
    guard case .object(let members) = kind, let member = members.first(where: { $0.key == key }) else { return nil }
    return member.value[path: Array(path.dropFirst())]
  }
}

extension JSONValue {
  /// Reads JSON text with the design loader's strict parser (its limits included).
  ///
  /// - Throws: `DesignError` naming `file` and the line of the first syntax error.
  public static func parse(_ bytes: [UInt8], file: String) throws(DesignError) -> JSONValue {
    try JSONParser.parse(bytes, file: file)
  }

  /// The string, or nil for another kind.
  public var stringValue: String? {
    if case .string(let value) = kind { return value }
    return nil
  }

  /// The number when it is a whole number that fits an `Int`, else nil.
  public var intValue: Int? {
    guard case .number(let value) = kind, value == value.rounded(), abs(value) < 9_007_199_254_740_992 else {
      return nil
    }
    return Int(value)
  }

  /// The elements of an array, or nil for another kind.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = kind { return elements }
    return nil
  }
}
