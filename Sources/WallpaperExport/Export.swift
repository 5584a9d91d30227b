import CairoRendering
import DesignFiles
import Platform
import SceneGraph
import Wallpapers

/// One design, or a catalogue of them, exported for many devices, scales and formats: what
/// `wallpaper export` does, as a library. Making an `Export` loads every design once per
/// screen class and lists the files (nothing is written); `run(into:)` renders them in
/// parallel and writes them atomically, with a manifest, an `index.html` gallery, a contact
/// sheet and, if asked, an Xcode asset catalog.
///
/// ```swift
/// var options = ExportOptions()
/// options.devices = DeviceCatalog.devices.filter { $0.family == .iphone }
/// options.formats = [.png, .pdf]
/// let export = try Export(designs: ["Samples/autumn.json"], options: options)
/// let result = export.run(into: "export")
/// for failure in result.failures { print("\(failure.path): \(failure.reason)") }
/// print("\(result.files.count) files, listed in export/manifest.json")
/// ```
///
/// Files, relative to the output folder: `<design>-<class>@2x.png` per scale,
/// `<design>-<class>.svg` and `.pdf` per screen class (classes are `WxH` in points, such as
/// `402x874`), `previews/<design>-<class>-lock.png` and `-home.png`, `manifest.json`,
/// `index.html`, `contact-sheet.png` and `.pdf`, and `<Design>.xcassets/`. In a catalogue each
/// design's files are in a folder named after the design, with one `manifest.json` for all.
/// Nothing else in the folder is touched. The same designs and options give the same bytes.
public struct Export: Sendable {
  /// One plan per design file, in the order given.
  public let plans: [ExportPlan]
  /// The designs of a catalogue that cannot be made at all (they fail to load, or fit none
  /// of the devices), in the order given: they have no plan and no files, and the others are
  /// exported. Always empty for one design and with `options.strict`, which throw instead.
  public let failedDesigns: [DesignFailure]
  /// Several designs (or a folder of them): each design's files in a folder of its name.
  public let isCatalogue: Bool
  /// The options the export was made with.
  public let options: ExportOptions
  /// The part it was planned for (`init(designs:options:shard:)`), which `run` must be given;
  /// nil when every file is planned.
  public let shard: ExportShard?
  /// The font file of labels that name none (`options.font`, or the bundled font).
  public let font: String
  /// The date every file is made with (`options.date`, or from the environment and clock),
  /// recorded in a shard's partial manifest.
  public let date: ExportDate

  /// Every file to render, design by design, in plan order (in an export made for a shard,
  /// the plans hold only that part's files: `work(for:)`).
  public var work: [ExportPlan.Job] { plans.flatMap(\.jobs) }

  /// The files `shard` renders (all of `work` for nil), in plan order.
  public func work(for shard: ExportShard?) -> [ExportPlan.Job] {
    guard let shard else { return work }
    let all = work
    let parts = jobParts(count: shard.count)
    return all.indices.filter { parts[$0] == shard.index - 1 }.map { all[$0] }
  }

  /// Whether shards split the work by (design, screen class) unit (`ExportPlan.Unit`): when the
  /// designs given times the screen classes of the devices exceed `options.wholePlanLimit`. Otherwise
  /// by file (`ExportPlan.Job.cost`). Decided from the arguments alone, so every part and the
  /// merge decide alike.
  public let splitsByUnit: Bool

  /// The part (0-based) of each job of `work`, for `count` parts: its unit's part when the
  /// work is split by unit, else its own.
  func jobParts(count: Int) -> [Int] {
    guard splitsByUnit else { return ExportShard.assign(costs: work.map(\.cost), count: count) }
    let unitParts = Self.unitParts(plans: plans, count: count)
    return plans.indices.flatMap { index in
      let parts = Dictionary(
        zip(plans[index].units.map(\.screen.id), unitParts[index]), uniquingKeysWith: { first, _ in first })
      return plans[index].jobs.map { parts[$0.screen.id] ?? 0 }
    }
  }

  /// The part (0-based) of each plan's units (`ExportPlan.units`, in plan order) for `count`
  /// parts: one pass over the units' predicted costs, the same in every process whatever it
  /// planned.
  static func unitParts(plans: [ExportPlan], count: Int) -> [[Int]] {
    let parts = ExportShard.assign(costs: plans.flatMap { $0.units.map(\.cost) }, count: count)
    var start = 0
    return plans.map { plan in
      defer { start += plan.units.count }
      return Array(parts[start..<start + plan.units.count])
    }
  }

