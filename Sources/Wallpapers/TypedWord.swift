import Platform

/// Words from a closed set (an enumeration's raw values) as people type them.

/// A closed set of words with other words people use for some of them (`fall` for autumn).
public protocol WordSynonyms {
  /// Lower-case synonyms and the raw value each stands for.
  static var synonyms: [String: String] { get }
}

extension CaseIterable where Self: RawRepresentable, Self.RawValue == String {
  /// The case `text` names, in any case and with spaces around it ignored (`Winter`, `zh-hant`),
  /// or by a synonym of `WordSynonyms`; nil for anything else, so callers keep their own
  /// "not allowed" errors and hints.
  public init?(typed text: String) {
    let word = text.lowercased().trimmingSpaces()
    if let match = Self.allCases.first(where: { $0.rawValue.lowercased() == word }) {
      self = match
    } else if let synonyms = (Self.self as? any WordSynonyms.Type)?.synonyms, let raw = synonyms[word],
      let match = Self(rawValue: raw)
    {
      self = match
    } else {
      return nil
    }
  }
}
