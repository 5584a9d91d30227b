import Dispatch
import Foundation
import Platform
import XCTest

/// `FileWatch` with the kernel's notifications (inotify here) and with the `stat` poll that
/// platforms without one use: a save in place, a save by rename, an unrelated file, a wake-up.
final class FileWatchTests: XCTestCase {
  private var folder = ""
  private var pipeEnds: [Int32] = [0, 0]

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "filewatch-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    XCTAssertEqual(pipe(&pipeEnds), 0)
  }

  override func tearDown() {
    close(pipeEnds[0])
    close(pipeEnds[1])
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func save(_ name: String, _ text: String) {
    _ = FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data(text.utf8))
  }

  /// Runs `change` on another thread once the watch waits, and returns what the watch saw.
  private func event(polling: Bool, watching: [String], after change: @escaping @Sendable () -> Void) throws
    -> FileWatch.Event
  {
    let watch = try FileWatch(wake: pipeEnds[0], polling: polling)
    try watch.watch(watching.map { "\(folder)/\($0)" })
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300), execute: change)
    return try watch.next(settle: 50)
  }

  func testSavesInPlaceAndByRenameAreChangesInBothModes() throws {
    for polling in [false, true] {
      save("design.json", "{}")
      let folder = self.folder
      XCTAssertEqual(
        try event(polling: polling, watching: ["design.json"]) {
          _ = FileManager.default.createFile(atPath: "\(folder)/design.json", contents: Data("{ }".utf8))
        }, .changed, "in place, polling: \(polling)")
      XCTAssertEqual(
        try event(polling: polling, watching: ["design.json"]) {
          _ = FileManager.default.createFile(atPath: "\(folder)/.design.json.tmp", contents: Data("{  }".utf8))
          _ = rename("\(folder)/.design.json.tmp", "\(folder)/design.json")
        }, .changed, "by rename, polling: \(polling)")
    }
  }

  /// An unrelated file in the same folder changes nothing; the wake pipe ends the wait.
  func testOtherFilesAreIgnoredAndTheWakePipeEndsTheWait() throws {
    for polling in [false, true] {
      save("design.json", "{}")
      let (folder, wake) = (self.folder, pipeEnds[1])
      XCTAssertEqual(
        try event(polling: polling, watching: ["design.json"]) {
          _ = FileManager.default.createFile(atPath: "\(folder)/other.txt", contents: Data("x".utf8))
          usleep(400_000)
          var byte: UInt8 = 1
          _ = write(wake, &byte, 1)
        }, .woken, "polling: \(polling)")
      var byte: UInt8 = 0
      _ = read(pipeEnds[0], &byte, 1)
    }
  }

  func testAFolderThatCannotBeWatchedIsAFailure() throws {
    let watch = try FileWatch(wake: pipeEnds[0])
    XCTAssertThrowsError(try watch.watch(["\(folder)/missing/design.json"])) { error in
      XCTAssertTrue("\(error)".contains("cannot watch '\(folder)/missing'"), "\(error)")
    }
  }
}
