import Foundation
import TestSupport
import Wallpapers
import XCTest

/// Device ids and seasons as people type them, through the real command line; real mistakes
/// keep their errors and suggestions.
final class TypedNamesTests: BinaryTestCase {

  /// Renders with `arguments` and returns the PNG's bytes.
  private func render(_ arguments: [String], to name: String) throws -> Data {
    let result = try wallpaper(["render"] + arguments + ["-o", name])
    XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    return try bytes(name)
  }

  func testDeviceIdsInAnyCaseWithSpacesOrHyphensGiveTheSameWallpaper() throws {
    let reference = try render(["--device", "iphone-16-pro", "--season", "winter"], to: "ref.png")
    for typed in ["iPhone 16 Pro", "IPHONE-16-PRO", "  iphone 16-pro ", "iPhone_16_Pro"] {
      XCTAssertEqual(try render(["--device", typed, "--season", "winter"], to: "typed.png"), reference, typed)
    }
    // The catalogue's own name, punctuation and all; dots as separators.
    XCTAssertEqual(
      try render(["--device", "iPhone SE (3rd generation)"], to: "a.png"),
      try render(["--device", "iphone-se-3"], to: "b.png"))
    XCTAssertEqual(DeviceCatalog.device(id: "iPad Pro 12.9")?.id, "ipad-pro-12-9")
    // A design file's "device" field goes through the same parser.
    try #"{ "device": "iPhone 16 Pro", "season": { "name": "Winter" } }"#.write(
      toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
    XCTAssertEqual(try render(["d.json"], to: "file.png"), reference)
  }

  func testSeasonsInAnyCaseAndFallIsAutumn() throws {
    let autumn = try render(["--device", "iphone-8", "--season", "autumn"], to: "autumn.png")
    for typed in ["Autumn", "AUTUMN", "fall", "Fall"] {
      XCTAssertEqual(try render(["--device", "iphone-8", "--season", typed], to: "typed.png"), autumn, typed)
    }
    XCTAssertEqual(
      try render(["--device", "iphone-8", "--season", "Winter"], to: "w1.png"),
      try render(["--device", "iphone-8", "--season", "winter"], to: "w2.png"))
    XCTAssertEqual(Season(typed: "Fall"), .autumn)
    XCTAssertNil(Season(typed: "falls"))
    // `--season All` still means one file per season.
    let all = try wallpaper(["render", "--device", "iphone-8", "--season", "All", "-o", "x.png"])
    XCTAssertEqual(all.status, 0, all.stderr)
    XCTAssertEqual(try bytes("x-autumn.png"), autumn)
  }

