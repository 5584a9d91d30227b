import Foundation

/// Wall-clock time per phase of a command (`wallpaper render --timings`), measured with
/// `ContinuousClock`. Each `lap` closes the phase that began at the previous lap (or at `init`).
/// A class so render steps can record into it without threading `inout` through; not
/// `Sendable`, it lives in the command that prints it.
final class PhaseTimer {
  private let clock = ContinuousClock()
  private var lastLap: ContinuousClock.Instant
  private let start: ContinuousClock.Instant
  private(set) var phases: [(name: String, duration: Duration)] = []

  init() {
    start = clock.now
    lastLap = start
  }

  /// Ends the current phase under `name` and starts the next.
  func lap(_ name: String) {
    let now = clock.now
    phases.append((name, now - lastLap))
    lastLap = now
  }

  /// Ends the current phase as two: `first`, lasting `seconds` of it, then `second`, the rest.
  func split(_ first: String, seconds: Double, then second: String) {
    let now = clock.now
    let part = min(Duration.seconds(max(0, seconds)), now - lastLap)
    phases.append((first, part))
    phases.append((second, now - lastLap - part))
    lastLap = now
  }

  /// The time from `init` to the last lap.
  var elapsed: Duration { lastLap - start }

  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }

  /// One line per phase, then the total: `  draw      61.2 ms`.
  var report: String {
    let width = max(5, phases.map(\.name.count).max() ?? 0)
    func line(_ name: String, _ duration: Duration) -> String {
      name.padding(toLength: width, withPad: " ", startingAt: 0)
        + String(format: " %8.1f ms", Self.milliseconds(duration)) + "\n"
    }
    return "timings:\n" + phases.map { "  " + line($0.name, $0.duration) }.joined()
      + "  " + line("total", lastLap - start)
  }
}
