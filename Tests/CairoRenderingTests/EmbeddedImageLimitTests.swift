import Foundation
import XCTest

@testable import CairoRendering

/// Images inside custom art obey the photo limits (issue 45), read from their headers before
/// librsvg decodes them: a PNG's IHDR, a JPEG's first frame header after its other segments.
final class EmbeddedImageLimitTests: XCTestCase {
  /// A JPEG's start: SOI, an APP1 of `padding` bytes, then SOF2 (progressive) of `width` ×
  /// `height`; no pixels, which the check never needs.
  private func jpegHead(width: Int, height: Int, padding: Int) -> [UInt8] {
    let app1 =
      [0xFF, 0xE1, UInt8((padding + 2) >> 8), UInt8((padding + 2) & 0xFF)] + [UInt8](repeating: 7, count: padding)
    let sof: [UInt8] = [
      0xFF, 0xC2, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
      1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]
    return [0xFF, 0xD8] + app1 + sof
  }

  private func markup(_ bytes: [UInt8], kind: String) -> String {
    "<image href=\"data:image/\(kind);base64,\(Data(bytes).base64EncodedString())\"/>"
  }

  func testAJPEGsFrameHeaderIsFoundPastItsOtherSegments() throws {
    XCTAssertEqual(ImageLimits.jpegSize(jpegHead(width: 8064, height: 6048, padding: 60_000))?.width, 8064)
    XCTAssertNoThrow(
      try ImageLimits.checkEmbeddedImages(
        in: markup(jpegHead(width: 8064, height: 6048, padding: 60_000), kind: "jpeg")))
    XCTAssertThrowsError(
      try ImageLimits.checkEmbeddedImages(
        in: "<rect/>" + markup(jpegHead(width: 16_001, height: 10, padding: 100), kind: "jpeg"))
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "image: the art's image 1: 16001×10 px is too large to decode (at most 16000 px per side and 48.8 megapixels)")
    }
    XCTAssertThrowsError(
      try ImageLimits.checkEmbeddedImages(in: markup([0xFF, 0xD8, 0xFF, 0xDA, 0, 2], kind: "jpg"))
    ) { error in
      XCTAssertEqual("\(error)", "image: the art's image 1: a damaged JPEG (no frame header)")
    }
  }

  func testEachPNGIsCheckedAndNumbered() throws {
    func png(_ width: Int, _ height: Int) -> [UInt8] {
      func be(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
      return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
        + [8, 6, 0, 0, 0]
    }
    XCTAssertNoThrow(try ImageLimits.checkEmbeddedImages(in: markup(png(16_000, 3_000), kind: "png")))
    XCTAssertThrowsError(
      try ImageLimits.checkEmbeddedImages(in: markup(png(10, 10), kind: "png") + markup(png(7_000, 7_000), kind: "png"))
    ) { error in
      XCTAssertTrue("\(error)".hasPrefix("image: the art's image 2: 7000×7000 px is too large"), "\(error)")
    }
  }
}
