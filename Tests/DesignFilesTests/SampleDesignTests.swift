import DesignFiles
import Foundation
import SceneGraph
import Wallpapers
import XCTest

/// The sample design files (`Samples/*.json`) as a person opens them.
final class SampleDesignTests: XCTestCase {
  private func intersects(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  /// Every sample design's label keeps out of the clock on its device's lock screen.
  func testSampleLabelsClearTheClock() throws {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Samples").standardized
    let files = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".json") }
    XCTAssertFalse(files.isEmpty)
    for file in files {
      let design = try DesignLoader.load(file: samples.appendingPathComponent(file).path, overrides: []).design
      guard let zones = design.layoutZones, let label = design.labelPlacement?.box else { continue }
      XCTAssertFalse(intersects(label, zones.lockClock), file)
    }
  }
}
