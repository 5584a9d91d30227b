import Foundation
import XCTest

/// A test case that runs the built `wallpaper` binary in a fresh temporary folder per test.
open class BinaryTestCase: XCTestCase {
  /// The test's folder, removed after the test.
  public var folder = ""

  open override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  open override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  /// Runs `wallpaper` with `arguments` in `folder`.
  @discardableResult
  public func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder)
  }

  /// Runs `program` (on PATH, or an absolute path) with `arguments` in `folder`, with the
  /// repository's fonts, and fails the test unless it exits 0.
  @discardableResult
  public func run(_ program: String, _ arguments: [String]) throws -> ProcessResult {
    let fonts = Golden.repositoryRoot().appendingPathComponent("Fonts").path
    let result = try Processes.run(program, arguments, in: folder, environment: ["WALLPAPER_FONTS": fonts])
    XCTAssertEqual(result.status, 0, "\(program) \(arguments): \(result.stderr)")
    return result
  }

  /// The bytes of a file in `folder`; fails the test when it is missing.
  public func bytes(_ name: String) throws -> Data {
    try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/\(name)"), name)
  }
}
