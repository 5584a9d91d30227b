/// How the domain's values are written in messages, shared by every module that reports them:
/// numbers as people write them and "did you mean" hints.

/// A number as people write it: `2`, `0.5`, `1e-7`.
public func formatNumber(_ number: Double) -> String {
  if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
  return "\(number)"
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
  return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
}
