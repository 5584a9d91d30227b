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

  /// The design the arguments give (the design file with the flags over it) and its `output`
  /// field as given, for commands that write something other than a rendered `Output`.
  ///
  /// - Throws: `CLIError.usage` naming the file and field or the flag of a bad value.
  static func load(_ parsed: ParsedArguments) throws(CLIError) -> (loaded: LoadedDesign, output: String?) {
    do {
      let loaded = try DesignLoader.load(
        file: parsed.positional.first, overrides: parsed.overrides, outputFields: OutputOptions.fieldNames)
      let output = try loaded.outputFields.string("output")
      return (loaded, output?.isEmpty == true ? nil : output)
    } catch {
      throw .usage(error.description)
    }
  }

  /// The files a design reads: the design file, the label's font, the background image.
  static func inputFiles(of design: Design, designFile: String?) -> [String] {
    [designFile, design.label.fontPath, design.background.image.flatMap { $0.file ?? $0.path }].compactMap { $0 }
      + design.grid.images.map(\.file)
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
    for image in design.grid.images {
      do {
        try Renderer.validatePNG(image.bytes)
      } catch {
        throw .usage("--cell-images/grid.images: '\(image.file)' cannot be used: \(error.description)")
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

  /// Renders `scene` as `output` describes, recording phases in `timer` when given: `draw` and
  /// `encode` for PNG (drawn and encoded band by band: `draw` sums the bands' drawing);
  /// `draw+encode` for SVG and PDF, which write while they draw.
  ///
  /// - Throws: `CLIError.usage` naming `--scale` for a bad scale or a canvas over the limits;
  ///   `.failure` for anything else.
  static func render(_ scene: Scene, as output: Output, timer: PhaseTimer? = nil) throws(CLIError) -> [UInt8] {
    do {
      let drawing = DrawingTime()
      defer {
        if let seconds = drawing.seconds {
          timer?.split("draw", seconds: seconds, then: "encode")
        } else {
          timer?.lap("draw+encode")
        }
      }
      return try Renderer().render(scene, as: output, drawing: drawing)
    } catch {
      switch error {
      case .invalidScale, .canvasTooLarge: throw .usage("--scale: \(error.description)")
      default: throw .failure("rendering failed: \(error.description)")
      }
    }
  }
}
