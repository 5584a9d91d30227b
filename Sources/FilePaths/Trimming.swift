extension StringProtocol {
  /// The text without the spaces and tabs at either end: what Foundation's
  /// `trimmingCharacters(in: .whitespaces)` removes (U+0009 and the space separators, Zs),
  /// without bridging through `NSString`, which cost more than the rest of decoding a design's
  /// colour fields.
  public func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.isSpaceOrTab }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.isSpaceOrTab })!
    var trimmed = String.UnicodeScalarView()
    trimmed.append(contentsOf: scalars[first...last])
    return String(trimmed)
  }
}

extension Unicode.Scalar {
  /// A tab or a space separator (general category Zs: U+0020, U+00A0, U+2000–U+200A, …).
  fileprivate var isSpaceOrTab: Bool { value == 0x09 || properties.generalCategory == .spaceSeparator }
}
