extension StringProtocol {
  /// The text without the spaces and tabs at either end: what Foundation's
  /// `trimmingCharacters(in: .whitespaces)` removes (U+0009 and the space separators, Zs),
  /// without bridging through `NSString`.
  public func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.isSpaceOrTab }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.isSpaceOrTab })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}

extension StringProtocol {
  /// The text without white space or line breaks at either end (`Character.isWhitespace`).
  public func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let last = lastIndex(where: { !$0.isWhitespace })!
    return String(self[first...last])
  }
}

extension String {
  /// The text followed by spaces up to `width` characters; unchanged when it is as long
  /// already (for columns of help and tables).
  public func padded(toWidth width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}

extension Unicode.Scalar {
  /// A tab or a space separator (general category Zs: U+0020, U+00A0, U+2000–U+200A, …).
  fileprivate var isSpaceOrTab: Bool { value == 0x09 || properties.generalCategory == .spaceSeparator }
}
