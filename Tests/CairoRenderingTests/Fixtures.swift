import CairoRendering
import Foundation
import SceneGraph
import TestSupport

/// Scenes and files shared by the renderer's tests.
enum Fixtures {
  static let fontPath = Golden.repositoryRoot().appendingPathComponent("Fonts/Quicksand-Bold.ttf").path
  static let font = FontReference(path: fontPath)

  /// A 40×20 PNG of 10×10 blocks: red, green, blue and transparent in turn.
  static let checkerPNG: [UInt8] = {
    var pixels: [UInt8] = []
    let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 160, 0, 255], [0, 0, 255, 255], [0, 0, 0, 0]]
    for y in 0..<20 { for x in 0..<40 { pixels += colours[(x / 10 + y / 10) % 4] } }
    return RGBAImage(width: 40, height: 20, pixels: pixels).pngData()
  }()

  /// Every node kind: a gradient background, a transformed, clipped, half-opaque group of
  /// shapes, a stroked Bézier path, a device-pixel line, text and an image.
  static func allNodes() throws -> Scene {
    let size = try Size(width: 120, height: 200)
    var wave = Path()
    wave.move(to: try Point(x: 0, y: 150))
    wave.curve(to: try Point(x: 120, y: 150), control1: try Point(x: 40, y: 120), control2: try Point(x: 80, y: 180))
    wave.line(to: try Point(x: 120, y: 200))
    wave.line(to: try Point(x: 0, y: 200))
    wave.close()
    var line = Path()
    line.move(to: try Point(x: 10, y: 20))
    line.line(to: try Point(x: 110, y: 20))
    return try Scene(
      size: size,
      nodes: [
        .shape(
          ShapeNode(
            .rectangle(Rect(size: size)),
            fill: .linear(
              from: .zero, to: Point(x: 0, y: 200),
              stops: [
                GradientStop(offset: 0, color: Color(rgb: 0xFFE0B0)),
                GradientStop(offset: 1, color: Color(rgb: 0x80B0FF)),
              ]))),
        .group(
          Group(
            name: "shapes", transform: .translation(Vector(dx: 10, dy: 30)), opacity: try Opacity(0.8),
            clip: .rectangle(Rect(x: 0, y: 0, width: 90, height: 60)),
            children: [
              .shape(ShapeNode(.ellipse(Rect(x: 0, y: 0, width: 60, height: 40)), fill: .solid(Color(rgb: 0xD04020)))),
              .shape(
                ShapeNode(
                  try .rounded(Rect(x: 40, y: 20, width: 60, height: 50), radius: 12),
                  fill: .radial(
                    center: Point(x: 70, y: 45), radius: 40,
                    stops: [
                      GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: Color(rgb: 0x2060C0)),
                    ]),
                  stroke: try Stroke(.solid(.black), width: 2, join: .round))),
            ])),
        .shape(ShapeNode(.path(wave), fill: .solid(Color(rgb: 0x205080, alpha: 200)))),
        .shape(ShapeNode(.path(line), stroke: try Stroke(.solid(.black), width: .devicePixels(1)))),
        .text(
          try TextNode(
            "AVocado", font: font, size: 22, color: Color(rgb: 0x402010), position: Point(x: 60, y: 120),
            anchor: .centerBaseline)),
        .image(ImageNode(data: checkerPNG, frame: try Rect(x: 80, y: 160, width: 32, height: 32), mode: .fit)),
      ])
  }
}
