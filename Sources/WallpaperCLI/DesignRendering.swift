import CairoRendering
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

  /// The files a design reads: the design file, the label's font, the background image.
  static func inputFiles(of design: Design, designFile: String?) -> [String] {
    [designFile, design.label.fontPath, design.background.image.flatMap { $0.file ?? $0.path }].compactMap { $0 }
  }

  /// The design's scene with the bundled font at `defaultFont`, with the mock of `preview`
  /// over it when given.
  static func scene(of design: Design, defaultFont: String, preview: PreviewScreen? = nil) throws(CLIError) -> Scene {
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
      if let preview { return try design.previewScene(screen: preview, defaultFont: defaultFont) }
      return try design.scene(defaultFont: fontPath)
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
    if output.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
    {
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
