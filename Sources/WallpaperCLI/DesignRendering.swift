import CairoRendering
import FilePaths
import Foundation
import SceneGraph
import Wallpapers

/// Steps shared by the commands that render designs.
enum DesignRendering {
  /// The design's scene. Image and font inputs are loaded first, so a bad file is named by
  /// its field before anything is drawn.
  static func scene(of design: Design, environment: [String: String]) throws(CLIError) -> Scene {
    let font =
      design.label.visible && design.label.fontPath == nil
      ? try FontLocator.bundledFontPath(environment: environment) : ""
    return try scene(of: design, defaultFont: font)
  }

  /// The design's scene with the bundled font at `defaultFont`.
  static func scene(of design: Design, defaultFont: String) throws(CLIError) -> Scene {
    if let image = design.background.image {
      do {
        try Renderer.validatePNG(image.png)
      } catch {
        throw .usage("background.image.path: '\(image.path)' cannot be used: \(error.description)")
      }
    }
    let fontPath = design.label.fontPath ?? defaultFont
    if design.label.visible {
      do {
        _ = try FontLibrary.shared.font(at: fontPath)
      } catch {
        throw .usage("--font/label.font: \(error.description)")
      }
    }
    do {
      return try design.scene(defaultFont: fontPath)
    } catch {
      throw .failure("cannot build the scene: \(error.description)")
    }
  }

  static func format(for output: String, explicit: FileFormat?) throws(CLIError) -> OutputFormat {
    if let explicit { return OutputFormat(rawValue: explicit.rawValue)! }
    guard let format = OutputFormat(pathExtension: FilePath(output).pathExtension) else {
      throw .usage(
        "--format: cannot tell the format from '\(output)' (allowed: png, svg, pdf; give --format or an extension)")
    }
    return format
  }

  /// Refuses outputs that can never be written, before any work is done: a folder, a path
  /// under a file, or an existing FIFO, socket or device (which would be replaced). `-` is
  /// standard output and always allowed.
  static func checkOutputPath(_ output: String) throws(CLIError) {
    let path = FilePath(output)
    guard !path.isStandardStream else { return }
    guard !output.isEmpty else {
      throw .usage("--output: '' is not allowed (a file path, or - for standard output)")
    }
    switch FileKind(at: path) {
    case .folder: throw .usage("--output: '\(output)' is a folder (allowed: a file path)")
    case .special(let kind):
      throw .usage(
        "--output: '\(output)' is \(kind) (allowed: a regular file, created or replaced, or - for standard output)")
    case .missing where output.hasSuffix("/"):
      throw .usage("--output: '\(output)' is a folder (allowed: a file path)")
    case .regular, .missing: break
    }
    var folder = path.folder
    while !folder.isEmpty, folder != "/" {
      switch FileKind(at: FilePath(folder)) {
      case .folder: return
      case .missing: folder = FilePath(folder).folder
      case .regular, .special:
        throw .usage("--output: '\(output)' is inside '\(folder)', which is a file, not a folder")
      }
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

  /// Renders `scene`, with the design's PNG compression, recording phases in `timer` when
  /// given: `draw` and `encode` for PNG; `draw+encode` for SVG and PDF, where Cairo writes the
  /// document while it draws.
  ///
  /// - Throws: `CLIError.usage` naming `--scale` for a bad scale or a canvas over the limits;
  ///   `.failure` for anything else.
  static func render(
    _ scene: Scene, format: OutputFormat, scale: Double, info: DocumentInfo,
    pngCompression: PNGCompressionChoice? = nil, timer: PhaseTimer? = nil
  ) throws(CLIError) -> [UInt8] {
    do {
      guard format == .png else {
        defer { timer?.lap("draw+encode") }
        return try Renderer().render(scene, format: format, scale: scale, info: info)
      }
      let image = try Renderer().rasterize(scene, scale: scale)
      timer?.lap("draw")
      defer { timer?.lap("encode") }
      let compression = pngCompression.map { PNGCompression(rawValue: $0.rawValue)! } ?? .default
      return try image.pngData(compression: compression)
    } catch {
      switch error {
      case .invalidScale, .canvasTooLarge: throw .usage("--scale: \(error.description)")
      default: throw .failure("rendering failed: \(error.description)")
      }
    }
  }

}
