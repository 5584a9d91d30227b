import CairoRendering
import Foundation
import SceneGraph
import TestSupport
import Wallpapers
import XCTest

/// Photo grids (one photo in many cells, across many bands), where the renderer decodes each
/// photo once per render and skips it in bands it does not reach.
final class CellImageRenderingTests: XCTestCase {
  private func scene(copies: Bool) throws -> Scene {
    let root = Golden.repositoryRoot().appendingPathComponent("Samples/previews")
    let photos = try ["spring", "winter"].map { name in
      CellImage(file: name, bytes: Array(try Data(contentsOf: root.appendingPathComponent("\(name).png"))))
    }
    var design = Design(device: try XCTUnwrap(DeviceCatalog.device(id: "iphone-16-pro")), season: .summer)
    design.label.visible = false
    design.grid.kind = .square(try SquareGrid(columns: 3, spacing: 3, insets: nil))
    design.grid.images = photos
    let shared = try design.scene(defaultFont: "")
    guard copies else { return shared }
    // The same pictures, each cell's bytes a separate array (nothing shared to cache by).
    func copied(_ node: Node) -> Node {
      switch node {
      case .image(let image):
        return .image(ImageNode(data: image.data.map { $0 }, frame: image.frame, mode: image.mode))
      case .group(let group):
        return .group(
          Group(
            name: group.name, transform: group.transform, opacity: group.opacity, clip: group.clip,
            children: group.children.map(copied)))
      default: return node
      }
    }
    return try Scene(size: shared.size, nodes: shared.nodes.map(copied))
  }

  func testSharedPhotosDrawAsSeparateCopiesDo() throws {
    let shared = try scene(copies: false)
    let separate = try scene(copies: true)
    XCTAssertEqual(try Renderer().renderPNG(shared, scale: 3), try Renderer().renderPNG(separate, scale: 3))
    XCTAssertEqual(
      try Renderer().rasterize(shared, scale: 2).pngData(), try Renderer().rasterize(separate, scale: 2).pngData())
  }

  /// Drawn in bands against drawn whole: identical in one band (1x); at 3x, Cairo's GOOD filter
  /// resamples a scaled-down photo slightly differently next to a band's clip edge (measured
  /// before and after the decode cache alike: at most 2/255 on 0.22 % of pixels).
  func testBandedPhotoGridIsTheWholeImage() throws {
    let scene = try scene(copies: false)
    XCTAssertEqual(try Renderer().renderPNG(scene, scale: 1), try Renderer().rasterize(scene, scale: 1).pngData())
    let banded = try RGBAImage(png: try Renderer().renderPNG(scene, scale: 3))
    let whole = try RGBAImage(png: try Renderer().rasterize(scene, scale: 3).pngData())
    let difference = ImageDifference(whole, banded, threshold: 0)
    XCTAssertLessThanOrEqual(difference.maxChannelDelta, 2, "\(difference)")
    XCTAssertLessThan(difference.fractionOverThreshold, 0.005, "\(difference)")
  }
}
