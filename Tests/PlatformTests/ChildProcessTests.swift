import Platform
import XCTest

/// The helper-process seam the art cage runs librsvg through (issue 45): input on standard
/// input, standard error collected, a crash and a hang reported as such, never inherited.
final class ChildProcessTests: XCTestCase {
  func testInputArrivesAndStandardErrorIsCollected() throws {
    let input = Array((0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 26 + 97) })
    let result = try XCTUnwrap(ChildProcess.run("/bin/sh", ["-c", "cat >&2; exit 3"], input: input, timeout: 10))
    XCTAssertEqual(result.ending, .exited(3))
    XCTAssertEqual(Array(result.standardError.utf8), Array(input.prefix(ChildProcess.maxErrorBytes)))
  }

  func testASignalAndAHangAreReportedAsSuch() throws {
    let crash = try XCTUnwrap(ChildProcess.run("/bin/sh", ["-c", "kill -ABRT $$"], input: [], timeout: 10))
    XCTAssertEqual(crash.ending, .signalled(SIGABRT))
    let start = Date()
    let hang = try XCTUnwrap(ChildProcess.run("/bin/sleep", ["30"], input: [], timeout: 0.5))
    XCTAssertEqual(hang.ending, .timedOut)
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
  }

  func testTheEnvironmentIsInheritedWithTheGivenVariablesSet() throws {
    let result = try XCTUnwrap(
      ChildProcess.run(
        "/bin/sh", ["-c", "echo \"$HOME|$CHILD_PROCESS_TEST\" >&2"], input: [], timeout: 10,
        environment: ["CHILD_PROCESS_TEST": "set"]))
    XCTAssertEqual(result.standardError, "\(ProcessInfo.processInfo.environment["HOME"] ?? "")|set\n")
  }
}
