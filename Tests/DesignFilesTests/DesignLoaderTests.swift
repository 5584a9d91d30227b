import Foundation
import SceneGraph
import TestSupport
import Wallpapers
import XCTest

@testable import DesignFiles

final class DesignLoaderTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func write(_ text: String, name: String = "design.json") throws -> String {
    let path = "\(folder)/\(name)"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func flag(_ name: String, _ path: [String], _ value: String) -> DesignOverride {
    DesignOverride(path: path, value: JSONValue(.string(value), origin: .flag(name)))
  }

  /// Output fields as `render` names them; the loader hands them on unread.
  private let outputFields = [
    FieldSpec("scale", .number(minimum: 0, maximum: 10, exclusiveMinimum: true), ""),
    FieldSpec("format", .string(), ""), FieldSpec("output", .path, ""),
  ]

  /// The scale read as the CLI reads it, with the renderer's limit.
  private func scale(_ loaded: LoadedDesign) throws -> Double? {
    try loaded.outputFields.number("scale", allowed: "a number > 0 and ≤ 10")
  }

  private func loadError(_ json: String, overrides: [DesignOverride] = []) throws -> String {
    let path = try write(json)
    do {
      let loaded = try DesignLoader.load(file: path, overrides: overrides, outputFields: outputFields)
      _ = try scale(loaded)
      XCTFail("expected an error")
      return ""
    } catch {
      return "\(error)".replacingOccurrences(of: folder + "/", with: "")
    }
  }

  func testAFullDesignLoads() throws {
    let path = try write(
      """
      {
        "name": "sunset",
        "device": "iphone-8",
        "scale": 3,
        "format": "svg",
        "output": "out/x.svg",
        "background": { "color": "#102030", "gradient": { "type": "radial", "colors": ["red", "#00FF0080"] } }
      }
      """)
    let loaded = try DesignLoader.load(file: path, overrides: [], outputFields: outputFields)
    let design = loaded.design
    XCTAssertEqual(design.name, "sunset")
    XCTAssertEqual(design.device.id, "iphone-8")
    XCTAssertEqual(try scale(loaded), 3)
    XCTAssertEqual(try loaded.outputFields.string("format"), "svg")
    XCTAssertEqual(try loaded.outputFields.string("output"), "out/x.svg")
    XCTAssertEqual(design.background.color, Color(rgb: 0x102030))
    XCTAssertEqual(design.background.gradient?.kind, .radial)
    XCTAssertEqual(design.background.gradient?.colors.last, Color(rgb: 0x00FF00, alpha: 0x80))
  }

