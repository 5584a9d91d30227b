import Foundation
import Platform
import TestSupport
import XCTest

/// `CacheFile`: the compiled-in bytes reach a file of this user's that holds exactly them, in
/// folders no one else can write to; a changed, replaced or linked copy is rewritten.
final class CacheFileTests: XCTestCase {
  private var folder = ""
  private let bytes: [UInt8] = Array("not really a font, but bytes all the same".utf8)

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func path(_ environment: Environment) throws -> String {
    try bytes.withUnsafeBytes { try CacheFile.path(named: "Font.ttf", holding: $0, environment: environment) }
  }

  func testTheFoldersAreXDGOrHomeThenTMPDIR() {
    let uid = geteuid()
    XCTAssertEqual(
      CacheFile.folders(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]), ["/c/wallpaper", "/tmp/wallpaper-\(uid)"])
    XCTAssertEqual(
      CacheFile.folders(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h", "TMPDIR": "/t"]),
      ["/h/.cache/wallpaper", "/t/wallpaper-\(uid)"])
    XCTAssertEqual(CacheFile.folders(environment: [:]), ["/tmp/wallpaper-\(uid)"])
  }

  func testTheFileHoldsTheBytesAndIsRewrittenWhenChanged() throws {
    let environment: Environment = ["XDG_CACHE_HOME": "\(folder)/cache"]
    let first = try path(environment)
    XCTAssertTrue(first.hasPrefix("\(folder)/cache/wallpaper/"), first)
    XCTAssertTrue(first.hasSuffix("/Font.ttf"), first)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), Data(bytes))
    let mode = try FileManager.default.attributesOfItem(atPath: "\(folder)/cache/wallpaper")[.posixPermissions]
    XCTAssertEqual(mode as? Int, 0o700)

    try Data("changed".utf8).write(to: URL(fileURLWithPath: first))
    XCTAssertEqual(try path(environment), first)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), Data(bytes), "a changed copy is rewritten")

    try FileManager.default.removeItem(atPath: first)
    try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/elsewhere"))
    try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: "\(folder)/elsewhere")
    XCTAssertEqual(try path(environment), first)
    let kind = try FileManager.default.attributesOfItem(atPath: first)[.type] as? FileAttributeType
    XCTAssertEqual(kind, .typeRegular, "a link in the cache is replaced by a file")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: (first as NSString).deletingLastPathComponent)
    XCTAssertEqual(leftovers, ["Font.ttf"], "no temporary file is left")
  }

  /// A folder others can write to (or one another user made first) is passed over for the
  /// next; when none can be used, a fresh folder of this process's own is; when not even that can
  /// be made, one line names every folder and why.
  func testAFolderOthersCanWriteIsPassedOver() throws {
    try FileManager.default.createDirectory(atPath: "\(folder)/shared/wallpaper", withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: "\(folder)/shared/wallpaper")
    try FileManager.default.createDirectory(atPath: "\(folder)/tmp", withIntermediateDirectories: true)
    let next = try path(["XDG_CACHE_HOME": "\(folder)/shared", "TMPDIR": "\(folder)/tmp"])
    XCTAssertTrue(next.hasPrefix("\(folder)/tmp/wallpaper-\(geteuid())/"), next)

    try FileManager.default.setAttributes(
      [.posixPermissions: 0o777], ofItemAtPath: "\(folder)/tmp/wallpaper-\(geteuid())")
    let fresh = try path(["XDG_CACHE_HOME": "\(folder)/shared", "TMPDIR": "\(folder)/tmp"])
    XCTAssertTrue(fresh.hasPrefix("\(folder)/tmp/wallpaper-"), fresh)
    XCTAssertFalse(fresh.hasPrefix("\(folder)/tmp/wallpaper-\(geteuid())/"), fresh)

    XCTAssertThrowsError(try path(["XDG_CACHE_HOME": "\(folder)/shared", "TMPDIR": "/proc/no-such-folder"])) { error in
      let text = "\(error)"
      XCTAssertTrue(
        text.hasPrefix("\(folder)/shared/wallpaper: belongs to another user or is writable by others; "), text)
      XCTAssertTrue(text.contains("; /proc/no-such-folder"), text)
      XCTAssertTrue(text.hasSuffix("(remove the folder, or set XDG_CACHE_HOME to a folder of yours)"), text)
      XCTAssertFalse(text.contains("\n"), "one line")
    }
  }
}
