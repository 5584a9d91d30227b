/// Where a design value came from: a line of a design file, or a command-line flag.
public enum ValueOrigin: Hashable, Sendable {
  case file(path: String, line: Int)
  case flag(String)
}

/// A parsed JSON value that remembers where it came from, so errors can point at it.
public struct JSONValue: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in file order; keys are unique.
    case object([Member])
  }

  public struct Member: Hashable, Sendable {
    public let key: String
    public var value: JSONValue
    public let origin: ValueOrigin
  }

  public var kind: Kind
  public let origin: ValueOrigin

  public init(_ kind: Kind, origin: ValueOrigin) {
    self.kind = kind
    self.origin = origin
  }

  /// The JSON type's name, for error messages.
  var typeName: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A strict JSON parser (RFC 8259) that records the line of every value and rejects duplicate
/// keys, invalid UTF-8, nesting deeper than `DesignLimits.maxNestingDepth` and strings longer
/// than `DesignLimits.maxStringBytes`. It runs in time linear in the input and never recurses
/// deeper than the nesting limit.
struct JSONParser {
  private let bytes: [UInt8]
  private let file: String
  private var index = 0
  private var line = 1
  /// Arrays and objects open around the current position.
  private var depth = 0

  /// - Throws: `DesignError` with the line of the first syntax error.
  static func parse(_ bytes: [UInt8], file: String) throws(DesignError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, file: file)
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.syntaxError("unexpected text after the end") }
    return value
  }

  private init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  private var origin: ValueOrigin { .file(path: file, line: line) }

  private func syntaxError(_ message: String) -> DesignError {
    DesignError(origin: origin, field: nil, message: "malformed JSON: \(message)")
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"): line += 1; index += 1
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(DesignError) -> JSONValue {
    guard index < bytes.count else { throw syntaxError("the file ends where a value was expected") }
    let origin = self.origin
    switch bytes[index] {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard depth < DesignLimits.maxNestingDepth else {
        throw syntaxError("arrays and objects nested deeper than \(DesignLimits.maxNestingDepth) levels")
      }
      depth += 1
      defer { depth -= 1 }
      return bytes[index] == UInt8(ascii: "{") ? try parseObject() : try parseArray()
    case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), origin: origin)
    case UInt8(ascii: "t"): try expect("true"); return JSONValue(.bool(true), origin: origin)
    case UInt8(ascii: "f"): try expect("false"); return JSONValue(.bool(false), origin: origin)
    case UInt8(ascii: "n"): try expect("null"); return JSONValue(.null, origin: origin)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try parseNumber()), origin: origin)
    default:
      throw syntaxError("unexpected \(Self.describe(byte: bytes[index]))")
    }
  }

  /// A byte for messages: a printable ASCII character quoted, anything else in hex.
  private static func describe(byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? "character '\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte))"
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }

  private mutating func expect(_ word: String) throws(DesignError) {
    let expected = Array(word.utf8)
    guard bytes[index...].starts(with: expected) else { throw syntaxError("expected '\(word)'") }
    index += expected.count
  }

  private mutating func parseObject() throws(DesignError) -> JSONValue {
    let origin = self.origin
    index += 1
    var members: [JSONValue.Member] = []
    var keys = Set<String>()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return JSONValue(.object(members), origin: origin)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw syntaxError("expected a quoted field name")
      }
      let keyOrigin = self.origin
      let key = try parseString()
      guard keys.insert(key).inserted else {
        throw DesignError(origin: keyOrigin, field: key, message: "appears twice in one object")
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw syntaxError("expected ':' after \"\(key)\"")
      }
      index += 1
      skipWhitespace()
      members.append(JSONValue.Member(key: key, value: try parseValue(), origin: keyOrigin))
      skipWhitespace()
      guard index < bytes.count else { throw syntaxError("the file ends inside an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw syntaxError("expected ',' or '}'") }
      index += 1
      return JSONValue(.object(members), origin: origin)
    }
  }

  private mutating func parseArray() throws(DesignError) -> JSONValue {
    let origin = self.origin
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return JSONValue(.array(elements), origin: origin)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw syntaxError("the file ends inside an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw syntaxError("expected ',' or ']'") }
      index += 1
      return JSONValue(.array(elements), origin: origin)
    }
  }

  private mutating func parseString() throws(DesignError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var length = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard length <= DesignLimits.maxStringBytes else {
        throw syntaxError("a string longer than \(DesignLimits.maxStringBytes) bytes")
      }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(scalars)
      case 0..<0x20:
        throw syntaxError("a control character (byte 0x\(Self.hex(byte))) inside a string; write it as an escape")
      case UInt8(ascii: "\\"):
        let scalar = try parseEscape()
        scalars.append(scalar)
        length += UTF8.width(scalar)
      case 0..<0x80:
        scalars.append(Unicode.Scalar(byte))
        index += 1
        length += 1
      default:
        let scalar = try parseUTF8Sequence()
        scalars.append(scalar)
        length += UTF8.width(scalar)
      }
    }
    throw syntaxError("the file ends inside a string")
  }

  /// One escape after a backslash: `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t` or `\uXXXX` (a surrogate
  /// pair as two).
  private mutating func parseEscape() throws(DesignError) -> Unicode.Scalar {
    index += 1
    guard index < bytes.count else { throw syntaxError("the file ends inside a string") }
    let escape = bytes[index]
    index += 1
    switch escape {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      var code = try parseHex4()
      if (0xDC00..<0xE000).contains(code) { throw syntaxError("a lone UTF-16 surrogate in \\u escape") }
      if (0xD800..<0xDC00).contains(code) {
        guard bytes[index...].starts(with: Array("\\u".utf8)) else {
          throw syntaxError("a lone UTF-16 surrogate in \\u escape")
        }
        index += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw syntaxError("a bad UTF-16 surrogate pair") }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(code) else { throw syntaxError("a lone UTF-16 surrogate in \\u escape") }
      return scalar
    default:
      throw syntaxError("unknown escape '\\' followed by \(Self.describe(byte: escape))")
    }
  }

  /// Exactly four hex digits (no sign, no spaces).
  private mutating func parseHex4() throws(DesignError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = Self.hexDigit(bytes[index]) else {
        throw syntaxError("expected four hex digits after \\u")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// One multi-byte UTF-8 sequence, strictly: no overlong forms, no surrogates, nothing above
  /// U+10FFFF, no stray continuation bytes.
  private mutating func parseUTF8Sequence() throws(DesignError) -> Unicode.Scalar {
    let lead = bytes[index]
    let count: Int
    var code: UInt32
    var lowest: UInt32
    switch lead {
    case 0xC2...0xDF: (count, code, lowest) = (2, UInt32(lead & 0x1F), 0x80)
    case 0xE0...0xEF: (count, code, lowest) = (3, UInt32(lead & 0x0F), 0x800)
    case 0xF0...0xF4: (count, code, lowest) = (4, UInt32(lead & 0x07), 0x10000)
    default: throw syntaxError("invalid UTF-8 (byte 0x\(Self.hex(lead)))")
    }
    guard index + count <= bytes.count else { throw syntaxError("invalid UTF-8 (a sequence cut off)") }
    for offset in 1..<count {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { throw syntaxError("invalid UTF-8 (byte 0x\(Self.hex(next)))") }
      code = code << 6 | UInt32(next & 0x3F)
    }
    guard code >= lowest, let scalar = Unicode.Scalar(code) else {
      throw syntaxError("invalid UTF-8 (an overlong form, a surrogate or a code point above U+10FFFF)")
    }
    index += count
    return scalar
  }

  /// A number by RFC 8259's grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, scanned by
  /// hand in one pass, then converted; it must be finite as a `Double`.
  private mutating func parseNumber() throws(DesignError) -> Double {
    let start = index
    func isDigit(_ at: Int) -> Bool {
      at < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at])
    }
    func digits(from at: Int) -> Int {
      var end = at
      while isDigit(end) { end += 1 }
      return end
    }
    var end = start
    var valid = true
    if end < bytes.count, bytes[end] == UInt8(ascii: "-") { end += 1 }
    if end < bytes.count, bytes[end] == UInt8(ascii: "0") {
      end += 1
    } else if isDigit(end) {
      end = digits(from: end)
    } else {
      valid = false
    }
    if valid, end < bytes.count, bytes[end] == UInt8(ascii: ".") {
      valid = isDigit(end + 1)
      end = digits(from: end + 1)
    }
    if valid, end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
      end += 1
      if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
      valid = isDigit(end)
      end = digits(from: end)
    }
    // What a reader takes for the number: the run of number characters, which must all be used.
    var run = start
    while run < bytes.count, Self.numberCharacters.contains(bytes[run]) { run += 1 }
    index = run
    let text = String(decoding: bytes[start..<min(end, run)], as: UTF8.self)
    let shown = String(decoding: bytes[start..<min(run, start + 40)], as: UTF8.self) + (run - start > 40 ? "…" : "")
    guard valid, end == run else { throw syntaxError("'\(shown)' is not a valid number") }
    // A valid number, but over a limit: said so, not called invalid.
    guard end - start <= DesignLimits.maxStringBytes else {
      throw syntaxError(
        "'\(shown)' is a number of \(end - start) characters (allowed: at most \(DesignLimits.maxStringBytes))")
    }
    guard let value = Double(text), value.isFinite else {
      throw syntaxError("'\(shown)' is too large (allowed: numbers of magnitude below 1.8e308)")
    }
    return value
  }

  private static let numberCharacters: Set<UInt8> = Set("+-0123456789.eE".utf8)
}
