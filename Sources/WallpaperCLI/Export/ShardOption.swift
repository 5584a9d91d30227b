import Platform
import WallpaperExport

/// The `--shard` option of `wallpaper export`: which part of the export this process renders.
enum ShardOption {
  /// `--shard I/N` or `--shard auto`, which reads the part from a job-array engine:
  /// `JOB_COMPLETION_INDEX` (Kubernetes Indexed Jobs, 0-based) with `--shard-count N`, or
  /// `SLURM_ARRAY_TASK_ID` (counted from `SLURM_ARRAY_TASK_MIN`, 0 when unset) with
  /// `SLURM_ARRAY_TASK_COUNT`. A stepped or gapped Slurm array (`--array=0-15:2`, `0,3,7`:
  /// `SLURM_ARRAY_TASK_STEP` other than 1, or `SLURM_ARRAY_TASK_MAX` − `MIN` + 1 other than
  /// the count) is refused in every task, so none of it renders a part that cannot be merged.
  ///
  /// - Parameter arguments: what the shard records for `manifest merge` (`ExportShard.arguments`).
  /// - Throws: `CLIError.usage` naming the flag or variable, its value and what is allowed.
  static func parse(
    _ text: String, count countText: String?, environment: Environment, arguments: [String]
  ) throws(CLIError) -> ExportShard {
    if text != "auto" {
      guard countText == nil else {
        throw .usage("--shard-count: only allowed with --shard auto (with --shard I/N the count is N)")
      }
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
        let shard = ExportShard(index: index, count: count, arguments: arguments)
      else {
        throw .usage(
          "--shard: '\(text)' is not allowed (I/N with 1 ≤ I ≤ N ≤ \(ExportShard.maxCount), like 1/4, or auto)")
      }
      return shard
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
      // In range: count ≤ ExportShard.maxCount (checked by `number`) and index < count.
      return ExportShard(index: index + 1, count: count, arguments: arguments)!
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
      if let stepText = environment["SLURM_ARRAY_TASK_STEP"], stepText != "1" {
        throw .usage(
          "SLURM_ARRAY_TASK_STEP: '\(stepText)' is not allowed (1: --shard auto needs a contiguous array like --array=0-15, without ':step')"
        )
      }
      if let maxText = environment["SLURM_ARRAY_TASK_MAX"] {
        let maximum = try number(maxText, name: "SLURM_ARRAY_TASK_MAX", minimum: minimum)
        guard maximum - minimum + 1 == count else {
          throw .usage(
            "SLURM_ARRAY_TASK_COUNT: '\(countText)' is not allowed (\(maximum - minimum + 1) for ids \(minimum) to \(maximum): --shard auto needs a contiguous array like --array=\(minimum)-\(maximum))"
          )
        }
      }
      guard id >= minimum, id - minimum < count else {
        throw .usage(
          "SLURM_ARRAY_TASK_ID: '\(idText)' is not allowed (\(minimum) to \(minimum + count - 1) for an array of \(count) counted from \(minimum); use a contiguous --array)"
        )
      }
      return ExportShard(index: id - minimum + 1, count: count, arguments: arguments)!
    }
    throw .usage(
      "--shard auto: neither JOB_COMPLETION_INDEX (with --shard-count N) nor SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT is set (or give --shard I/N)"
    )
  }

  private static func number(_ text: String, name: String, minimum: Int) throws(CLIError) -> Int {
    guard let value = Int(text), value >= minimum, value <= ExportShard.maxCount else {
      throw .usage("\(name): '\(text)' is not allowed (a whole number from \(minimum) to \(ExportShard.maxCount))")
    }
    return value
  }
}
