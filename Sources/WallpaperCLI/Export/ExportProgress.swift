import Platform
import Synchronization
import WallpaperExport

/// Reports export progress on stderr: a bar redrawn in place on a terminal, a plain line per
/// file otherwise, nothing when quiet; and one line per device skipped. Safe to call from
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
  /// Whether skip lines name the design (a catalogue of several).
  private let catalogue: Bool
  private let start = ContinuousClock.now
  private let state: Mutex<State>

  /// `total` is the number of files, until the export says it with `willFinish(files:)`.
  init(style: Style, total: Int = 0, console: WallpaperTool.Console, catalogue: Bool = false) {
    self.style = style
    self.console = console
    self.catalogue = catalogue
    state = Mutex(State(total: total))
  }

  func skipped(_ skip: ExportPlan.Skip, of plan: ExportPlan) {
    guard style != .quiet else { return }
    console.err(
      "skipped \(skip.models.map(\.id).joined(separator: ", ")) (screen class \(skip.screen.id))\(catalogue ? " of \(plan.name)" : ""): \(skip.reason)\n"
    )
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
