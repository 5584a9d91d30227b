/// One part of an export split over several processes or machines (`--shard I/N`): a run
/// renders only the I-th (1-based) of N parts of the work, split by (design, screen class)
/// units (`ExportPlan.Unit`) balanced by estimated CPU time (`RenderCost`) and the same in every
/// process, and writes a partial manifest; `Export.merge` joins the parts.
///
/// ```swift
/// let part = ExportShard(index: 2, count: 4, arguments: ["autumn.json"])!
/// let result = export.run(into: "out", shard: part)  // writes out/manifest.shard-2-of-4.json
/// ```
public struct ExportShard: Equatable, Sendable {
  /// 1…count.
  public let index: Int
  /// At least 1, at most `maxCount`.
  public let count: Int
  /// What made the export, recorded in the partial manifest: every part of one export must
  /// record the same, and a merge reads it back to make the export again (`wallpaper` records
  /// its arguments without the options that change no file).
  public let arguments: [String]

  /// More parts than this would be a typo rather than a cluster.
  public static let maxCount = 100_000

  /// Part `index` of `count`; nil unless 1 ≤ index ≤ count ≤ `maxCount`.
  public init?(index: Int, count: Int, arguments: [String] = []) {
    guard (1...Self.maxCount).contains(count), (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
    self.arguments = arguments
  }

  /// `manifest.shard-I-of-N.json`: the partial manifest this shard writes.
  public var manifestName: String { "manifest.shard-\(index)-of-\(count).json" }

  /// The part (0-based) each item goes to, for `count` parts: items by cost, largest first
  /// (ties by position), each to the part with the least cost so far (ties to the lowest).
  /// Deterministic, and the parts' totals differ by at most the largest single cost. The parts
  /// are kept in a binary min-heap by (total, part), so n items take O(n log n + count) time,
  /// not O(n × count).
  static func assign(costs: [Double], count: Int) -> [Int] {
    var parts = [Int](repeating: 0, count: costs.count)
    let order = costs.indices.sorted { (costs[$0], $1) > (costs[$1], $0) }
    // Every total 0 and parts in order: already a heap.
    var heap = (0..<count).map { (total: 0.0, part: $0) }
    func less(_ a: Int, _ b: Int) -> Bool { (heap[a].total, heap[a].part) < (heap[b].total, heap[b].part) }
    for item in order {
      parts[item] = heap[0].part
      heap[0].total += costs[item]
      var node = 0
      while true {
        let (left, right) = (2 * node + 1, 2 * node + 2)
        var smallest = node
        if left < heap.count, less(left, smallest) { smallest = left }
        if right < heap.count, less(right, smallest) { smallest = right }
        guard smallest != node else { break }
        heap.swapAt(node, smallest)
        node = smallest
      }
    }
    return parts
  }
}
