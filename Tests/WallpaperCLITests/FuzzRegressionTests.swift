import Foundation
import TestSupport
import WallpaperExport
import XCTest

@testable import WallpaperCLI

/// Replays the fuzz target's seed corpus and every kept finding (Tests/Fuzz/regressions: the
/// inputs that crashed, hung or misbehaved) through the same harness `make fuzz` runs, with
/// `render`'s real options. A finding that comes back traps here.
final class FuzzRegressionTests: XCTestCase {
  private func inputs(_ folder: String) throws -> [(String, [UInt8])] {
    let path = Golden.repositoryRoot().appendingPathComponent("Tests/Fuzz/\(folder)").path
    return try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { name in
      (name, Array(try Data(contentsOf: URL(fileURLWithPath: "\(path)/\(name)"))))
    }
  }

  func testKeptFindingsAndSeedsRunClean() throws {
    let regressions = try inputs("regressions")
    let corpus = try inputs("corpus")
    XCTAssertGreaterThanOrEqual(regressions.count, 10)
    XCTAssertGreaterThanOrEqual(corpus.count, 10)
    for (_, input) in regressions + corpus {
      FuzzHarness.run(input, specs: RenderCommand.designFieldOptions)
    }
  }

  /// The fuzz build copies `render`'s design options out of RenderCommand.swift between two
  /// markers; this keeps the markers where the script looks for them.
  func testTheFuzzBuildFindsRendersOptions() throws {
    let source = try String(
      contentsOf: Golden.repositoryRoot().appendingPathComponent("Sources/WallpaperCLI/RenderCommand.swift"),
      encoding: .utf8)
    XCTAssertTrue(source.contains("\n  static let designFieldOptions: [OptionSpec] = [\n"))
    XCTAssertEqual(FuzzHarness.outputFieldNames, OutputFields.names, "the fuzz harness lists the output fields")
  }
}
