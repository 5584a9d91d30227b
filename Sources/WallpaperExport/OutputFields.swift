import CairoRendering
import DesignFiles
import Platform
import Wallpapers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The design-file fields that say how a design is written (`scale`, `format`, `output`,
/// `pngCompression`, `svgText`, `svgEngine`, `svgProfile`, `pdfx`, `outputIntent`, `outputCondition`), decoded into the
/// renderer's `Output`. The design loader hands them on unread (`LoadedDesign.outputFields`);
/// they share its field rules, so a bad value is named the same way (`--svg-text` or
/// `file:line: svgText`).
///
/// ```swift
/// let loaded = try DesignLoader.load(file: "autumn.json", overrides: [], outputFields: OutputFields.fields)
/// let output = try OutputFields.options(for: loaded, environment: [:], format: .svg)
/// ```
public enum OutputFields {
  /// The top-level design fields that say how a design is written, as the design file holds
  /// them (the schema and the completions read this table).
  public static let fields: [FieldSpec] = [
    FieldSpec(
      "scale", .number(minimum: 0, maximum: RenderLimits.maxScale, exclusiveMinimum: true),
      "Device pixels per point for PNG (default: the device's own)."),
    FieldSpec("format", FieldSpec.choice(OutputFormat.self), "The file format (default: from the output's extension)."),
    FieldSpec("output", .path, "The file to write, inside the design file's folder."),
    FieldSpec("pngCompression", FieldSpec.choice(PNGCompression.self), "PNG only: how hard to compress."),
    FieldSpec(
      "colorSpace", FieldSpec.choice(ColorSpace.self),
      "srgb (default) or display-p3 (PNG: an iCCP Display P3 profile and cICP; PDF: ICC-based Display P3)."
    ),
    FieldSpec("svgText", FieldSpec.choice(SVGOptions.Text.self), "SVG only: outlines or text."),
    FieldSpec("svgEngine", FieldSpec.choice(SVGOptions.Engine.self), "SVG only: scene or cairo."),
    FieldSpec(
      "svgProfile", FieldSpec.choice(SVGOptions.Profile.self),
      "Scene SVG only: plain (default) or office (rewrites for LibreOffice Draw 7.4 and Scribus 1.5.8)."),
    FieldSpec("svgFontFile", .bool, "SVG with svgText text: also write the embedded font beside the SVG."),
    FieldSpec("pdfx", .bool, "PDF only: write PDF/X-4."),
    FieldSpec(
      "outputIntent", .string(minLength: 1, pattern: FieldSpec.noControlCharacters),
      "With pdfx: a CMYK profile's name or .icc file inside the design file's folder."),
    FieldSpec(
      "outputCondition", .choice(OutputCondition.allNames),
      "With outputIntent: the registered printing condition its profile characterises."),
  ]

  /// The names of `fields`, for `DesignLoader.load(file:overrides:outputFields:)`.
  public static var names: [String] { fields.names }

  /// The output for `format` with every option the fields give; the scale (device pixels per
  /// point, 0 < scale ≤ `RenderLimits.maxScale`) from the fields or the device. The path is
  /// left unset: the caller sets it (an export sets its own scale too).
  ///
  /// - Parameters:
  ///   - loaded: the design with its output fields as the loader read them.
  ///   - environment: `SOURCE_DATE_EPOCH` dates PDFs (see `documentInfo`).
  ///   - format: the format to write.
  /// - Throws: `ExportError.invalidInput` naming the flag or field of a bad value.
  public static func options(for loaded: LoadedDesign, environment: Environment, format: OutputFormat)
    throws(ExportError) -> Output
  {
    try options(for: loaded, sourceDateEpoch: ExportDate.sourceDateEpoch(environment), format: format)
  }

  /// The output for `format`, as `options(for:environment:format:)` gives it, dated
  /// `sourceDateEpoch` (whole seconds since 1970; nil: `DocumentInfo.defaultDate`): what an
  /// export uses, with the date it records (`ExportDate`).
  public static func options(for loaded: LoadedDesign, sourceDateEpoch: Int64?, format: OutputFormat)
    throws(ExportError) -> Output
  {
    let fields = loaded.outputFields
    do throws(DesignError) {
      let scale = try fields.number("scale") ?? Double(loaded.design.device.screen.scale)
      let colorSpace = try fields.choice("colorSpace", as: ColorSpace.self) ?? .srgb
      // The scene SVG writer needs no colour space: it writes every colour in sRGB and those
      // outside sRGB also as color(display-p3 …), so display-p3 asks nothing more of it.
      return Output(
        format: format, scale: scale,
        png: PNGOptions(compression: try fields.choice("pngCompression", as: PNGCompression.self) ?? .default),
        svg: SVGOptions(
          text: try fields.choice("svgText", as: SVGOptions.Text.self) ?? .outlines,
          engine: try fields.choice("svgEngine", as: SVGOptions.Engine.self) ?? .scene,
          profile: try fields.choice("svgProfile", as: SVGOptions.Profile.self) ?? .plain,
          title: loaded.design.name, description: svgDescription(of: loaded.design)),
        pdf: PDFOptions(
          info: documentInfo(for: loaded.design, sourceDateEpoch: sourceDateEpoch), conformance: try conformance(fields)
        ),
        colorSpace: colorSpace)
    } catch {
      throw .invalidInput(error.description)
    }
  }

  /// Refuses `pdfx` when none of `formats` is PDF: a PDF/X asked for and silently not written
  /// would be a press proof that never was.
  public static func checkPDFOnly(_ fields: DesignFields, formats: [OutputFormat]) throws(DesignError) {
    guard !formats.contains(.pdf), try fields.bool("pdfx") == true else { return }
    let written = formats.map(\.rawValue).joined(separator: ", ")
    throw DesignError(
      origin: fields.origin(of: "pdfx"), field: "pdfx",
      message: "applies to PDF only, and this writes \(written) (allowed: a .pdf output, or --formats with pdf)")
  }

  /// PDF/X-4 with its output intent when `pdfx` is true; nil otherwise. An output intent
  /// without `pdfx` is refused, as is a name or file that is not an output-class CMYK profile.
  public static func conformance(_ fields: DesignFields) throws(DesignError) -> PDFConformance? {
    try colour(fields, softProof: false).conformance
  }

  /// The PDF conformance and the output intent: the intent named by `outputIntent` (default
  /// `OutputIntent.defaultName`) when `pdfx` is true or a soft proof is asked for, else nil;
  /// naming one otherwise is refused. `outputCondition` names the registered printing
  /// condition the intent's profile characterises; it needs an `outputIntent`, since PDF/X
  /// embeds the profile.
  public static func colour(_ fields: DesignFields, softProof: Bool) throws(DesignError) -> (
    conformance: PDFConformance?, intent: OutputIntent?
  ) {
    let name = try fields.string("outputIntent")
    let pdfx = try fields.bool("pdfx") == true
    var condition: OutputCondition?
    if let conditionName = try fields.string("outputCondition") {
      guard let named = OutputCondition.named(conditionName) else {
        throw DesignError(
          origin: fields.origin(of: "outputCondition"), field: "outputCondition",
          message:
            "'\(conditionName)' is not allowed (allowed: \(OutputCondition.allNames.joined(separator: ", ")))")
      }
      guard name != nil else {
        throw DesignError(
          origin: fields.origin(of: "outputCondition"), field: "outputCondition",
          message:
            "'\(conditionName)' is not allowed without --output-intent FILE.icc (the condition's profile, which PDF/X embeds)"
        )
      }
      condition = named
    }
    guard pdfx || softProof else {
      if let name {
        throw DesignError(
          origin: fields.origin(of: "outputIntent"), field: "outputIntent",
          message: "'\(name)' is not allowed without --pdfx (an output intent is part of PDF/X)")
      }
      return (nil, nil)
    }
    var intent: OutputIntent
    try fields.checkPathCharacters("outputIntent")
    // A profile file is an input like a photo: confined to the design file's folder.
    let file = try name.flatMap { OutputIntent.isPath($0) ? $0 : nil }.flatMap {
      _ throws(DesignError) in try fields.inputPath("outputIntent", flag: "--output-intent")
    }
    do {
      intent = try OutputIntent(named: name ?? OutputIntent.defaultName, file: file)
    } catch {
      let names = OutputIntent.installedNames.joined(separator: ", ")
      throw DesignError(
        origin: fields.origin(of: "outputIntent"), field: "outputIntent",
        message:
          "'\(error.value)' is not allowed (\(error.reason); allowed: an installed CMYK profile, \(names.isEmpty ? "none found" : names), or an output-class CMYK .icc file)"
      )
    }
    if let condition {
      intent = intent.characterising(condition)
      try checkCondition(of: intent, fields)
    }
    return (pdfx ? .pdfx4(intent) : nil, intent)
  }

  /// Refuses `intent` when its profile was not made for the condition it is named for: the
  /// largest ΔE00 between the profile's paper and solids and the condition's aims is over
  /// `PrintingConditionCheck.tolerance` (see there). A condition without built-in aims passes
  /// (`PrintingConditionCheck.uncheckedNote` says so).
  static func checkCondition(of intent: OutputIntent, _ fields: DesignFields) throws(DesignError) {
    guard let condition = intent.condition else { return }
    let comparison: ConditionComparison?
    do {
      comparison = try PrintingConditionCheck.compare(intent.profile, source: intent.source, with: condition)
    } catch {
      throw DesignError(
        origin: fields.origin(of: "outputIntent"), field: "outputIntent",
        message: "\(error.description) (allowed: an output-class CMYK .icc file lcms2 can convert to CIELAB)")
    }
    guard let comparison, !comparison.matches, let aims = condition.aims else { return }
    let worst = comparison.worst
    let name = try fields.string("outputCondition") ?? condition.identifier
    throw DesignError(
      origin: fields.origin(of: "outputCondition"), field: "outputCondition",
      message:
        "'\(name)' is not allowed with --output-intent '\(intent.source)' (\(intent.profileDescription)): the profile's \(worst.patch.name) is ΔE00 \(String(cFormat: "%.2f", worst.deltaE00)) from \(condition.identifier)'s aim, over the limit of \(String(cFormat: "%.1f", PrintingConditionCheck.tolerance)) (\(aims.source)); allowed: a profile made for \(condition.identifier), or --output-condition left out"
    )
  }

  /// The SVG's `<desc>`: what the art is, the device and the canvas, e.g. `Autumn wallpaper
  /// for iPhone 16 (iphone-16), 402×874 pt, portrait`.
  public static func svgDescription(of design: Design) -> String {
    let art = design.art.map { "Wallpaper with art from \(FilePath($0.path).lastComponent)" }
    let season = design.season.season.name(in: .en)
    let size = design.canvasSize
    return (art ?? "\(season) wallpaper") + " for \(design.device.name) (\(design.device.id)), "
      + "\(formatNumber(size.width))×\(formatNumber(size.height)) pt, \(design.orientation.rawValue)"
  }

  /// PDF metadata: the design's name as the title, its device in the subject and keywords,
  /// `wallpaper` and `Studio.version` as the creator; the date from `SOURCE_DATE_EPOCH` (whole
  /// seconds since 1970-01-01 UTC) when `environment` has it, else the renderer's fixed date.
  ///
  /// - Throws: `ExportError.invalidInput` naming `SOURCE_DATE_EPOCH` when it is not a whole
  ///   number ≥ 0.
  public static func documentInfo(for design: Design, environment: Environment) throws(ExportError)
    -> DocumentInfo
  {
    documentInfo(for: design, sourceDateEpoch: try ExportDate.sourceDateEpoch(environment))
  }

  /// The PDF metadata of `documentInfo(for:environment:)`, dated `sourceDateEpoch` (whole
  /// seconds since 1970; nil: `DocumentInfo.defaultDate`).
  public static func documentInfo(for design: Design, sourceDateEpoch: Int64?) -> DocumentInfo {
    var info = DocumentInfo(
      title: design.name, subject: "Wallpaper for \(design.device.name) (\(design.device.screen.id))",
      keywords: "wallpaper, \(design.device.id)", creator: "wallpaper \(Studio.version)")
    if let sourceDateEpoch { info.date = Date(timeIntervalSince1970: TimeInterval(sourceDateEpoch)) }
    return info
  }
}
