import Foundation
import TestSupport
import XCTest

/// Runs the built `wallpaper` binary as a user would: exit codes, stderr, files.
final class EndToEndTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  @discardableResult
  private func wallpaper(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder, environment: environment)
  }

  private func bytes(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: "\(folder)/\(name)").map(Array.init)
  }

  private func assertUsageError(
    _ arguments: [String], says fragment: String, status: Int32 = 2, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let result = try wallpaper(arguments)
    XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
    XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr, file: file, line: line)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)", file: file, line: line)
    XCTAssertTrue(result.stderr.contains(fragment), "'\(fragment)' not in: \(result.stderr)", file: file, line: line)
  }

  func testPNGSizesFollowDeviceAndScale() throws {
    for (arguments, size) in [
      (["--device", "iphone-8", "-o", "a.png"], (750, 1334)),
      (["--device", "iphone-11-pro-max", "-o", "b.png"], (1242, 2688)),
      (["--device", "iphone-11-pro-max", "--scale", "2", "-o", "c.png"], (828, 1792)),
      (["--device", "ipad-pro-13-m4", "--scale=1", "--output", "sub/dir/d.png"], (1032, 1376)),
    ] {
      let result = try wallpaper(["render"] + arguments)
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertEqual(result.stderr, "")
      let image = try RGBAImage(pngFile: "\(folder)/\(arguments.last!)")
      XCTAssertEqual([image.width, image.height], [size.0, size.1], arguments.joined(separator: " "))
    }
  }

  func testSVGAndPDFSizesAndReproducibility() throws {
    try wallpaper(["render", "--device", "iphone-11-pro-max", "-o", "a.svg"])
    let svg = String(decoding: bytes("a.svg") ?? [], as: UTF8.self)
    XCTAssertTrue(svg.contains(#"width="414px" height="896px""#), String(svg.prefix(300)))
    try wallpaper(["render", "--device", "iphone-11-pro-max", "-o", "a.pdf"])
    let info = try Processes.run("pdfinfo", ["\(folder)/a.pdf"])
    XCTAssertTrue(info.stdout.contains("Page size:       414 x 896 pts"), info.stdout)
    XCTAssertTrue(info.stdout.contains("Creator:         wallpaper 0.1.0"), info.stdout)
    XCTAssertTrue(info.stdout.contains("CreationDate:    Wed Jan  1 00:00:00 2020 UTC"), info.stdout)
    for format in ["png", "svg", "pdf"] {
      try wallpaper(["render", "--device", "iphone-11-pro-max", "--gradient", "gold,teal", "-o", "1.\(format)"])
      try wallpaper(["render", "--device", "iphone-11-pro-max", "--gradient", "gold,teal", "-o", "2.\(format)"])
      XCTAssertEqual(bytes("1.\(format)"), bytes("2.\(format)"), "\(format) differs between runs")
    }
  }

  func testSourceDateEpochSetsThePDFDates() throws {
    try wallpaper(["render", "--device", "iphone-8", "-o", "a.pdf"], environment: ["SOURCE_DATE_EPOCH": "1700000000"])
    let info = try Processes.run("pdfinfo", ["\(folder)/a.pdf"])
    XCTAssertTrue(info.stdout.contains("CreationDate:    Tue Nov 14 22:13:20 2023 UTC"), info.stdout)
    let bad = try wallpaper(["render", "--device", "iphone-8", "-o", "b.pdf"], environment: ["SOURCE_DATE_EPOCH": "soon"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.contains("SOURCE_DATE_EPOCH: 'soon'"), bad.stderr)
    XCTAssertNil(bytes("b.pdf"))
  }

  func testADesignFileWithFlagsOnTop() throws {
    try ##"{ "device": "iphone-8", "output": "from-file.png", "background": { "color": "#336699" } }"##
      .write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
    XCTAssertEqual(try wallpaper(["render", "d.json"]).status, 0)
    XCTAssertEqual(try RGBAImage(pngFile: "\(folder)/from-file.png")[10, 10], [0x33, 0x66, 0x99, 255])
    XCTAssertEqual(try wallpaper(["render", "d.json", "--background-color", "red", "-o", "flag.png"]).status, 0)
    XCTAssertEqual(try RGBAImage(pngFile: "\(folder)/flag.png")[10, 10], [255, 0, 0, 255])
  }

  func testBadInputsFailCleanlyWithoutOutput() throws {
    try assertUsageError(["render", "--device", "iphone-88", "-o", "x.png"], says: "closest: iphone-8")
    for scale in ["0", "-1", "nan", "11", "abc"] {
      try assertUsageError(["render", "--device", "iphone-8", "--scale", scale, "-o", "x.png"], says: "--scale: ")
    }
    try assertUsageError(["render", "--device", "iphone-8", "--format", "gif", "-o", "x.png"], says: "png, svg, pdf")
    try assertUsageError(["render", "--device", "iphone-8", "-o", "x.gif"], says: "cannot tell the format")
    try assertUsageError(["render", "--device", "iphone-8", "--colour", "red", "-o", "x.png"], says: "unknown option '--colour'")
    try assertUsageError(["frobnicate"], says: "unknown subcommand 'frobnicate'")
    try assertUsageError(["render", "--device", "iphone-8"], says: "--output")
    try assertUsageError(["render", "-o", "x.png"], says: "no device given")
    try assertUsageError(["render", "missing.json", "-o", "x.png"], says: "missing.json' does not exist")
    try "{ \"device\": \"iphone-8\", ".write(toFile: "\(folder)/broken.json", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "broken.json", "-o", "x.png"], says: "broken.json:1: malformed JSON")
    try "{ \"device\": 8 }".write(toFile: "\(folder)/type.json", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "type.json", "-o", "x.png"], says: "device: is a number, expected a string")
    try "{ \"device\": \"iphone-8\", \"colour\": 1 }".write(toFile: "\(folder)/unknown.json", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "unknown.json", "-o", "x.png"], says: "colour: unknown field")
    try "not a png".write(toFile: "\(folder)/bad.png", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "--device", "iphone-8", "--image", "bad.png", "-o", "x.png"], says: "background.image.path: 'bad.png'")
    XCTAssertNil(bytes("x.png"))
    XCTAssertNil(bytes("x.gif"))
  }

  func testOutputPathProblemsLeaveNothingBehind() throws {
    try "I am a file".write(toFile: "\(folder)/file", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "--device", "iphone-8", "-o", "file/x.png"], says: "which is a file")
    try FileManager.default.createDirectory(atPath: "\(folder)/dir", withIntermediateDirectories: false)
    try assertUsageError(["render", "--device", "iphone-8", "-o", "dir"], says: "is a folder")
    // An existing file survives a failed render untouched.
    try "precious".write(toFile: "\(folder)/keep.png", atomically: true, encoding: .utf8)
    try assertUsageError(["render", "--device", "iphone-8", "--scale", "0", "-o", "keep.png"], says: "--scale")
    XCTAssertEqual(String(decoding: bytes("keep.png") ?? [], as: UTF8.self), "precious")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
    XCTAssertEqual(leftovers, [])
  }

  func testUnwritableFolderIsAFailureWithExitOne() throws {
    // /proc refuses new files even for root, so this holds on CI machines too.
    try assertUsageError(["render", "--device", "iphone-8", "-o", "/proc/wallpaper-test.png"], says: "cannot write", status: 1)
  }

  func testHelpVersionAndDevices() throws {
    let help = try wallpaper(["--help"])
    XCTAssertEqual(help.status, 0)
    for section in ["OVERVIEW:", "USAGE:", "SUBCOMMANDS:"] { XCTAssertTrue(help.stdout.contains(section), help.stdout) }
    let renderHelp = try wallpaper(["render", "--help"])
    for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "--device ID", "-o, --output PATH"] {
      XCTAssertTrue(renderHelp.stdout.contains(section), "\(section) missing:\n\(renderHelp.stdout)")
    }
    XCTAssertEqual(try wallpaper(["--version"]).stdout, "wallpaper 0.1.0\n")
    let table = try wallpaper(["devices"])
    XCTAssertTrue(table.stdout.contains("iphone-16-pro"), table.stdout)
    XCTAssertTrue(table.stdout.hasPrefix("ID"), table.stdout)
    let json = try wallpaper(["devices", "--json"])
    let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let eight = try XCTUnwrap(array.first { $0["id"] as? String == "iphone-8" })
    XCTAssertEqual(eight["name"] as? String, "iPhone 8")
    XCTAssertEqual(eight["scale"] as? Int, 2)
    XCTAssertEqual((eight["points"] as? [String: Double])?["width"], 375)
    XCTAssertEqual((eight["pixels"] as? [String: Int])?["height"], 1334)
    try assertUsageError(["devices", "--family", "watch"], says: "--family: 'watch'")
  }
}
