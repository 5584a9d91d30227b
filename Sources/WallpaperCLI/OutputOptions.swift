import CairoRendering
import DesignFiles
import Platform
import WallpaperExport
import Wallpapers

/// The flags that say how a design is written. Each sets one of the design-file fields of
/// `OutputFields` (WallpaperExport), which decodes them into the renderer's `Output`; flags and
/// files share the design loader's field rules, so a bad value is named the same way
/// (`--svg-text` or `file:line: svgText`).
enum OutputOptions {
  /// Options of `render` that set output fields; `export` takes those that make sense for many
  /// files at once (see `ExportCommand.designOptions`).
  static let specs: [OptionSpec] = [
    OptionSpec(
      names: ["--scale"], valueName: "N",
      help:
        "Device pixels per point for PNG (default: the device's own; at most \(formatNumber(RenderLimits.maxScale))).",
      field: ["scale"]),
    OptionSpec(
      names: ["--format"], valueName: "FORMAT",
      help: "\(names(OutputFormat.self)) (default: from the output's extension).", field: ["format"]),
    OptionSpec(
      names: ["--output", "-o"], valueName: "PATH", help: "The file to write; folders are created.", field: ["output"]),
    OptionSpec(
      names: ["--png-compression"], valueName: "LEVEL",
      help: "PNG only: \(names(PNGCompression.self)) (smaller files take longer to encode; all are lossless).",
      field: ["pngCompression"]),
    OptionSpec(
      names: ["--svg-text"], valueName: "MODE",
      help:
        "SVG only: outlines (default: glyph outlines that look the same everywhere, with the text in aria-label and <title>) or text (a <text> element with the font embedded).",
      field: ["svgText"]),
    OptionSpec(
      names: ["--svg-engine"], valueName: "ENGINE",
      help:
        "SVG only: scene (default: plain SVG with named layers for designers' tools) or cairo (Cairo's own SVG, with masks and glyph symbols).",
      field: ["svgEngine"]),
    OptionSpec(
      names: ["--pdfx"], valueName: nil,
      help:
        "PDF only: write PDF/X-4 (PDF 1.6, an output intent with its CMYK profile, RGB mapped to ICC-based sRGB, XMP metadata).",
      field: ["pdfx"], switchValue: .bool(true)),
    OptionSpec(
      names: ["--output-intent"], valueName: "NAME|FILE.icc",
      help:
        "With --pdfx (or proof --soft-proof): the printing condition, an installed CMYK profile's name or an output-class CMYK .icc file (default: \(OutputIntent.defaultName)).",
      field: ["outputIntent"]),
  ]

  /// The output `render` writes: path and format from the fields (the format from the path's
  /// extension when not given), the scale from the fields or the device.
  ///
  /// - Throws: `CLIError.usage` naming the flag or field of a bad value, a missing output or
  ///   a path that can never be written (see `checkOutputPath`).
  static func output(for loaded: LoadedDesign, environment: Environment) throws(CLIError) -> Output {
    let fields = loaded.outputFields
    let path: String
    let explicitFormat: OutputFormat?
    do {
      guard let given = try fields.outputPath("output"), !given.isEmpty else {
        throw CLIError.usage("--output: no output file given (use -o PATH or an \"output\" field)")
      }
      path = given
      explicitFormat = try fields.choice("format", as: OutputFormat.self)
    } catch let error as CLIError {
      throw error
    } catch let error as DesignError {
      throw .usage(error.description)
    } catch {
      throw .failure("\(error)")
    }
    try checkOutputPath(path)
    let format: OutputFormat
    if let explicitFormat {
      format = explicitFormat
    } else if let fromName = OutputFormat(pathExtension: FilePath(path).pathExtension) {
      format = fromName
    } else {
      throw .usage(
        "--format: cannot tell the format from '\(path)' (allowed: \(names(OutputFormat.self)); give --format or an extension)"
      )
    }
    do {
      try OutputFields.checkPDFOnly(fields, formats: [format])
    } catch {
      throw .usage(error.description)
    }
    var output = try CLIError.mapping(OutputFields.options(for: loaded, environment: environment, format: format))
    output.path = path
    return output
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

  /// `png, svg or pdf`: an enumeration's values as help and errors list them.
  static func names<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> String where T.RawValue == String {
    let all = T.allCases.map(\.rawValue)
    return all.count < 2 ? all.joined() : all.dropLast().joined(separator: ", ") + " or " + all.last!
  }
}
