/// A design value that is missing, malformed or out of range: one line naming where it came
/// from (file and line, or flag), the field, the value and what is allowed.
public struct DesignError: Error, Equatable, CustomStringConvertible, Sendable {
  public let origin: ValueOrigin?
  /// The field path, such as `background.color`.
  public let field: String?
  public let message: String
  /// What went wrong without naming a device, where the same cause stops several devices
  /// (`the home grid has no iPad metrics …`): one line can then cover them all. Nil otherwise.
  public var summary: String?

  public init(origin: ValueOrigin?, field: String?, message: String, summary: String? = nil) {
    self.origin = origin
    self.field = field
    self.message = message
    self.summary = summary
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
