import CairoRendering
import FilePaths
import Foundation
import Wallpapers

/// The flags and design-file fields that say how a design is written, decoded into the
/// renderer's `Output`. Flags and files share the design loader's field rules, so a bad value
/// is named the same way (`--svg-text` or `file:line: svgText`).
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

  /// The top-level design fields these options set, as the design file holds them (the
  /// schema and the completions read this table; `specs` name the same fields).
  static let fields: [FieldSpec] = [
    FieldSpec(
      "scale", .number(minimum: 0, maximum: RenderLimits.maxScale, exclusiveMinimum: true),
      "Device pixels per point for PNG (default: the device's own)."),
    FieldSpec("format", FieldSpec.choice(OutputFormat.self), "The file format (default: from the output's extension)."),
    FieldSpec("output", .path, "The file to write, inside the design file's folder."),
    FieldSpec("pngCompression", FieldSpec.choice(PNGCompression.self), "PNG only: how hard to compress."),
    FieldSpec("svgText", FieldSpec.choice(SVGOptions.Text.self), "SVG only: outlines or text."),
    FieldSpec("svgEngine", FieldSpec.choice(SVGOptions.Engine.self), "SVG only: scene or cairo."),
    FieldSpec("pdfx", .bool, "PDF only: write PDF/X-4."),
    FieldSpec("outputIntent", .string(minLength: 1), "With pdfx: a CMYK profile's name or .icc file."),
  ]

  /// The top-level design fields these options set.
  static var fieldNames: [String] { fields.names }

  /// The output `render` writes: path and format from the fields (the format from the path's
  /// extension when not given), the scale from the fields or the device.
  ///
  /// - Throws: `CLIError.usage` naming the flag or field of a bad value, a missing output or
  ///   a path that can never be written (see `DesignRendering.checkOutputPath`).
  static func output(for loaded: LoadedDesign, environment: [String: String]) throws(CLIError) -> Output {
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
    try DesignRendering.checkOutputPath(path)
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
    var output = try options(for: loaded, environment: environment, format: format)
    output.path = path
    return output
  }

  /// The output for `format` with every option the fields give; the scale from the fields or
  /// the device. `export` sets its own scale and path on the result.
  ///
  /// - Throws: `CLIError.usage` naming the flag or field of a bad value.
  static func options(for loaded: LoadedDesign, environment: [String: String], format: OutputFormat)
    throws(CLIError) -> Output
  {
    let fields = loaded.outputFields
    do {
      let maxScale = RenderLimits.maxScale
      let scale =
        try fields.number(
          "scale", in: Double.leastNonzeroMagnitude...maxScale,
          allowed: "a number > 0 and ≤ \(formatNumber(maxScale))") ?? Double(loaded.design.device.screen.scale)
      return Output(
        format: format, scale: scale,
        png: PNGOptions(compression: try fields.choice("pngCompression", as: PNGCompression.self) ?? .default),
        svg: SVGOptions(
          text: try fields.choice("svgText", as: SVGOptions.Text.self) ?? .outlines,
          engine: try fields.choice("svgEngine", as: SVGOptions.Engine.self) ?? .scene),
        pdf: PDFOptions(
          info: try documentInfo(for: loaded.design, environment: environment), conformance: try conformance(fields)))
    } catch let error as CLIError {
      throw error
    } catch let error as DesignError {
      throw .usage(error.description)
    } catch {
      throw .failure("\(error)")
    }
  }

  /// PDF/X-4 with its output intent when `pdfx` is true; nil otherwise. An output intent
  /// without `pdfx` is refused, as is a name or file that is not an output-class CMYK profile.
  static func conformance(_ fields: DesignFields) throws(DesignError) -> PDFConformance? {
    try colour(fields, softProof: false).conformance
  }

  /// The PDF conformance and the output intent: the intent named by `outputIntent` (default
  /// `OutputIntent.defaultName`) when `pdfx` is true or a soft proof is asked for, else nil;
  /// naming one otherwise is refused.
  static func colour(_ fields: DesignFields, softProof: Bool) throws(DesignError) -> (
    conformance: PDFConformance?, intent: OutputIntent?
  ) {
    let name = try fields.string("outputIntent")
    let pdfx = try fields.bool("pdfx") == true
    guard pdfx || softProof else {
      if let name {
        throw DesignError(
          origin: fields.origin(of: "outputIntent"), field: "outputIntent",
          message: "'\(name)' is not allowed without --pdfx (an output intent is part of PDF/X)")
      }
      return (nil, nil)
    }
    let intent: OutputIntent
    do {
      intent = try OutputIntent(named: name ?? OutputIntent.defaultName)
    } catch {
      let names = OutputIntent.installedNames.joined(separator: ", ")
      throw DesignError(
        origin: fields.origin(of: "outputIntent"), field: "outputIntent",
        message:
          "'\(error.value)' is not allowed (\(error.reason); allowed: an installed CMYK profile, \(names.isEmpty ? "none found" : names), or an output-class CMYK .icc file)"
      )
    }
    return (pdfx ? .pdfx4(intent) : nil, intent)
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

  /// `png, svg or pdf`: an enumeration's values as help and errors list them.
  static func names<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> String where T.RawValue == String {
    let all = T.allCases.map(\.rawValue)
    return all.count < 2 ? all.joined() : all.dropLast().joined(separator: ", ") + " or " + all.last!
  }
}
