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

  func testTheFolderFollowsXDGThenHomeThenTMPDIR() {
    XCTAssertEqual(CacheFile.folder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]), "/c/wallpaper")
    XCTAssertEqual(CacheFile.folder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]), "/h/.cache/wallpaper")
    XCTAssertEqual(CacheFile.folder(environment: ["TMPDIR": "/t"]), "/t/wallpaper-\(geteuid())")
    XCTAssertEqual(CacheFile.folder(environment: [:]), "/tmp/wallpaper-\(geteuid())")
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

  func testAFolderOthersCanWriteIsRefused() throws {
    try FileManager.default.createDirectory(atPath: "\(folder)/shared/wallpaper", withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: "\(folder)/shared/wallpaper")
    XCTAssertThrowsError(try path(["XDG_CACHE_HOME": "\(folder)/shared"])) { error in
      XCTAssertEqual(
        "\(error)", "\(folder)/shared/wallpaper: belongs to another user or is writable by others")
    }
  }
}
