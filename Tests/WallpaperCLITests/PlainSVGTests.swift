import Foundation
import TestSupport
import XCTest

/// The default SVG is the scene, plainly (Docs/svg.md): no `<use>`, no nested `<svg>`
/// viewport, a translucent layer as its own plain `opacity`, and rsvg draws it as our PNG.
/// Importer rewrites are `--svg-profile office`, the one option that asks for them.
final class PlainSVGTests: BinaryTestCase {
  private var samples: URL { Golden.repositoryRoot().appendingPathComponent("Samples") }

  /// The top-level groups of `design`'s scene with an opacity below 1 (`--dump-scene`), as
  /// (name, opacity as the scene dump writes it).
  private func translucentLayers(_ design: String) throws -> [(name: String, opacity: String)] {
    let dump = try run(Processes.wallpaperBinary, ["render", design, "--dump-scene"]).stdout
    return dump.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  group \""), let match = line.firstMatch(of: /^  group "([^"]+)".* opacity=([0-9.]+)/)
      else { return nil }
      return (String(match.1), String(match.2))
    }
  }

  func testEverySampleIsPlainAndRsvgDrawsItAsOurPNG() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".json") }
      .sorted()
    XCTAssertGreaterThanOrEqual(names.count, 9)
    var report: [String] = []
    var translucent = 0
    for file in names {
      let name = String(file.dropLast(5))
      let design = samples.appendingPathComponent(file).path
      try run(Processes.wallpaperBinary, ["render", design, "-o", "\(name).svg"])
      try run(Processes.wallpaperBinary, ["render", design, "-o", "\(name).png"])
      let svg = try String(contentsOfFile: "\(folder)/\(name).svg", encoding: .utf8)
      XCTAssertFalse(svg.contains("<use"), "\(name): a <use>")
      XCTAssertEqual(svg.components(separatedBy: "<svg").count - 1, 1, "\(name): a nested <svg>")
      XCTAssertFalse(svg.contains("id=\"veil\""), "\(name): a veil")
      for (layer, opacity) in try translucentLayers(design) {
        translucent += 1
        // The layer's own `opacity`, or its one object's when it holds one.
        let tag = try XCTUnwrap(svg.firstMatch(of: try Regex("<g id=\"\(layer)\"[^>]*>\n?[^\n]*")), "\(name): \(layer)")
        XCTAssertTrue(
          tag.0.contains(" opacity=\"\(opacity)\""), "\(name): \(layer) at \(opacity): \(tag.0.prefix(300))")
      }
      let ours = try RGBAImage(pngFile: "\(folder)/\(name).png")
      try run(
        "rsvg-convert", ["-w", String(ours.width), "-h", String(ours.height), "\(name).svg", "-o", "\(name)-rsvg.png"])
      let difference = ImageDifference(ours, try RGBAImage(pngFile: "\(folder)/\(name)-rsvg.png"), threshold: 24)
      report.append(
        String(
          format: "%@: rsvg mean %.3f/255, %.4f %% off by > 24", name, difference.meanChannelDelta,
          difference.fractionOverThreshold * 100))
      XCTAssertLessThanOrEqual(difference.meanChannelDelta, 0.3, "\(name): rsvg vs PNG: \(difference)")
      XCTAssertLessThanOrEqual(difference.fractionOverThreshold, 0.002, "\(name): rsvg vs PNG: \(difference)")
    }
    XCTAssertGreaterThanOrEqual(translucent, 6, "translucent layers were checked")
    print(report.joined(separator: "\n"))
  }

  /// `--svg-profile` and the design field `svgProfile`: plain is the default (the same bytes as
  /// no option), office is the same from a flag and from a file, and anything else is a usage
  /// error of one line naming the flag or field, the value and the allowed values, with
  /// nothing written.
  func testTheProfileOptionIsOneOutputOption() throws {
    let design = samples.appendingPathComponent("summer.json").path
    try run(Processes.wallpaperBinary, ["render", design, "-o", "default.svg"])
    try run(Processes.wallpaperBinary, ["render", design, "--svg-profile", "plain", "-o", "plain.svg"])
    try run(Processes.wallpaperBinary, ["render", design, "--svg-profile", "office", "-o", "office.svg"])
    XCTAssertEqual(try bytes("default.svg"), try bytes("plain.svg"))
    XCTAssertNotEqual(try bytes("default.svg"), try bytes("office.svg"))
    let json = try String(contentsOfFile: design, encoding: .utf8)
    let withField = json.replacing("{", with: "{\n  \"svgProfile\": \"office\",", maxReplacements: 1)
    try withField.write(toFile: "\(folder)/field.json", atomically: true, encoding: .utf8)
    try run(Processes.wallpaperBinary, ["render", "field.json", "-o", "field.svg"])
    XCTAssertEqual(try bytes("field.svg"), try bytes("office.svg"))

    let flag = try wallpaper(["render", design, "--svg-profile", "scribus", "-o", "bad.svg"])
    XCTAssertEqual(flag.status, 2)
    XCTAssertEqual(flag.stderr, "error: --svg-profile: 'scribus' is not allowed (plain, office)\n")
    try withField.replacing("\"office\"", with: "\"word\"").write(
      toFile: "\(folder)/bad.json", atomically: true, encoding: .utf8)
    let field = try wallpaper(["render", "bad.json", "-o", "bad.svg"])
    XCTAssertEqual(field.status, 2)
    XCTAssertEqual(field.stderr.split(separator: "\n").count, 1, field.stderr)
    XCTAssertTrue(field.stderr.contains("bad.json:2: svgProfile: 'word' is not allowed (plain, office)"), field.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/bad.svg"))
  }
}