  /// Per plan, the ids of the screen classes whose unit is in `shard`'s part.
  static func ownClasses(plans: [ExportPlan], shard: ExportShard) -> [Set<String>] {
    let parts = unitParts(plans: plans, count: shard.count)
    return plans.indices.map { index in
      Set(
        plans[index].units.indices.filter { parts[index][$0] == shard.index - 1 }.map {
          plans[index].units[$0].screen.id
        })
    }
  }

  /// The export of `designs`: design files (JSON), or folders whose `*.json` files are designs
  /// (in name order, not recursive). Several designs or any folder make a catalogue.
  ///
  /// A screen class a design cannot be made for while others can (the home grid on an iPad, a
  /// square grid that does not fit) is skipped and listed in its plan's `skipped`.
  ///
  /// A design of a catalogue that cannot be read or fits none of the devices is listed in
  /// `failedDesigns` and the others are exported.
  ///
  /// - Throws: `ExportError.invalidInput` for options out of range, a single design that
  ///   cannot be read or fits none of the devices (with `strict`: any design of a catalogue,
  ///   or one that does not fit every device), a folder with no designs, or two designs of a
  ///   catalogue with the same name; `.failed` when the bundled font is needed and missing.
  ///
  /// With `shard`, only that part's files are planned (run it with the same `shard`): each
  /// design is loaded for its first screen class that loads, which predicts the cost of every
  /// (design, class) unit, and then for the classes of the units the split gives the part;
  /// planning costs O(designs + the part's files), not O(designs × classes). With `strict`
  /// every class of every design is still loaded, to refuse any that does not fit.
  public init(designs: [String], options: ExportOptions = ExportOptions(), shard: ExportShard? = nil)
    throws(ExportError)
  {
    try options.validate()
    guard !designs.isEmpty else { throw .invalidInput("no design file given") }
    let (files, catalogue) = try Self.designFiles(designs)
    try self.init(sources: files.map { ($0, nil) }, catalogue: catalogue, options: options, shard: shard)
  }

  /// The export of designs built in Swift, as if each were a design file named after it
  /// (`<name>.json`, in messages only) in the working directory; several make a catalogue.
  ///
  /// ```swift
  /// var design = Design(device: DeviceCatalog.device(id: "iphone-16")!, season: .winter)
  /// design.name = "frost"
  /// let result = try Export(designs: [design]).run(into: "out")  // out/frost-393x852@3x.png, …
  /// ```
  ///
  /// - Throws: as `init(designs:options:)` does for design files.
  public init(designs: [Design], options: ExportOptions = ExportOptions()) throws(ExportError) {
    try options.validate()
    guard !designs.isEmpty else { throw .invalidInput("no design given") }
    // File paths (font, photos) stay as read: the tree's values count as the program's own,
    // not a downloaded file's, so they are not confined to a folder.
    let sources = designs.map { design in
      (file: design.name + ".json", tree: design.jsonTree(writingPath: { $0 }) as JSONValue?)
    }
    try self.init(sources: sources, catalogue: designs.count > 1, options: options)
  }

  /// The export of the design `options.overrides` make on their own, as `wallpaper export`
  /// without a design file (and `wallpaper render` without one): named `wallpaper` unless the
  /// overrides name it.
  ///
  /// - Throws: as `init(designs:options:)` does for a design file.
  public init(overridesOnly options: ExportOptions, shard: ExportShard? = nil) throws(ExportError) {
    try options.validate()
    let empty = JSONValue(.object([]), origin: .flag("(command line)"))
    try self.init(sources: [(file: "wallpaper.json", tree: empty)], catalogue: false, options: options, shard: shard)
  }

