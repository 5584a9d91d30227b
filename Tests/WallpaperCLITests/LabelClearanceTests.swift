import CairoRendering
import Foundation
import SceneGraph
import TestSupport
import Wallpapers
import XCTest

/// The label and the focal motifs measured on rendered pixels: the label's ink stays in its
/// reserved box and clear of the lock-screen clock and the island, and no focal motif's ink
/// reaches the label's ink or the clock.
final class LabelClearanceTests: XCTestCase {
  private struct PixelBox {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    var isEmpty: Bool { minX > maxX }
    mutating func add(_ x: Int, _ y: Int) {
      minX = min(minX, x)
      minY = min(minY, y)
      maxX = max(maxX, x)
      maxY = max(maxY, y)
    }
  }

  /// The scene with only `keep` (a top-level layer, or `art/<name>` for one art group), on a
  /// transparent canvas.
  private func only(_ scene: Scene, _ keep: String) throws -> Scene {
    let parts = keep.split(separator: "/").map(String.init)
    let nodes: [Node] = scene.nodes.compactMap { node in
      guard case .group(let group) = node, group.name == parts[0] else { return nil }
      guard parts.count == 2 else { return node }
      let children = group.children.filter {
        if case .group(let child) = $0 { return child.name == parts[1] }
        return false
      }
      return .group(
        Group(
          name: group.name, transform: group.transform, opacity: group.opacity, clip: group.clip,
          children: children))
    }
    return try Scene(size: scene.size, nodes: nodes)
  }

  /// Pixels with alpha above `threshold`: their bounding box and a mask.
  private func ink(_ image: RasterImage, threshold: UInt8 = 64) -> (box: PixelBox, mask: [Bool]) {
    let (w, h) = (image.size.width, image.size.height)
    var box = PixelBox()
    var mask = [Bool](repeating: false, count: w * h)
    for y in 0..<h {
      for x in 0..<w where image.pixel(x: x, y: y).alpha > threshold {
        box.add(x, y)
        mask[y * w + x] = true
      }
    }
    return (box, mask)
  }

  private func inkInside(_ mask: [Bool], width: Int, _ rect: (Int, Int, Int, Int)) -> Int {
    var count = 0
    for y in max(0, rect.1)...rect.3 {
      for x in max(0, rect.0)...rect.2 where y * width + x < mask.count && mask[y * width + x] { count += 1 }
    }
    return count
  }

  /// Art seeds of the pixel sweep. The scene-level sweep (ZoneTests) covers seeds 1…20 on every
  /// device class; on pixels, these are enough to fail when the art ignores its keep-out boxes
  /// (checked by emptying `Frame.keepOut`: every device and season fails).
  static let seeds: [UInt64] = [1, 2, 3]

  /// Two iPhones and two iPads (one with Face ID, one with a home button), every season and
  /// art seeds `seeds`, at 1 px per point.
  func testLabelInkClearsTheClockAndTheMotifsOnFourDevices() throws {
    let scale = 1.0
    var measuredRatio = 0.0
    for id in ["iphone-16-pro", "iphone-se-3", "ipad-mini-8-3", "ipad-10-2"] {
      let device = DeviceCatalog.device(id: id)!
      let zones = device.zones
      var clearance = Double.infinity
      var focalInk = 0
      for season in Season.allCases {
        for seed in Self.seeds {
          var design = Design(device: device, season: season)
          design.background.color = nil
          design.season.alpha = .opaque
          design.season.seed = seed
          let name = "\(id) \(season) seed \(seed)"
          let scene = try design.scene(defaultFont: SeasonRenderingTests.font)
          let label = ink(try Renderer().rasterize(try only(scene, "label"), scale: scale))
          XCTAssertFalse(label.box.isEmpty, name)
          let reserved = try XCTUnwrap(design.labelPlacement)
          // The ink stays in the reserved box (1 px for antialiasing).
          XCTAssertGreaterThanOrEqual(Double(label.box.minY) + 1, reserved.box.minY * scale, name)
          XCTAssertLessThanOrEqual(Double(label.box.maxY), reserved.box.maxY * scale + 1, name)
          measuredRatio = max(measuredRatio, Double(label.box.maxY - label.box.minY + 1) / reserved.size)
          for (zone, rect) in [("clock", zones.lockClock), ("widgets", zones.lockWidgets)]
            + (zones.island.map { [("island", $0)] } ?? [])
          {
            XCTAssertTrue(
              Double(label.box.minY) >= rect.maxY * scale || Double(label.box.maxY) < rect.minY * scale,
              "\(name): label ink \(label.box) over the \(zone) \(rect)")
          }
          clearance = min(clearance, Double(label.box.minY) / scale - zones.lockClock.maxY)
          let focal = ink(
            try Renderer().rasterize(try only(scene, "art/\(SeasonArt.focalLayerName(for: season))"), scale: scale))
          focalInk += focal.mask.filter { $0 }.count
          let width = Int((device.screen.points.width * scale).rounded())
          let labelRect = (label.box.minX, label.box.minY, label.box.maxX, label.box.maxY)
          XCTAssertEqual(inkInside(focal.mask, width: width, labelRect), 0, "\(name): a motif's ink in the label's")
          let clock = zones.lockClock
          let clockRect = (
            Int(clock.minX * scale) + 1, Int(clock.minY * scale) + 1, Int(clock.maxX * scale) - 2,
            Int(clock.maxY * scale) - 2
          )
          XCTAssertEqual(inkInside(focal.mask, width: width, clockRect), 0, "\(name): a motif's ink in the clock")
        }
      }
      XCTAssertGreaterThan(focalInk, 0, "\(id): the focal motifs should still draw")
      print(
        "\(id): label ink at least \(clearance) pt below the clock; \(focalInk) px of focal ink in \(4 * Self.seeds.count) designs"
      )
    }
    XCTAssertLessThan(measuredRatio, Label.lineHeightRatio)
    print("tallest label ink: \(measuredRatio) × the label size")
  }
}
