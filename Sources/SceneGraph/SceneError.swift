/// A value that a scene cannot hold, rejected where it was constructed.
///
/// The description names the value, what it was and what is allowed, for example
/// `opacity: 1.5 is outside 0…1`.
public struct SceneError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The name of the rejected value, such as `opacity` or `size.width`.
  public let field: String
  /// The rejected value as text.
  public let value: String
  /// What would have been accepted.
  public let allowed: String

  public init(field: String, value: String, allowed: String) {
    self.field = field
    self.value = value
    self.allowed = allowed
  }

  public var description: String { "\(field): \(value) is not allowed (\(allowed))" }
}

/// Checks that `value` is a finite number.
@inlinable
func requireFinite(_ value: Double, _ field: @autoclosure () -> String) throws(SceneError) {
  guard value.isFinite else {
    throw SceneError(field: field(), value: "\(value)", allowed: "a finite number")
  }
}

/// Checks that `value` is finite and not negative.
@inlinable
func requireNonNegative(_ value: Double, _ field: @autoclosure () -> String) throws(SceneError) {
  guard value.isFinite, value >= 0 else {
    throw SceneError(field: field(), value: "\(value)", allowed: "a finite number ≥ 0")
  }
}

/// Checks that `value` is finite and greater than zero.
@inlinable
func requirePositive(_ value: Double, _ field: @autoclosure () -> String) throws(SceneError) {
  guard value.isFinite, value > 0 else {
    throw SceneError(field: field(), value: "\(value)", allowed: "a finite number > 0")
  }
}

/// Checks that `value` lies in 0…1.
@inlinable
func requireUnit(_ value: Double, _ field: @autoclosure () -> String) throws(SceneError) {
  guard value.isFinite, (0...1).contains(value) else {
    throw SceneError(field: field(), value: "\(value)", allowed: "a number in 0…1")
  }
}

extension ClosedRange<Double> {
  /// Every finite number.
  static let finite = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
  /// Every finite number ≥ 0.
  static let nonNegative = 0...Double.greatestFiniteMagnitude
}

extension Double {
  /// The number within `range`, NaN as the bound nearest zero: what the clamping initialisers
  /// (`Size(clampingWidth:height:)`, …) store.
  func clamped(to range: ClosedRange<Double>) -> Double {
    guard !isNaN else { return Swift.min(Swift.max(0, range.lowerBound), range.upperBound) }
    return Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }
}
