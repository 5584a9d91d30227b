import CPNGEncoder
import DesignFiles
import Foundation
import SceneGraph
import TestSupport
import WallpaperExport
import Wallpapers
import XCTest

@testable import CairoRendering

/// `Renderer.renderPNG`, which draws and encodes in bands, against the image drawn whole.
final class BandedRasterTests: XCTestCase {
  private func sampleScenes() throws -> [(name: String, scene: Scene)] {
    let folder = Golden.repositoryRoot().appendingPathComponent("Samples")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
      .sorted()
    XCTAssertGreaterThan(files.count, 5)
    return try files.map { file in
      let design = try DesignLoader.load(file: folder.appendingPathComponent(file).path, overrides: []).design
      // As `wallpaper render` (and so `make samples`) builds it: the label's colour picked
      // against the art drawn behind it.
      return (file, try DesignRendering.scene(of: design, defaultFont: Fixtures.fontPath))
    }
  }

  private func assertBandedEqualsWhole(_ scene: Scene, scale: Double, _ name: String) throws {
    let whole = try Renderer().rasterize(scene, scale: scale)
    let banded = try Renderer().renderPNG(scene, scale: scale)
    XCTAssertGreaterThan(
      whole.size.height, Int(png_encoder_band_rows(Int32(whole.size.width))), "\(name): more than one band")
    let expected = try RGBAImage(png: try whole.cairoPNGData())
    let actual = try RGBAImage(png: banded)
    XCTAssert(
      expected.pixels == actual.pixels, "\(name) @\(scale)x: \(ImageDifference(expected, actual, threshold: 0))")
    XCTAssertEqual(banded, try whole.pngData(), "\(name) @\(scale)x: the same bytes as the whole image encoded")
    PNGChunks.assertSRGB(banded)
  }

  func testEverySampleDrawnInBandsDecodesToThePixelsDrawnWhole() throws {
    for (name, scene) in try sampleScenes() {
      try assertBandedEqualsWhole(scene, scale: 3, name)
    }
  }

  func testTranslucentScenesAndOtherScalesToo() throws {
    try assertBandedEqualsWhole(try Fixtures.allNodes(), scale: 10, "all nodes")
    let scene = try Fixtures.allNodes()
    let translucent = try Scene(size: scene.size, nodes: Array(scene.nodes.dropFirst()))
    try assertBandedEqualsWhole(translucent, scale: 9.5, "all nodes, no background")
    for (name, scene) in try sampleScenes().prefix(2) {
      try assertBandedEqualsWhole(scene, scale: 2.5, name)
    }
  }

  /// Samples/previews are `make samples` output at 1x. Their pixels are those the libpng encoder
  /// wrote (commit 9424994); the files were re-encoded with libdeflate after checking that every
  /// pixel stayed the same.
  func testSamplePreviewsDecodeToTheCommittedPixels() throws {
    let previews = Golden.repositoryRoot().appendingPathComponent("Samples/previews")
    for (name, scene) in try sampleScenes() {
      let preview = previews.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".png")).path
      let expected = try RGBAImage(pngFile: preview)
      let actual = try RGBAImage(png: try Renderer().renderPNG(scene, scale: 1))
      XCTAssert(expected.pixels == actual.pixels, "\(name): \(ImageDifference(expected, actual, threshold: 0))")
    }
  }

  /// A season's art (translucent, starting with its opaque sky) over a plain base is drawn
  /// without a group surface; wrapping the base with an invisible shape keeps the group surface
  /// and must give the very same pixels.
  func testArtOverItsBaseWithoutAGroupSurfaceMatchesTheGroupComposite() throws {
    for season in Season.allCases {
      for alpha in [0.05, 0.5, 0.6, 0.97] {
        var design = Design(device: DeviceCatalog.device(id: "iphone-8")!, season: season)
        design.season.alpha = try Opacity(alpha)
        design.background.color = try Color(red: 0.2, green: 0.7, blue: 0.4)
        let scene = try design.scene(defaultFont: Fixtures.fontPath)
        guard case .group(let base) = scene.nodes[0], case .group(let art) = scene.nodes[1] else {
          return XCTFail("\(season): expected the background group, then the art group")
        }
        XCTAssertLessThan(art.opacity, .opaque)
        let invisible = Node.shape(
          ShapeNode(.rectangle(try Rect(x: 0, y: 0, width: 1, height: 1)), fill: .solid(.clear)))
        let grouped = Node.group(Group(name: base.name, children: base.children + [invisible]))
        let withGroup = try Scene(size: scene.size, nodes: [grouped] + scene.nodes.dropFirst())
        for scale in [1.0, 2.0, 2.37] {
          // The same encoder writes the same bytes for the same pixels; decoded only to report.
          let direct = try Renderer().rasterize(scene, scale: scale).pngData()
          let composited = try Renderer().rasterize(withGroup, scale: scale).pngData()
          if direct != composited {
            let difference = ImageDifference(try RGBAImage(png: composited), try RGBAImage(png: direct), threshold: 0)
            XCTFail("\(season) α \(alpha) @\(scale)x: \(difference)")
          }
        }
      }
    }
  }
}
