/// One part of an export split over several processes or machines: `--shard I/N` renders only
/// the I-th (1-based) of N parts of the work list.
struct Shard: Equatable, Sendable {
  /// 1…count.
  let index: Int
  /// At least 1, at most `maxCount`.
  let count: Int

  /// More parts than this would be a typo rather than a cluster.
  static let maxCount = 100_000

  /// `manifest.shard-I-of-N.json`: the partial manifest this shard writes.
  var manifestName: String { "manifest.shard-\(index)-of-\(count).json" }

  /// `--shard I/N` or `--shard auto`, which reads the part from a job-array engine:
  /// `JOB_COMPLETION_INDEX` (Kubernetes Indexed Jobs, 0-based) with `--shard-count N`, or
  /// `SLURM_ARRAY_TASK_ID` (counted from `SLURM_ARRAY_TASK_MIN`, 0 when unset) with
  /// `SLURM_ARRAY_TASK_COUNT`.
  ///
  /// - Throws: `CLIError.usage` naming the flag or variable, its value and what is allowed.
  static func parse(_ text: String, count countText: String?, environment: [String: String]) throws(CLIError) -> Shard {
    if text != "auto" {
      guard countText == nil else {
        throw .usage("--shard-count: only allowed with --shard auto (with --shard I/N the count is N)")
      }
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...maxCount).contains(count),
        (1...count).contains(index)
      else {
        throw .usage(
          "--shard: '\(text)' is not allowed (I/N with 1 ≤ I ≤ N ≤ \(maxCount), like 1/4, or auto)")
      }
      return Shard(index: index, count: count)
    }
    if let indexText = environment["JOB_COMPLETION_INDEX"] {
      guard let countText else {
        throw .usage("--shard auto: JOB_COMPLETION_INDEX is set but --shard-count is not (the Job's completions)")
      }
      let count = try number(countText, name: "--shard-count", minimum: 1)
      let index = try number(indexText, name: "JOB_COMPLETION_INDEX", minimum: 0)
      guard index < count else {
        throw .usage(
          "JOB_COMPLETION_INDEX: '\(indexText)' is not allowed (0 to \(count - 1) for --shard-count \(count))")
      }
      return Shard(index: index + 1, count: count)
    }
    if let idText = environment["SLURM_ARRAY_TASK_ID"] {
      guard countText == nil else {
        throw .usage("--shard-count: not allowed with SLURM_ARRAY_TASK_ID (the count is SLURM_ARRAY_TASK_COUNT)")
      }
      guard let countText = environment["SLURM_ARRAY_TASK_COUNT"] else {
        throw .usage("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")
      }
      let count = try number(countText, name: "SLURM_ARRAY_TASK_COUNT", minimum: 1)
      let minimum = try number(environment["SLURM_ARRAY_TASK_MIN"] ?? "0", name: "SLURM_ARRAY_TASK_MIN", minimum: 0)
      let id = try number(idText, name: "SLURM_ARRAY_TASK_ID", minimum: 0)
      guard id >= minimum, id - minimum < count else {
        throw .usage(
          "SLURM_ARRAY_TASK_ID: '\(idText)' is not allowed (\(minimum) to \(minimum + count - 1) for an array of \(count) counted from \(minimum); use a contiguous --array)"
        )
      }
      return Shard(index: id - minimum + 1, count: count)
    }
    throw .usage(
      "--shard auto: neither JOB_COMPLETION_INDEX (with --shard-count N) nor SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT is set (or give --shard I/N)"
    )
  }

  private static func number(_ text: String, name: String, minimum: Int) throws(CLIError) -> Int {
    guard let value = Int(text), value >= minimum, value <= maxCount else {
      throw .usage("\(name): '\(text)' is not allowed (a whole number from \(minimum) to \(maxCount))")
    }
    return value
  }

  /// The part (0-based) each item goes to, for `count` parts: items by cost, largest first
  /// (ties by position), each to the part with the least cost so far (ties to the lowest).
  /// Deterministic, and the parts' totals differ by at most the largest single cost.
  static func assign(costs: [Double], count: Int) -> [Int] {
    var totals = [Double](repeating: 0, count: count)
    var parts = [Int](repeating: 0, count: costs.count)
    let order = costs.indices.sorted { (costs[$0], $1) > (costs[$1], $0) }
    for item in order {
      var best = 0
      for part in 1..<count where totals[part] < totals[best] { best = part }
      parts[item] = best
      totals[best] += costs[item]
    }
    return parts
  }
}
