import Platform
import Synchronization
import WallpaperExport

/// Reports export progress on stderr: a bar redrawn in place on a terminal, a plain line per
/// file otherwise, nothing when quiet; `skipLines` tells what was skipped. Safe to call from
/// several render threads.
final class ExportProgress: ExportObserver {
  enum Style { case bar, lines, quiet }

  private struct State {
    var done = 0
    var total: Int
    var lastDraw = ContinuousClock.Instant.now - .seconds(1)
  }

  private let style: Style
  private let console: WallpaperTool.Console
  private let start = ContinuousClock.now
  private let state: Mutex<State>

  /// `total` is the number of files, until the export says it with `willFinish(files:)`.
  init(style: Style, total: Int = 0, console: WallpaperTool.Console) {
    self.style = style
    self.console = console
    state = Mutex(State(total: total))
  }

  /// The lines telling what `plans` skipped: one per cause shared by several screen classes
  /// (`skipped 15 iPads in 9 screen classes: the home grid has no iPad metrics (use --devices
  /// iphone or a square grid)`), in the order the causes first occur; then, with `verbose`, and
  /// always for a skip whose reason names its device, one per screen class with its models and
  /// the whole reason. A catalogue of several designs names the design in each line.
  static func skipLines(of plans: [ExportPlan], catalogue: Bool, verbose: Bool) -> [String] {
    var lines: [String] = []
    for plan in plans {
      let design = catalogue ? " of \(plan.name)" : ""
      var causes: [String] = []
      for cause in plan.skipped.compactMap(\.cause) where !causes.contains(cause) { causes.append(cause) }
      for cause in causes {
        let skips = plan.skipped.filter { $0.cause == cause }
        let models = skips.flatMap(\.models)
        let families = Set(models.map(\.family))
        let noun =
          families == [.ipad] ? "iPad" : families == [.iphone] ? "iPhone" : "device"
        let classes = "\(skips.count) screen class\(skips.count == 1 ? "" : "es")"
        lines.append("skipped \(models.count) \(noun)\(models.count == 1 ? "" : "s") in \(classes)\(design): \(cause)")
      }
      for skip in plan.skipped where verbose || skip.cause == nil {
        lines.append(
          "skipped \(skip.models.map(\.id).joined(separator: ", ")) (screen class \(skip.screen.id))\(design): \(skip.reason)"
        )
      }
    }
    return lines
  }

  func willFinish(files count: Int) {
    state.withLock { $0.total = count }
  }

  /// Records one finished file: `[3/12] wrote PATH` (or `kept`, `failed`), or the bar redrawn.
  func finished(_ path: String, outcome: ExportOutcome) {
    state.withLock { state in
      state.done += 1
      let total = state.total
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      switch style {
      case .quiet:
        return
      case .lines:
        let verb: String
        switch outcome {
        case .written: verb = "wrote"
        case .kept: verb = "kept"
        case .failed: verb = "failed"
        }
        console.err("[\(state.done)/\(total)] \(verb) \(path)\n")
      case .bar:
        // Redraw at most 20 times a second, and always for the last file.
        guard state.done == total || ContinuousClock.now - state.lastDraw > .milliseconds(50) else { return }
        state.lastDraw = .now
        let width = 24
        let filled = width * state.done / max(1, total)
        let eta = state.done > 0 ? seconds / Double(state.done) * Double(total - state.done) : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let name = path.count > 40 ? "…" + path.suffix(39) : path
        console.err(
          "\r\u{1B}[2K\(bar) \(state.done)/\(total) \(name)  \(String(cFormat: "%.1f", seconds))s, ETA \(String(cFormat: "%.1f", eta))s"
            + (state.done == total ? "\n" : ""))
      }
    }
  }
}
