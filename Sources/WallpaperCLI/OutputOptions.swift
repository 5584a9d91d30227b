import CairoRendering
import DesignFiles
import Platform
import SceneGraph
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
      names: ["--color-space"], valueName: "SPACE",
      help:
        "srgb (default: PNGs get an sRGB chunk with gAMA/cHRM fallbacks) or display-p3 (the design's colours converted to look the same, color(display-p3 …) colours kept; PNG: an iCCP Display P3 profile and cICP, and an -sRGB companion in exports; PDF: ICC-based Display P3). SVG always writes colours outside sRGB as color(display-p3 …).",
      field: ["colorSpace"]),
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
      names: ["--svg-profile"], valueName: "PROFILE",
      help:
        "SVG only: plain (default: the scene as it is, for browsers, Inkscape and rsvg) or office (rewritten for LibreOffice Draw 7.4 and Scribus 1.5.8: a translucent layer under a veil of its base, every element cut to the page, strokes past it as outlines; Docs/svg.md).",
      field: ["svgProfile"]),
    OptionSpec(
      names: ["--svg-font-file"], valueName: nil,
      help:
        "SVG with --svg-text text: also write each embedded font beside the SVG (FONT.ttf), for editors that ignore @font-face.",
      field: ["svgFontFile"], switchValue: .bool(true)),
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
    OptionSpec(
      names: ["--output-condition"], valueName: "NAME",
      help:
        "With --output-intent FILE.icc: the registered printing condition the profile characterises, written as the PDF/X OutputConditionIdentifier: \(OutputCondition.allNames.joined(separator: ", ")) (default: Custom).",
      field: ["outputCondition"]),
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

  /// The font files to write beside the SVG at `path` when `svgFontFile` (`--svg-font-file`)
  /// is set: each embedded font, named after its file, in the SVG's folder. None otherwise.
  ///
  /// - Throws: `CLIError.usage` naming the flag when the output is not a scene SVG with its
  ///   text as text or goes to standard output; `.failure` when the fonts cannot be read.
  static func fontFiles(for loaded: LoadedDesign, scene: Scene, output: Output, beside path: String)
    throws(CLIError) -> [(path: String, bytes: [UInt8])]
  {
    let fields = loaded.outputFields
    let wanted: Bool
    do {
      wanted = try fields.bool("svgFontFile") == true
    } catch {
      throw .usage(error.description)
    }
    guard wanted else { return [] }
    let flag: String
    switch fields.origin(of: "svgFontFile") {
    case .file(let file, let line)?: flag = "\(file):\(line): svgFontFile"
    case .flag(let name)?: flag = name
    case nil: flag = "--svg-font-file"
    }
    guard output.format == .svg, output.svg.engine == .scene, output.svg.text == .text else {
      throw .usage("\(flag): needs an SVG with --svg-text text (outlines and Cairo's SVG embed no font)")
    }
    guard !FilePath(path).isStandardStream else {
      throw .usage("\(flag): needs an output file to write the font beside (not standard output)")
    }
    let fonts: [EmbeddedFont]
    do {
      fonts = try Renderer().svgFonts(scene, as: output)
    } catch {
      throw .failure("cannot write the SVG's font: \(error.description)")
    }
    let folder = FilePath(path).folder
    return fonts.map { (FilePath(folder).appending($0.fileName).string, $0.bytes) }
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
