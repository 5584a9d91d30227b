import CairoRendering
import FilePaths
import Foundation
import SceneGraph
import Synchronization
import Wallpapers

/// `wallpaper export`: one design for many devices, scales and formats, with a manifest, an
/// optional Xcode asset catalog and a contact sheet.
struct ExportCommand {
  let console: WallpaperTool.Console
  let environment: [String: String]

  static let ownOptions: [OptionSpec] = [
    OptionSpec(
      names: ["--out"], valueName: "DIR", help: "The folder to write into (created if missing).", field: nil,
      values: .folder),
    OptionSpec(
      names: ["--devices"], valueName: "LIST", help: "all (default), iphone, ipad, or device ids separated by commas.",
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
      help: "Fail (exit 2, nothing written) instead of skipping a device the design cannot be made for.", field: nil),
    OptionSpec(
      names: ["--asset-catalog"], valueName: nil,
      help: "Also write <Design>.xcassets with an image set per screen class.", field: nil),
    OptionSpec(
      names: ["--jobs"], valueName: "N",
      help: "Files rendered at once, each on its own thread (default: the number of cores; at most 256).", field: nil),
    OptionSpec(
      names: ["--shard"], valueName: "I/N|auto",
      help:
        "Render only part I of N (1-based; balanced by pixels, deterministic) and write manifest.shard-I-of-N.json; auto reads JOB_COMPLETION_INDEX with --shard-count, or SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT. Merge the parts with 'wallpaper manifest merge'.",
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
    OptionSpec(names: ["--quiet"], valueName: nil, help: "No progress, skip or summary lines.", field: nil),
    RunReport.option,
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "", field: nil),
  ]

  /// The design options of `render` that make sense for many devices at once.
  static var designOptions: [OptionSpec] {
    RenderCommand.designOptions.filter { !["--device", "--scale", "--format", "--output"].contains($0.name) }
  }

