import CairoRendering
import DesignFiles
import Foundation
import Platform
import SceneGraph
import TestSupport
import WallpaperExport
import Wallpapers
import XCTest

/// The lock screen's clock and the label against the art behind them: for every sample on every
/// iPhone class, the WCAG contrast of their colour against the mean relative luminance of the
/// wallpaper (drawn without the label) in their box is at least 3:1, the WCAG minimum for
/// large text. The clock's colour is the one the lock-screen preview draws.
final class LockScreenContrastTests: XCTestCase {
  static let minimum = 3.0

  private static let samples: [String] = {
    let folder = Golden.repositoryRoot().appendingPathComponent("Samples").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
  }()

  /// The colour of the mock's clock in a lock-screen preview scene: the opaque fill of the
  /// text node that shows `ScreenMock.time`.
  private func clockInk(_ scene: Scene) -> Color? {
    func search(_ nodes: [Node]) -> Color? {
      for node in nodes {
        switch node {
        case .group(let group): if let found = search(group.children) { return found }
        case .text(let text) where text.text == ScreenMock.time && text.color.alpha > 0.5: return text.color
        default: continue
        }
      }
      return nil
    }
    return search(scene.nodes)
  }

  /// The colour of the label's text in `scene`.
  private func labelInk(_ scene: Scene) -> Color? {
    for node in scene.nodes {
      guard case .group(let group) = node, group.name == "label" else { continue }
      for child in group.children { if case .text(let text) = child { return text.color } }
    }
    return nil
  }

  func testClockAndLabelContrastAtLeastThreeToOneForEverySampleOnEveryIPhoneClass() throws {
    XCTAssertGreaterThanOrEqual(Self.samples.count, 9)
    var rows: [String] = []
    var lowest = (clock: Double.infinity, label: Double.infinity)
    for sample in Self.samples {
      for screen in DeviceCatalog.screenClasses where screen.family == .iphone {
        let device = DeviceCatalog.models(of: screen)[0]
        let override = DesignOverride(path: ["device"], value: JSONValue(.string(device.id), origin: .flag("--device")))
        let design: Design
        do {
          design = try DesignLoader.load(file: sample, overrides: [override]).design
        } catch {
          // A design made for one grid (cells 24-27 of a six-row home grid) cannot be made for
          // every class; export skips those, and so does this test, saying so.
          rows.append("| \(FilePath(sample).stem) | \(screen.id) | cannot be made: \(error.field ?? "") | | | |")
          continue
        }
        let name = "\(FilePath(sample).stem) on \(device.id)"
        let zones = try XCTUnwrap(design.layoutZones, name)
        let wallpaper = try DesignRendering.scene(of: design, defaultFont: SeasonRenderingTests.font)
        // Measured here at 1 px per point, apart from the 0.5 px per point pass that picks the colours.
        let art = try Renderer().rasterize(try DesignRendering.withoutLabel(wallpaper), scale: 1)

        let preview = try DesignRendering.scene(of: design, defaultFont: SeasonRenderingTests.font, preview: .lock)
        let clock = try XCTUnwrap(clockInk(preview), name)
        let behindClock = try XCTUnwrap(Self.luminance(of: art, in: zones.lockText))
        let clockContrast = Self.contrast(clock, luminance: behindClock)
        XCTAssertGreaterThanOrEqual(clockContrast, Self.minimum, "\(name): the clock")
        lowest.clock = min(lowest.clock, clockContrast)

        var labelColumn = "-"
        if let placement = design.labelPlacement {
          let color = try XCTUnwrap(labelInk(wallpaper), name)
          let behindLabel = try XCTUnwrap(Self.luminance(of: art, in: placement.box))
          let labelContrast = Self.contrast(color, luminance: behindLabel)
          XCTAssertGreaterThanOrEqual(labelContrast, Self.minimum, "\(name): the label \(color)")
          lowest.label = min(lowest.label, labelContrast)
          labelColumn = String(format: "%.2f", labelContrast)
        }
        rows.append(
          "| \(FilePath(sample).stem) | \(screen.id) | \(String(format: "%.3f", behindClock)) | "
            + "\(clock.relativeLuminance < 0.5 ? "dark" : "light") | \(String(format: "%.2f", clockContrast)) | "
            + "\(labelColumn) | \(design.labelPlacement == nil ? "" : (labelInk(wallpaper)?.hex ?? "")) |")
      }
    }
    print("| sample | class | luminance behind clock | clock | clock contrast | label contrast | label colour |")
    print(rows.joined(separator: "\n"))
    print("lowest: clock \(lowest.clock), label \(lowest.label)")
  }

