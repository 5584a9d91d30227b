import CairoRendering
import DesignFiles
import Platform
import Wallpapers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an export writes for one design: one job per screen class, format and scale, and the
/// devices the design cannot be made for. `Export` makes one per design file.
public struct ExportPlan: Sendable {
  /// One output file.
  public struct Job: Sendable {
    /// The design, loaded for the first of `models`.
    public let design: Design
    public let screen: ScreenClass
    /// The selected models this file serves.
    public let models: [Device]
    /// How the file is written: format, scale and the design's output options.
    public let output: Output
    /// The PNG scale in device pixels per point; nil for vector formats, which have none.
    public let scale: Double?

    public var format: OutputFormat { output.format }
    /// The path relative to the output folder.
    public internal(set) var path: String
    /// For a preview image (PNG at 1x): the screen mocked over the wallpaper.
    public internal(set) var preview: PreviewScreen? = nil
    /// The design's folder inside the output folder (`autumn/`), or "" for a one-design export.
    public internal(set) var prefix = ""
    /// The SHA-256 (hex) of everything the file is made from: the design file's bytes, the
    /// flags, the named font's and the background image's bytes, the season the date picked,
    /// the screen class and models, scale, format, output options (with the PDFs' date) and
    /// `Studio.version`. An incremental run compares it.
    public internal(set) var key = ""

    /// The file's size: pixels for PNG, points² for vector formats.
    public var pixels: Double {
      let scale = scale ?? 1
      return screen.points.width * screen.points.height * scale * scale
    }

    /// The estimated CPU milliseconds of rendering it (`RenderCost`, from measured rates per
    /// format, compression and preview): what shards are balanced by.
    public var cost: Double {
      RenderCost.milliseconds(
        format: format, compression: output.png.compression, preview: preview != nil, megapixels: pixels / 1e6)
    }
  }

  /// Models the design cannot be made for (the home grid on an iPad), skipped with a reason.
  public struct Skip: Sendable {
    public let screen: ScreenClass
    public let models: [Device]
    /// Why, as the design loader says it (`grid.kind: 'home' is not allowed …`).
    public let reason: String
    /// Why, without naming a device, so that skips with the same cause can be told in one
    /// line (`the home grid has no iPad metrics …`); nil where the loader gives no such text.
    public let cause: String?
  }

  /// One design on one screen class: what shards split the work into
  /// (`ExportShard.assign`), so that a part loads the design only for its own classes.
  public struct Unit: Sendable {
    public let screen: ScreenClass
    public let models: [Device]
    /// The estimated CPU milliseconds of its files (`Job.cost` summed), predicted from the
    /// design as loaded for its first screen class that loads: the same in every process,
    /// whatever it plans, and the exact sum when the class is not skipped.
    public let cost: Double
  }

  /// The files to write, in a stable order.
  public internal(set) var jobs: [Job] = []
  /// Every screen class of the devices, in order, with its predicted cost.
  public internal(set) var units: [Unit] = []
  /// The design as loaded for its first screen class that loads, and that class's id: the
  /// prediction behind `units`, and reused when the plan is made again for a part.
  let representative: (screen: String, loaded: LoadedDesign)
  /// The screen classes skipped, each with its models and the reason.
  public internal(set) var skipped: [Skip] = []
  /// The loaded design per screen class, for the contact sheet and the asset catalog.
  public internal(set) var designs: [(screen: ScreenClass, design: Design)] = []
  /// The design's `name`, the start of every file name.
  public let name: String
  /// The design's folder inside the output folder (`autumn/`, in a catalogue of several
  /// designs), or "" when the design's files are written straight into it.
  public private(set) var prefix = ""
  /// The design file as given.
  public let designFile: String
  /// The SHA-256 (hex) of the files the design is made from (the design file, its named font
  /// and its background image), part of every job's key: a partial manifest records it, so a
  /// merge can name the design whose files changed.
  public private(set) var inputs = ""

