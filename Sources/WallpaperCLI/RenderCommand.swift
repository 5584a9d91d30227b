import CairoRendering
import Foundation
import SceneGraph
import Wallpapers

/// `wallpaper render`: one design, one device, one file.
struct RenderCommand {
  let console: WallpaperTool.Console
  let environment: [String: String]

  /// Options that set design fields; the design file has a field for each.
  static let designOptions: [OptionSpec] = [
    OptionSpec(names: ["--device"], valueName: "ID", help: "The device (`wallpaper devices` lists the ids).", field: ["device"]),
    OptionSpec(
      names: ["--scale"], valueName: "N",
      help: "Device pixels per point for PNG (default: the device's own; at most \(formatNumber(DesignLoader.maxScale))).",
      field: ["scale"]),
    OptionSpec(names: ["--format"], valueName: "FORMAT", help: "png, svg or pdf (default: from the output's extension).", field: ["format"]),
    OptionSpec(names: ["--output", "-o"], valueName: "PATH", help: "The file to write; folders are created.", field: ["output"]),
    OptionSpec(names: ["--name"], valueName: "NAME", help: "The design's name, used as the PDF title (default: the design file's name).", field: ["name"]),
    OptionSpec(
      names: ["--background-color"], valueName: "COLOR",
      help: "#RRGGBB, #RRGGBBAA, a CSS colour name, or none for transparent (default: white).",
      field: ["background", "color"]),
    OptionSpec(
      names: ["--gradient"], valueName: "COLORS", help: "A background gradient of two or more comma-separated colours.",
      field: ["background", "gradient", "colors"]),
    OptionSpec(names: ["--gradient-type"], valueName: "TYPE", help: "linear or radial (default: linear).", field: ["background", "gradient", "type"]),
    OptionSpec(
      names: ["--gradient-angle"], valueName: "DEGREES", help: "Direction of a linear gradient: 0 top to bottom, 90 left to right.",
      field: ["background", "gradient", "angle"]),
    OptionSpec(names: ["--image"], valueName: "PATH", help: "A PNG photo over the background colour.", field: ["background", "image", "path"]),
    OptionSpec(names: ["--image-mode"], valueName: "MODE", help: "fill, fit or stretch (default: fill).", field: ["background", "image", "mode"]),
    OptionSpec(names: ["--image-opacity"], valueName: "A", help: "The photo's opacity, 0…1 (default: 1).", field: ["background", "image", "opacity"]),
  ]

  static let ownOptions: [OptionSpec] = [
    OptionSpec(names: ["--dump-scene"], valueName: nil, help: "Print the scene as text instead of rendering.", field: nil),
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "Show help information.", field: nil),
  ]

  static let help = HelpPage(
    overview: "Render one design for one device to a PNG, SVG or PDF file.",
    usage: "wallpaper render [DESIGN.json] --device ID [--scale N] [--format png|svg|pdf] -o PATH",
    arguments: [("DESIGN.json", "A design file. Flags override its fields.")],
    options: designOptions + ownOptions.dropLast(),
    footer: """
      PNG is round(points × scale) pixels. SVG uses px units sized in points; PDF pages are sized
      in points, dated from SOURCE_DATE_EPOCH or else 2020-01-01T00:00:00Z so output is reproducible.
      """)

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(arguments, specs: Self.designOptions + Self.ownOptions, maxPositional: 1)
    if parsed.has("--help") {
      console.out(Self.help.text)
      return
    }
    let design: Design
    do {
      design = try DesignLoader.load(file: parsed.positional.first, overrides: parsed.overrides)
    } catch {
      throw .usage(error.description)
    }
    let scene = try DesignRendering.scene(of: design)
    if parsed.has("--dump-scene") {
      console.out(scene.dump())
      return
    }
    guard let output = design.output else {
      throw .usage("--output: no output file given (use -o PATH or an \"output\" field)")
    }
    try DesignRendering.checkOutputPath(output)
    let format = try DesignRendering.format(for: output, explicit: design.format)
    let info = try DesignRendering.documentInfo(for: design, environment: environment)
    let bytes = try DesignRendering.render(scene, format: format, scale: design.effectiveScale, info: info)
    try AtomicFile.write(bytes, to: output)
  }
}

/// Steps shared by the commands that render designs.
enum DesignRendering {
  /// The design's scene; image inputs are decoded first so a bad PNG is named by its field.
  static func scene(of design: Design) throws(CLIError) -> Scene {
    if let image = design.background.image {
      do {
        try Renderer.validatePNG(image.png)
      } catch {
        throw .usage("background.image.path: '\(image.path)' cannot be used: \(error.description)")
      }
    }
    do {
      return try design.scene()
    } catch {
      throw .failure("cannot build the scene: \(error.description)")
    }
  }

  static func format(for output: String, explicit: FileFormat?) throws(CLIError) -> OutputFormat {
    if let explicit { return OutputFormat(rawValue: explicit.rawValue)! }
    let ext = (output as NSString).pathExtension
    guard let format = OutputFormat(pathExtension: ext) else {
      throw .usage(
        "--format: cannot tell the format from '\(output)' (allowed: png, svg, pdf; give --format or an extension)")
    }
    return format
  }

  /// Refuses outputs that can never be written, before any work is done.
  static func checkOutputPath(_ output: String) throws(CLIError) {
    var isDirectory: ObjCBool = false
    if output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue) {
      throw .usage("--output: '\(output)' is a folder (allowed: a file path)")
    }
    var folder = (output as NSString).deletingLastPathComponent
    while !folder.isEmpty, folder != "/" {
      if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else {
          throw .usage("--output: '\(output)' is inside '\(folder)', which is a file, not a folder")
        }
        break
      }
      folder = (folder as NSString).deletingLastPathComponent
    }
  }

  /// PDF metadata; the date from `SOURCE_DATE_EPOCH` when set.
  static func documentInfo(for design: Design, environment: [String: String]) throws(CLIError) -> DocumentInfo {
    var info = DocumentInfo(
      title: design.name, subject: "Wallpaper for \(design.device.name) (\(design.device.screen.id))",
      keywords: "wallpaper, \(design.device.id)", creator: "wallpaper \(WallpaperTool.version)")
    if let epoch = environment["SOURCE_DATE_EPOCH"] {
      guard let seconds = Int64(epoch), seconds >= 0 else {
        throw .usage("SOURCE_DATE_EPOCH: '\(epoch)' is not allowed (whole seconds since 1970-01-01, ≥ 0)")
      }
      info.date = Date(timeIntervalSince1970: TimeInterval(seconds))
    }
    return info
  }

  static func render(_ scene: Scene, format: OutputFormat, scale: Double, info: DocumentInfo) throws(CLIError) -> [UInt8] {
    do {
      return try Renderer().render(scene, format: format, scale: scale, info: info)
    } catch {
      switch error {
      case .invalidScale, .canvasTooLarge: throw .usage("--scale: \(error.description)")
      default: throw .failure("rendering failed: \(error.description)")
      }
    }
  }
}