  func testFlagsWinOverTheFile() throws {
    let path = try write(#"{ "device": "iphone-8", "scale": 3, "background": { "color": "red" } }"#)
    let loaded = try DesignLoader.load(
      file: path,
      overrides: [
        flag("--device", ["device"], "iphone-16-pro"), flag("--scale", ["scale"], "2"),
        flag("--background-color", ["background", "color"], "none"),
      ], outputFields: outputFields)
    let design = loaded.design
    XCTAssertEqual(design.device.id, "iphone-16-pro")
    XCTAssertEqual(try scale(loaded), 2)
    XCTAssertNil(design.background.color)
    XCTAssertEqual(design.name, "design")
  }

  func testErrorsNameTheFileLineAndField() throws {
    let unknown = try loadError("{\n  \"device\": \"iphone-8\",\n  \"backgroud\": {}\n}")
    XCTAssertTrue(unknown.hasPrefix("design.json:3: backgroud: unknown field (allowed: name, device, "), unknown)
    XCTAssertTrue(unknown.hasSuffix("; did you mean 'background'?"), unknown)
    XCTAssertEqual(
      try loadError("{\n  \"device\": \"iphone-8\",\n  \"scale\": \"two\"\n}"),
      "design.json:3: scale: is a string, expected a number")
    XCTAssertEqual(
      try loadError("{\n  \"device\": \"iphone-8\",\n  \"background\": { \"color\": \"blu\" }\n}"),
      "design.json:3: background.color: 'blu' is not allowed (#RGB, #RRGGBB, #RRGGBBAA, a CSS colour name or transparent)"
    )
    XCTAssertEqual(
      try loadError("{ \"device\": \"iphone-8\",\n \"scale\": 0 }"),
      "design.json:2: scale: 0 is not allowed (a number > 0 and ≤ 10)")
    XCTAssertTrue(
      try loadError("{ \"device\": \"iphone-88\" }").hasPrefix(
        "design.json:1: device: 'iphone-88' is not allowed (a device id from `wallpaper devices`; closest: iphone-8,"))
  }

  func testMalformedJSONNamesTheLine() throws {
    XCTAssertEqual(
      try loadError("{\n  \"device\": \"iphone-8\",\n}"), "design.json:3: malformed JSON: expected a quoted field name")
    XCTAssertEqual(try loadError("{ \"a\": 1, \"a\": 2 }"), "design.json:1: a: appears twice in one object")
    XCTAssertEqual(try loadError("[1, 2"), "design.json:1: malformed JSON: the file ends inside an array")
    XCTAssertEqual(try loadError("{\"device\": 01}"), "design.json:1: malformed JSON: '01' is not a valid number")
    XCTAssertTrue(try loadError("").contains("the file ends where a value was expected"))
  }

  func testFlagErrorsNameTheFlag() throws {
    let path = try write(#"{ "device": "iphone-8" }"#)
    for value in ["abc", "nan"] {
      let loaded = try DesignLoader.load(
        file: path, overrides: [flag("--scale", ["scale"], value)], outputFields: outputFields)
      XCTAssertThrowsError(try scale(loaded)) { error in
        XCTAssertEqual("\(error)", "--scale: '\(value)' is not allowed (a number > 0 and ≤ 10)")
      }
    }
  }

  func testMissingAndFolderDesignFiles() {
    XCTAssertThrowsError(try DesignLoader.load(file: "\(folder)/nope.json", overrides: [])) { error in
      XCTAssertTrue("\(error)".hasSuffix("nope.json' does not exist"), "\(error)")
    }
    XCTAssertThrowsError(try DesignLoader.load(file: folder, overrides: [])) { error in
      XCTAssertTrue("\(error)".hasSuffix("is a folder"), "\(error)")
    }
  }

  func testJSONStringEscapes() throws {
    let value = try JSONParser.parse(Array(#"{"s": "a\"\\\/\u00e9\ud83c\udf41\n"}"#.utf8), file: "x")
    guard case .object(let members) = value.kind, case .string(let text) = members[0].value.kind else {
      return XCTFail("not parsed")
    }
    XCTAssertEqual(text, "a\"\\/é🍁\n")
  }

  func testColourParsing() {
    XCTAssertEqual(Color(parsing: "#abc"), Color(rgb: 0xAABBCC))
    XCTAssertEqual(Color(parsing: "Tomato"), Color(rgb: 0xFF6347))
    XCTAssertEqual(Color(parsing: "#FF000080"), Color(rgb: 0xFF0000, alpha: 0x80))
    XCTAssertEqual(cssColors.count, 148)
    XCTAssertNil(Color(parsing: "#12345"))
    XCTAssertNil(Color(parsing: "reddish"))
  }

  func testLayersFromTheDesignFile() throws {
    let root = try JSONParser.parse(
      Array(#"{"device": "iphone-8", "layers": [{"name": "grid", "opacity": 0.25}, {"name": "background"}]}"#.utf8),
      file: "d.json")
    let d = try DesignLoader.decode(
      root, baseFolder: "", defaultName: nil, today: CalendarDate(year: 2026, month: 11, day: 30))
    XCTAssertEqual(d.layers.map(\.name), [.grid, .background, .art, .label])
    XCTAssertEqual(d.layers[0].opacity.value, 0.25)
    let twice = try JSONParser.parse(
      Array(#"{"device": "iphone-8", "layers": [{"name": "grid"}, {"name": "grid"}]}"#.utf8), file: "d.json")
    XCTAssertThrowsError(
      try DesignLoader.decode(
        twice, baseFolder: "", defaultName: nil, today: CalendarDate(year: 2026, month: 1, day: 1)))
  }
}
