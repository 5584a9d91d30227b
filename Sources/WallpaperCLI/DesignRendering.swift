import CairoRendering
import FilePaths
import Foundation
import SceneGraph
import Synchronization
import Wallpapers

/// What a command says on stderr about the label's font: with `--verbose`, the file chosen;
/// always, one `note:` line per fallback font that draws characters of the label. Each line is
/// printed once per command, however many scenes it builds.
final class FontReport: Sendable {
  private let err: @Sendable (String) -> Void
  private let verbose: Bool
  private let printed = Mutex<Set<String>>([])

  init(console: WallpaperTool.Console, verbose: Bool) {
    err = console.err
    self.verbose = verbose
  }

  func chosen(_ font: Font) {
    guard verbose else { return }
    let face = font.faceCount > 1 ? " face \(font.index)" : ""
    say("font: \(font.familyName) (\(font.path)\(face))")
  }

  func fallback(_ font: Font, for primary: Font) {
    say(
      "note: label: characters \(primary.familyName) lacks are drawn with the fallback font \(font.familyName) (\(font.path))"
    )
  }

  private func say(_ line: String) {
    guard printed.withLock({ $0.insert(line).inserted }) else { return }
    err(line + "\n")
  }
}

/// Steps shared by the commands that render designs.
enum DesignRendering {
  /// The design's scene. Image and font inputs are loaded first, so a bad file is named by
  /// its field before anything is drawn.
  static func scene(of design: Design, environment: [String: String], fontReport: FontReport? = nil)
    throws(CLIError) -> Scene
  {
    let font =
      design.label.visible && design.label.fontPath == nil
      ? try FontLocator.bundledFontPath(environment: environment) : ""
    return try scene(of: design, defaultFont: font, fontReport: fontReport)
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

  /// The files a design reads: the design file, the label's font file, the background image,
  /// the cell photos.
  static func inputFiles(of design: Design, designFile: String?) -> [String] {
    [
      designFile, design.label.fontPath.flatMap { Label.isFontPath($0) ? $0 : nil },
      design.background.image.flatMap { $0.file ?? $0.path },
    ].compactMap { $0 } + design.grid.images.map(\.file)
  }

  /// The label's font: a file as given (one font, not a collection), or a fontconfig family
  /// and style looked up and checked; the bundled font at `defaultFont` when none is set.
  static func labelFont(of design: Design, defaultFont: String) throws(CLIError) -> Font {
    let spec = design.label.fontPath ?? defaultFont
    do {
      if Label.isFontPath(spec) || design.label.fontPath == nil {
        return try FontLibrary.shared.font(at: spec)
      }
      return try FontLibrary.shared.installedFont(named: spec)
    } catch {
      throw .usage("--font/label.font: \(error.description)")
    }
  }

  /// `design` with its label's font given as the file and face to draw with: a fontconfig
  /// family looked up once, so every scene built from it names the very file checked.
  static func resolvingLabelFont(of design: Design) throws(CLIError) -> Design {
    guard design.label.visible, let spec = design.label.fontPath, !Label.isFontPath(spec) else { return design }
    let font = try labelFont(of: design, defaultFont: "")
    var resolved = design
    resolved.label.fontPath = font.path
    resolved.label.fontIndex = font.index
    return resolved
  }

  /// The design's scene with the bundled font at `defaultFont`, with the mock of `preview`
  /// over it when given.
  static func scene(
    of design: Design, defaultFont: String, preview: PreviewScreen? = nil, fontReport: FontReport? = nil
  ) throws(CLIError) -> Scene {
    var design = design
    if let image = design.background.image {
      do {
        try Renderer.validateImage(image.data)
      } catch {
        throw .usage("background.image.path: '\(image.path)' cannot be used: \(error.description)")
      }
    }
    for image in design.grid.images {
      do {
        try Renderer.validateImage(image.bytes)
      } catch {
        throw .usage("--cell-images/grid.images: '\(image.file)' cannot be used: \(error.description)")
      }
    }
    if design.label.visible {
      let font = try labelFont(of: design, defaultFont: defaultFont)
      if design.label.fontPath != nil {
        design.label.fontPath = font.path
        design.label.fontIndex = font.index
      }
      fontReport?.chosen(font)
      if let fontReport {
        let text = design.labelText
        do {
          for fallback in try FontLibrary.shared.fallbackFonts(for: text, in: font) {
            fontReport.fallback(fallback, for: font)
          }
        } catch {
          throw .failure("cannot draw the label: \(error.description)")
        }
      }
    }
    let fontPath = design.label.fontPath ?? defaultFont
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
