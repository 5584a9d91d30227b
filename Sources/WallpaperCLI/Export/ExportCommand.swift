import CairoRendering
import DesignFiles
import Platform
import SceneGraph
import WallpaperExport
import Wallpapers

/// `wallpaper export`: one design for many devices, scales and formats, with a manifest, an
/// optional Xcode asset catalog and a contact sheet. The flags become `ExportOptions`; the
/// work is `Export` (WallpaperExport); this prints its progress, summary and `--json` report.
struct ExportCommand {
  let console: WallpaperTool.Console
  let environment: Environment

  static let ownOptions: [OptionSpec] = [
    OptionSpec(
      names: ["--out"], valueName: "DIR", help: "The folder to write into (created if missing).", field: nil,
      values: .folder),
    OptionSpec(
      names: ["--devices"], valueName: "LIST",
      help:
        "all (default), iphone, ipad, current (what iOS 26 and iPadOS 26 support), since:YEAR (released in YEAR or later), or device ids, separated by commas.",
      field: nil, values: .array(.device)),
    OptionSpec(
      names: ["--formats"], valueName: "LIST", help: "Any of png,svg,pdf (default: all three).", field: nil,
      values: .array(FieldSpec.choice(OutputFormat.self))),
    OptionSpec(
      names: ["--scales"], valueName: "LIST",
      help:
        "PNG scales: native (default: each class at the scale its devices use, iPhones 2x or 3x, iPads 2x) or a list like 2,3.",
      field: nil),
    OptionSpec(
      names: ["--contact-sheet"], valueName: "KIND",
      help: "plain (default: the wallpapers) or preview (each portrait class with the lock-screen mock over it).",
      field: nil, values: .choice(["plain", "preview"])),
    OptionSpec(
      names: ["--strict"], valueName: nil,
      help:
        "Fail (exit 2, nothing written) instead of skipping a device the design cannot be made for, or a design of a catalogue that cannot be made at all.",
      field: nil),
    OptionSpec(
      names: ["--asset-catalog"], valueName: nil,
      help:
        "Write the PNGs into an Xcode asset catalog, DESIGN.xcassets (one image set per screen class; each PNG stored once), with WallpaperAssets.swift beside it.",
      field: nil),
    OptionSpec(
      names: ["--catalog-name"], valueName: "NAME",
      help: "With --asset-catalog: the catalog's name (.xcassets added when missing; default: the design's name).",
      field: nil),
    OptionSpec(
      names: ["--jobs"], valueName: "N",
      help: "Files rendered at once, each on its own thread (default: the number of cores; at most 256).", field: nil),
    OptionSpec(
      names: ["--shard"], valueName: "I/N|auto",
      help:
        "Render only part I of N (1-based; balanced by measured CPU cost per format and compression, deterministic) and write manifest.shard-I-of-N.json; auto reads JOB_COMPLETION_INDEX with --shard-count, or SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT. Merge the parts with 'wallpaper manifest merge'.",
      field: nil),
    OptionSpec(
      names: ["--shard-count"], valueName: "N",
      help: "With --shard auto and JOB_COMPLETION_INDEX: the number of parts.",
      field: nil),
    OptionSpec(
      names: ["--incremental"], valueName: nil,
      help:
        "Skip files whose manifest entry has the same inputs (design, font and image bytes, device, scale, format, version) and whose file still has its hash; ends with 'N rendered, M skipped'.",
      field: nil),
    OptionSpec(
      names: ["--dry-run"], valueName: nil,
      help:
        "Plan only: print the path of every file this run (or this --shard part) would render, one a line on stdout, and write nothing.",
      field: nil),
    OptionSpec(names: ["--quiet"], valueName: nil, help: "No progress, skip or summary lines.", field: nil),
    OptionSpec(
      names: ["--verbose"], valueName: nil,
      help: "Also print one line per skipped screen class: its devices and the whole reason.", field: nil),
    RunReport.option,
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "", field: nil),
  ]

  /// The design options of `render` that make sense for many devices at once (not
  /// `--svg-font-file`, which writes beside one SVG: `render` only).
  static var designOptions: [OptionSpec] {
    RenderCommand.designOptions.filter {
      !["--device", "--scale", "--format", "--output", "--svg-font-file"].contains($0.name)
    }
  }

  static var help: HelpPage {
    HelpPage(
      overview:
        "Render one design, or a catalogue of them, for every chosen device, scale and format, in parallel; optionally one shard of it, or only what changed.",
      usage:
        "wallpaper export [DESIGN.json|FOLDER…] --out DIR [--shard I/N|auto [--shard-count N]] [--incremental] [--devices all|iphone|ipad|current|since:YEAR|ID,ID,…] [--formats png,svg,pdf] [--scales native|1,2,3] [--contact-sheet plain|preview] [--strict] [--asset-catalog [--catalog-name NAME]] [--jobs N] [--dry-run] [--quiet] [--verbose] [--json]",
      arguments: [
        (
          "DESIGN.json|FOLDER…",
          "The design, or several, or folders of them (their *.json files); flags override every design's fields as in `wallpaper render`."
        )
      ],
      options: Array(ownOptions.dropLast()) + designOptions,
      footer: """
        Files: DIR/<design>-<class>@2x.png per scale, DIR/<design>-<class>.svg and .pdf per screen class
        (classes are WxH in points, e.g. 402x874; 414x896-2x and -3x tell the two 414x896 classes apart),
        DIR/previews/<design>-<class>-lock.png and -home.png (1x, a labelled mock of the screen over the
        wallpaper, portrait only), DIR/manifest.json (every file with models, size, bytes, SHA-256,
        and the skipped devices), DIR/index.html (a gallery of every file; no script, no network),
        DIR/contact-sheet.png and .pdf (one tile per screen class). Models sharing a screen class are rendered once.
        A device the design cannot be made for (the home grid on an iPad, a square grid that does not fit)
        is skipped: one line on stderr per cause ("skipped 15 iPads in 9 screen classes: …"), the devices and
        whole reasons with --verbose and --json, and counted in the summary; --strict makes it an error.
        Several designs or a folder make a catalogue: DIR/<design>/… per design (its files, previews,
        gallery, contact sheet and asset catalog) and one DIR/manifest.json for the run. A design of a
        catalogue that fails to load or fits none of the devices is not exported: one line on stderr,
        an entry {design, reason} in the manifest's "failures" (and in --json), the other designs are
        written and the run exits 1 (each shard and the merge alike); with --strict it stops the whole
        catalogue (exit 2, nothing written). A single design that cannot be made is exit 2.
        With --shard only that part's files and DIR/manifest.shard-I-of-N.json are written; contact
        sheets, galleries, asset catalog Contents.json and manifest.json are written by
        'wallpaper manifest merge', which gives the bytes a single run gives.
        Files are replaced atomically; nothing else in DIR is touched. One failing file does not stop the
        others; the run then exits 1 naming each failure.
        """,
      examples: [
        (
          "wallpaper export Samples/autumn-grid.json --out export --devices iphone --asset-catalog",
          "Every iPhone, with an Xcode asset catalog."
        ),
        (
          "wallpaper export Samples/autumn-grid.json --out export --devices current",
          "Only the devices iOS 26 and iPadOS 26 support (iPhone 11 and SE 2 and later)."
        ),
        ("wallpaper export design.json --out export --formats png --scales 2,3 --quiet", "Only PNGs at 2x and 3x."),
        (
          "wallpaper export design.json --out export --json > result.json",
          "A JSON document of every file written and every device skipped."
        ),
      ])
  }

  /// The options that do not change any file's bytes: left out of the arguments a shard
  /// records, so every shard of one export records the same, wherever its output folder is
  /// mounted (`manifest merge` writes into the folder of its `-o`).
  static let runOnlyOptions = [
    "--out", "--shard", "--shard-count", "--incremental", "--quiet", "--jobs", "--json", "--dry-run",
  ]

  /// The export the arguments describe: the design files and folders, with the flags as its
  /// options; `manifest merge` makes it again from the arguments a shard recorded, so both see
  /// the same plans and the same work list, with the `date` the shards recorded (nil: from
  /// `SOURCE_DATE_EPOCH` or the clock). With `shard`, only that part is planned.
  static func export(
    _ parsed: ParsedArguments, environment: Environment, date: ExportDate? = nil, shard: ExportShard? = nil
  ) throws(CLIError) -> Export {
    var options = ExportOptions()
    options.devices = try DeviceSelection.parse(parsed.values["--devices"] ?? "all", groups: .everyModel)
    options.formats = try formats(parsed.values["--formats"] ?? "png,svg,pdf")
    options.scales = try scales(parsed.values["--scales"] ?? "native")
    let sheetKind = parsed.values["--contact-sheet"] ?? ExportOptions.ContactSheet.plain.rawValue
    guard let sheet = ExportOptions.ContactSheet(rawValue: sheetKind) else {
      throw .usage(
        "--contact-sheet: '\(sheetKind)' is not allowed (\(ExportOptions.ContactSheet.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    options.contactSheet = sheet
    if let text = parsed.values["--jobs"] {
      guard let value = Int(text), (1...ExportOptions.maxJobs).contains(value) else {
        throw .usage("--jobs: '\(text)' is not allowed (a whole number from 1 to \(ExportOptions.maxJobs))")
      }
      options.jobs = value
    }
    options.overrides = parsed.overrides
    options.strict = parsed.has("--strict")
    options.assetCatalog = parsed.has("--asset-catalog")
    if let name = parsed.values["--catalog-name"] {
      guard options.assetCatalog else { throw .usage("--catalog-name: '\(name)' is only allowed with --asset-catalog") }
      guard ExportOptions.allows(catalogName: name) else {
        throw .usage(
          "--catalog-name: '\(name)' is not allowed (a folder name without '/' or control characters, like Wallpapers)")
      }
      options.catalogName = name
    }
    options.environment = environment
    options.date = date
    // No design file: the design the flags make, as `render` allows.
    if parsed.positional.isEmpty { return try CLIError.mapping(Export(overridesOnly: options, shard: shard)) }
    return try CLIError.mapping(Export(designs: parsed.positional, options: options, shard: shard))
  }

  /// `--formats`: a list of png, svg, pdf, each once, in `OutputFormat.allCases` order.
  static func formats(_ text: String) throws(CLIError) -> [OutputFormat] {
    var formats: [OutputFormat] = []
    for word in text.split(separator: ",") {
      guard let format = OutputFormat(rawValue: word.trimmingSpaces().lowercased()) else {
        throw .usage("--formats: '\(word)' is not allowed (a list of png, svg, pdf)")
      }
      if !formats.contains(format) { formats.append(format) }
    }
    guard !formats.isEmpty else { throw .usage("--formats: '\(text)' is not allowed (a list of png, svg, pdf)") }
    return OutputFormat.allCases.filter(formats.contains)
  }

  /// `--scales`: `native` (each class's own scale) or a list of scales; nil in the result
  /// means native.
  static func scales(_ text: String) throws(CLIError) -> [Double]? {
    if text == "native" { return nil }
    var scales: [Double] = []
    for word in text.split(separator: ",") {
      let trimmed = word.trimmingSpaces().lowercased()
      let number = parseDecimal(trimmed.hasSuffix("x") ? String(trimmed.dropLast()) : trimmed)
      guard let number, ExportOptions.allows(scale: number) else {
        throw .usage(
          "--scales: '\(word)' is not allowed (native, or numbers > 0 and ≤ \(formatNumber(RenderLimits.maxScale)) like 2,3)"
        )
      }
      if !scales.contains(number) { scales.append(number) }
    }
    guard !scales.isEmpty else { throw .usage("--scales: '\(text)' is not allowed (native, or a list like 2,3)") }
    return scales.sorted()
  }

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(arguments, specs: Self.ownOptions + Self.designOptions, maxPositional: .max)
    if parsed.has("--help") {
      console.out(Self.help.text(width: console.columns))
      return
    }
    guard let folder = parsed.values["--out"], !folder.isEmpty else { throw .usage("--out: no output folder given") }
    if FileKind(at: FilePath(folder)) != .folder, FileKind(at: FilePath(folder)) != .missing {
      throw .usage("--out: '\(folder)' is a file (allowed: a folder, created if missing)")
    }
    var shard: ExportShard?
    if let text = parsed.values["--shard"] {
      shard = try ShardOption.parse(
        text, count: parsed.values["--shard-count"], environment: environment,
        arguments: Self.recordedArguments(arguments))
    } else if let count = parsed.values["--shard-count"] {
      throw .usage("--shard-count: '\(count)' is only allowed with --shard auto")
    }
    let timer = PhaseTimer()
    let incremental = parsed.has("--incremental")
    // Run again (a requeued task, a re-export after a merge), the files are made with the date
    // the first run recorded, unless SOURCE_DATE_EPOCH names one.
    var date: ExportDate?
    if incremental, environment["SOURCE_DATE_EPOCH"] == nil {
      date = ExportDate.recorded(in: folder, shard: shard)
    }
    let export = try Self.export(parsed, environment: environment, date: date, shard: shard)
    if parsed.has("--dry-run") {
      guard !parsed.has("--json") else { throw .usage("--json: not allowed with --dry-run (which prints paths)") }
      for job in export.work(for: shard) { console.out(job.path + "\n") }
      if !export.failedDesigns.isEmpty {
        Self.reportFailedDesigns(export.failedDesigns, console: console)
        throw .failure(Self.failedDesignsSummary(export.failedDesigns, of: export) + "; nothing was written")
      }
      return
    }
    let quiet = parsed.has("--quiet")
    let fontReport = FontReport(console: console, verbose: false)
    if !quiet {
      // Every job of a design shares the label's text and font: its fallback fonts are named once.
      for plan in export.plans {
        guard let first = plan.jobs.first else { continue }
        _ = try CLIError.mapping(
          DesignRendering.scene(of: first.design, defaultFont: export.font, fontReport: fontReport))
      }
    }
    let style: ExportProgress.Style = quiet ? .quiet : (console.isTerminal ? .bar : .lines)
    if !quiet {
      let lines = ExportProgress.skipLines(
        of: export.plans, catalogue: export.isCatalogue, verbose: parsed.has("--verbose"))
      for line in lines { console.err(line + "\n") }
    }
    let progress = ExportProgress(style: style, console: console)
    let result = export.run(into: folder, shard: shard, incremental: incremental, observer: progress, timer: timer)
    fontReport.flush()

    if parsed.has("--json") {
      console.out(Self.report(export: export, folder: folder, result: result, timer: timer).json)
    }

    let skippedModels = export.plans.reduce(0) { $0 + $1.skipped.reduce(0) { $0 + $1.models.count } }
    let skippedText = skippedModels == 0 ? "" : "; \(skippedModels) device\(skippedModels == 1 ? "" : "s") skipped"
    let counts = incremental && !quiet ? "\(result.rendered) rendered, \(result.kept) skipped\n" : ""
    let files = result.files.count
    if !result.failures.isEmpty || !result.failedDesigns.isEmpty {
      console.err(counts)
      Self.reportFailedDesigns(result.failedDesigns, console: console)
      for failure in result.failures {
        console.err("error: " + "\(failure.path): \(failure.reason)".escapingControlCharacters + "\n")
      }
      var failed: [String] = []
      if !result.failedDesigns.isEmpty {
        failed.append(Self.failedDesignsSummary(result.failedDesigns, of: export))
      }
      if !result.failures.isEmpty {
        failed.append("\(result.failures.count) of \(result.failures.count + files) files failed")
      }
      throw .failure(
        failed.joined(separator: "; ") + "\(skippedText); the others were written to \(folder)")
    }
    if !quiet {
      if let shard {
        let pixels = (result.shardCost ?? 0).rounded()
        console.err(
          "shard \(shard.index)/\(shard.count): \(files) files (\(formatNumber(pixels)) pixels) to \(folder)/\(shard.manifestName); run 'wallpaper manifest merge' when every shard is done\n"
        )
      } else if export.isCatalogue {
        console.err("exported \(files) files for \(export.plans.count) designs to \(folder)\(skippedText)\n")
      } else {
        let plan = export.plans[0]
        let models = plan.designs.reduce(0) { total, entry in
          total + (plan.jobs.first { $0.screen.id == entry.screen.id }?.models.count ?? 0)
        }
        console.err(
          "exported \(files) files for \(models) device\(models == 1 ? "" : "s") in \(plan.designs.count) screen classes to \(folder)\(skippedText)\n"
        )
      }
    }
    console.err(counts)
  }

  /// One line on stderr per design of the catalogue that could not be made (`export`, each
  /// shard and `manifest merge` alike).
  static func reportFailedDesigns(_ failures: [DesignFailure], console: WallpaperTool.Console) {
    for failure in failures {
      console.err(
        "error: " + "design '\(failure.design)' not exported: \(failure.reason)".escapingControlCharacters + "\n")
    }
  }

  /// `1 of 3 designs could not be made (listed in the manifest's failures)`.
  static func failedDesignsSummary(_ failures: [DesignFailure], of export: Export) -> String {
    let total = failures.count + export.plans.count
    return
      "\(failures.count) of \(total) design\(total == 1 ? "" : "s") could not be made (listed in the manifest's failures)"
  }

  /// The arguments as a shard records them: without the options in `runOnlyOptions`.
  static func recordedArguments(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if let name = runOnlyOptions.first(where: { argument == $0 || argument.hasPrefix($0 + "=") }) {
        let takesValue = ownOptions.first { $0.name == name }?.valueName != nil
        if takesValue, argument == name { index += 1 }
        continue
      }
      kept.append(argument)
    }
    return kept
  }

  /// The `--json` document: every file written (paths as opened from the working directory),
  /// the devices skipped and why, failures, how many files were rendered and how many were
  /// left as they were (`--incremental`), and timings.
  static func report(export: Export, folder: String, result: ExportResult, timer: PhaseTimer) -> RunReport {
    var report = RunReport(command: "export")
    report.files = result.files.map { entry in
      var file = RunReport.File(
        path: FilePath(folder).appending(entry.path).string, format: entry.format, bytes: entry.bytes,
        sha256: entry.sha256)
      file.points = entry.screen?.points
      file.pixels = entry.pixels
      file.scale = entry.scale
      file.devices = entry.models
      return file
    }
    report.skippedDevices = export.plans.flatMap { plan in
      plan.skipped.flatMap { skip in skip.models.map { RunReport.Skip(what: $0.id, reason: skip.reason) } }
    }
    report.failures =
      result.failedDesigns.map { RunReport.Skip(what: $0.design, reason: $0.reason) }
      + result.failures.map {
        RunReport.Skip(what: FilePath(folder).appending($0.path).string, reason: $0.reason)
      }
    report.counts = (result.rendered, result.kept)
    report.record(timer)
    return report
  }
}
