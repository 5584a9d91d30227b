import CairoRendering
import Synchronization
import WallpaperExport

/// What a command says on stderr about the label's font: with `--verbose`, the file chosen;
/// always, one `note:` line per fallback font that draws characters of the label. Each line is
/// said once per command, however many scenes it builds, and only when the command gets as far
/// as writing (`flush()`): a command that then fails prints its one `error:` line alone.
final class FontReport: FontReporting {
  private let err: @Sendable (String) -> Void
  private let verbose: Bool
  private let lines = Mutex<(said: Set<String>, pending: [String])>(([], []))

  init(console: WallpaperTool.Console, verbose: Bool) {
    err = console.err
    self.verbose = verbose
  }

  func chosen(_ font: Font) {
    guard verbose else { return }
    let face = font.faceCount > 1 ? " face \(font.index)" : ""
    say("font: \(font.familyName) (\(font.path)\(face))")
  }

  func fallback(_ font: Font, for primary: Font) {
    say(
      "note: label: characters \(primary.familyName) lacks are drawn with the fallback font \(font.familyName) (\(font.path))"
    )
  }

  /// Prints what was said since the last flush.
  func flush() {
    let pending = lines.withLock { lines in
      defer { lines.pending = [] }
      return lines.pending
    }
    for line in pending { err(line + "\n") }
  }

  private func say(_ line: String) {
    lines.withLock { lines in
      if lines.said.insert(line).inserted { lines.pending.append(line) }
    }
  }
}
