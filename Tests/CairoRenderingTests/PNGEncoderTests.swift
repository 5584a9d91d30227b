import CCairo
import CPNGEncoder
import Foundation
import SceneGraph
import TestSupport
import Wallpapers
import XCTest

@testable import CairoRendering

/// The encoder (libdeflate in a PNG container of our own) behind `RasterImage.pngData(compression:)`: lossless against Cairo's own
/// encoder, deterministic, RGB only when every pixel is opaque, and indexed when at most 256
/// colours make a smaller file.
final class PNGEncoderTests: XCTestCase {
  /// The IHDR colour type: 2 is RGB, 6 is RGBA.
  private func colorType(_ png: [UInt8]) -> UInt8 {
    XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
    XCTAssertEqual(String(decoding: png[12..<16], as: UTF8.self), "IHDR")
    XCTAssertEqual(png[24], 8, "bit depth")
    return png[25]
  }

  /// Chunk names in file order.
  private func chunks(_ png: [UInt8]) -> [String] {
    var names: [String] = []
    var offset = 8
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      names.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
      offset += 12 + length
    }
    return names
  }

  /// The size of `image` encoded with filter NONE at `level`.
  private func unfilteredSize(_ image: RasterImage, level: Int32) -> Int {
    var output = png_encoder_output()
    defer { png_encoder_free(&output) }
    let none = png_encoder_choice(level: level, filters: Int32(PNG_ENCODER_FILTER_NONE))
    let options = png_encoder_options(
      art: none, photo: none, photo_threshold: 0, indexed: none, color: png_encoder_color(), keep_smallest: 0,
      baseline_art: none, baseline_photo: none, baseline_indexed: none)
    let status = withExtendedLifetime(image) {
      png_encoder_encode_argb32(
        cairo_image_surface_get_data(image.surface), Int32(image.size.width), Int32(image.size.height),
        Int32(image.stride), options, &output, nil, 0)
    }
    XCTAssertEqual(status, PNG_ENCODER_OK)
    return output.size
  }

  /// A seasonal wallpaper with a grid and a label, at 1x so the test stays quick.
  private func wallpaper(transparentBase: Bool = false) throws -> Scene {
    var design = Design(device: DeviceCatalog.device(id: "iphone-11-pro-max")!, season: .autumn)
    if transparentBase { design.background.color = nil }
    return try design.scene(defaultFont: Fixtures.fontPath)
  }

  /// Every node kind without the opaque background: antialiased edges, a group at opacity
  /// 0.8, a translucent fill and fully transparent pixels.
  private func translucentScene() throws -> Scene {
    let scene = try Fixtures.allNodes()
    return try Scene(size: scene.size, nodes: Array(scene.nodes.dropFirst()))
  }

  private func assertSamePixelsAsCairo(
    _ scene: Scene, scale: Double, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let image = try Renderer().rasterize(scene, scale: scale)
    let reference = try RGBAImage(png: try image.cairoPNGData())
    for compression in PNGCompression.allCases {
      let png = try image.pngData(compression: compression)
      let decoded = try RGBAImage(png: png)
      XCTAssertEqual(decoded.width, reference.width, file: file, line: line)
      XCTAssertEqual(decoded.height, reference.height, file: file, line: line)
      XCTAssert(
        decoded.pixels == reference.pixels, "\(compression): \(ImageDifference(reference, decoded, threshold: 0))",
        file: file, line: line)
    }
  }

  func testOpaqueImagesDecodeToCairosPixels() throws {
    try assertSamePixelsAsCairo(try Fixtures.allNodes(), scale: 2)
    try assertSamePixelsAsCairo(try wallpaper(), scale: 1)
  }

  func testTranslucentImagesDecodeToCairosPixels() throws {
    try assertSamePixelsAsCairo(try translucentScene(), scale: 3)
    try assertSamePixelsAsCairo(try wallpaper(transparentBase: true), scale: 1)
  }

  func testEveryAlphaLevelRoundTripsLikeCairo() throws {
    // 256 columns, one per alpha, of a colour with distinct channels: every un-premultiply
    // rounding case.
    let size = try Size(width: 256, height: 4)
    var nodes: [Node] = []
    for alpha in 0..<256 {
      nodes.append(
        .shape(
          ShapeNode(
            .rectangle(try Rect(x: Double(alpha), y: 0, width: 1, height: 4)),
            fill: .solid(Color(rgb: 0xD4_7A_13, alpha: UInt8(alpha))))))
    }
    try assertSamePixelsAsCairo(try Scene(size: size, nodes: nodes), scale: 1)
  }

  func testBytesAreIdenticalAcrossRunsAndRenders() throws {
    let scene = try wallpaper()
    for compression in PNGCompression.allCases {
      let first = try Renderer().rasterize(scene, scale: 1).pngData(compression: compression)
      let again = try Renderer().rasterize(scene, scale: 1)
      XCTAssertEqual(first, try again.pngData(compression: compression), "\(compression)")
      XCTAssertEqual(first, try again.pngData(compression: compression), "\(compression), same image twice")
    }
  }

  func testEveryCompressionIsAValidPNGTaggedAsSRGB() throws {
    let image = try Renderer().rasterize(try wallpaper(), scale: 1)
    var sizes: [PNGCompression: Int] = [:]
    for compression in PNGCompression.allCases {
      let png = try image.pngData(compression: compression)
      XCTAssertEqual(chunks(png).first, "IHDR")
      XCTAssertEqual(chunks(png).last, "IEND")
      XCTAssertEqual(
        try PNGChunks(png).types, ["IHDR", "sRGB", "gAMA", "cHRM", "IDAT", "IEND"],
        "\(compression): tagged as sRGB, no tIME or other chunks")
      PNGChunks.assertSRGB(png)
      let decoded = try RGBAImage(png: png)
      XCTAssertEqual(decoded.width, image.size.width)
      XCTAssertEqual(decoded.height, image.size.height)
      sizes[compression] = png.count
    }
    XCTAssertLessThan(sizes[.small]!, sizes[.fast]!, "small is smaller than fast")
    XCTAssertLessThanOrEqual(sizes[.default]!, sizes[.fast]!, "default is no larger than fast")
  }

  func testColourTypeIsRGBOnlyWhenEveryPixelIsOpaque() throws {
    XCTAssertEqual(colorType(try Renderer().rasterize(try wallpaper(), scale: 1).pngData()), 2)
    XCTAssertEqual(colorType(try Renderer().rasterize(try translucentScene(), scale: 1).pngData()), 6)
    XCTAssertEqual(colorType(try Renderer().rasterize(try wallpaper(transparentBase: true), scale: 1).pngData()), 6)
    // One transparent pixel, the very last one, is enough for RGBA.
    let size = try Size(width: 10, height: 10)
    let allButLast = try Scene(
      size: size,
      nodes: [
        .shape(ShapeNode(.rectangle(try Rect(x: 0, y: 0, width: 10, height: 9)), fill: .solid(.black))),
        .shape(ShapeNode(.rectangle(try Rect(x: 0, y: 9, width: 9, height: 1)), fill: .solid(.black))),
      ])
    let almost = try Renderer().rasterize(allButLast, scale: 1)
    XCTAssertEqual(almost.pixel(x: 9, y: 9).alpha, 0)
    XCTAssertEqual(almost.pixel(x: 8, y: 9).alpha, 255)
    XCTAssertEqual(colorType(try almost.pngData()), 6)
    XCTAssertEqual(colorType(try almost.cairoPNGData()), 6, "Cairo makes the same choice")
    let full = try Scene(
      size: size, nodes: [.shape(ShapeNode(.rectangle(Rect(size: size)), fill: .solid(Color(rgb: 0x336699))))])
    XCTAssertEqual(colorType(try Renderer().rasterize(full, scale: 1).pngData()), 2)
  }

  /// A `width`×`height` picture of `count` colours scattered pixel by pixel (so RGB cannot
  /// compress them as well as palette indices), colour `i` at `alpha(i)`, drawn 1:1 from a
  /// photo; with `extra`, its last row starts with that many further colours.
  private func scattered(
    _ count: Int, width: Int = 300, height: Int = 40, extra: Int = 0, alpha: (Int) -> UInt8 = { _ in 255 }
  ) throws -> Scene {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let index = y == height - 1 && x < extra ? count + x : Int(state >> 33) % count
        let a = index < count ? alpha(index) : 255
        // Colours with alpha 0 all look alike; keep them apart by alpha alone otherwise.
        pixels += a == 0 ? [0, 0, 0, 0] : [UInt8(index & 0xFF), UInt8(index >> 8) ^ 0x5A, 0xC3, a]
      }
    }
    let photo = RGBAImage(width: width, height: height, pixels: pixels).pngData()
    let size = try Size(width: Double(width), height: Double(height))
    return try Scene(size: size, nodes: [.image(ImageNode(data: photo, frame: Rect(size: size), mode: .fill))])
  }

  func testImagesOfAtMost256ColoursAreIndexedAtTheSmallestBitDepth() throws {
    // colours → bit depth (0: not indexed).
    let expected = [2: 1, 3: 2, 4: 2, 5: 4, 16: 4, 17: 8, 255: 8, 256: 8, 257: 0, 300: 0]
    for (count, depth) in expected.sorted(by: { $0.key < $1.key }) {
      let image = try Renderer().rasterize(try scattered(count), scale: 1)
      let reference = try RGBAImage(png: try image.cairoPNGData())
      for compression in PNGCompression.allCases {
        let png = try image.pngData(compression: compression)
        let chunks = try PNGChunks(png)
        let header = chunks["IHDR"] ?? []
        XCTAssertEqual(header[9], depth == 0 ? 2 : 3, "\(count) colours, \(compression): colour type")
        XCTAssertEqual(Int(header[8]), depth == 0 ? 8 : depth, "\(count) colours, \(compression): bit depth")
        XCTAssertEqual(chunks["PLTE"]?.count, depth == 0 ? nil : 3 * count, "\(count) colours: one entry each")
        XCTAssertNil(chunks["tRNS"], "\(count) opaque colours")
        PNGChunks.assertSRGB(png)
        let decoded = try RGBAImage(png: png)
        XCTAssert(
          decoded.pixels == reference.pixels,
          "\(count) colours, \(compression): \(ImageDifference(reference, decoded, threshold: 0))")
      }
    }
  }

  func testTranslucentPalettesCarryTheirAlphaInTRNS() throws {
    // 40 colours, the first ten translucent (one of them fully transparent), as Cairo's
    // encoder would un-premultiply them.
    let image = try Renderer().rasterize(try scattered(40) { $0 < 10 ? UInt8($0 * 25) : 255 }, scale: 1)
    let png = try image.pngData()
    let chunks = try PNGChunks(png)
    XCTAssertEqual(chunks["IHDR"]?[9], 3)
    XCTAssertEqual(chunks["tRNS"]?.count, 10, "alpha for the palette's translucent start only")
    XCTAssertEqual(chunks.types.firstIndex(of: "tRNS"), chunks.types.firstIndex(of: "PLTE")! + 1)
    let decoded = try RGBAImage(png: png)
    let reference = try RGBAImage(png: try image.cairoPNGData())
    XCTAssert(decoded.pixels == reference.pixels, "\(ImageDifference(reference, decoded, threshold: 0))")
  }

  func testAColourFirstSeenInTheLastBandStillLeavesTheImageInRGB() throws {
    // 200 colours in every band, and 60 more only in the last row: the indices kept so far
    // are dropped and the file stays RGB, band by band as whole.
    let width = 1000
    let height = Int(png_encoder_band_rows(Int32(width))) * 2 + 5
    let late = try scattered(200, width: width, height: height, extra: 60)
    let whole = try Renderer().rasterize(late, scale: 1)
    let banded = try Renderer().renderPNG(late, scale: 1)
    XCTAssertEqual(try PNGChunks(banded)["IHDR"]?[9], 2)
    XCTAssertEqual(banded, try whole.pngData())
    XCTAssert(try RGBAImage(png: banded).pixels == (try RGBAImage(png: try whole.cairoPNGData())).pixels)
    // Without those last colours the picture is indexed (band by band as whole), and smaller.
    let early = try scattered(200, width: width, height: height)
    let indexed = try Renderer().renderPNG(early, scale: 1)
    XCTAssertEqual(try PNGChunks(indexed)["IHDR"]?[9], 3)
    XCTAssertEqual(indexed, try Renderer().rasterize(early, scale: 1).pngData())
    XCTAssertLessThan(indexed.count, banded.count)
  }

  /// A smooth gradient with sensor-like noise under translucent art: what a photo background
  /// looks like to the encoder.
  private func photoScene() throws -> Scene {
    var noise: UInt64 = 0x9E37_79B9_7F4A_7C15
    var pixels: [UInt8] = []
    for y in 0..<160 {
      for x in 0..<120 {
        noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let jitter = Int(noise >> 61)  // 0…7
        pixels += [UInt8(60 + x + jitter), UInt8(40 + y / 2 + jitter), UInt8(200 - y / 2 + jitter), 255]
      }
    }
    let photo = RGBAImage(width: 120, height: 160, pixels: pixels).pngData()
    let size = try Size(width: 120, height: 160)
    return try Scene(
      size: size,
      nodes: [
        .image(ImageNode(data: photo, frame: Rect(size: size), mode: .fill)),
        .shape(
          ShapeNode(
            .ellipse(try Rect(x: 20, y: 30, width: 80, height: 60)), fill: .solid(Color(rgb: 0xFF6347, alpha: 140)))),
      ])
  }

  func testPhotosAreEncodedWithRowFiltersAndStayLossless() throws {
    let image = try Renderer().rasterize(try photoScene(), scale: 2)
    XCTAssertTrue(image.isPhotographic)
    XCTAssertFalse(try Renderer().rasterize(try wallpaper(), scale: 1).isPhotographic)
    XCTAssertFalse(try Renderer().rasterize(try Fixtures.allNodes(), scale: 1).isPhotographic, "gradients are art")
    try assertSamePixelsAsCairo(try photoScene(), scale: 2)
    let cairo = try image.cairoPNGData().count
    let unfiltered = unfilteredSize(image, level: 6)
    // Filter NONE would make photos far larger than Cairo's adaptive filtering.
    XCTAssertLessThan(Double(try image.pngData().count), Double(cairo) * 1.05, "default vs Cairo's \(cairo)")
    XCTAssertLessThan(try image.pngData().count, unfiltered)
  }

  func testRendererWritesPNGThroughTheEncoderAtTheDefaultCompression() throws {
    let scene = try wallpaper()
    let image = try Renderer().rasterize(scene, scale: 1)
    XCTAssertEqual(
      try Renderer().render(scene, as: Output(format: .png, scale: 1)), try image.pngData(compression: .default))
  }
}