  func testDevicesListsTakeTheSameNames() throws {
    try #"{ "name": "n" }"#.write(toFile: "\(folder)/n.json", atomically: true, encoding: .utf8)
    let result = try wallpaper([
      "export", "n.json", "--devices", "iPhone 16 Pro, IPHONE-SE-3", "--formats", "png", "--scales", "1", "--quiet",
      "--out", "out",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let names = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/out").filter { $0.hasSuffix(".png") }
    XCTAssertEqual(Set(names.filter { !$0.hasPrefix("contact") }).count, 2, "\(names)")
  }

  func testRealMistakesKeepTodaysErrorsAndSuggestions() throws {
    let cases: [([String], String)] = [
      (
        ["--device", "iPhone 16 Prp"],
        "error: --device: 'iPhone 16 Prp' is not allowed (a device id from `wallpaper devices`; closest: "
          + "iphone-16-pro, iphone-11-pro, iphone-12-pro)\n"
      ),
      (
        ["--device", "iphone-8", "--season", "wintr"],
        "error: --season: 'wintr' is not allowed (spring, summer, autumn, winter)\n"
      ),
      (
        ["--device", "iphone-8", "--season", "falls"],
        "error: --season: 'falls' is not allowed (spring, summer, autumn, winter)\n"
      ),
    ]
    for (arguments, expected) in cases {
      let result = try wallpaper(["render"] + arguments + ["-o", "x.png"])
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertEqual(result.stderr, expected)
    }
    try #"{ "name": "n" }"#.write(toFile: "\(folder)/n.json", atomically: true, encoding: .utf8)
    let devices = try wallpaper(["export", "n.json", "--devices", "iphone-8,iPhone 16 Prp", "--out", "out"])
    XCTAssertEqual(devices.status, 2)
    XCTAssertTrue(devices.stderr.hasPrefix("error: --devices: 'iphone 16 prp' is not allowed ("), devices.stderr)
    XCTAssertTrue(devices.stderr.hasSuffix("; closest: iphone-16-pro, iphone-11-pro, iphone-12-pro\n"), devices.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/x.png"))
  }

  func testSquareGridWithoutColumnsNamesWhatIsMissing() throws {
    let flag = try wallpaper(["render", "--device", "iphone-8", "--grid", "square", "-o", "x.png"])
    XCTAssertEqual(flag.status, 2)
    XCTAssertEqual(
      flag.stderr,
      "error: --grid: 'square' needs a number of columns (allowed: --columns N or \"columns\": N in the grid, "
        + "a whole number from 1 to 1000)\n")
    try "{ \"device\": \"iphone-8\",\n  \"grid\": { \"kind\": \"square\" } }".write(
      toFile: "\(folder)/g.json", atomically: true, encoding: .utf8)
    let file = try wallpaper(["render", "g.json", "-o", "x.png"])
    XCTAssertEqual(file.status, 2)
    XCTAssertTrue(file.stderr.hasPrefix("error: g.json:2: grid.kind: 'square' needs a number of columns"), file.stderr)
  }

  func testRenderSeasonCompletionOffersAllAndOnlyRenderDoes() throws {
    let fish = try wallpaper(["completions", "fish"]).stdout.split(separator: "\n")
    let seasonLines = fish.filter { $0.contains(" -l season ") }
    XCTAssertEqual(seasonLines.filter { $0.contains("-a 'spring summer autumn winter all'") }.count, 1)
    XCTAssertTrue(
      try XCTUnwrap(seasonLines.first { $0.contains("-a 'spring summer autumn winter all'") })
        .contains("__fish_seen_subcommand_from render'"))
    let bash = try wallpaper(["completions", "bash"]).stdout
    XCTAssertTrue(bash.contains("--season) COMPREPLY=($(compgen -W 'spring summer autumn winter all' -- \"$cur\"))"))
  }
}

/// `--devices current` and `--devices since:YEAR` through export and proof.
final class DeviceGroupTests: BinaryTestCase {
  private func exportedClasses(_ devices: String) throws -> [String] {
    try #"{ "name": "n" }"#.write(toFile: "\(folder)/n.json", atomically: true, encoding: .utf8)
    let result = try wallpaper([
      "export", "n.json", "--devices", devices, "--formats", "svg", "--out", "out-\(devices)", "--json", "--quiet",
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let files = try XCTUnwrap(document["files"] as? [[String: Any]])
    // Every class's SVG lists its models (the contact sheet and gallery list them again).
    return Set(files.compactMap { $0["devices"] as? [String] }.flatMap { $0 }).sorted()
  }

  func testCurrentExportsWhatIOS26AndIPadOS26Support() throws {
    let current = try exportedClasses("current")
    XCTAssertEqual(current, DeviceCatalog.current.map(\.id).sorted())
    XCTAssertTrue(current.contains("iphone-11") && current.contains("iphone-se-2"), "\(current)")
    XCTAssertFalse(current.contains("iphone-xr") || current.contains("iphone-8"), "\(current)")
    XCTAssertEqual(current.count, 30 + 12, "30 iPhones and 12 iPads")
  }

  func testSinceSelectsByReleaseYear() throws {
    let since = try exportedClasses("since:2024")
    XCTAssertEqual(
      since,
      [
        "iphone-16", "iphone-16-plus", "iphone-16-pro", "iphone-16-pro-max", "iphone-16e", "iphone-17",
        "iphone-17-pro", "iphone-17-pro-max", "iphone-air", "ipad-mini-8-3", "ipad-air-11", "ipad-11",
        "ipad-pro-11-m4", "ipad-air-13", "ipad-pro-13-m4",
      ].sorted())
    XCTAssertEqual(try exportedClasses("since:2007").count, DeviceCatalog.devices.count)
    // Proof takes the same words, one page per screen class.
    let proof = try wallpaper(["proof", "n.json", "--devices", "iPhone,since:2025", "-o", "p.pdf", "--json"])
    XCTAssertEqual(proof.status, 0, proof.stderr)
  }

  func testBadYearsAreNamed() throws {
    try #"{ "name": "n" }"#.write(toFile: "\(folder)/n.json", atomically: true, encoding: .utf8)
    for word in ["since:", "since:20", "since:1999", "since:２０２０", "since:2020x"] {
      let result = try wallpaper(["export", "n.json", "--devices", word, "--out", "out"])
      XCTAssertEqual(result.status, 2, word)
      XCTAssertEqual(
        result.stderr,
        "error: --devices: '\(word)' is not allowed (since:YEAR takes a year from 2007 to 2100, like since:2020)\n")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/out"))
  }

  func testCompletionsOfferCurrentAndSince() throws {
    let fish = try wallpaper(["completions", "fish"]).stdout
    let devicesLine = try XCTUnwrap(fish.split(separator: "\n").first { $0.contains("-l devices") })
    XCTAssertTrue(devicesLine.contains("current") && devicesLine.contains("since:2024"), String(devicesLine))
    XCTAssertTrue(try wallpaper(["export", "--help"]).stdout.contains("since:YEAR"))
  }
}
