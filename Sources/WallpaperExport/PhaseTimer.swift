import Platform

/// Wall-clock time per phase of a command (`wallpaper render --timings`) or an export (the
/// `timings` of `--json`), measured with `ContinuousClock`. Each `lap` closes the phase that
/// began at the previous lap (or at `init`). A class so render steps can record into it without
/// threading `inout` through; not `Sendable`, it lives in the task that reads it.
///
/// ```swift
/// let timer = PhaseTimer()
/// let bytes = try DesignRendering.render(scene, as: output, timer: timer)  // laps draw, encode
/// try AtomicFile.write(bytes, to: "out.png")
/// timer.lap("write")
/// print(timer.report)
/// ```
public final class PhaseTimer {
  private let clock = ContinuousClock()
  private var lastLap: ContinuousClock.Instant
  private let start: ContinuousClock.Instant
  /// Every phase so far, in order, with its duration.
  public private(set) var phases: [(name: String, duration: Duration)] = []

  public init() {
    start = clock.now
    lastLap = start
  }

  /// Ends the current phase under `name` and starts the next.
  public func lap(_ name: String) {
    let now = clock.now
    phases.append((name, now - lastLap))
    lastLap = now
  }

  /// Ends the current phase as two: `first`, lasting `seconds` (in seconds, clamped to the
  /// phase) of it, then `second`, the rest.
  public func split(_ first: String, seconds: Double, then second: String) {
    let now = clock.now
    let part = min(Duration.seconds(max(0, seconds)), now - lastLap)
    phases.append((first, part))
    phases.append((second, now - lastLap - part))
    lastLap = now
  }

  /// The time from `init` to the last lap.
  public var elapsed: Duration { lastLap - start }

  /// `duration` in milliseconds.
  public static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }

  /// One line per phase, then the total: `  draw      61.2 ms`.
  public var report: String {
    let width = max(5, phases.map(\.name.count).max() ?? 0)
    func line(_ name: String, _ duration: Duration) -> String {
      name.padded(toWidth: width)
        + String(cFormat: " %8.1f ms", Self.milliseconds(duration)) + "\n"
    }
    return "timings:\n" + phases.map { "  " + line($0.name, $0.duration) }.joined()
      + "  " + line("total", lastLap - start)
  }
}
