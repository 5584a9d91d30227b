import Foundation
import TestSupport
import XCTest

/// `render --season all`: four files from one command, each the bytes of a single render.
final class SeasonAllTests: BinaryTestCase {

  private func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: "\(folder)/\(name)") }

  func testSeasonAllWritesFourFilesEqualToFourSingleRenders() throws {
    let design = ["--device", "iphone-se-3", "--alpha", "0.7", "--grid", "home", "--fill", "0,5=#FFB3BA"]
    for format in ["png", "svg"] {
      let all = try wallpaper(["render"] + design + ["--season", "all", "-o", "out/x.\(format)"])
      XCTAssertEqual(all.status, 0, all.stderr)
      var seen = Set<Data>()
      for season in ["spring", "summer", "autumn", "winter"] {
        let single = try wallpaper(["render"] + design + ["--season", season, "-o", "single-\(season).\(format)"])
        XCTAssertEqual(single.status, 0, single.stderr)
        let multi = try XCTUnwrap(contents("out/x-\(season).\(format)"), "\(season) \(format)")
        XCTAssertEqual(multi, contents("single-\(season).\(format)"), "\(season) \(format)")
        seen.insert(multi)
      }
      XCTAssertEqual(seen.count, 4, "four different pictures")
      XCTAssertNil(contents("out/x.\(format)"), "no unsuffixed file")
    }
  }

  func testSeasonAllFailsBeforeWritingAnything() throws {
    // The last season's file cannot be written (a folder is in the way): nothing is written.
    try FileManager.default.createDirectory(atPath: "\(folder)/x-winter.png", withIntermediateDirectories: true)
    let result = try wallpaper(["render", "--device", "iphone-8", "--season", "all", "-o", "x.png"])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.hasPrefix("error: --output: "), result.stderr)
    XCTAssertEqual(result.stderr.split(separator: "\n").count, 1)
    XCTAssertNil(contents("x-spring.png"))
    let typo = try wallpaper(["render", "--device", "iphone-8", "--season", "al", "-o", "y.png"])
    XCTAssertEqual(typo.status, 2)
    XCTAssertTrue(typo.stderr.hasPrefix("error: --season: 'al'"), typo.stderr)
  }
}
