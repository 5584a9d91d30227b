extension String {
  /// The text without the spaces and tabs at either end: what Foundation's
  /// `trimmingCharacters(in: .whitespaces)` removes (U+0009 and the space separators, Zs),
  /// without bridging through `NSString`, which cost more than the rest of decoding a design's
  /// colour fields. Written for `String` and `Substring` rather than `StringProtocol`: a generic
  /// version made the Swift runtime build its slice types on first use in every process.
  public func trimmingSpaces() -> String {
    // Most text has no space at either end: one look at the first and last UTF-8 byte.
    guard let head = utf8.first, let tail = utf8.last else { return "" }
    if head > 0x20, head < 0x80, tail > 0x20, tail < 0x80 { return self }
    let scalars = unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, scalars[start].isSpaceOrTab { start = scalars.index(after: start) }
    while end > start, scalars[scalars.index(before: end)].isSpaceOrTab { end = scalars.index(before: end) }
    return String(self[start..<end])
  }
}

extension Substring {
  /// See `String.trimmingSpaces()`.
  public func trimmingSpaces() -> String { String(self).trimmingSpaces() }
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
