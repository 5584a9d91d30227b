import CairoRendering
import DesignFiles
import Platform
import PrintProof
import WallpaperExport
import Wallpapers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `wallpaper proof`: a print-ready PDF with one page per device, each with bleed, marks, a
/// slug and page boxes.
struct ProofCommand {
  let console: WallpaperTool.Console
  let environment: Environment

  /// The design flags of `render`, less the device and the output's (a proof is always a PDF
  /// with every device at its own scale).
  static let designOptions = RenderCommand.designOptions.filter { spec in
    spec.name != "--device" && !OutputOptions.specs.contains { $0.name == spec.name }
  }

  static let lengthAllowed =
    "a length ≥ 0 and ≤ \(ProofSettings.maxBleed) with a unit: mm, in or pt, e.g. 3mm"
  static let marksAllowed =
    ProofMarks.names.map(\.name).joined(separator: ", ") + ", separated by commas, or none"
  static let paperAllowed = Paper.allCases.map(\.rawValue).joined(separator: ", ")
  static let layoutAllowed = SheetArrangement.allCases.map(\.rawValue).joined(separator: " or ")

  /// `--pdfx`, `--output-intent` and `--output-condition`: the PDF options of `render`, read by
  /// the same rules.
  static let pdfOptions = OutputOptions.specs.filter {
    ["--pdfx", "--output-intent", "--output-condition"].contains($0.name)
  }

