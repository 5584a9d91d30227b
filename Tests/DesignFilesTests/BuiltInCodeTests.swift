import DesignFiles
import SceneGraph
import Wallpapers
import XCTest

/// Every value a design file can hold can be built in Swift too, to the same result.
final class BuiltInCodeTests: XCTestCase {
  func testAGridFillBuiltInCodeEqualsTheLoadedOne() throws {
    let json = #"{ "device": "iphone-16", "grid": { "kind": "home", "fill": ["0-3,r2c2=#FF0000"] } }"#
    let loaded = try DesignLoader.load(json: Array(json.utf8), file: "d.json", overrides: []).design

    var design = Design(device: DeviceCatalog.device(id: "iphone-16")!)
    design.grid.kind = .home
    let fill = try GridLayer.Fill(cells: CellSelection.parse("0-3,r2c2"), color: Color(rgb: 0xFF0000), in: design)
    XCTAssertEqual(fill, loaded.grid.fills.first)
    XCTAssertEqual(fill.indices.count, 5)

    XCTAssertThrowsError(try GridLayer.Fill(cells: CellSelection.parse("999"), color: .black, in: design))
  }

  func testADeviceOutsideTheCatalogueRenders() throws {
    let screen = ScreenClass(id: "400x800", points: try Size(width: 400, height: 800), scale: 2, family: .iphone)
    let device = Device(id: "my-phone", name: "My Phone", screen: screen)
    let scene = try Design(device: device, season: .spring).scene(defaultFont: "/nonexistent/font.ttf")
    XCTAssertEqual(scene.size, try Size(width: 400, height: 800))
  }
}
