import Foundation

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
/// keys.
struct JSONParser {
  private let bytes: [UInt8]
  private let file: String
  private var index = 0
  private var line = 1

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
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), origin: origin)
    case UInt8(ascii: "t"): try expect("true"); return JSONValue(.bool(true), origin: origin)
    case UInt8(ascii: "f"): try expect("false"); return JSONValue(.bool(false), origin: origin)
    case UInt8(ascii: "n"): try expect("null"); return JSONValue(.null, origin: origin)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try parseNumber()), origin: origin)
    default:
      throw syntaxError("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
    }
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
    var start = index
    func flush(_ end: Int) {
      scalars.append(contentsOf: String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(index)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw syntaxError("a control character inside a string") }
      if byte == UInt8(ascii: "\\") {
        flush(index)
        index += 1
        guard index < bytes.count else { break }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try parseHex4()
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
          scalars.append(scalar)
        default:
          throw syntaxError("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
        }
        start = index
        continue
      }
      index += 1
    }
    throw syntaxError("the file ends inside a string")
  }

  private mutating func parseHex4() throws(DesignError) -> UInt32 {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw syntaxError("expected four hex digits after \\u") }
    index += 4
    return value
  }

  private mutating func parseNumber() throws(DesignError) -> Double {
    let start = index
    while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    let grammar = text.range(
      of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression)
    guard grammar != nil, let value = Double(text), value.isFinite else {
      throw syntaxError("'\(text)' is not a valid number")
    }
    return value
  }
}
