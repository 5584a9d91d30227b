/// A design value that is missing, malformed or out of range: one line naming where it came
/// from (file and line, or flag), the field, the value and what is allowed.
public struct DesignError: Error, Equatable, CustomStringConvertible, Sendable {
  public let origin: ValueOrigin?
  /// The field path, such as `background.color`.
  public let field: String?
  public let message: String

  public init(origin: ValueOrigin?, field: String?, message: String) {
    self.origin = origin
    self.field = field
    self.message = message
  }

  public var description: String {
    switch origin {
    case .flag(let flag)?:
      return "\(flag): \(message)"
    case .file(let path, let line)?:
      return "\(path):\(line): " + (field.map { "\($0): " } ?? "") + message
    case nil:
      return (field.map { "\($0): " } ?? "") + message
    }
  }

  /// The flag or field name, the value and what is allowed.
  static func invalid(_ value: JSONValue, field: String, shown: String, allowed: String)
    -> DesignError
  {
    DesignError(origin: value.origin, field: field, message: "\(shown) is not allowed (\(allowed))")
  }
}

/// The candidates closest to `word` by edit distance, best first, for "did you mean" hints.
///
/// Words over 64 characters get no hint: nothing is that close, and the edit distance would
/// cost their length times every candidate's.
public func closest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
  guard word.count <= 64 else { return [] }
  let target = Array(word.lowercased())
  func distance(_ other: String) -> Int {
    let other = Array(other.lowercased())
    var previous = Array(0...other.count)
    for (i, a) in target.enumerated() {
      var current = [i + 1]
      for (j, b) in other.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1)))
      }
      previous = current
    }
    return previous[other.count]
  }
  let scored = candidates.map { ($0, distance($0)) }
    .filter { $0.1 <= max(2, word.count / 2) || $0.0.hasPrefix(word.lowercased()) }
  return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map { $0.0 }
}