  /// The digest of the files a design is made from: the design file (or the JSON of a design
  /// built in memory), its named font, its background image, its custom art (as sanitised,
  /// with the images it embeds) and its cell photos in order (all already read into the
  /// design), each length-prefixed.
  private static func inputsDigest(designFile: String, tree: JSONValue?, design: Design) -> String {
    var bytes: [UInt8] = []
    func add(_ part: [UInt8]) { bytes += Array("\(part.count):".utf8) + part }
    add(
      tree.map { Array($0.jsonText.utf8) } ?? FileManager.default.contents(atPath: designFile).map { Array($0) } ?? [])
    // Read as FreeType will: a regular file only (a FIFO would block the export here).
    add(design.label.fontPath.flatMap { try? FilePath($0).readRegularFile(limit: Font.maxFileBytes) } ?? [])
    add(design.background.image?.data ?? [])
    add(design.art.map { Array(($0.vector.rootAttributes + $0.vector.content).utf8) } ?? [])
    for photo in design.grid.images { add(photo.bytes) }
    return SHA256.hex(bytes)
  }

  /// `<design>-<class>@2x.png` for PNG (`@1.5x` for fractional scales); one
  /// `<design>-<class>.svg` and `.pdf` per class.
  /// With `sRGBCompanion`, the sRGB PNG written beside a Display P3 one:
  /// `<design>-<class>-sRGB@2x.png`.
  public static func fileName(
    design: String, screen: ScreenClass, format: OutputFormat, scale: Double?, sRGBCompanion: Bool = false
  ) -> String {
    let base = "\(design)-\(screen.id)" + (sRGBCompanion ? sRGBCompanionSuffix : "")
    guard let scale, format == .png else { return "\(base).\(format.rawValue)" }
    return "\(base)@\(formatNumber(scale))x.png"
  }

  /// What ends the base name of the sRGB companion of a Display P3 PNG.
  static let sRGBCompanionSuffix = "-sRGB"

  /// `previews/<design>-<class>-lock.png` (or `-home.png`).
  public static func previewName(design: String, screen: ScreenClass, preview: PreviewScreen) -> String {
    "previews/\(design)-\(screen.id)-\(preview.rawValue).png"
  }

  /// Loads the design once per screen class (so each is validated for its own device) and
  /// lists the files to write, in a stable order: per class the formats and scales asked
  /// for, then (with `previews`) a lock- and a home-screen preview at 1x where the class has
  /// zones and the design is portrait.
  ///
  /// A class the design cannot be made for while others can (a feature the device cannot
  /// take: the home grid on an iPad, a square grid that does not fit) is skipped and listed
  /// in `skipped`.
  ///
  /// With `only` (screen class ids), the plan of one part of a sharded export: the design is
  /// loaded for the first class that loads (`representative`, or the one given) and for the
  /// classes in `only`, and only those have jobs, designs and skips; the others are in `units`
  /// alone. A design that fits none of the devices is still found: the classes are tried in
  /// order until one loads.
  ///
  /// - Throws: `ExportError.invalidInput` naming the device when the design fits none of the
  ///   devices, or, with `strict`, the first that it does not fit.
  init(
    designFile: String, tree: JSONValue? = nil, overrides: [DesignOverride], devices: [Device],
    formats: [OutputFormat], scales: [Double]?, date: ExportDate, previews: Bool = false, strict: Bool = false,
    subfolder: Bool = false, only: Set<String>? = nil,
    representative given: (screen: String, loaded: LoadedDesign)? = nil
  ) throws(ExportError) {
    self.designFile = designFile
    var classes: [(ScreenClass, [Device])] = []
    for device in devices {
      if let index = classes.firstIndex(where: { $0.0.id == device.screen.id }) {
        classes[index].1.append(device)
      } else {
        classes.append((device.screen, [device]))
      }
    }
    var name = ""
    var inputs: String?
    let today = date.day
    var failures: [(screen: ScreenClass, models: [Device], error: DesignError)] = []
    var representative = given
    for (screen, models) in classes {
      let own = only?.contains(screen.id) ?? true
      guard own || representative == nil else { continue }
      let device = DesignOverride(
        path: ["device"], value: JSONValue(.string(models[0].id), origin: .flag("--devices")))
      let loaded: LoadedDesign
      if let representative, representative.screen == screen.id {
        loaded = representative.loaded
      } else {
        do {
          // A design built in memory comes as its JSON tree, named `designFile` in messages.
          if let tree {
            loaded = try DesignLoader.load(
              tree: tree, name: FilePath(designFile).stem, overrides: overrides + [device],
              outputFields: OutputFields.fields, today: today)
          } else {
            loaded = try DesignLoader.load(
              file: designFile, overrides: overrides + [device], outputFields: OutputFields.fields, today: today)
          }
        } catch {
          failures.append((screen, models, error))
          if own {
            skipped.append(Skip(screen: screen, models: models, reason: error.description, cause: error.summary))
          }
          continue
        }
      }
      do {
        try OutputFields.checkPDFOnly(loaded.outputFields, formats: formats)
      } catch {
        throw .invalidInput(error.description)
      }
      let design = loaded.design
      if representative == nil { representative = (screen.id, loaded) }
      guard own else { continue }
      designs.append((screen, design))
      jobs += try Self.jobs(
        loaded: loaded, screen: screen, models: models, formats: formats, scales: scales, date: date,
        previews: previews)
    }
    // Every class failing alike is a bad design, named without a device; a class failing on
    // its own is skipped (an error with --strict, or when no class is left).
    guard let representative, !(strict && !failures.isEmpty) else {
      let first = failures[0]
      if failures.count == classes.count, failures.allSatisfy({ $0.error == first.error }) {
        throw .invalidInput(first.error.description)
      }
      throw .invalidInput("\(first.error.description) (for \(first.models[0].id), screen class \(first.screen.id))")
    }
    self.representative = representative
    // From the representative, so a part that did not load the design for its own classes
    // names it and digests its inputs as every other part does.
    name = representative.loaded.design.name
    inputs = Self.inputsDigest(designFile: designFile, tree: tree, design: representative.loaded.design)
    for (screen, models) in classes {
      let predicted = try Self.jobs(
        loaded: representative.loaded, screen: screen, models: models, formats: formats, scales: scales, date: date,
        previews: previews)
      units.append(Unit(screen: screen, models: models, cost: predicted.reduce(0) { $0 + $1.cost }))
    }
    self.name = name
    self.inputs = inputs ?? ""
    let flags = overrides.map { "\($0.path)=\($0.value)" }.joined(separator: "\n")
    jobs = jobs.map { job in
      var job = job
      job.key = SHA256.hex(
        Array(
          [
            inputs ?? "", flags, job.design.season.season.rawValue, job.screen.id,
            job.models.map(\.id).joined(separator: ","),
            job.scale.map { formatNumber($0) } ?? "-", job.preview?.rawValue ?? "-", "\(job.output)",
            Studio.version,
          ].joined(separator: "\u{0}").utf8))
      return job
    }
    if subfolder {
      prefix = name + "/"
      jobs = jobs.map { job in
        var job = job
        job.prefix = prefix
        job.path = prefix + job.path
        return job
      }
    }
  }

