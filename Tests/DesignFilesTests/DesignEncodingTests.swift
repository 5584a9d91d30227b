import Foundation
import SceneGraph
import TestSupport
import Wallpapers
import XCTest

@testable import DesignFiles

/// `Design.jsonTree`: a design written as a design file loads back to the same scene.
final class DesignEncodingTests: XCTestCase {
  private var folder = ""
  private let font = Golden.repositoryRoot().appendingPathComponent("Fonts/Quicksand-Bold.ttf").path

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func flag(_ name: String, _ path: [String], _ value: String, appends: Bool = false) -> DesignOverride {
    DesignOverride(path: path, value: JSONValue(.string(value), origin: .flag(name)), appends: appends)
  }

  private func assertRoundTrip(
    file: String?, overrides: [DesignOverride] = [], file line: StaticString = #filePath, _ number: UInt = #line
  ) throws {
    let first = try DesignLoader.load(file: file, overrides: overrides).design
    // Written beside the files it names, with paths relative to its folder: a design file may
    // name only files in its own folder.
    let text = first.jsonTree { file in
      let absolute = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
      return absolute.hasPrefix(self.folder + "/") ? String(absolute.dropFirst(self.folder.count + 1)) : absolute
    }.jsonText
    let path = "\(folder)/copy.json"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let second = try DesignLoader.load(file: path, overrides: []).design
    XCTAssertEqual(second.name, first.name, text, file: line, line: number)
    XCTAssertEqual(
      second.season, SeasonLayer(season: first.season.season, chosenBy: second.season.chosenBy).with(first.season),
      text, file: line, line: number)
    XCTAssertEqual(
      try second.scene(defaultFont: font), try first.scene(defaultFont: font), text, file: line, line: number)
  }

  func testEverySampleRoundTrips() throws {
    let samples = Golden.repositoryRoot().appendingPathComponent("Samples").path
    let names = try FileManager.default.contentsOfDirectory(atPath: samples).filter { $0.hasSuffix(".json") }
    XCTAssertGreaterThan(names.count, 5)
    for name in names.sorted() { try assertRoundTrip(file: "\(samples)/\(name)") }
  }

  func testEveryKindOfFieldRoundTrips() throws {
    let photo = Golden.repositoryRoot().appendingPathComponent("Samples/previews/spring.png").path
    try FileManager.default.createDirectory(atPath: "\(folder)/pics", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: photo, toPath: "\(folder)/pics/a.png")
    // A design names only files in its own folder.
    try FileManager.default.copyItem(atPath: font, toPath: "\(folder)/label.ttf")
    let design = """
      {"name": "all", "device": "iphone-16-pro", "orientation": "portrait",
       "background": {"color": "tomato", "gradient": {"type": "radial", "colors": ["#FFF", "#00000088"], "angle": 30},
                      "image": {"path": "pics/a.png", "mode": "fit", "opacity": 0.25}},
       "season": {"date": "2026-01-15", "hemisphere": "south", "alpha": 0.7, "artSeed": 12345},
       "label": {"text": "Hi", "locale": "ja", "position": "above-dock", "offset": -3.5, "size": 40,
                 "color": "#123456CC", "font": "label.ttf"},
       "grid": {"kind": "square", "columns": 5, "spacing": 2.5, "inset": "1,2,3,4", "fit": "rows",
                "direction": "horizontal", "lineColor": "navy", "lineWidth": 0.75, "images": ["pics"],
                "fill": ["0,r1c1,3-4=#FF000080", "2=blue"]},
       "layers": [{"name": "label", "opacity": 0.5}, {"name": "grid"}]}
      """
    try design.write(toFile: "\(folder)/all.json", atomically: true, encoding: .utf8)
    try assertRoundTrip(file: "\(folder)/all.json")
    // Values from flags (strings) come out typed.
    try assertRoundTrip(
      file: nil,
      overrides: [
        flag("--device", ["device"], "iphone-8"), flag("--orientation", ["orientation"], "landscape"),
        flag("--base-color", ["background", "color"], "none"), flag("--alpha", ["season", "alpha"], "0.3"),
        flag("--season", ["season", "name"], "winter"), flag("--label-size", ["label", "size"], "20"),
        flag("--grid", ["grid", "kind"], "square"), flag("--columns", ["grid", "columns"], "4"),
        flag("--spacing", ["grid", "spacing"], "3"), flag("--grid-line-width", ["grid", "lineWidth"], "2px"),
        flag("--cell-images", ["grid", "images"], "\(folder)/pics"),
        flag("--fill", ["grid", "fill"], "1,2=#00FF00", appends: true),
      ])
    try assertRoundTrip(
      file: nil,
      overrides: [
        flag("--device", ["device"], "iphone-se-3"), flag("--grid", ["grid", "kind"], "home"),
        DesignOverride(path: ["grid", "showIcons"], value: JSONValue(.bool(true), origin: .flag("--show-icons"))),
        DesignOverride(path: ["label", "visible"], value: JSONValue(.bool(false), origin: .flag("--no-label"))),
        flag("--date", ["season", "date"], "2026-07-04"),
      ])
  }

  /// A fontconfig family and style is a name, not a file: it is written as given, not made a
  /// path under the working directory.
  func testAFontNameStaysAName() throws {
    let overrides = [flag("--device", ["device"], "iphone-8"), flag("--font", ["label", "font"], "DejaVu Serif:bold")]
    let design = try DesignLoader.load(file: nil, overrides: overrides).design
    let written = design.jsonTree(workingDirectory: "/elsewhere")[path: ["label", "font"]]
    XCTAssertEqual(written?.jsonText, "\"DejaVu Serif:bold\"")
    try assertRoundTrip(file: nil, overrides: overrides)
  }
}

extension SeasonLayer {
  /// `self` with the season, alpha and seed of `other` (the source that chose it differs).
  fileprivate func with(_ other: SeasonLayer) -> SeasonLayer {
    var copy = self
    copy.season = other.season
    copy.alpha = other.alpha
    copy.seed = other.seed
    return copy
  }
}
