import Foundation
import TestSupport
import XCTest

/// Peak memory of the largest photo the limits accept (issue 33): a JPEG is decoded at the
/// scale the device needs (libjpeg's N/8), handed to Cairo without a copy, and a header that
/// lies about its size costs only the rows its data holds. Bounds, not timings.
final class PhotoMemoryTests: BinaryTestCase {
  private static let mebibyte = 1 << 20

  /// An 8064×6048 JPEG (48.8 MP, the limit) of a few hundred KB, made by ImageMagick.
  private func largestPhoto() throws -> String {
    let path = "\(folder)/big.jpg"
    let made = try Processes.run(
      "convert", ["-size", "8064x6048", "gradient:#3060C0-#F0A030", "-quality", "85", path], in: folder)
    XCTAssertEqual(made.status, 0, made.stderr)
    return path
  }

  func testTheLargestPhotoAndALyingHeaderStayWithinTheirMemory() throws {
    if ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil {
      throw XCTSkip("peak memory is not the program's own under AddressSanitizer (make sanitize)")
    }
    let photo = try largestPhoto()
    let render = try Processes.peakMemory(
      Processes.wallpaperBinary, ["render", "--device", "iphone-16-pro", "--image", photo, "-o", "x.png"], in: folder)
    XCTAssertEqual(render.status, 0)
    XCTAssertLessThanOrEqual(render.bytes, 128 * Self.mebibyte, "render: \(render.bytes / Self.mebibyte) MiB")

    try Data(#"{"name": "big", "device": "iphone-16-pro", "background": {"image": {"path": "big.jpg"}}}"#.utf8)
      .write(to: URL(fileURLWithPath: "\(folder)/big.json"))
    let export = try Processes.peakMemory(
      Processes.wallpaperBinary,
      ["export", "big.json", "--out", "o", "--devices", "iphone-16-pro,ipad-pro-13-m4", "--jobs", "2", "--quiet"],
      in: folder)
    XCTAssertEqual(export.status, 0)
    XCTAssertLessThanOrEqual(export.bytes, 256 * Self.mebibyte, "export: \(export.bytes / Self.mebibyte) MiB")

    // The first kilobyte of that JPEG: its header claims 8064×6048. Refused as damaged, having
    // touched only the rows the data holds.
    let head = try Data(contentsOf: URL(fileURLWithPath: photo)).prefix(1024)
    try head.write(to: URL(fileURLWithPath: "\(folder)/lie.jpg"))
    let result = try wallpaper(["render", "--device", "iphone-16-pro", "--image", "lie.jpg", "-o", "x.png"])
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("a damaged JPEG"), result.stderr)
    let peak = try Processes.peakMemory(
      Processes.wallpaperBinary, ["render", "--device", "iphone-16-pro", "--image", "lie.jpg", "-o", "x.png"],
      in: folder)
    XCTAssertLessThanOrEqual(peak.bytes, 64 * Self.mebibyte, "\(peak.bytes / Self.mebibyte) MiB")
  }
}