  /// The files of `loaded` on one screen class, in order: per format the scales asked for (a
  /// Display P3 PNG followed by its sRGB companion), then with `previews` a lock- and a
  /// home-screen preview at 1x where the design has zones (portrait). Keys and folder prefix
  /// are set by `init`.
  private static func jobs(
    loaded: LoadedDesign, screen: ScreenClass, models: [Device], formats: [OutputFormat], scales: [Double]?,
    date: ExportDate, previews: Bool
  ) throws(ExportError) -> [Job] {
    let design = loaded.design
    var jobs: [Job] = []
    for format in formats {
      let formatScales: [Double?] = format == .png ? (scales ?? [Double(screen.scale)]) : [nil]
      for scale in formatScales {
        var output = try OutputFields.options(for: loaded, sourceDateEpoch: date.sourceDateEpoch, format: format)
        output.scale = scale ?? Double(screen.scale)
        jobs.append(
          Job(
            design: design, screen: screen, models: models, output: output, scale: scale,
            path: Self.fileName(design: design.name, screen: screen, format: format, scale: scale)))
        // A Display P3 PNG gets an sRGB companion, so an asset catalog can hold both gamuts
        // (Xcode's "display-gamut" variants) and sRGB-only tools have a file of their own.
        if format == .png, output.colorSpace == .displayP3 {
          output.colorSpace = .srgb
          jobs.append(
            Job(
              design: design, screen: screen, models: models, output: output, scale: scale,
              path: Self.fileName(
                design: design.name, screen: screen, format: format, scale: scale, sRGBCompanion: true)))
        }
      }
    }
    if previews, design.layoutZones != nil {
      for preview in PreviewScreen.allCases {
        var output = try OutputFields.options(for: loaded, sourceDateEpoch: date.sourceDateEpoch, format: .png)
        output.scale = 1
        jobs.append(
          Job(
            design: design, screen: screen, models: models, output: output, scale: 1,
            path: Self.previewName(design: design.name, screen: screen, preview: preview), preview: preview))
      }
    }
    return jobs
  }
}
