// Builds a winter wallpaper for an iPhone 16 in code and writes it as PNG, SVG and PDF, then
// exports the same design for two iPhones as PNG and SVG through the export library, with its
// manifest, and checks that every file the manifest lists was written.
// Usage: RenderFromCode [OUTPUT-FOLDER]   (default: the working directory)
import CairoRendering
import DesignFiles
import Foundation
import SceneGraph
import WallpaperExport
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

  // The bundled font is compiled into the library: nothing to set or install.
  let scene = try design.scene(defaultFont: try Fonts.bundledPath())
  let renderer = Renderer()
  for format in [OutputFormat.png, .svg, .pdf] {
    let bytes = try renderer.render(scene, as: Output(format: format, scale: 1))
    let path = "\(folder)/\(design.name).\(format.rawValue)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    print("wrote \(path) (\(bytes.count) bytes)")
  }

  // The export reads design files: the design as one (written atomically, folders created).
  let designFile = "\(folder)/designs/\(design.name).json"
  let tree = design.jsonTree(workingDirectory: FileManager.default.currentDirectoryPath)
  try AtomicFile.write(Array(tree.jsonText.utf8), to: designFile)
  var options = ExportOptions()
  options.devices = ["iphone-16", "iphone-se-3"].compactMap { DeviceCatalog.device(id: $0) }
  options.formats = [.png, .svg]
  options.previews = false
  let export = try Export(designs: [designFile], options: options)
  let result = export.run(into: "\(folder)/export")
  for failure in result.failures { print("failed: \(failure.path): \(failure.reason)") }
  // Each file the run lists is on disk with its size, and the manifest lists them all but itself.
  let missing = result.files.filter { file in
    let attributes = try? FileManager.default.attributesOfItem(atPath: "\(folder)/export/\(file.path)")
    return attributes?[.size] as? Int != file.bytes
  }
  let manifest = FileManager.default.contents(atPath: "\(folder)/export/manifest.json").flatMap {
    try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
  }
  let listed = Set(((manifest?["files"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String })
  guard result.failures.isEmpty, missing.isEmpty, result.rendered == 4,
    listed == Set(result.files.map(\.path)).subtracting(["manifest.json"])
  else {
    throw ExportError.failed("the export is incomplete: \(missing.map(\.path)) missing, \(result.rendered) rendered")
  }
  print("exported \(result.files.count) files to \(folder)/export (\(result.rendered) wallpapers, manifest.json)")
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
