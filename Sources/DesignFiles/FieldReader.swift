import Platform
import SceneGraph
import Wallpapers

/// Reads the fields of one JSON object, checking types and ranges, and reports any field it was
/// not asked for as unknown, so typos fail instead of being ignored.
///
/// Values that came from command-line flags arrive as strings and are parsed here, so the
/// file and the flags share one set of rules. Numbers are checked against the bounds the field
/// table gives them (`FieldSpec.Kind.number`, `.integer`), the bounds the JSON Schema states.
struct FieldReader {
  let value: JSONValue
  /// The dotted path of this object, empty at the top level.
  let path: String
  /// The field table's entries for this object's members.
  let fields: [FieldSpec]
  private let members: [JSONValue.Member]

  init(_ value: JSONValue, path: String, fields: [FieldSpec]) throws(DesignError) {
    guard case .object(let members) = value.kind else {
      throw DesignError(
        origin: value.origin, field: path.isEmpty ? nil : path,
        message: "is \(value.typeName), expected an object")
    }
    self.value = value
    self.path = path
    self.fields = fields
    self.members = members
  }

  func fieldPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

  /// The raw value of `key`, or nil when absent or null.
  func raw(_ key: String) -> JSONValue? {
    guard let value = members.first(where: { $0.key == key })?.value else { return nil }
    if case .null = value.kind { return nil }
    return value
  }

  /// Fails on the first field not in `known`, suggesting the closest known name.
  func rejectUnknown(_ known: [String]) throws(DesignError) {
    for member in members where !known.contains(member.key) {
      let hint = closest(to: member.key, in: known).first.map { "; did you mean '\($0)'?" } ?? ""
      throw DesignError(
        origin: member.origin, field: fieldPath(member.key),
        message: "unknown field (allowed: \(known.joined(separator: ", ")))\(hint)")
    }
  }

  func typeError(_ value: JSONValue, _ key: String, expected: String) -> DesignError {
    DesignError(
      origin: value.origin, field: fieldPath(key),
      message: "is \(value.typeName), expected \(expected)")
  }

  func object(_ key: String) throws(DesignError) -> FieldReader? {
    guard let value = raw(key) else { return nil }
    return try FieldReader(value, path: fieldPath(key), fields: spec(key).kind.children ?? [])
  }

  func string(_ key: String) throws(DesignError) -> String? {
    guard let value = raw(key) else { return nil }
    guard case .string(let text) = value.kind else { throw typeError(value, key, expected: "a string") }
    return text
  }

  func bool(_ key: String) throws(DesignError) -> Bool? {
    guard let value = raw(key) else { return nil }
    switch value.kind {
    case .bool(let flag): return flag
    case .string(let text) where value.isFromFlag:
      switch text.lowercased() {
      case "true", "yes", "on", "1": return true
      case "false", "no", "off", "0": return false
      default:
        throw DesignError.invalid(value, field: fieldPath(key), shown: "'\(text)'", allowed: "true or false")
      }
    default: throw typeError(value, key, expected: "true or false")
    }
  }

  /// The field table's entry for `key`: every field the loader reads has one (a missing one is
  /// a programming error, caught by the schema tests).
  func spec(_ key: String) -> FieldSpec {
    guard let spec = fields.first(where: { $0.name == key }) else {
      preconditionFailure("'\(fieldPath(key))' is not in the field table")
    }
    return spec
  }

  /// A finite number within the bounds the field table gives `key`; `allowed` describes them
  /// in errors (default: "a number from … to …").
  func number(_ key: String, allowed: String? = nil) throws(DesignError) -> Double? {
    guard case .number(let minimum, let maximum, let exclusiveMinimum) = spec(key).kind else {
      preconditionFailure("'\(fieldPath(key))' is not a number in the field table")
    }
    let described =
      exclusiveMinimum
      ? "a number > \(formatNumber(minimum)) and ≤ \(formatNumber(maximum))" : describe(minimum...maximum)
    guard let number = try number(key, in: minimum...maximum, allowed: allowed ?? described) else { return nil }
    if exclusiveMinimum, number == minimum {
      throw DesignError.invalid(
        raw(key)!, field: fieldPath(key), shown: formatNumber(number), allowed: allowed ?? described)
    }
    return number
  }

  /// A finite number within `range`.
  private func number(_ key: String, in range: ClosedRange<Double>, allowed: String) throws(DesignError) -> Double? {
    guard let value = raw(key) else { return nil }
    let number: Double
    switch value.kind {
    case .number(let n): number = n
    case .string(let text) where value.isFromFlag:
      guard let n = parseDecimal(text.trimmingSpaces()) else {
        throw DesignError.invalid(value, field: fieldPath(key), shown: "'\(text)'", allowed: allowed)
      }
      number = n
    default: throw typeError(value, key, expected: "a number")
    }
    guard range.contains(number) else {
      throw DesignError.invalid(value, field: fieldPath(key), shown: formatNumber(number), allowed: allowed)
    }
    return number
  }

  /// An opacity: a number field of the table, from 0 to 1.
  func opacity(_ key: String) throws(DesignError) -> Opacity? {
    try number(key).map(Opacity.init(clamping:))
  }

