import Foundation
import Synchronization

/// Reports export progress on stderr: a bar redrawn in place on a terminal, a plain line per
/// file otherwise, nothing when quiet. Safe to call from several render threads.
final class ExportProgress: Sendable {
  enum Style { case bar, lines, quiet }

  private struct State {
    var done = 0
    var lastDraw = ContinuousClock.Instant.now - .seconds(1)
  }

  private let style: Style
  private let total: Int
  private let console: WallpaperTool.Console
  private let start = ContinuousClock.now
  private let state = Mutex(State())

  init(style: Style, total: Int, console: WallpaperTool.Console) {
    self.style = style
    self.total = total
    self.console = console
  }

  /// Records one finished file; `kept` when `--incremental` found it up to date.
  func finished(_ path: String, failed: Bool, kept: Bool = false) {
    state.withLock { state in
      state.done += 1
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      switch style {
      case .quiet:
        return
      case .lines:
        console.err("[\(state.done)/\(total)] \(failed ? "failed" : kept ? "kept" : "wrote") \(path)\n")
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
          "\r\u{1B}[2K\(bar) \(state.done)/\(total) \(name)  \(String(format: "%.1f", seconds))s, ETA \(String(format: "%.1f", eta))s"
            + (state.done == total ? "\n" : ""))
      }
    }
  }
}
