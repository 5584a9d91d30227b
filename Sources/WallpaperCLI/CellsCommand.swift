import DesignFiles
import Platform
import SceneGraph
import WallpaperExport
import Wallpapers

/// `wallpaper cells`: which number is which cell on a device, as JSON or as a numbered picture.
struct CellsCommand {
  let console: WallpaperTool.Console
  let environment: Environment

  static let ownOptions: [OptionSpec] = [
    OptionSpec(
      names: ["--json"], valueName: nil,
      help: "Print the cells as JSON: {\"cells\": [{index, row, column, x, y, width, height, icon}]}, in points.",
      field: nil),
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "", field: nil),
  ]

  static let help = HelpPage(
    overview:
      "Show the grid's cells numbered as --fill numbers them: as JSON, or as a picture with every cell numbered.",
    usage: "wallpaper cells [DESIGN.json] --device ID [grid options] [--json | -o map.png]",
    arguments: [("DESIGN.json", "A design file. Flags override its fields.")],
    options: Array(ownOptions.dropLast()) + RenderCommand.designOptions,
    footer: """
      The cells are the design's grid, or the device's home-screen grid when the design has none
      (iPhones in portrait). Rectangles are in points from the top-left corner; icon is the icon
      slot, or null (square grids, the dock band). The picture is the wallpaper with every cell
      outlined and numbered (numbers 9 to 24 pt).
      """)

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(
      arguments, specs: Self.ownOptions + RenderCommand.designOptions, maxPositional: 1)
    if parsed.has("--help") {
      console.out(Self.help.text(width: console.columns))
      return
    }
    let (loaded, output) = try DesignArguments.load(parsed)
    let design = loaded.design
    let cells: [GridCell]
    do {
      cells = try design.cellMap().cells
    } catch {
      throw .usage("--grid: \(error.description) (give --grid square --columns N for a square grid)")
    }
    if parsed.has("--json") {
      guard output == nil else { throw .usage("--json: prints to stdout; give --json or -o PATH, not both") }
      console.out(Self.json(cells))
      return
    }
    guard output != nil else { throw .usage("--output: no output file given (use -o map.png, or --json)") }
    let out = try OutputOptions.output(for: loaded, environment: environment)
    let font = try CLIError.mapping(FontLocator.bundledFontPath(environment: environment))
    // Checks the image and font inputs.
    _ = try CLIError.mapping(DesignRendering.scene(of: design, defaultFont: font))
    let scene: Scene
    do {
      scene = try design.cellMapScene(defaultFont: font)
    } catch let error as GridError {
      throw .usage("--columns: \(error.description)")
    } catch {
      throw .failure("cannot build the cell map: \(error)")
    }
    let bytes = try CLIError.mapping(DesignRendering.render(scene, as: out))
    try CLIError.mapping(AtomicFile.write(bytes, to: out.path!))
  }

  /// `{"cells": [...]}`, one cell per line.
  static func json(_ cells: [GridCell]) -> String {
    func number(_ value: Double) -> String { JSONValue(.number(value), origin: .flag("")).jsonText }
    func rect(_ r: Rect) -> String {
      "\"x\": \(number(r.minX)), \"y\": \(number(r.minY)), \"width\": \(number(r.width)), \"height\": \(number(r.height))"
    }
    let lines = cells.map { cell in
      "    {\"index\": \(cell.index), \"row\": \(cell.row), \"column\": \(cell.column), \(rect(cell.frame)), \"icon\": "
        + (cell.icon.map { "{\(rect($0))}" } ?? "null") + "}"
    }
    return "{\n  \"cells\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
  }
}