  /// The lock preview draws `ScreenMock.lockWidgetCount` placeholder widgets inside the widget
  /// row, outlined in the clock's ink, on every iPhone class.
  func testTheLockPreviewDrawsFourWidgetsInTheWidgetRow() throws {
    for screen in DeviceCatalog.screenClasses where screen.family == .iphone {
      let device = DeviceCatalog.models(of: screen)[0]
      let design = Design(device: device, season: .spring)
      let scene = try DesignRendering.scene(of: design, defaultFont: SeasonRenderingTests.font, preview: .lock)
      let row = device.zones.lockWidgets
      var widgets: [Rect] = []
      func search(_ nodes: [Node]) {
        for node in nodes {
          if case .group(let group) = node { search(group.children) }
          if case .shape(let shape) = node, case .roundedRectangle(let rect, _) = shape.geometry,
            rect.minY >= row.minY - 1e-9, rect.maxY <= row.maxY + 1e-9
          {
            widgets.append(rect)
          }
        }
      }
      search(scene.nodes)
      XCTAssertEqual(widgets.count, ScreenMock.lockWidgetCount, device.id)
      XCTAssertTrue(widgets.allSatisfy { $0.minX >= row.minX - 1e-9 && $0.maxX <= row.maxX + 1e-9 }, device.id)
    }
  }

  /// The mean relative luminance of `image` (1 px per point) inside `box`.
  static func luminance(of image: RasterImage, in box: Rect) -> Double? {
    image.meanRelativeLuminance(
      x: Int(box.minX.rounded(.down))..<Int(box.maxX.rounded(.up)),
      y: Int(box.minY.rounded(.down))..<Int(box.maxY.rounded(.up)))
  }

  /// WCAG contrast of an opaque colour against a backdrop of relative luminance `luminance`.
  static func contrast(_ color: Color, luminance: Double) -> Double {
    let (a, b) = (color.relativeLuminance, luminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

/// `--label-color auto` and `"color": "auto"` through the command line.
final class LabelColorAutoTests: BinaryTestCase {
  func testAutoIsTheDefaultAndOverridesAFixedColour() throws {
    try
      ##"{ "device": "iphone-16-pro", "season": { "name": "summer", "alpha": 0.85 }, "label": { "color": "#FFFFFF" } }"##
      .write(toFile: "\(folder)/white.json", atomically: true, encoding: .utf8)
    try #"{ "device": "iphone-16-pro", "season": { "name": "summer", "alpha": 0.85 }, "label": { "color": "Auto" } }"#
      .write(toFile: "\(folder)/auto.json", atomically: true, encoding: .utf8)
    for arguments in [
      ["white.json", "-o", "white.png"], ["white.json", "--label-color", "auto", "-o", "flag.png"],
      ["auto.json", "-o", "file.png"],
      ["--device", "iphone-16-pro", "--season", "summer", "--alpha", "0.85", "-o", "default.png"],
    ] {
      let result = try wallpaper(["render"] + arguments + ["--scale", "1"])
      XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    }
    XCTAssertEqual(try bytes("flag.png"), try bytes("default.png"))
    XCTAssertEqual(try bytes("file.png"), try bytes("default.png"))
    XCTAssertNotEqual(
      try bytes("white.png"), try bytes("default.png"), "white on the pale summer sky is not what auto picks")
    let bad = try wallpaper(["render", "--device", "iphone-8", "--label-color", "autoo", "-o", "x.png"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.hasPrefix("error: --label-color: 'autoo' is not allowed ("), bad.stderr)
  }
}