  private init(
    sources: [(file: String, tree: JSONValue?)], catalogue: Bool, options: ExportOptions, shard: ExportShard? = nil
  ) throws(ExportError) {
    let classes = Set(options.devices.map(\.screen.id)).count
    let splitsByUnit = sources.count * classes > options.wholePlanLimit
    // A part of a large catalogue (unless strict) first plans each design's units alone, then
    // its own classes.
    let outline = shard != nil && !options.strict && splitsByUnit
    // The date every file is made with: given (a merge, an incremental re-run), or from
    // SOURCE_DATE_EPOCH or today.
    let date: ExportDate
    if let given = options.date {
      date = given
    } else {
      date = try ExportDate(environment: options.environment)
    }
    var plans: [ExportPlan] = []
    var trees: [JSONValue?] = []
    var failed: [DesignFailure] = []
    func planned(_ file: String, _ tree: JSONValue?, only: Set<String>?, representative: ExportPlan?)
      throws(ExportError) -> ExportPlan
    {
      try ExportPlan(
        designFile: file, tree: tree, overrides: options.overrides, devices: options.devices,
        formats: options.formats, scales: options.scales, date: date, previews: options.previews,
        strict: options.strict, subfolder: catalogue, only: only, representative: representative?.representative)
    }
    for (file, tree) in sources {
      let plan: ExportPlan
      do throws(ExportError) {
        plan = try planned(file, tree, only: outline ? [] : nil, representative: nil)
      } catch {
        // One bad design of a catalogue is its own failure, not the catalogue's (unless strict).
        guard catalogue else { throw error }
        guard !options.strict else { throw .invalidInput("'\(file)': \(error.description)") }
        failed.append(DesignFailure(design: file, reason: error.description))
        continue
      }
      if let other = plans.first(where: { $0.name == plan.name }) {
        throw .invalidInput(
          "'\(file)': the design name '\(plan.name)' is also the name of '\(other.designFile)' (each design in a catalogue needs its own name: it is its folder)"
        )
      }
      plans.append(plan)
      trees.append(tree)
    }
    if outline, let shard {
      let own = Self.ownClasses(plans: plans, shard: shard)
      for index in plans.indices where !own[index].isEmpty {
        plans[index] = try planned(
          plans[index].designFile, trees[index], only: own[index], representative: plans[index])
      }
    }
    self.plans = plans
    self.failedDesigns = failed
    self.shard = outline ? shard : nil
    self.splitsByUnit = splitsByUnit
    self.isCatalogue = catalogue
    self.date = date
    self.options = options
    if let font = options.font {
      self.font = font
    } else {
      self.font = try FontLocator.bundledFontPath(environment: options.environment)
    }
  }

  /// The design files named by `paths`: files as given, folders as their `*.json` files in
  /// name order (not recursive). Several files or any folder make a catalogue.
  static func designFiles(_ paths: [String]) throws(ExportError) -> (files: [String], catalogue: Bool) {
    var files: [String] = []
    var catalogue = paths.count > 1
    for argument in paths {
      guard FileKind(at: FilePath(argument)) == .folder else {
        files.append(argument)
        continue
      }
      catalogue = true
      let names = (FilePath(argument).folderEntries() ?? []).filter {
        FilePath($0).pathExtension == "json" && !$0.hasPrefix(".")
          && FileKind(at: FilePath(argument).appending($0)) != .folder
      }.sorted()
      guard !names.isEmpty else { throw .invalidInput("'\(argument)': a folder with no design (*.json) files") }
      files += names.map { FilePath(argument).appending($0).string }
    }
    return (files, catalogue)
  }