  static var help: HelpPage {
    HelpPage(
      overview:
        "Render one design, or a catalogue of them, for every chosen device, scale and format, in parallel; optionally one shard of it, or only what changed.",
      usage:
        "wallpaper export DESIGN.json|FOLDER… --out DIR [--shard I/N|auto [--shard-count N]] [--incremental] [--devices all|iphone|ipad|ID,ID,…] [--formats png,svg,pdf] [--scales native|1,2,3] [--contact-sheet plain|preview] [--strict] [--asset-catalog] [--jobs N] [--quiet] [--json]",
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
        DIR/contact-sheet.png and .pdf. Models sharing a screen class are rendered once.
        A device the design cannot be made for (the home grid on an iPad, a square grid that does not fit)
        is skipped with one line on stderr saying why and counted in the summary; --strict makes it an error.
        Several designs or a folder make a catalogue: DIR/<design>/… per design (its files, previews,
        gallery, contact sheet and asset catalog) and one DIR/manifest.json for the run.
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
        ("wallpaper export design.json --out export --formats png --scales 2,3 --quiet", "Only PNGs at 2x and 3x."),
        (
          "wallpaper export design.json --out export --json > result.json",
          "A JSON document of every file written and every device skipped."
        ),
      ])
  }

  /// Everything an export is made of, from its arguments; `manifest merge` rebuilds it from
  /// the arguments a shard recorded, so both see the same plans and the same work list.
  struct Setup {
    let plans: [ExportPlan]
    /// Several designs (or a folder of them): each in its own sub-folder.
    let catalogue: Bool
    let assetCatalog: Bool
    let previewSheet: Bool
    let jobs: Int
    let font: String
    /// For `SOURCE_DATE_EPOCH` (the PDF date).
    let environment: [String: String]

    /// Every file to render, design by design, in plan order.
    var work: [ExportPlan.Job] { plans.flatMap(\.jobs) }
  }

  /// The options that do not change any file's bytes: left out of the arguments a shard
  /// records, so every shard of one export records the same, wherever its output folder is
  /// mounted (`manifest merge` writes into the folder of its `-o`).
  static let runOnlyOptions = ["--out", "--shard", "--shard-count", "--incremental", "--quiet", "--jobs", "--json"]

  /// The design files named by `positional`: files as given, folders as their `*.json` files
  /// in name order (not recursive). Several files or any folder make a catalogue.
  static func designFiles(_ positional: [String]) throws(CLIError) -> (files: [String], catalogue: Bool) {
    var files: [String] = []
    var catalogue = positional.count > 1
    for argument in positional {
      guard FileKind(at: FilePath(argument)) == .folder else {
        files.append(argument)
        continue
      }
      catalogue = true
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).filter {
        FilePath($0).pathExtension == "json" && !$0.hasPrefix(".")
          && FileKind(at: FilePath(argument).appending($0)) != .folder
      }.sorted()
      guard !names.isEmpty else { throw .usage("'\(argument)': a folder with no design (*.json) files") }
      files += names.map { FilePath(argument).appending($0).string }
    }
    return (files, catalogue)
  }

  static func setup(_ parsed: ParsedArguments, environment: [String: String]) throws(CLIError) -> Setup {
    guard !parsed.positional.isEmpty else {
      throw .usage("no design file given (wallpaper export DESIGN.json… --out DIR)")
    }
    let devices = try DeviceSelection.parse(parsed.values["--devices"] ?? "all", groups: .everyModel)
    let formats = try ExportPlan.formats(parsed.values["--formats"] ?? "png,svg,pdf")
    let scales = try ExportPlan.scales(parsed.values["--scales"] ?? "native")
    let sheetKind = parsed.values["--contact-sheet"] ?? "plain"
    guard ["plain", "preview"].contains(sheetKind) else {
      throw .usage("--contact-sheet: '\(sheetKind)' is not allowed (plain, preview)")
    }
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    if let text = parsed.values["--jobs"] {
      guard let value = Int(text), (1...256).contains(value) else {
        throw .usage("--jobs: '\(text)' is not allowed (a whole number from 1 to 256)")
      }
      jobs = value
    }
    let (files, catalogue) = try designFiles(parsed.positional)
    var plans: [ExportPlan] = []
    for file in files {
      do throws(CLIError) {
        let plan = try ExportPlan(
          designFile: file, overrides: parsed.overrides, devices: devices, formats: formats, scales: scales,
          environment: environment, previews: true, strict: parsed.has("--strict"), subfolder: catalogue)
        if let other = plans.first(where: { $0.name == plan.name }) {
          throw CLIError.usage(
            "'\(file)': the design name '\(plan.name)' is also the name of '\(other.designFile)' (each design in a catalogue needs its own name: it is its folder)"
          )
        }
        plans.append(plan)
      } catch {
        throw catalogue ? .usage("'\(file)': \(error.description)") : error
      }
    }
    let font = try FontLocator.bundledFontPath(environment: environment)
    return Setup(
      plans: plans, catalogue: catalogue, assetCatalog: parsed.has("--asset-catalog"),
      previewSheet: sheetKind == "preview", jobs: jobs, font: font,
      environment: environment)
  }

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(arguments, specs: Self.ownOptions + Self.designOptions, maxPositional: .max)
    if parsed.has("--help") {
      console.out(Self.help.text)
      return
    }
    guard let folder = parsed.values["--out"], !folder.isEmpty else { throw .usage("--out: no output folder given") }
    if FileKind(at: FilePath(folder)) != .folder, FileKind(at: FilePath(folder)) != .missing {
      throw .usage("--out: '\(folder)' is a file (allowed: a folder, created if missing)")
    }
    var shard: Shard?
    if let text = parsed.values["--shard"] {
      shard = try Shard.parse(text, count: parsed.values["--shard-count"], environment: environment)
    } else if let count = parsed.values["--shard-count"] {
      throw .usage("--shard-count: '\(count)' is only allowed with --shard auto")
    }
    let timer = PhaseTimer()
    let setup = try Self.setup(parsed, environment: environment)
    let quiet = parsed.has("--quiet")
    if !quiet {
      // Every job of a design shares the label's text and font: its fallback fonts are named once.
      for plan in setup.plans {
        guard let first = plan.jobs.first else { continue }
        _ = try DesignRendering.scene(
          of: first.design, defaultFont: setup.font, fontReport: FontReport(console: console, verbose: false))
      }
    }
    if !quiet {
      for plan in setup.plans {
        for skip in plan.skipped {
          console.err(
            "skipped \(skip.models.map(\.id).joined(separator: ", ")) (screen class \(skip.screen.id))\(setup.catalogue ? " of \(plan.name)" : ""): \(skip.reason)\n"
          )
        }
      }
    }
    var work = setup.work
    var pixels = 0.0
    if let shard {
      let parts = Shard.assign(costs: work.map(\.cost), count: shard.count)
      work = work.indices.filter { parts[$0] == shard.index - 1 }.map { work[$0] }
      pixels = work.reduce(0) { $0 + $1.cost }
    }
    var previous: [String: Exporter.Entry]?
    if parsed.has("--incremental") {
      previous = [:]
      for name in ["manifest.json"] + (shard.map { [$0.manifestName] } ?? []) {
        for entry in (try? ManifestFile.read(FilePath(folder).appending(name).string).entries) ?? [] {
          previous![entry.path] = entry
        }
      }
    }
    let style: ExportProgress.Style = quiet ? .quiet : (console.isTerminal ? .bar : .lines)
    var exporter = Exporter(
      work: work, folder: folder, assetCatalog: setup.assetCatalog, jobs: setup.jobs, font: setup.font,
      progress: ExportProgress(style: style, total: work.count, console: console))
    exporter.previous = previous
    timer.lap("plan")
    var (entries, failures, rendered, skippedFiles) = exporter.run()
    timer.lap("render")

    if let shard {
      let header = ManifestFile.ShardHeader(
        index: shard.index, count: shard.count, pixels: Int(pixels.rounded()),
        arguments: Self.recordedArguments(arguments))
      do {
        try AtomicFile.write(
          Self.manifest(setup: setup, entries: entries, shard: header),
          to: FilePath(folder).appending(shard.manifestName).string)
      } catch {
        failures.append(Exporter.Failure(path: shard.manifestName, reason: error.description))
      }
    } else {
      Self.finish(
        setup: setup, entries: &entries, failures: &failures, folder: folder, manifest: "manifest.json",
        previous: previous)
    }

    timer.lap("sheets+manifest")
    if parsed.has("--json") {
      console.out(
        Self.report(
          setup: setup, folder: folder, entries: entries, failures: failures, rendered: rendered,
          unchanged: skippedFiles, timer: timer
        ).json)
    }

    let skippedModels = setup.plans.reduce(0) { $0 + $1.skipped.reduce(0) { $0 + $1.models.count } }
    let skippedText = skippedModels == 0 ? "" : "; \(skippedModels) device\(skippedModels == 1 ? "" : "s") skipped"
    let incremental = parsed.has("--incremental") && !quiet ? "\(rendered) rendered, \(skippedFiles) skipped\n" : ""
    if !failures.isEmpty {
      console.err(incremental)
      for failure in failures {
        console.err("error: " + "\(failure.path): \(failure.reason)".escapingControlCharacters + "\n")
      }
      throw .failure(
        "\(failures.count) of \(failures.count + entries.count) files failed\(skippedText); the others were written to \(folder)"
      )
    }
    if !quiet {
      if let shard {
        console.err(
          "shard \(shard.index)/\(shard.count): \(entries.count) files (\(formatNumber(pixels.rounded())) pixels) to \(folder)/\(shard.manifestName); run 'wallpaper manifest merge' when every shard is done\n"
        )
      } else if setup.catalogue {
        console.err(
          "exported \(entries.count) files for \(setup.plans.count) designs to \(folder)\(skippedText)\n")
      } else {
        let plan = setup.plans[0]
        let models = plan.designs.reduce(0) { total, entry in
          total + (plan.jobs.first { $0.screen.id == entry.screen.id }?.models.count ?? 0)
        }
        console.err(
          "exported \(entries.count) files for \(models) device\(models == 1 ? "" : "s") in \(plan.designs.count) screen classes to \(folder)\(skippedText)\n"
        )
      }
    }
    console.err(incremental)
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

  /// Writes the files that describe an export once every file is rendered — per design the
  /// asset catalog's `Contents.json`, the contact sheet and the gallery — then the manifest
  /// at `manifest` (relative to `folder`). Used by an unsharded export and by `manifest merge`.
  static func finish(
    setup: Setup, entries: inout [Exporter.Entry], failures: inout [Exporter.Failure], folder: String,
    manifest: String, previous: [String: Exporter.Entry]? = nil
  ) {
    func write(_ bytes: [UInt8], _ path: String, format: String, key: String? = nil) {
      do {
        try AtomicFile.write(bytes, to: FilePath(folder).appending(path).string)
        entries.append(
          Exporter.Entry(path: path, format: format, bytes: bytes.count, sha256: SHA256.hex(bytes), key: key))
      } catch {
        failures.append(Exporter.Failure(path: path, reason: error.description))
      }
    }
    let sheetFormats: [OutputFormat] = [.png, .pdf]
    let sheets = contactSheets(setup: setup, formats: sheetFormats, previous: previous, folder: folder)
    for (planIndex, plan) in setup.plans.enumerated() {
      let prefix = plan.prefix
      if setup.assetCatalog {
        write(
          AssetCatalog.catalogContents(), prefix + AssetCatalog.folderName(design: plan.name) + "/Contents.json",
          format: "json")
        for (screen, _) in plan.designs {
          let folderPath = prefix + AssetCatalog.imageSetFolder(design: plan.name, screen: screen)
          let images = entries.filter { $0.path.hasPrefix(folderPath + "/") && $0.format == "png" }.map {
            (filename: FilePath($0.path).lastComponent, scale: $0.scale ?? 1, idiom: screen.family)
          }
          guard !images.isEmpty else { continue }
          write(AssetCatalog.imageSetContents(images: images), folderPath + "/Contents.json", format: "json")
        }
      }
      do {
        for (offset, format) in sheetFormats.enumerated() {
          let sheet = try sheets[planIndex * sheetFormats.count + offset].get()
          let path = prefix + "contact-sheet.\(format.rawValue)"
          switch sheet.made {
          case .kept(let old): entries.append(old)
          case .rendered(let bytes): write(bytes, path, format: format.rawValue, key: sheet.key)
          }
        }
      } catch {
        failures.append(Exporter.Failure(path: prefix + "contact-sheet", reason: error.description))
      }
      let own = entries.filter { $0.path.hasPrefix(prefix) }.map { entry in
        var entry = entry
        entry.path = String(entry.path.dropFirst(prefix.count))
        return entry
      }
      write(
        Gallery.html(
          design: plan.name, entries: own, skipped: plan.skipped,
          manifest: String(repeating: "../", count: FilePath(prefix).components.count) + manifest),
        prefix + Gallery.fileName, format: "html")
    }
    // The manifest lists every file but itself; its own entry is for the run's report.
    write(Self.manifest(setup: setup, entries: entries), manifest, format: "json")
  }

  /// One contact sheet: its key (the keys of its design's files, its kind and format, the PDF
  /// info and the tool's version) and its bytes, or the previous run's entry when that has
  /// the same key and its file is intact.
  private struct Sheet: Sendable {
    enum Made: Sendable {
      case rendered([UInt8])
      case kept(Exporter.Entry)
    }
    let key: String
    let made: Made
  }

  /// Every design's contact sheet in each of `formats`, design by design: all independent, so
  /// rendered `setup.jobs` at a time (a merge of a large catalogue renders thousands); a sheet
  /// whose key and file match `previous` is not rendered again.
  private static func contactSheets(
    setup: Setup, formats: [OutputFormat], previous: [String: Exporter.Entry]?, folder: String
  ) -> [Result<Sheet, CLIError>] {
    let tasks = setup.plans.indices.flatMap { plan in formats.map { (plan, $0) } }
    let next = Mutex(0)
    let results = Mutex<[Int: Result<Sheet, CLIError>]>([:])
    Workers.run(max(1, min(setup.jobs, tasks.count))) { _ in
      while true {
        let index = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < tasks.count else { return }
        let (planIndex, format) = tasks[index]
        let plan = setup.plans[planIndex]
        let result = Result { () throws(CLIError) -> Sheet in
          let info = try OutputOptions.documentInfo(for: plan.designs[0].design, environment: setup.environment)
          let output = Output(format: format, scale: 1, pdf: PDFOptions(info: info))
          let key = SHA256.hex(
            Array(
              (plan.jobs.map(\.key) + ["\(setup.previewSheet)", "\(output)", WallpaperTool.version]).joined(
                separator: "\u{0}"
              ).utf8))
          let path = plan.prefix + "contact-sheet.\(format.rawValue)"
          if let old = previous?[path], old.key == key, Exporter.intact(old, in: folder) {
            return Sheet(key: key, made: .kept(old))
          }
          let sheet = try contactSheet(plan: plan, font: setup.font, previews: setup.previewSheet)
          return Sheet(key: key, made: .rendered(try DesignRendering.render(sheet, as: output)))
        }
        results.withLock { $0[index] = result }
      }
    }
    let collected = results.withLock { $0 }
    return tasks.indices.map { collected[$0]! }
  }

  /// The sheet of every file's thumbnail; with `previews`, each wallpaper that has a lock
  /// preview is shown with the lock-screen mock over it. Preview files themselves are left out.
  private static func contactSheet(plan: ExportPlan, font: String, previews: Bool) throws(CLIError) -> SceneGraph.Scene
  {
    var items: [ContactSheet.Item] = []
    for job in plan.jobs where job.preview == nil {
      let mock = previews && job.design.layoutZones != nil ? PreviewScreen.lock : nil
      let scene = try DesignRendering.scene(of: job.design, defaultFont: font, preview: mock)
      let size: String
      if let scale = job.scale, let pixels = try? RenderLimits.pixelSize(of: scene.size, scale: scale) {
        size = "PNG @\(formatNumber(scale))x · \(pixels) px"
      } else {
        size =
          "\(job.format.rawValue.uppercased()) · \(formatNumber(scene.size.width))×\(formatNumber(scene.size.height)) pt"
      }
      items.append(
        ContactSheet.Item(scene: scene, title: job.screen.id + (mock == nil ? "" : " · lock preview"), detail: size))
    }
    do {
      return try ContactSheet.scene(items, font: font)
    } catch {
      throw .failure("contact sheet: \(error.description)")
    }
  }

  /// The `--json` document: every file written (paths as opened from the working directory),
  /// the devices skipped and why, failures, how many files were rendered and how many were
  /// left as they were (`--incremental`), and timings.
  static func report(
    setup: Setup, folder: String, entries: [Exporter.Entry], failures: [Exporter.Failure], rendered: Int,
    unchanged: Int, timer: PhaseTimer
  ) -> RunReport {
    var report = RunReport(command: "export")
    report.files = entries.map { entry in
      var file = RunReport.File(
        path: FilePath(folder).appending(entry.path).string, format: entry.format, bytes: entry.bytes,
        sha256: entry.sha256)
      file.points = entry.screen?.points
      file.pixels = entry.pixels
      file.scale = entry.scale
      file.devices = entry.models
      return file
    }
    report.skippedDevices = setup.plans.flatMap { plan in
      plan.skipped.flatMap { skip in skip.models.map { RunReport.Skip(what: $0.id, reason: skip.reason) } }
    }
    report.failures = failures.map {
      RunReport.Skip(what: FilePath(folder).appending($0.path).string, reason: $0.reason)
    }
    report.counts = (rendered, unchanged)
    report.record(timer)
    return report
  }

  /// The manifest: every file written, sorted by path, without timestamps, and the models
  /// skipped with the reason; with `shard`, a shard's partial manifest with the same entries
  /// and its part of the work. The one place a manifest is serialised, so a merge of shards
  /// and a single run write the same bytes.
  static func manifest(setup: Setup, entries: [Exporter.Entry], shard: ManifestFile.ShardHeader? = nil) -> [UInt8] {
    let files: [[String: Any]] = entries.sorted { $0.path < $1.path }.map { entry in
      // In a catalogue each design's files are in the folder named after it.
      let design = setup.catalogue ? String(entry.path.prefix { $0 != "/" }) : setup.plans[0].name
      var object: [String: Any] = [
        "path": entry.path, "design": design, "format": entry.format,
        "bytes": entry.bytes, "sha256": entry.sha256,
      ]
      if let screen = entry.screen {
        object["screenClass"] = screen.id
        object["models"] = entry.models
        object["points"] = ["width": screen.points.width, "height": screen.points.height]
      }
      if let scale = entry.scale { object["scale"] = scale }
      if let preview = entry.preview { object["preview"] = preview.rawValue }
      if let pixels = entry.pixels { object["pixels"] = ["width": pixels.width, "height": pixels.height] }
      if let key = entry.key { object["key"] = key }
      return object
    }
    let skips: [[String: Any]] = setup.plans.flatMap { plan in
      plan.skipped.flatMap { skip in
        skip.models.map {
          ["device": $0.id, "screenClass": skip.screen.id, "reason": skip.reason, "design": plan.name]
        }
      }
    }
    var object: [String: Any] = ["files": files, "skipped": skips]
    if setup.catalogue {
      object["designs"] = setup.plans.map(\.name)
    } else {
      object["design"] = setup.plans[0].name
    }
    if let shard {
      object["shard"] = [
        "index": shard.index, "count": shard.count, "pixels": shard.pixels, "arguments": shard.arguments,
      ]
    }
    return AssetCatalog.json(object)
  }
}
