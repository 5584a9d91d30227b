// Builds a winter wallpaper for an iPhone 16 in code and writes it as PNG, SVG and PDF.
// Usage: RenderFromCode [OUTPUT-FOLDER]   (default: the working directory)
import CairoRendering
import Foundation
import SceneGraph
import Wallpapers

let folder = CommandLine.arguments.dropFirst().first ?? "."

do {
  guard let device = DeviceCatalog.device(id: "iphone-16") else { fatalError("iphone-16 is in the catalogue") }
  var design = Design(device: device, season: .winter)
  design.name = "winter-from-code"
  design.background.gradient = Gradient(
    kind: .linear,
    colors: [Color(red8: 0x1B, green8: 0x2A, blue8: 0x49), Color(red8: 0x6C, green8: 0x8E, blue8: 0xBF)],
    angle: 90)
  design.label.text = "Made in Swift"
  design.label.color = .white
  design.grid.kind = .home
  design.grid.lineColor = try Color(red: 1, green: 1, blue: 1, alpha: 0.35)
  design.grid.fills.append(
    try GridLayer.Fill(
      cells: CellSelection.parse("0-3"), color: try Color(red: 1, green: 1, blue: 1, alpha: 0.2), in: design))

  // The library finds its own bundled font.
  let scene = try design.scene(defaultFont: try Fonts.bundledPath())
  let renderer = Renderer()
  for format in [OutputFormat.png, .svg, .pdf] {
    let bytes = try renderer.render(scene, as: Output(format: format, scale: 1))
    let path = "\(folder)/\(design.name).\(format.rawValue)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    print("wrote \(path) (\(bytes.count) bytes)")
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
