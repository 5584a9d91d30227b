import CairoRendering
import SceneGraph
import Wallpapers

/// A sheet of captioned thumbnails, one per screen class with the formats written listed under
/// it, so a person can check a whole export at a glance. Thumbnails are the designs' own scenes scaled down, so the PDF sheet
/// stays vector.
enum ContactSheet {
  /// One thumbnail: a scene and its caption.
  struct Item {
    let scene: Scene
    /// Two caption lines: the screen class, then its size and the formats written.
    let title: String
    let detail: String
  }

  /// Thumbnail height in points; widths follow each screen's aspect ratio.
  static let thumbnailHeight = 240.0
  static let gap = 24.0
  static let captionSize = 11.0
  static let maxRowWidth = 1600.0

  /// Lays `items` out in rows, left to right, wrapping at `maxRowWidth`.
  static func scene(_ items: [Item], font: String) throws(SceneError) -> Scene {
    var nodes: [Node] = [.shape(ShapeNode(.rectangle(try Rect(x: 0, y: 0, width: 1, height: 1)), fill: .solid(.white)))]
    var x = gap
    var y = gap
    var widest = 0.0
    let rowHeight = thumbnailHeight + captionSize * 3.6 + gap
    for item in items {
      let scale = thumbnailHeight / item.scene.size.height
      let width = item.scene.size.width * scale
      if x + width + gap > maxRowWidth, x > gap {
        x = gap
        y += rowHeight
      }
      let frame = try Rect(x: x, y: y, width: width, height: thumbnailHeight)
      nodes.append(
        .group(
          Group(
            transform: try Transform.scale(scale, scale).then(.translation(Vector(dx: x, dy: y))),
            clip: .rectangle(item.scene.bounds), children: item.scene.nodes)))
      nodes.append(.shape(ShapeNode(.rectangle(frame), stroke: try Stroke(.solid(Color(rgb: 0xBBBBBB)), width: 0.5))))
      for (line, text) in [item.title, item.detail].enumerated() {
        nodes.append(
          .text(
            try TextNode(
              text, font: FontReference(path: font), size: captionSize - Double(line),
              color: Color(rgb: line == 0 ? 0x222222 : 0x666666),
              position: Point(x: x + width / 2, y: y + thumbnailHeight + captionSize * (1.5 + 1.3 * Double(line))),
              anchor: .centerBaseline, maxWidth: width + gap * 0.8)))
      }
      x += width + gap
      widest = max(widest, x)
    }
    let size = try Size(width: max(widest, 200), height: y + rowHeight)
    nodes[0] = .shape(ShapeNode(.rectangle(Rect(size: size)), fill: .solid(.white)))
    return try Scene(size: size, nodes: nodes)
  }
}
