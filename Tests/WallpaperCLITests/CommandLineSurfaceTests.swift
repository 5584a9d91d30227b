import Foundation
import TestSupport
import XCTest

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