  /// Renders and writes every file into `folder` (created if missing), `options.jobs` at a
  /// time; a file that fails is listed in the result and the others go on.
  ///
  /// - Parameters:
  ///   - folder: the output folder, absolute or relative to the working directory.
  ///   - shard: render only this part of the work (the part the export was planned for, if
  ///     it was) and write its partial manifest
  ///     (`manifest.shard-I-of-N.json`) instead of the manifest, gallery, contact sheet and
  ///     asset catalog `Contents.json`, which `merge` writes once every part is done.
  ///   - incremental: leave a file as it is when the folder's manifest lists it with the same
  ///     inputs (`ExportPlan.Job.key`) and it still has the listed size and SHA-256.
  ///   - observer: told of skipped devices and of each file as it is finished.
  ///   - timer: laps `plan` (from the timer's start until rendering starts), `render` and
  ///     `sheets+manifest`.
  ///   - journalInterval: with `shard`, the partial manifest is rewritten (atomically) with
  ///     the files finished so far at most this often while rendering, so that an incremental
  ///     re-run of a killed part keeps them; `.zero` after every file.
  public func run(
    into folder: String, shard: ExportShard? = nil, incremental: Bool = false,
    observer: (any ExportObserver)? = nil, timer: PhaseTimer? = nil, journalInterval: Duration = .seconds(1)
  ) -> ExportResult {
    if let planned = self.shard, planned != shard {
      let reason =
        "this export was planned for part \(planned.index) of \(planned.count) only, and was run as \(shard.map { "part \($0.index) of \($0.count)" } ?? "a whole run")"
      return ExportResult(
        files: [], failures: [ExportFailure(path: folder, reason: reason)], failedDesigns: [], rendered: 0, kept: 0,
        shardCost: nil)
    }
    for plan in plans {
      for skip in plan.skipped { observer?.skipped(skip, of: plan) }
    }
    let work = self.work(for: shard)
    var cost: Double?
    var part: ShardPart?
    if let shard {
      cost = work.reduce(0) { $0 + $1.pixels }
      part = ShardPart(
        export: self, shard: shard, work: work, pixels: cost ?? 0, cost: work.reduce(0) { $0 + $1.cost })
    }
    var previous: [String: ExportedFile]?
    if incremental {
      previous = [:]
      for name in ["manifest.json"] + (shard.map { [$0.manifestName] } ?? []) {
        for entry in (try? ManifestFile.read(FilePath(folder).appending(name).string).entries) ?? [] {
          previous![entry.path] = entry
        }
      }
    }
    observer?.willFinish(files: work.count)
    var exporter = Exporter(
      work: work, folder: folder, assetCatalog: options.assetCatalog, jobs: options.jobs, font: font,
      observer: observer)
    exporter.previous = previous
    if let shard, let part {
      exporter.journal = Exporter.Journal(interval: journalInterval) { entries in
        try? AtomicFile.write(manifest(entries: entries, shard: part), to: shard.manifestName, inside: folder)
      }
    }
    exporter.catalogName = options.catalogName
    timer?.lap("plan")
    var (entries, failures, rendered, kept) = exporter.run()
    timer?.lap("render")
    if let shard, let part {
      do {
        try AtomicFile.flush(fileSystemOf: folder)
        try AtomicFile.write(
          manifest(entries: entries, shard: part), to: shard.manifestName, inside: folder)
      } catch {
        failures.append(ExportFailure(path: shard.manifestName, reason: error.description))
      }
    } else {
      finish(entries: &entries, failures: &failures, folder: folder, manifest: "manifest.json", previous: previous)
    }
    timer?.lap("sheets+manifest")
    return ExportResult(
      files: entries, failures: failures, failedDesigns: failedDesigns, rendered: rendered, kept: kept,
      shardCost: cost)
  }

