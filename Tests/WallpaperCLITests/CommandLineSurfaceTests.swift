import Foundation
import TestSupport
import WallpaperCLI
import XCTest

/// Text written to an in-process console.
private final class Captured: @unchecked Sendable {
  private let lock = NSLock()
  private var parts: [String] = []
  var text: String { lock.withLock { parts.joined() } }
  func append(_ part: String) { lock.withLock { parts.append(part) } }
}

/// The command-line surface users' scripts depend on, byte for byte: every command's `--help`,
/// the man page and the three completion scripts, each against a file in `__Snapshots__/`.
/// A change to an option updates its snapshot in the same commit (`RECORD_GOLDENS=1`).
final class CommandLineSurfaceTests: BinaryTestCase {
  static let commands = [
    "render", "preview", "export", "manifest", "proof", "editor", "cells", "devices", "schema", "completions", "help",
  ]

  private func output(_ arguments: [String]) throws -> String {
    let result = try wallpaper(arguments)
    XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    XCTAssertEqual(result.stderr, "", "\(arguments)")
    return result.stdout
  }

  func testEveryCommandsHelpIsItsSnapshot() throws {
    Golden.assertText(try output(["--help"]), matches: "help")
    for command in Self.commands {
      Golden.assertText(try output([command, "--help"]), matches: "help-\(command)")
    }
  }

  func testTheManPageAndCompletionScriptsAreTheirSnapshots() throws {
    Golden.assertText(try output(["help", "--man"]), matches: "wallpaper.1")
    for shell in ["bash", "zsh", "fish"] {
      Golden.assertText(try output(["completions", shell]), matches: "completions-\(shell)")
    }
  }

  /// Help is wrapped: to 80 columns when stdout is not a terminal (these runs), and to the
  /// terminal's width in-process (where only a word longer than the line may stand past it); an example command keeps working when pasted (`\` continues it).
  func testHelpFitsEightyColumnsOrTheTerminal() throws {
    for command in Self.commands + [""] {
      let text = try output(command.isEmpty ? ["--help"] : [command, "--help"])
      let widest = text.split(separator: "\n").map(\.count).max() ?? 0
      XCTAssertLessThanOrEqual(widest, 80, "\(command) --help")
      for width in [60, 120] {
        let captured = Captured()
        let console = WallpaperTool.Console(out: captured.append, err: captured.append, columns: width)
        XCTAssertEqual(WallpaperTool(console: console).run(command.isEmpty ? ["--help"] : [command, "--help"]), 0)
        let lines = captured.text.split(separator: "\n")
        let over = lines.filter { $0.count > width && $0.trimmingCharacters(in: .whitespaces).contains(" ") }
        XCTAssertEqual(over, [], "\(command) --help at \(width): only a word longer than a line may pass it")
        XCTAssertEqual(words(captured.text), words(text), "\(command) --help says the same words at \(width) columns")
        // A continued example line closes every quote it opens: `\` inside quotes would not paste.
        for line in lines where line.hasSuffix(" \\") {
          XCTAssertTrue(
            line.filter { $0 == "'" }.count % 2 == 0 && line.filter { $0 == "\"" }.count % 2 == 0,
            "\(command) --help at \(width): broken inside a quote: \(line)")
        }
      }
    }
  }

  /// The words of a help page, without the `\` that continues a wrapped example command and the
  /// `#` that starts each line of its comment.
  private func words(_ text: String) -> [Substring] {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0 != "\\" && $0 != "#" }
  }

  /// Each option line of a help page names options no other line of that page names.
  func testNoHelpPageListsAnOptionTwice() throws {
    for command in Self.commands {
      var seen: [String: Int] = [:]
      for line in try output([command, "--help"]).split(separator: "\n") where line.hasPrefix("  -") {
        for name in line.split(separator: " ").prefix(3) where name.hasPrefix("-") {
          seen[String(name.trimmingCharacters(in: CharacterSet(charactersIn: ","))), default: 0] += 1
        }
      }
      XCTAssertEqual(seen.filter { $0.value > 1 }.keys.sorted(), [], "\(command) --help lists options twice")
    }
  }
}
