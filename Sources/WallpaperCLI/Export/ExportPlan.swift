import CairoRendering
import Foundation
import Wallpapers

/// What `wallpaper export` will write: one job per screen class, format and scale.
struct ExportPlan {
  /// One output file.
  struct Job: Sendable {
    let design: Design
    let screen: ScreenClass
    /// The selected models this file serves.
    let models: [Device]
    /// How the file is written: format, scale and the design's output options.
    let output: Output
    /// The PNG scale; nil for vector formats, which have none.
    let scale: Double?

    var format: OutputFormat { output.format }
    /// The path relative to the output folder.
    var path: String
    /// For a preview image (PNG at 1x): the screen mocked over the wallpaper.
    var preview: PreviewScreen? = nil
    /// The design's folder inside the output folder (`autumn/`), or "" for a one-design export.
    var prefix = ""
    /// The SHA-256 (hex) of everything the file is made from: the design file's bytes, the
    /// flags, the named font's and the background image's bytes, the screen class and models,
    /// scale, format, output options and the tool's version. `--incremental` compares it.
    var key = ""

    /// A rough measure of the work: pixels for PNG, the size in points for vector formats.
    var cost: Double {
      let scale = scale ?? 1
      return screen.points.width * screen.points.height * scale * scale
    }
  }

  /// Models the design cannot be made for (the home grid on an iPad), skipped with a reason.
  struct Skip: Sendable {
    let screen: ScreenClass
    let models: [Device]
    /// Why, as the design loader says it (`grid.kind: 'home' is not allowed …`).
    let reason: String
  }

  var jobs: [Job] = []
  var skipped: [Skip] = []
  /// The loaded design per screen class, for the contact sheet and the asset catalog.
  var designs: [(screen: ScreenClass, design: Design)] = []
  let name: String
  /// The design's folder inside the output folder (`autumn/`, in a catalogue of several
  /// designs), or "" when the design's files are written straight into it.
  private(set) var prefix = ""
  /// The design file as given.
  let designFile: String

  /// The digest of the files a design is made from: the design file, its named font and its
  /// background image (already read into the design), each length-prefixed.
  private static func inputsDigest(designFile: String, design: Design) -> String {
    var bytes: [UInt8] = []
    func add(_ part: [UInt8]) { bytes += Array("\(part.count):".utf8) + part }
    add(FileManager.default.contents(atPath: designFile).map { Array($0) } ?? [])
    add(design.label.fontPath.flatMap { FileManager.default.contents(atPath: $0) }.map { Array($0) } ?? [])
    add(design.background.image?.data ?? [])
    return SHA256.hex(bytes)
  }

  /// `<design>-<class>@2x.png` for PNG (`@1.5x` for fractional scales); one
  /// `<design>-<class>.svg` and `.pdf` per class.
  static func fileName(design: String, screen: ScreenClass, format: OutputFormat, scale: Double?) -> String {
    let base = "\(design)-\(screen.id)"
    guard let scale, format == .png else { return "\(base).\(format.rawValue)" }
    return "\(base)@\(formatNumber(scale))x.png"
  }

  static func formats(_ text: String) throws(CLIError) -> [OutputFormat] {
    var formats: [OutputFormat] = []
    for word in text.split(separator: ",") {
      guard let format = OutputFormat(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else {
        throw .usage("--formats: '\(word)' is not allowed (a list of png, svg, pdf)")
      }
      if !formats.contains(format) { formats.append(format) }
    }
    guard !formats.isEmpty else { throw .usage("--formats: '\(text)' is not allowed (a list of png, svg, pdf)") }
    return OutputFormat.allCases.filter(formats.contains)
  }

  /// `native` (each class's own scale) or a list of scales; nil in the result means native.
  static func scales(_ text: String) throws(CLIError) -> [Double]? {
    if text == "native" { return nil }
    var scales: [Double] = []
    for word in text.split(separator: ",") {
      let trimmed = word.trimmingCharacters(in: .whitespaces).lowercased()
      let number = parseDecimal(trimmed.hasSuffix("x") ? String(trimmed.dropLast()) : trimmed)
      guard let number, number.isFinite, number > 0, number <= RenderLimits.maxScale else {
        throw .usage(
          "--scales: '\(word)' is not allowed (native, or numbers > 0 and ≤ \(formatNumber(RenderLimits.maxScale)) like 2,3)"
        )
      }
      if !scales.contains(number) { scales.append(number) }
    }
    guard !scales.isEmpty else { throw .usage("--scales: '\(text)' is not allowed (native, or a list like 2,3)") }
    return scales.sorted()
  }

  /// `previews/<design>-<class>-lock.png` (or `-home.png`).
  static func previewName(design: String, screen: ScreenClass, preview: PreviewScreen) -> String {
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
  /// - Throws: `CLIError.usage` naming the device when the design fits none of the devices,
  ///   or, with `strict`, the first that it does not fit.
  init(
    designFile: String, overrides: [DesignOverride], devices: [Device], formats: [OutputFormat], scales: [Double]?,
    environment: [String: String], previews: Bool = false, strict: Bool = false, subfolder: Bool = false
  ) throws(CLIError) {
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
    var failures: [(screen: ScreenClass, models: [Device], error: DesignError)] = []
    for (screen, models) in classes {
      let device = DesignOverride(
        path: ["device"], value: JSONValue(.string(models[0].id), origin: .flag("--devices")))
      let loaded: LoadedDesign
      do {
        loaded = try DesignLoader.load(
          file: designFile, overrides: overrides + [device], outputFields: OutputOptions.fieldNames)
      } catch {
        failures.append((screen, models, error))
        skipped.append(Skip(screen: screen, models: models, reason: error.description))
        continue
      }
      let design = loaded.design
      name = design.name
      if inputs == nil { inputs = Self.inputsDigest(designFile: designFile, design: design) }
      designs.append((screen, design))
      for format in formats {
        let formatScales: [Double?] = format == .png ? (scales ?? [Double(screen.scale)]) : [nil]
        for scale in formatScales {
          var output = try OutputOptions.options(for: loaded, environment: environment, format: format)
          output.scale = scale ?? Double(screen.scale)
          jobs.append(
            Job(
              design: design, screen: screen, models: models, output: output, scale: scale,
              path: Self.fileName(design: design.name, screen: screen, format: format, scale: scale)))
        }
      }
      if previews, design.layoutZones != nil {
        for preview in PreviewScreen.allCases {
          var output = try OutputOptions.options(for: loaded, environment: environment, format: .png)
          output.scale = 1
          jobs.append(
            Job(
              design: design, screen: screen, models: models, output: output, scale: 1,
              path: Self.previewName(design: design.name, screen: screen, preview: preview), preview: preview))
        }
      }
    }
    // Every class failing alike is a bad design, named without a device; a class failing on
    // its own is skipped (an error with --strict, or when no class is left).
    if let first = failures.first, strict || designs.isEmpty {
      if failures.count == classes.count, failures.allSatisfy({ $0.error == first.error }) {
        throw .usage(first.error.description)
      }
      throw .usage("\(first.error.description) (for \(first.models[0].id), screen class \(first.screen.id))")
    }
    self.name = name
    let flags = overrides.map { "\($0.path)=\($0.value)" }.joined(separator: "\n")
    jobs = jobs.map { job in
      var job = job
      job.key = SHA256.hex(
        Array(
          [
            inputs ?? "", flags, job.screen.id, job.models.map(\.id).joined(separator: ","),
            job.scale.map { formatNumber($0) } ?? "-", job.preview?.rawValue ?? "-", "\(job.output)",
            WallpaperTool.version,
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
}
