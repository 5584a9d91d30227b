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

  /// The bytes of a file in `folder`; fails the test when it is missing.
  public func bytes(_ name: String) throws -> Data {
    try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/\(name)"), name)
  }
}
