import CairoRendering
import Foundation
import Platform
import SceneGraph
import TestSupport
import WallpaperExport
import Wallpapers
import XCTest

/// The library read as Swift: the README's snippet, run as written (only the folder differs).
final class LibraryConveniencesTests: XCTestCase {
  func testTheReadmeSnippetUsesEveryConvenience() throws {
    let folder = try Processes.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A photo for the cells, drawn by the renderer itself.
    let swatch = try Scene(
      size: Size(width: 40, height: 30),
      nodes: [.shape(ShapeNode(.rectangle(try Rect(x: 0, y: 0, width: 40, height: 30)), fill: .solid(.black)))])
    try Data(try Renderer().render(swatch, as: Output(format: .png, scale: 1)))
      .write(to: URL(fileURLWithPath: "\(folder)/photo.png"))
    let environment: Environment = ["WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path]

    // README "As a Swift library", second snippet:
    var design = Design(device: DeviceCatalog.device(id: "iPhone 16 Pro")!, season: .autumn)
    design.season.alpha = try Opacity(0.8)  // throws outside 0…1
    design.grid = try .square(columns: 3, spacing: 6)  // GridLayer.square
    design.grid.images = [try CellImage(contentsOf: "\(folder)/photo.png")]
    let scene = try DesignRendering.scene(of: design, environment: environment)
    let png = try DesignRendering.render(scene, as: Output(format: .png, scale: design.device.scale))
    // 1206×2622 px: the iPhone 16 Pro's 402×874 pt at its own 3x
    design.name = "leaves"
    var options = ExportOptions()
    options.devices = [design.device, DeviceCatalog.device(id: "iphone-se-3")!]
    options.formats = [.png]
    options.environment = environment
    let result = try Export(designs: [design], options: options).run(into: "\(folder)/out")
    // out/leaves-402x874@3x.png, out/leaves-375x667@2x.png, out/manifest.json, …

    let image = try RGBAImage(png: png)
    XCTAssertEqual([image.width, image.height], [1206, 2622])
    XCTAssertEqual(design.season.alpha, try Opacity(Double("0.8")!))
    guard case .square(let square) = design.grid.kind else { return XCTFail("not a square grid") }
    XCTAssertEqual([square.columns], [3])
    XCTAssertEqual(square.spacing, 6)
    XCTAssertEqual(design.device.scale, 3)
    XCTAssertTrue(scene.dump().contains("image"), "the cells draw the photo")
    XCTAssertEqual(result.failures.count, 0)
    XCTAssertEqual(
      FileManager.default.contents(atPath: "\(folder)/out/leaves-402x874@3x.png"), Data(png),
      "the export of the in-memory design draws what rendering it directly draws")
    XCTAssertNotNil(FileManager.default.contents(atPath: "\(folder)/out/leaves-375x667@2x.png"))
    XCTAssertThrowsError(try CellImage(contentsOf: "\(folder)/missing.png"))
    XCTAssertThrowsError(try GridLayer.square(columns: 0))
  }
}
