import Foundation
import Synchronization
import TestSupport
import XCTest

/// `render --watch` and `preview --watch` as a user runs them: edits to the design file
/// (saved in place and by rename), an invalid edit in between, and Ctrl-C.
final class WatchTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  /// A running `wallpaper … --watch` with its output collected as it arrives.
  private final class Running: Sendable {
    let process = Process()
    let output = Mutex<(out: String, err: String)>(("", ""))

    init(_ arguments: [String], in folder: String) throws {
      process.executableURL = URL(fileURLWithPath: Processes.wallpaperBinary)
      process.arguments = arguments
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      out.fileHandleForReading.readabilityHandler = { [unowned self] handle in
        let text = String(decoding: handle.availableData, as: UTF8.self)
        self.output.withLock { $0.out += text }
      }
      err.fileHandleForReading.readabilityHandler = { [unowned self] handle in
        let text = String(decoding: handle.availableData, as: UTF8.self)
        self.output.withLock { $0.err += text }
      }
      try process.run()
    }

    var lines: (out: [String], err: [String]) {
      output.withLock {
        ($0.out.split(separator: "\n").map(String.init), $0.err.split(separator: "\n").map(String.init))
      }
    }

    /// Waits until `condition` holds for the output lines; a generous bound only stops a
    /// broken build from hanging the suite, it is not a timing requirement.
    func wait(until condition: ((out: [String], err: [String])) -> Bool) -> Bool {
      for _ in 0..<1200 {
        if condition(lines) { return true }
        usleep(50_000)
      }
      return condition(lines)
    }
  }

  private func write(_ text: String, to name: String, byRename: Bool) throws {
    let path = "\(folder)/\(name)"
    if byRename {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
      _ = rename(path + ".tmp", path)
    } else {
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: Data(text.utf8))
      try handle.close()
    }
  }

  private func check(_ arguments: [String], output: String) throws {
    try Data(#"{"device": "iphone-8", "season": {"name": "winter"}}"#.utf8)
      .write(to: URL(fileURLWithPath: "\(folder)/design.json"))
    let running = try Running(arguments + ["design.json", "--scale", "1", "-o", output, "--watch"], in: folder)
    defer { if running.process.isRunning { running.process.terminate() } }
    XCTAssertTrue(running.wait { $0.out.count == 1 }, "first render: \(running.lines)")
    let first = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(output)"))

    // An invalid edit, saved by rename as editors do: one error line, the file untouched.
    try write(#"{"device": "iphone-8", "season": {"name": "monsoon"}}"#, to: "design.json", byRename: true)
    XCTAssertTrue(running.wait { $0.err.count == 1 }, "error: \(running.lines)")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(output)")), first)

    // A valid edit, written in place: the second render.
    try write(#"{"device": "iphone-8", "season": {"name": "summer"}}"#, to: "design.json", byRename: false)
    XCTAssertTrue(running.wait { $0.out.count == 2 }, "second render: \(running.lines)")
    XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(output)")), first)

    // A file beside the design that it does not read changes nothing.
    try Data("x".utf8).write(to: URL(fileURLWithPath: "\(folder)/notes.txt"))

    running.process.interrupt()
    running.process.waitUntilExit()
    XCTAssertEqual(running.process.terminationReason, .exit, "Ctrl-C ends it cleanly")
    XCTAssertEqual(running.process.terminationStatus, 0)
    let lines = running.lines
    XCTAssertEqual(lines.out.count, 2, "\(lines)")
    XCTAssertEqual(lines.err.count, 1, "\(lines)")
    for line in lines.out {
      XCTAssertNotNil(
        line.range(of: #"^\d\d:\d\d:\d\d rendered \S+ in \d+ ms$"#, options: .regularExpression), line)
    }
    XCTAssertTrue(lines.err[0].hasPrefix("error: "), lines.err[0])
    XCTAssertTrue(lines.err[0].contains("monsoon"), lines.err[0])
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      !["design.json", "notes.txt", output].contains($0)
    }
    XCTAssertEqual(leftovers, [], "no temporary files left")
  }

  func testRenderWatchRendersValidEditsAndKeepsTheFileOnInvalidOnes() throws {
    try check(["render"], output: "out.png")
  }

  func testPreviewWatch() throws {
    try check(["preview"], output: "preview.png")
  }

  /// The image a design names is watched too: replacing it by rename renders again.
  func testAnImageTheDesignNamesIsWatched() throws {
    for (name, colour) in [("photo.png", "red"), ("other.png", "blue")] {
      let made = try Processes.run(
        Processes.wallpaperBinary,
        [
          "render", "--device", "iphone-4", "--scale", "1", "--alpha", "0", "--no-label", "--base-color", colour, "-o",
          name,
        ],
        in: folder)
      XCTAssertEqual(made.status, 0, made.stderr)
    }
    try Data(#"{"device": "iphone-8", "background": {"image": {"path": "photo.png"}}}"#.utf8)
      .write(to: URL(fileURLWithPath: "\(folder)/design.json"))
    let running = try Running(["render", "design.json", "--scale", "1", "-o", "out.png", "--watch"], in: folder)
    defer { if running.process.isRunning { running.process.terminate() } }
    XCTAssertTrue(running.wait { $0.out.count == 1 }, "first render: \(running.lines)")
    XCTAssertEqual(rename("\(folder)/other.png", "\(folder)/photo.png"), 0)
    XCTAssertTrue(running.wait { $0.out.count == 2 }, "render after the image changed: \(running.lines)")
    running.process.interrupt()
    running.process.waitUntilExit()
    XCTAssertEqual(running.process.terminationStatus, 0)
    XCTAssertEqual(running.lines.err, [])
  }

  /// A design deleted while watched is said to be gone (one `error:` line, the output kept);
  /// written back, it renders again.
  func testADesignThatGoesAwayIsSaid() throws {
    try Data(#"{"device": "iphone-8", "label": {"visible": false}}"#.utf8)
      .write(to: URL(fileURLWithPath: "\(folder)/design.json"))
    let running = try Running(["render", "design.json", "--scale", "1", "-o", "out.png", "--watch"], in: folder)
    defer { if running.process.isRunning { running.process.terminate() } }
    XCTAssertTrue(running.wait { $0.out.count == 1 }, "first render: \(running.lines)")
    let first = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out.png"))
    XCTAssertEqual(unlink("\(folder)/design.json"), 0)
    XCTAssertTrue(running.wait { $0.err.count == 1 }, "the deletion is said: \(running.lines)")
    XCTAssertTrue(running.lines.err[0].hasPrefix("error: "), "\(running.lines)")
    XCTAssertTrue(running.lines.err[0].contains("design.json"), "\(running.lines)")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out.png")), first)
    try write(#"{"device": "iphone-8", "label": {"visible": false}}"#, to: "design.json", byRename: true)
    XCTAssertTrue(running.wait { $0.out.count == 2 }, "back again: \(running.lines)")
    running.process.interrupt()
    running.process.waitUntilExit()
    XCTAssertEqual(running.process.terminationStatus, 0)
  }
}
