import Foundation
import XCTest

/// The two test tiers. `make test` is the quick tier: unit, in-process and golden tests, and the
/// built binary judged by poppler, qpdf and rsvg-convert — no browser, no Inkscape. `make check`
/// adds the interop tier (`Tests/InteropTests`): Chromium, Firefox, WebKit, Inkscape and the
/// Python judges (pikepdf, jsonschema, selenium), with `WALLPAPER_TEST_TIER=interop` set.
public enum InteropTier {
  /// The environment variable `make check` sets to `interop`.
  public static let variable = "WALLPAPER_TEST_TIER"

  /// True inside `make check`.
  public static var isRunning: Bool { ProcessInfo.processInfo.environment[variable] == "interop" }

  /// Skips the calling test outside `make check`, with one line naming the tier and the command;
  /// inside it, a missing program or Python module fails the test with the package to install.
  /// - Parameters:
  ///   - programs: executables looked up on `PATH` (`chromium`, `inkscape`, …).
  ///   - modules: Python modules `Processes.python` must import (`pikepdf`, `selenium`, …).
  public static func require(_ programs: String..., modules: [String] = []) throws {
    guard isRunning else {
      let needs = (programs + modules.map { "python3-\($0.lowercased())" }).joined(separator: ", ")
      throw XCTSkip("interop tier (needs \(needs)): run `make check`")
    }
    for program in programs { _ = try Processes.which(program) }
    for module in modules {
      let result = try Processes.run(Processes.python, ["-c", "import \(module)"])
      if result.status != 0 {
        throw TestFailure("Python module '\(module)' is missing from \(Processes.python); `make check` installs it")
      }
    }
  }
}
