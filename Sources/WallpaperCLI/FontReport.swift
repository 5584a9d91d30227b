import CairoRendering
import Synchronization
import WallpaperExport

/// What a command says on stderr about the label's font: with `--verbose`, the file chosen;
/// always, one `note:` line per fallback font that draws characters of the label. Each line is
/// printed once per command, however many scenes it builds.
final class FontReport: FontReporting {
  private let err: @Sendable (String) -> Void
  private let verbose: Bool
  private let printed = Mutex<Set<String>>([])

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

  private func say(_ line: String) {
    guard printed.withLock({ $0.insert(line).inserted }) else { return }
    err(line + "\n")
  }
}