  static let ownOptions: [OptionSpec] = [
    OptionSpec(
      names: ["--output", "-o"], valueName: "PATH", help: "The PDF file to write; folders are created.", field: nil,
      values: .path),
    OptionSpec(
      names: ["--devices"], valueName: "LIST",
      help:
        "all, iphone, ipad, current (what iOS 26 and iPadOS 26 support) or since:YEAR (released in YEAR or later; one page per screen class), or device ids separated by commas (default: the design's device).",
      field: nil, values: .array(.device)),
    OptionSpec(
      names: ["--bleed"], valueName: "LENGTH",
      help: "Art drawn past the trim on every side, in mm, in or pt (default: 3mm).",
      field: nil),
    OptionSpec(
      names: ["--marks"], valueName: "LIST",
      help: "Any of crop, registration, colorbar, slug separated by commas, or none (default: all).",
      field: nil, values: .array(.choice(ProofMarks.names.map(\.name) + ["none"]))),
    OptionSpec(
      names: ["--paper"], valueName: "PAPER",
      help:
        "fit (the page is the art, bleed and marks), or a sheet: a4, letter, a3, a3+, sra3 or tabloid (centred, only the art scaled down to fit; default: fit).",
      field: nil, values: FieldSpec.choice(Paper.self)),
    OptionSpec(
      names: ["--layout"], valueName: "LAYOUT",
      help:
        "single (one wallpaper per page; default) or nup (on a sheet: as many wallpapers as fit at 100% per sheet, each with its own bleed and marks).",
      field: nil, values: FieldSpec.choice(SheetArrangement.self)),
    OptionSpec(
      names: ["--soft-proof"], valueName: "DIR",
      help:
        "Also write, per page, NN-DEVICE-soft-proof.png (the trim as it would print under the output intent, with lcms2) and NN-DEVICE-gamut.png (out-of-gamut pixels in magenta) into DIR; the slug states the share out of gamut.",
      field: nil, values: .folder),
    OptionSpec(
      names: ["--author"], valueName: "NAME", help: "The PDF's author (default: \(ProofOptions.defaultAuthor)).",
      field: nil),
    RunReport.option,
    OptionSpec(
      names: ["--verbose"], valueName: nil, help: "Print on stderr the font file chosen for the label.", field: nil),
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "Show help information.", field: nil),
  ]

  static let help = HelpPage(
    overview:
      "Make a print-ready PDF proof: one page per device with bleed, crop marks, registration targets, a colour bar and a slug.",
    usage:
      "wallpaper proof [DESIGN.json] -o proof.pdf [--devices all|iphone|ipad|current|since:YEAR|ID,ID,…] [--bleed 3mm] [--marks crop,registration,colorbar,slug|none] [--paper fit|a4|letter|a3|a3+|sra3|tabloid] [--layout single|nup] [--pdfx] [--soft-proof DIR] [--json]",
    arguments: [("DESIGN.json", "A design file. Flags override its fields.")],
    options: ownOptions.dropLast() + pdfOptions + designOptions,
    footer: """
      Every page has a MediaBox, CropBox, BleedBox and TrimBox, is labelled with the device's name
      and has a bookmark. Marks and slug are in registration colour (/Separation /All). Colours are
      RGB; --pdfx makes the file PDF/X-4 for a CMYK output intent. Dated today, or from --date, or
      from SOURCE_DATE_EPOCH (which makes the same input give the same bytes).
      """,
    examples: [
      (
        "wallpaper proof Samples/autumn-grid.json -o proof.pdf --devices iphone-8,iphone-16-pro",
        "Two pages with bleed and marks."
      ),
      (
        "wallpaper proof design.json -o proof.pdf --devices iphone --paper a4 --layout nup --pdfx",
        "Gang-up A4 sheets as PDF/X-4."
      ),
    ])

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(
      arguments, specs: Self.designOptions + Self.pdfOptions + Self.ownOptions, maxPositional: 1)
    if parsed.has("--help") {
      console.out(Self.help.text(width: console.columns))
      return
    }
    var options = ProofOptions()
    options.settings = try Self.settings(parsed.values)
    let file = parsed.positional.first
    options.devices = try Self.devices(parsed.values["--devices"], file: file, overrides: parsed.overrides)
    guard let output = parsed.values["--output"], !output.isEmpty else {
      throw .usage("--output: no output file given (use -o PATH ending in .pdf)")
    }
    guard FilePath(output).isStandardStream || FilePath(output).pathExtension.lowercased() == "pdf" else {
      throw .usage("--output: '\(output)' is not allowed (a proof is a PDF: a path ending in .pdf)")
    }
    try OutputOptions.checkOutputPath(output)
    try RunReport.checkStdout(output, json: parsed.has("--json"))
    let timer = PhaseTimer()
    options.softProofFolder = parsed.values["--soft-proof"]
    if let folder = options.softProofFolder { try Self.checkFolder(folder) }
    options.overrides = parsed.overrides
    options.author = parsed.values["--author"] ?? ProofOptions.defaultAuthor
    options.environment = environment
    let fontReport = FontReport(console: console, verbose: parsed.has("--verbose"))
    options.fontReport = fontReport
    let proof = try CLIError.mapping(Proof(designFile: file, options: options))
    if let note = PrintingConditionCheck.uncheckedNote(for: proof.intent) { console.err(note + "\n") }
    let files = try CLIError.mapping(proof.write(to: output, timer: timer))
    fontReport.flush()

    var report = RunReport(command: "proof")
    for file in files {
      var entry = RunReport.File(path: file.path, format: file.kind == .pdf ? "pdf" : "png", bytes: file.bytes)
      if file.kind == .pdf {
        entry.devices = options.devices.map(\.id)
        if options.settings.arrangement == .single { entry.pages = options.devices.count }
      }
      report.files.append(entry)
    }
    if parsed.has("--json") {
      report.record(timer)
      console.out(report.json)
    }
  }

  /// A folder for soft proofs: absent (it is created) or a directory, not a file.
  static func checkFolder(_ path: String) throws(CLIError) {
    let kind = FileKind(at: FilePath(path))
    guard !path.isEmpty, kind == .missing || kind == .folder else {
      throw .usage("--soft-proof: '\(path)' is not allowed (a folder, created if missing; not a file)")
    }
  }

  /// Bleed, marks and paper from the flags, each checked.
  static func settings(_ values: [String: String]) throws(CLIError) -> ProofSettings {
    var settings = ProofSettings()
    if let text = values["--bleed"] {
      guard let length = Length(parsing: text), ProofSettings.allows(bleed: length) else {
        throw .usage("--bleed: '\(text)' is not allowed (\(lengthAllowed))")
      }
      settings.bleed = length
    }
    if let text = values["--marks"] {
      settings.marks = try marks(text)
    }
    if let text = values["--layout"] {
      guard let arrangement = SheetArrangement(rawValue: text.lowercased()) else {
        throw .usage("--layout: '\(text)' is not allowed (\(layoutAllowed))")
      }
      settings.arrangement = arrangement
    }
    if let text = values["--paper"] {
      guard let paper = Paper(rawValue: text.lowercased()) else {
        let hint = closest(to: text, in: Paper.allCases.map(\.rawValue)).first.map { "; did you mean '\($0)'?" } ?? ""
        throw .usage("--paper: '\(text)' is not allowed (\(paperAllowed))\(hint)")
      }
      settings.paper = paper
    }
    return settings
  }

  /// `none`, or mark names separated by commas.
  static func marks(_ text: String) throws(CLIError) -> ProofMarks {
    let tokens = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingSpaces().lowercased() }
    if tokens == ["none"] { return [] }
    var marks: ProofMarks = []
    for token in tokens {
      guard let mark = ProofMarks.names.first(where: { $0.name == token })?.mark else {
        let names = ProofMarks.names.map(\.name)
        let hint = token.isEmpty ? "" : closest(to: token, in: names).first.map { "; did you mean '\($0)'?" } ?? ""
        let shown = token == "none" || token.isEmpty ? text : token
        throw .usage("--marks: '\(shown)' is not allowed (\(marksAllowed))\(hint)")
      }
      marks.insert(mark)
    }
    return marks
  }

  /// The devices to proof, in the order given, each once. `all`, `iphone` and `ipad` give the
  /// first model of every screen class (a wallpaper is the same image for every model of a
  /// class, and the slug lists them all). Without the flag: the design's own device.
  static func devices(_ text: String?, file: String?, overrides: [DesignOverride]) throws(CLIError) -> [Device] {
    guard let text else {
      do {
        return [
          try DesignLoader.load(file: file, overrides: overrides, outputFields: OutputFields.fields).design.device
        ]
      } catch {
        if error.field == "device", error.origin == nil {
          throw .usage("--devices: no devices given (\(DeviceSelection.allowed); or a \"device\" field in the design)")
        }
        throw .usage(error.description)
      }
    }
    return try DeviceSelection.parse(text, groups: .firstOfEachClass)
  }
}
