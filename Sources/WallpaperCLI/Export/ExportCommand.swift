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
    OptionSpec(names: ["--out"], valueName: "DIR", help: "The folder to write into (created if missing).", field: nil),
    OptionSpec(
      names: ["--devices"], valueName: "LIST", help: "all (default), iphone, ipad, or device ids separated by commas.",
      field: nil),
    OptionSpec(names: ["--formats"], valueName: "LIST", help: "Any of png,svg,pdf (default: all three).", field: nil),
    OptionSpec(
      names: ["--scales"], valueName: "LIST",
      help:
        "PNG scales: native (default: each class at the scale its devices use, iPhones 2x or 3x, iPads 2x) or a list like 2,3.",
      field: nil),
    OptionSpec(
      names: ["--contact-sheet"], valueName: "KIND",
      help: "plain (default: the wallpapers) or preview (each iPhone class with the lock-screen mock over it).",
      field: nil),
    OptionSpec(
      names: ["--strict"], valueName: nil,
      help: "Fail (exit 2, nothing written) instead of skipping a device the design cannot be made for.", field: nil),
    OptionSpec(
      names: ["--asset-catalog"], valueName: nil,
      help: "Also write <Design>.xcassets with an image set per screen class.", field: nil),
    OptionSpec(
      names: ["--jobs"], valueName: "N",
      help: "Files rendered at once, each on its own thread (default: the number of cores; at most 256).", field: nil),
    OptionSpec(names: ["--quiet"], valueName: nil, help: "No progress, skip or summary lines.", field: nil),
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "", field: nil),
  ]

  /// The design options of `render` that make sense for many devices at once.
  static var designOptions: [OptionSpec] {
    RenderCommand.designOptions.filter { !["--device", "--scale", "--format", "--output"].contains($0.name) }
  }

  static var help: HelpPage {
    HelpPage(
      overview: "Render one design for every chosen device, scale and format, in parallel.",
      usage:
        "wallpaper export DESIGN.json --out DIR [--devices all|iphone|ipad|ID,ID,…] [--formats png,svg,pdf] [--scales native|1,2,3] [--contact-sheet plain|preview] [--strict] [--asset-catalog] [--jobs N] [--quiet]",
      arguments: [("DESIGN.json", "The design; flags override its fields as in `wallpaper render`.")],
      options: Array(ownOptions.dropLast()) + designOptions,
      footer: """
        Files: DIR/<design>-<class>@2x.png per scale, DIR/<design>-<class>.svg and .pdf per screen class
        (classes are WxH in points, e.g. 402x874; 414x896-2x and -3x tell the two 414x896 classes apart),
        DIR/previews/<design>-<class>-lock.png and -home.png (1x, a labelled mock of the screen over the
        wallpaper, iPhones in portrait), DIR/manifest.json (every file with models, size, bytes, SHA-256,
        and the skipped devices), DIR/index.html (a gallery of every file; no script, no network),
        DIR/contact-sheet.png and .pdf. Models sharing a screen class are rendered once.
        A device the design cannot be made for (the home grid on an iPad, a square grid that does not fit)
        is skipped with one line on stderr saying why and counted in the summary; --strict makes it an error.
        Files are replaced atomically; nothing else in DIR is touched. One failing file does not stop the
        others; the run then exits 1 naming each failure.
        """)
  }

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(arguments, specs: Self.ownOptions + Self.designOptions, maxPositional: 1)
    if parsed.has("--help") {
      console.out(Self.help.text)
      return
    }
    guard let designFile = parsed.positional.first else {
      throw .usage("no design file given (wallpaper export DESIGN.json --out DIR)")
    }
    guard let folder = parsed.values["--out"], !folder.isEmpty else { throw .usage("--out: no output folder given") }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw .usage("--out: '\(folder)' is a file (allowed: a folder, created if missing)")
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
    let plan = try ExportPlan(
      designFile: designFile, overrides: parsed.overrides, devices: devices, formats: formats, scales: scales,
      environment: environment, previews: true, strict: parsed.has("--strict"))
    let quiet = parsed.has("--quiet")
    if !quiet {
      for skip in plan.skipped {
        console.err(
          "skipped \(skip.models.map(\.id).joined(separator: ", ")) (screen class \(skip.screen.id)): \(skip.reason)\n")
      }
    }
    let font = try FontLocator.bundledFontPath(environment: environment)
    if !quiet, let first = plan.jobs.first {
      // Every job shares the label's text and font: its fallback fonts are named once.
      _ = try DesignRendering.scene(
        of: first.design, defaultFont: font, fontReport: FontReport(console: console, verbose: false))
    }
    let environment = self.environment
    let style: ExportProgress.Style = parsed.has("--quiet") ? .quiet : (console.isTerminal ? .bar : .lines)
    let exporter = Exporter(
      plan: plan, folder: folder, assetCatalog: parsed.has("--asset-catalog"), jobs: jobs, font: font,
      progress: ExportProgress(style: style, total: plan.jobs.count, console: console))
    var (entries, failures) = exporter.run()

    // Files that describe the export: asset catalog contents, contact sheet, manifest.
    func write(_ bytes: [UInt8], _ path: String, format: String) {
      do {
        try AtomicFile.write(bytes, to: folder + "/" + path)
        entries.append(Exporter.Entry(path: path, format: format, bytes: bytes.count, sha256: SHA256.hex(bytes)))
      } catch {
        failures.append(Exporter.Failure(path: path, reason: error.description))
      }
    }
    if parsed.has("--asset-catalog") {
      write(
        AssetCatalog.catalogContents(), AssetCatalog.folderName(design: plan.name) + "/Contents.json", format: "json")
      for (screen, _) in plan.designs {
        let folderPath = AssetCatalog.imageSetFolder(design: plan.name, screen: screen)
        let images = entries.filter { $0.path.hasPrefix(folderPath + "/") && $0.format == "png" }.map {
          (filename: FilePath($0.path).lastComponent, scale: $0.scale ?? 1, idiom: screen.family)
        }
        guard !images.isEmpty else { continue }
        write(AssetCatalog.imageSetContents(images: images), folderPath + "/Contents.json", format: "json")
      }
    }
    do {
      let sheet = try contactSheet(plan: plan, font: font, previews: sheetKind == "preview")
      let info = try OutputOptions.documentInfo(for: plan.designs[0].design, environment: environment)
      // The PNG and the PDF sheet are independent: render them at the same time.
      let formats: [OutputFormat] = [.png, .pdf]
      let sheets = Mutex<[OutputFormat: Result<[UInt8], CLIError>]>([:])
      let parallel = jobs > 1
      Workers.run(parallel ? formats.count : 1) { worker in
        for format in parallel ? [formats[worker]] : formats {
          let result = Result { () throws(CLIError) in
            try DesignRendering.render(sheet, as: Output(format: format, scale: 1, pdf: PDFOptions(info: info)))
          }
          sheets.withLock { $0[format] = result }
        }
      }
      for format in formats {
        write(try sheets.withLock { $0[format]! }.get(), "contact-sheet.\(format.rawValue)", format: format.rawValue)
      }
    } catch {
      failures.append(Exporter.Failure(path: "contact-sheet", reason: error.description))
    }
    write(Gallery.html(design: plan.name, entries: entries, skipped: plan.skipped), Gallery.fileName, format: "html")
    write(Self.manifest(design: plan.name, entries: entries, skipped: plan.skipped), "manifest.json", format: "json")

    let skippedModels = plan.skipped.reduce(0) { $0 + $1.models.count }
    let skippedText = skippedModels == 0 ? "" : "; \(skippedModels) device\(skippedModels == 1 ? "" : "s") skipped"
    if !failures.isEmpty {
      for failure in failures {
        console.err("error: " + "\(failure.path): \(failure.reason)".escapingControlCharacters + "\n")
      }
      throw .failure(
        "\(failures.count) of \(failures.count + entries.count) files failed\(skippedText); the others were written to \(folder)"
      )
    }
    if !quiet {
      let models = plan.designs.reduce(0) { total, entry in
        total + (plan.jobs.first { $0.screen.id == entry.screen.id }?.models.count ?? 0)
      }
      console.err(
        "exported \(entries.count) files for \(models) device\(models == 1 ? "" : "s") in \(plan.designs.count) screen classes to \(folder)\(skippedText)\n"
      )
    }
  }

  /// The sheet of every file's thumbnail; with `previews`, each wallpaper that has a lock
  /// preview is shown with the lock-screen mock over it. Preview files themselves are left out.
  private func contactSheet(plan: ExportPlan, font: String, previews: Bool) throws(CLIError) -> SceneGraph.Scene {
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

  /// The manifest: every file written, sorted by path, without timestamps, and the models
  /// skipped with the reason.
  static func manifest(design: String, entries: [Exporter.Entry], skipped: [ExportPlan.Skip] = []) -> [UInt8] {
    let files: [[String: Any]] = entries.sorted { $0.path < $1.path }.map { entry in
      var object: [String: Any] = [
        "path": entry.path, "design": design, "format": entry.format, "bytes": entry.bytes, "sha256": entry.sha256,
      ]
      if let screen = entry.screen {
        object["screenClass"] = screen.id
        object["models"] = entry.models
        object["points"] = ["width": screen.points.width, "height": screen.points.height]
      }
      if let scale = entry.scale { object["scale"] = scale }
      if let preview = entry.preview { object["preview"] = preview.rawValue }
      if let pixels = entry.pixels { object["pixels"] = ["width": pixels.width, "height": pixels.height] }
      return object
    }
    let skips: [[String: Any]] = skipped.flatMap { skip in
      skip.models.map { ["device": $0.id, "screenClass": skip.screen.id, "reason": skip.reason] }
    }
    return AssetCatalog.json(["design": design, "files": files, "skipped": skips])
  }
}