  /// A whole number within the bounds the field table gives `key`; `allowed` describes them in
  /// errors.
  func integer(_ key: String, allowed: String? = nil) throws(DesignError) -> Int? {
    guard case .integer(let minimum, let maximum) = spec(key).kind else {
      preconditionFailure("'\(fieldPath(key))' is not a whole number in the field table")
    }
    guard let value = raw(key) else { return nil }
    let allowed = allowed ?? "a whole number from \(minimum) to \(maximum)"
    guard
      let number = try number(
        key, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, allowed: allowed)
    else { return nil }
    guard number == number.rounded(), let whole = Int(exactly: number), (minimum...maximum).contains(whole) else {
      throw DesignError.invalid(value, field: fieldPath(key), shown: formatNumber(number), allowed: allowed)
    }
    return whole
  }

  /// One of a closed set of words (an enum's raw values), as people type them: any case, or a
  /// synonym (`T(typed:)`).
  func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(DesignError) -> T?
  where T.RawValue == String {
    guard let text = try string(key) else { return nil }
    if let choice = T(typed: text) { return choice }
    let names = T.allCases.map(\.rawValue)
    throw DesignError.invalid(
      raw(key)!, field: fieldPath(key), shown: "'\(text)'", allowed: names.joined(separator: ", "))
  }

  func color(_ key: String) throws(DesignError) -> Color? {
    guard let text = try string(key) else { return nil }
    guard let color = Color(parsing: text) else {
      throw DesignError.invalid(
        raw(key)!, field: fieldPath(key), shown: "'\(text)'",
        allowed: Color.allowedForms)
    }
    return color
  }

  /// The elements of an array field; a single flag value counts as a one-element array.
  func array(_ key: String) throws(DesignError) -> [JSONValue]? {
    guard let value = raw(key) else { return nil }
    switch value.kind {
    case .array(let elements): return elements
    case .string where value.isFromFlag: return [value]
    default: throw typeError(value, key, expected: "an array")
    }
  }

  private func describe(_ range: ClosedRange<Double>) -> String {
    "a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))"
  }
}

extension JSONValue {
  var isFromFlag: Bool {
    if case .flag = origin { return true }
    return false
  }
}

/// Top-level fields of a design that the loader hands on unread, with the same type
/// checks and error messages (naming `file:line: field` or the flag) as every other field.
public struct DesignFields: Sendable {
  let reader: FieldReader
  /// The design file's folder; empty without a file.
  let baseFolder: String

  /// The string in `key`, or nil when absent.
  public func string(_ key: String) throws(DesignError) -> String? { try reader.string(key) }

  /// The boolean in `key` (from a flag: true/false, yes/no, on/off, 1/0), or nil when absent.
  public func bool(_ key: String) throws(DesignError) -> Bool? { try reader.bool(key) }

  /// The number in `key` within the bounds its `FieldSpec` gives, or nil when absent;
  /// `allowed` describes them in errors.
  public func number(_ key: String, allowed: String? = nil) throws(DesignError) -> Double? {
    try reader.number(key, allowed: allowed)
  }

  /// One of an enumeration's raw values in `key`, or nil when absent.
  public func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(DesignError) -> T?
  where T.RawValue == String {
    try reader.choice(key, as: type)
  }

  /// The output path in `key`: a flag's value as given; a design file's value relative to the
  /// file's folder and confined to it (see `DesignLoader.resolveOutput`), so a downloaded
  /// design cannot write elsewhere.
  public func outputPath(_ key: String) throws(DesignError) -> String? {
    guard let value = reader.raw(key), let text = try reader.string(key) else { return nil }
    return try DesignLoader.resolveOutput(text, from: value, baseFolder: baseFolder)
  }

  /// The input file in `key`: a flag's value as given; a design file's value relative to the
  /// file's folder and confined to it (see `DesignLoader.resolveInput`), so a shared design
  /// cannot read a file elsewhere. `flag` is the flag that takes such a file from anywhere.
  public func inputPath(_ key: String, flag: String) throws(DesignError) -> String? {
    guard let value = reader.raw(key), let text = try reader.string(key) else { return nil }
    return try DesignLoader.resolveInput(text, from: value, baseFolder: baseFolder, field: key, flag: flag)
  }

  /// Refuses a control character in `key`'s value (see `DesignLoader.checkPathCharacters`).
  public func checkPathCharacters(_ key: String) throws(DesignError) {
    guard let value = reader.raw(key), let text = try reader.string(key) else { return }
    try DesignLoader.checkPathCharacters(text, from: value, field: key)
  }

  /// Where `key`'s value came from (a file and line, or the flag that set it); nil when absent.
  public func origin(of key: String) -> ValueOrigin? { reader.raw(key)?.origin }
}

/// A decimal number as people type it on a command line: an optional sign, digits with an
/// optional fraction (`2`, `0.5`, `.5`), an optional exponent (`1e-7`). Hex (`0x2`), `inf`,
/// `nan` and spaces inside are refused; the result is finite.
public func parseDecimal(_ text: some StringProtocol) -> Double? {
  let bytes = Array(text.utf8)
  var index = 0
  func digits() -> Int {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    return index - start
  }
  if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
  var mantissa = digits()
  if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
    index += 1
    mantissa += digits()
  }
  guard mantissa > 0 else { return nil }
  if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
    index += 1
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard digits() > 0 else { return nil }
  }
  guard index == bytes.count, let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else {
    return nil
  }
  return value
}