  /// Writes the files that describe an export once every file is rendered — per design the
  /// asset catalog's `Contents.json`, the contact sheet and the gallery — then the manifest
  /// at `manifest` (relative to `folder`). Used by an unsharded run and by `merge`.
  func finish(
    entries: inout [ExportedFile], failures: inout [ExportFailure], folder: String, manifest: String,
    previous: [String: ExportedFile]? = nil
  ) {
    func write(_ bytes: [UInt8], _ path: String, format: String, key: String? = nil) {
      do {
        try AtomicFile.write(bytes, to: path, inside: folder)
        entries.append(
          ExportedFile(path: path, format: format, bytes: bytes.count, sha256: SHA256.hex(bytes), key: key))
      } catch {
        failures.append(ExportFailure(path: path, reason: error.description))
      }
    }
    let sheetFormats: [OutputFormat] = [.png, .pdf]
    let sheets = contactSheets(formats: sheetFormats, previous: previous, folder: folder)
    for (planIndex, plan) in plans.enumerated() {
      let prefix = plan.prefix
      if options.assetCatalog {
        let catalog = AssetCatalog.folderName(design: plan.name, name: options.catalogName)
        write(AssetCatalog.catalogContents(), prefix + catalog + "/Contents.json", format: "json")
        var sets: [(screen: ScreenClass, name: String)] = []
        for (screen, _) in plan.designs {
          let folderPath =
            prefix + AssetCatalog.imageSetFolder(design: plan.name, catalogName: options.catalogName, screen: screen)
          let images = entries.filter { $0.path.hasPrefix(folderPath + "/") && $0.format == "png" }.map {
            (filename: FilePath($0.path).lastComponent, scale: $0.scale ?? 1, idiom: screen.family)
          }
          guard !images.isEmpty else { continue }
          write(AssetCatalog.imageSetContents(images: images), folderPath + "/Contents.json", format: "json")
          sets.append((screen, AssetCatalog.imageSetName(design: plan.name, screen: screen)))
        }
        write(
          AssetCatalog.swiftSource(design: plan.name, catalog: catalog, sets: sets),
          prefix + AssetCatalog.swiftFileName, format: "swift")
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
        failures.append(ExportFailure(path: prefix + "contact-sheet", reason: error.description))
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
    // The manifest lists every file but itself; its own entry is for the run's result. It is
    // written once every file it lists is on disk.
    do {
      try AtomicFile.flush(fileSystemOf: folder)
    } catch {
      failures.append(ExportFailure(path: manifest, reason: error.description))
    }
    write(self.manifest(entries: entries), manifest, format: "json")
  }

  /// One contact sheet: its key (the keys of its design's files, its kind and format, the PDF
  /// info and the studio's version) and its bytes, or the previous run's entry when that has
  /// the same key and its file is intact.
  private struct Sheet: Sendable {
    enum Made: Sendable {
      case rendered([UInt8])
      case kept(ExportedFile)
    }
    let key: String
    let made: Made
  }

  /// Every design's contact sheet in each of `formats`, design by design: all independent, so
  /// rendered `options.jobs` at a time (a merge of a large catalogue renders thousands); a
  /// sheet whose key and file match `previous` is not rendered again.
  private func contactSheets(
    formats: [OutputFormat], previous: [String: ExportedFile]?, folder: String
  ) -> [Result<Sheet, ExportError>] {
    let tasks = plans.indices.flatMap { plan in formats.map { (plan, $0) } }
    let previewSheet = options.contactSheet == .preview
    return Workers.map(tasks.count, threads: options.jobs) { index in
      let (planIndex, format) = tasks[index]
      let plan = plans[planIndex]
      return Result { () throws(ExportError) -> Sheet in
        let info = OutputFields.documentInfo(for: plan.designs[0].design, sourceDateEpoch: date.sourceDateEpoch)
        let output = Output(format: format, scale: 1, pdf: PDFOptions(info: info))
        let key = SHA256.hex(
          Array(
            (plan.jobs.map(\.key) + ["\(previewSheet)", "\(output)", Studio.version]).joined(separator: "\u{0}").utf8))
        let path = plan.prefix + "contact-sheet.\(format.rawValue)"
        if let old = previous?[path], old.key == key, Exporter.intact(old, in: folder) {
          return Sheet(key: key, made: .kept(old))
        }
        let sheet = try Self.contactSheet(plan: plan, font: font, previews: previewSheet)
        return Sheet(key: key, made: .rendered(try DesignRendering.render(sheet, as: output)))
      }
    }
  }

  /// The sheet of every file's thumbnail; with `previews`, each wallpaper that has a lock
  /// preview is shown with the lock-screen mock over it. Preview files themselves are left out.
  private static func contactSheet(plan: ExportPlan, font: String, previews: Bool) throws(ExportError)
    -> SceneGraph.Scene
  {
    // One tile per screen class (its PNG, SVG and PDF show the same picture), with the
    // formats written listed under it.
    var items: [ContactSheet.Item] = []
    var classes: [String] = []
    for job in plan.jobs where job.preview == nil && !classes.contains(job.screen.id) {
      classes.append(job.screen.id)
      let jobs = plan.jobs.filter { $0.preview == nil && $0.screen.id == job.screen.id }
      let mock = previews && job.design.layoutZones != nil ? PreviewScreen.lock : nil
      let scene = try DesignRendering.scene(of: job.design, defaultFont: font, preview: mock)
      var formats: [String] = []
      for format in OutputFormat.allCases {
        let written = jobs.filter { $0.format == format }
        guard !written.isEmpty else { continue }
        let scales = written.compactMap(\.scale).map { "@\(formatNumber($0))x" }
        formats.append(
          ([format.rawValue.uppercased()] + [scales.joined(separator: ", ")]).filter { !$0.isEmpty }
            .joined(separator: " "))
      }
      let points = "\(formatNumber(scene.size.width))×\(formatNumber(scene.size.height)) pt"
      items.append(
        ContactSheet.Item(
          scene: scene, title: job.screen.id + (mock == nil ? "" : " · lock preview"),
          detail: points + " · " + formats.joined(separator: " · ")))
    }
    do {
      return try ContactSheet.scene(items, font: font)
    } catch {
      throw .failed("contact sheet: \(error.description)")
    }
  }

  /// What a shard's partial manifest says of its part besides its files: the header, the
  /// designs with files in it, and the screen classes whose skipped devices it lists (split by
  /// unit: those of its own units; by file: every class of the designs whose first file it
  /// renders), so that partial manifests do not grow with the catalogue.
  struct ShardPart {
    let header: ManifestFile.ShardHeader
    /// Names of the designs with files in this part, in plan order.
    let designs: [String]
    /// Per design name, the screen classes whose skips this part lists.
    let skipsOf: [String: Set<String>]

    init(export: Export, shard: ExportShard, work: [ExportPlan.Job], pixels: Double, cost: Double) {
      let mine = Set(work.map(\.path))
      let plans = export.plans.filter { plan in plan.jobs.contains { mine.contains($0.path) } }
      designs = plans.map(\.name)
      let classes: [Set<String>] =
        export.splitsByUnit
        ? Export.ownClasses(plans: export.plans, shard: shard)
        : export.plans.map { plan in
          plan.jobs.first.map { mine.contains($0.path) } ?? false ? Set(plan.units.map(\.screen.id)) : []
        }
      skipsOf = Dictionary(zip(export.plans.map(\.name), classes), uniquingKeysWith: { first, _ in first })
      header = ManifestFile.ShardHeader(
        index: shard.index, count: shard.count, pixels: Int(pixels.rounded()), cost: Int(cost.rounded()),
        arguments: shard.arguments,
        date: export.date, version: Studio.version,
        inputs: Dictionary(plans.map { ($0.name, $0.inputs) }, uniquingKeysWith: { first, _ in first }))
    }
  }

  /// The manifest: every file written, sorted by path, without timestamps, and the models
  /// skipped with the reason; with `shard`, a shard's partial manifest with the same entries,
  /// only its own designs and skips, and its part of the work (with the date, version and
  /// inputs its files were made from). The one place a manifest is serialised, so a merge of
  /// shards and a single run write the same bytes.
  func manifest(entries: [ExportedFile], shard part: ShardPart? = nil) -> [UInt8] {
    let files: [[String: Any]] = entries.sorted { $0.path < $1.path }.map { entry in
      // In a catalogue each design's files are in the folder named after it.
      let design = isCatalogue ? String(entry.path.prefix { $0 != "/" }) : plans[0].name
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
    let skips: [[String: Any]] = plans.flatMap { plan in
      plan.skipped.filter { skip in part.map { $0.skipsOf[plan.name]?.contains(skip.screen.id) ?? false } ?? true }
        .flatMap { skip in
          skip.models.map {
            ["device": $0.id, "screenClass": skip.screen.id, "reason": skip.reason, "design": plan.name]
          }
        }
    }
    var object: [String: Any] = ["files": files, "skipped": skips]
    // The designs that could not be made, in every part too (each part planned them all);
    // absent when there are none, so the manifests of whole catalogues keep their bytes.
    if !failedDesigns.isEmpty {
      object["failures"] = failedDesigns.map { ["design": $0.design, "reason": $0.reason] }
    }
    // The date, for a later `--incremental` run: in a manifest only when SOURCE_DATE_EPOCH set
    // it (the clock's day would change its bytes every day); a partial manifest has it in `shard`.
    if part == nil, date.sourceDateEpoch != nil { object["date"] = date.json }
    if isCatalogue {
      object["designs"] = part?.designs ?? plans.map(\.name)
    } else {
      object["design"] = plans[0].name
    }
    if let shard = part?.header {
      object["shard"] = [
        "index": shard.index, "count": shard.count, "pixels": shard.pixels, "cost": shard.cost,
        "arguments": shard.arguments,
        "date": shard.date.json, "version": shard.version, "inputs": shard.inputs,
      ]
    }
    return AssetCatalog.json(object)
  }
}

/// A design of a catalogue that cannot be made at all: it fails to load, or fits none of the
/// devices. Listed in the manifest's `failures` as `{"design", "reason"}`.
public struct DesignFailure: Equatable, Sendable {
  /// The design file as given (`<name>.json` for a design built in Swift).
  public let design: String
  /// Why, as the design loader says it: one line naming the field, the value and what is allowed.
  public let reason: String
}

/// What a run or a merge did.
public struct ExportResult: Sendable {
  /// Every file written or kept, the manifest (or a shard's partial manifest) among them.
  public let files: [ExportedFile]
  /// The files that could not be made, each with its reason; the others were written.
  public let failures: [ExportFailure]
  /// The designs of a catalogue that could not be made at all (`Export.failedDesigns`): none
  /// of their files were made; the manifest lists them under `failures`.
  public let failedDesigns: [DesignFailure]
  /// Wallpapers and previews rendered (not counting the files that describe the export).
  public let rendered: Int
  /// Wallpapers and previews left as they were: up to date in an incremental run, or checked
  /// in place by a merge.
  public let kept: Int
  /// A shard's part of the work: the pixels of its PNGs plus the points² of its vector files;
  /// nil for a whole run.
  public let shardCost: Double?
}
