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
    let format: OutputFormat
    /// The PNG scale; nil for vector formats, which have none.
    let scale: Double?
    /// The path relative to the output folder.
    let path: String

    /// A rough measure of the work: pixels for PNG, the size in points for vector formats.
    var cost: Double {
      let scale = scale ?? 1
      return screen.points.width * screen.points.height * scale * scale
    }
  }

  var jobs: [Job] = []
  /// The loaded design per screen class, for the contact sheet and the asset catalog.
  var designs: [(screen: ScreenClass, design: Design)] = []
  let name: String

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

  /// Loads the design once per screen class (so each is validated for its own device) and
  /// lists the files to write, in a stable order.
  ///
  /// - Throws: `CLIError.usage` naming the device when the design does not fit one.
  init(
    designFile: String, overrides: [DesignOverride], devices: [Device], formats: [OutputFormat], scales: [Double]?
  ) throws(CLIError) {
    var classes: [(ScreenClass, [Device])] = []
    for device in devices {
      if let index = classes.firstIndex(where: { $0.0.id == device.screen.id }) {
        classes[index].1.append(device)
      } else {
        classes.append((device.screen, [device]))
      }
    }
    var name = ""
    for (screen, models) in classes {
      let device = DesignOverride(
        path: ["device"], value: JSONValue(.string(models[0].id), origin: .flag("--devices")))
      let design: Design
      do {
        design = try DesignLoader.load(file: designFile, overrides: overrides + [device])
      } catch {
        // Name the device only when the error depends on it: another screen class would not
        // give the same error.
        let other = DeviceCatalog.devices.first { $0.screen.id != screen.id }!
        let otherPick = DesignOverride(
          path: ["device"], value: JSONValue(.string(other.id), origin: .flag("--devices")))
        var sameElsewhere = false
        do { _ = try DesignLoader.load(file: designFile, overrides: overrides + [otherPick]) } catch let otherError {
          sameElsewhere = otherError == error
        }
        throw .usage(
          error.description + (sameElsewhere ? "" : " (for \(models[0].id), screen class \(screen.id))"))
      }
      name = design.name
      designs.append((screen, design))
      for format in formats {
        let formatScales: [Double?] = format == .png ? (scales ?? [Double(screen.scale)]) : [nil]
        for scale in formatScales {
          jobs.append(
            Job(
              design: design, screen: screen, models: models, format: format, scale: scale,
              path: Self.fileName(design: design.name, screen: screen, format: format, scale: scale)))
        }
      }
    }
    self.name = name
  }
}
