import Foundation
import TestSupport
import XCTest

/// Keeps the package portable: only the platform seam (`Sources/Platform`, `Sources/CPlatform`)
/// touches the C library directly, FoundationEssentials always has its Foundation fallback, and
/// Package.swift names no linker flag that only GNU ld understands.
final class PlatformSeamTests: XCTestCase {
  private let root = Golden.repositoryRoot()
  private let seam = ["Sources/Platform/", "Sources/CPlatform/"]

  /// Every file under `folders` whose name ends with one of `extensions`, by repository path.
  private func files(in folders: [String], ending extensions: [String]) -> [String] {
    folders.flatMap { folder -> [String] in
      let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
      return (enumerator?.allObjects as? [String] ?? []).filter { path in
        !path.hasPrefix(".build/") && !path.contains("/.build/") && extensions.contains { path.hasSuffix($0) }
      }.map { "\(folder)/\($0)" }
    }.sorted()
  }

  private func lines(_ path: String) throws -> [Substring] {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
  }

  /// The problems the rules find in `path`, one line each.
  static func problems(in path: String, lines: [Substring], isSeam: Bool) -> [String] {
    var found: [String] = []
    for (index, line) in lines.enumerated() {
      let code = line.trimmingCharacters(in: .whitespaces)
      let words = code.split(separator: " ")
      if !isSeam, let position = words.firstIndex(of: "import"), position + 1 < words.count,
        ["Glibc", "Musl", "Darwin", "ucrt", "WinSDK", "CPlatform"].contains(words[position + 1]),
        words[..<position].allSatisfy({ $0.hasPrefix("@") })
      {
        found.append("\(path):\(index + 1): imports \(words[position + 1]) outside the platform seam")
      }
      if code == "import FoundationEssentials"
        && (index == 0
          || lines[index - 1].trimmingCharacters(in: .whitespaces)
            != "#if canImport(FoundationEssentials)")
      {
        found.append("\(path):\(index + 1): import FoundationEssentials without #if canImport(FoundationEssentials)")
      }
      if !isSeam && code.hasPrefix("#include <malloc.h>") {
        found.append("\(path):\(index + 1): <malloc.h> is glibc's; it belongs to Sources/CPlatform")
      }
    }
    return found
  }

  /// GNU ld's own syntax and flags that Apple's linker rejects or that tie a build to one system.
  static func gnuOnlyLinkerSettings(in manifest: String) -> [String] {
    [
      "linkedLibrary(\":", "-l:", "-no-pie", "--no-export-dynamic", "--export-dynamic", "--as-needed",
      "--whole-archive", "-rpath-link", "-static-libgcc", "-Wl,", "\"-z\"",
    ].filter { manifest.contains($0) }
  }

  func testNoFileOutsideTheSeamImportsTheCLibrary() throws {
    var problems: [String] = []
    for path in files(in: ["Sources", "Tests", "Examples"], ending: [".swift", ".c", ".h"]) {
      problems += Self.problems(in: path, lines: try lines(path), isSeam: seam.contains { path.hasPrefix($0) })
    }
    XCTAssertEqual(problems, [], "\n" + problems.joined(separator: "\n"))
  }

  func testPackageManifestHasNoGNUOnlyLinkerFlags() throws {
    for manifest in ["Package.swift", "Examples/RenderFromCode/Package.swift"] {
      let text = try String(contentsOf: root.appendingPathComponent(manifest), encoding: .utf8)
      XCTAssertEqual(Self.gnuOnlyLinkerSettings(in: text), [], manifest)
    }
  }

  /// The rules fail on what they are there to catch.
  func testTheRulesCatchWhatTheyForbid() {
    let file: [Substring] = [
      "import Glibc", "@_exported import Darwin", "import FoundationEssentials", "#include <malloc.h>",
      "#if canImport(FoundationEssentials)", "  import FoundationEssentials", "#endif", "import Platform",
    ]
    XCTAssertEqual(
      Self.problems(in: "x.swift", lines: file, isSeam: false),
      [
        "x.swift:1: imports Glibc outside the platform seam", "x.swift:2: imports Darwin outside the platform seam",
        "x.swift:3: import FoundationEssentials without #if canImport(FoundationEssentials)",
        "x.swift:4: <malloc.h> is glibc's; it belongs to Sources/CPlatform",
      ])
    XCTAssertEqual(Self.problems(in: "Sources/Platform/x.swift", lines: file, isSeam: true).count, 1)
    XCTAssertEqual(
      Self.gnuOnlyLinkerSettings(in: #".linkedLibrary(":libdeflate.a"), unsafeFlags(["-Xlinker", "-no-pie"])"#),
      ["linkedLibrary(\":", "-no-pie"])
  }
}
