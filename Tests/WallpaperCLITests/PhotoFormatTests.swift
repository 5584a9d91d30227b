import Foundation
import TestSupport
import XCTest

/// `--image` with JPEG (libjpeg-turbo) and HEIC (libheif) besides PNG: upright by EXIF
/// orientation, converted to sRGB from an embedded ICC profile, and refused in one line when
/// damaged or too large. Fixtures are made with ImageMagick and heif-enc at test time.
final class PhotoFormatTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    // Four coloured quadrants: any rotation or mirroring moves them. PNG24, since heif-enc
    // misreads palette PNGs.
    try tool(
      "convert", "-size", "120x80", "xc:white", "-fill", "red", "-draw", "rectangle 0,0 59,39", "-fill", "blue",
      "-draw", "rectangle 60,0 119,39", "-fill", "green", "-draw", "rectangle 0,40 59,79", "-fill", "yellow",
      "-draw", "rectangle 60,40 119,79", "PNG24:upright.png")
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func tool(_ program: String, _ arguments: String...) throws {
    let result = try Processes.run(program, arguments, in: folder)
    XCTAssertEqual(result.status, 0, "\(program) \(arguments): \(result.stderr)")
  }

  @discardableResult
  private func render(_ image: String, to output: String, expect status: Int32 = 0) throws -> ProcessResult {
    let result = try Processes.run(
      Processes.wallpaperBinary,
      [
        "render", "--device", "iphone-8", "--scale", "1", "--image", image, "--image-mode", "stretch", "--no-label",
        "--alpha", "0", "-o", output,
      ], in: folder)
    XCTAssertEqual(result.status, status, result.stderr)
    return result
  }

  /// The mean difference per channel (0…255) between the renders of two images.
  private func difference(_ a: String, _ b: String) throws -> Double {
    try render(a, to: "a.png")
    try render(b, to: "b.png")
    let x = try RGBAImage(pngFile: "\(folder)/a.png")
    let y = try RGBAImage(pngFile: "\(folder)/b.png")
    XCTAssertEqual([x.width, x.height], [y.width, y.height])
    let total = zip(x.pixels, y.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    return Double(total) / Double(x.pixels.count)
  }

  /// `jpeg` with an EXIF APP1 block holding only `orientation`, inserted after SOI.
  private func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8) -> [UInt8] {
    let tiff: [UInt8] =
      Array("II*\0".utf8) + [8, 0, 0, 0, 1, 0] + [0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0]
      + [0, 0, 0, 0]
    let app1 = Array("Exif\0\0".utf8) + tiff
    let length = app1.count + 2
    return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + app1 + Array(jpeg[2...])
  }

  private func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)")))
  }

  private func write(_ bytes: [UInt8], _ name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
  }

  func testJPEGWithEXIFOrientation6RendersUpright() throws {
    // Stored turned a quarter turn anticlockwise; orientation 6 says to turn it clockwise.
    try tool("convert", "upright.png", "-rotate", "-90", "-quality", "95", "stored.jpg")
    try write(withOrientation(try bytes("stored.jpg"), 6), "oriented.jpg")
    let upright = try difference("upright.png", "oriented.jpg")
    XCTAssertLessThan(upright, 2, "EXIF orientation 6 turns the photo upright")
    XCTAssertGreaterThan(try difference("upright.png", "stored.jpg"), 50, "without the tag it stays on its side")
  }

  func testEveryEXIFOrientationComesOutUpright() throws {
    // ImageMagick's -auto-orient inverse: store the photo as each orientation describes.
    let stored = [
      2: ["-flop"], 3: ["-rotate", "180"], 4: ["-flip"], 5: ["-transpose"], 6: ["-rotate", "-90"],
      7: ["-transverse"], 8: ["-rotate", "90"],
    ]
    for (orientation, operations) in stored {
      let result = try Processes.run(
        "convert", ["upright.png"] + operations + ["-quality", "95", "s\(orientation).jpg"], in: folder)
      XCTAssertEqual(result.status, 0, result.stderr)
      try write(withOrientation(try bytes("s\(orientation).jpg"), UInt8(orientation)), "o\(orientation).jpg")
      XCTAssertLessThan(try difference("upright.png", "o\(orientation).jpg"), 2, "orientation \(orientation)")
    }
  }

  func testHEICRendersLikeThePNG() throws {
    try tool("heif-enc", "-q", "90", "upright.png", "-o", "photo.heic")
    XCTAssertLessThan(try difference("upright.png", "photo.heic"), 3)
  }

  func testEmbeddedICCProfileIsConvertedToSRGB() throws {
    // The same colours in Adobe RGB (1998), the profile embedded: saturated red and green are
    // stored as other numbers, which only the conversion brings back.
    let a98 = "/usr/share/color/icc/ghostscript/a98.icc"
    let srgb = "/usr/share/color/icc/ghostscript/srgb.icc"
    try tool("convert", "upright.png", "-profile", srgb, "-profile", a98, "-quality", "95", "adobe.jpg")
    try tool("convert", "adobe.jpg", "-strip", "-quality", "95", "numbers-only.jpg")
    XCTAssertLessThan(try difference("upright.png", "adobe.jpg"), 2)
    XCTAssertGreaterThan(try difference("upright.png", "numbers-only.jpg"), 5, "the profile matters")
    // HEIC carries the profile in its colr box: heif-enc copies it from the PNG's iCCP.
    try tool("convert", "upright.png", "-profile", srgb, "-profile", a98, "PNG24:adobe.png")
    try tool("heif-enc", "-q", "90", "adobe.png", "-o", "adobe.heic")
    XCTAssertLessThan(try difference("upright.png", "adobe.heic"), 3)
  }

  func testSVGEmbedsTheJPEGOrAPNGOfTheUprightPixels() throws {
    try tool("convert", "upright.png", "-quality", "95", "plain.jpg")
    try write(withOrientation(try bytes("plain.jpg"), 6), "turned.jpg")
    try tool("heif-enc", "-q", "90", "upright.png", "-o", "photo.heic")
    for (image, mime) in [("plain.jpg", "image/jpeg"), ("turned.jpg", "image/png"), ("photo.heic", "image/png")] {
      try render(image, to: "out.svg")
      let svg = String(decoding: try bytes("out.svg"), as: UTF8.self)
      XCTAssertTrue(svg.contains("xlink:href=\"data:\(mime);base64,"), "\(image) as \(mime)")
      try render(image, to: "out.pdf")
    }
    // The original JPEG bytes, untouched.
    try render("plain.jpg", to: "out.svg")
    let svg = String(decoding: try bytes("out.svg"), as: UTF8.self)
    XCTAssertTrue(svg.contains(Data(try bytes("plain.jpg")).base64EncodedString()))
  }

  func testDamagedAndOversizedPhotosGetOneLineErrors() throws {
    try tool("convert", "upright.png", "-quality", "95", "plain.jpg")
    try tool("heif-enc", "-q", "90", "upright.png", "-o", "photo.heic")
    let jpeg = try bytes("plain.jpg")
    let heic = try bytes("photo.heic")
    try write(Array(jpeg.prefix(jpeg.count / 2)), "truncated.jpg")
    try write(Array(heic.prefix(heic.count / 2)), "truncated.heic")
    // The frame header's width (SOF0: marker, length, precision, height, width) set to 20000.
    var wide = jpeg
    let sof = (0..<wide.count - 1).first { wide[$0] == 0xFF && wide[$0 + 1] == 0xC0 }!
    wide[sof + 7] = UInt8(20000 >> 8)
    wide[sof + 8] = UInt8(20000 & 0xFF)
    try write(wide, "wide.jpg")
    // HEIC's image size box (ispe: version and flags, then width and height).
    var huge = heic
    let ispe = (0..<huge.count - 4).first { huge[$0..<$0 + 4].elementsEqual("ispe".utf8) }!
    for (i, byte) in [0, 0, 0x4E, 0x20].enumerated() { huge[ispe + 8 + i] = UInt8(byte) }
    try write(huge, "huge.heic")
    try write(Array("GIF89a not a photo".utf8), "photo.gif")
    try tool("convert", "upright.png", "-colorspace", "CMYK", "-quality", "95", "cmyk.jpg")
    for (image, fragment) in [
      ("truncated.jpg", "a damaged JPEG"), ("truncated.heic", "a damaged HEIC"),
      ("wide.jpg", "20000×80 px is too large to decode (at most 16000 px per side and 48.8 megapixels)"),
      ("huge.heic", "20000×80 px is too large to decode (at most 16000 px per side and 48.8 megapixels)"),
      ("photo.gif", "not a PNG, JPEG or HEIC file"), ("cmyk.jpg", "a CMYK JPEG (allowed: RGB or greyscale)"),
    ] {
      try write(Array("keep".utf8), "existing.png")
      let result = try render(image, to: "existing.png", expect: 2)
      XCTAssertTrue(result.stderr.hasPrefix("error: background.image.path: '\(image)'"), result.stderr)
      XCTAssertTrue(result.stderr.contains(fragment), "\(image): \(result.stderr)")
      XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
      XCTAssertEqual(try bytes("existing.png"), Array("keep".utf8), "an existing output is left intact")
    }
  }
}
