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
