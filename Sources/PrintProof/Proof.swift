import CairoRendering
import DesignFiles
import Platform
import WallpaperExport
import Wallpapers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a proof is made with besides its design: the devices, the page settings, soft proofs
/// and the PDF's author and date. The defaults are those of `wallpaper proof` without flags,
/// except `devices`, which the command fills with the design's own device.
///
/// ```swift
/// var options = ProofOptions()
/// options.devices = ["iphone-8", "iphone-16-pro"].compactMap { DeviceCatalog.device(id: $0) }
/// options.settings.paper = .a4
/// options.softProofFolder = "soft-proofs"
/// ```
public struct ProofOptions: Sendable {
  /// The author `wallpaper proof` writes when none is given.
  public static let defaultAuthor = "Wallpaper Studio"

  /// The devices, one page each in this order (or placed on sheets in this order); at least
  /// one. The design is loaded once per device.
  public var devices: [Device] = []
  /// Bleed (0…`ProofSettings.maxBleed`), marks, paper and arrangement of the pages.
  public var settings = ProofSettings()
  /// Values set over the design's fields, as the design flags of `wallpaper proof` set them.
  /// Of the design's output fields only `pdfx` and `outputIntent` are read (a proof is always
  /// a PDF with each device at its own scale).
  public var overrides: [DesignOverride] = []
  /// Where `write(to:)` puts one soft proof and one gamut map per page (PNG at the device's
  /// native scale, 1206×2622 for an iPhone 16 Pro, tagged as sRGB, under the output intent);
  /// nil (the default) makes none.
  public var softProofFolder: String? = nil
  /// The PDF's author.
  public var author = ProofOptions.defaultAuthor
  /// The proof's date when `SOURCE_DATE_EPOCH` is unset and no `season.date` override names a
  /// day. Default: when the options were made.
  public var now = Date()
  /// Read for `SOURCE_DATE_EPOCH` (the proof's date, in whole seconds since 1970) and
  /// `WALLPAPER_FONTS` and the cache folder's variables (`Fonts.bundledPath`). Default: the process's
  /// environment.
  public var environment = Environment.process
  /// Told the font chosen for the label, and each fallback font, once per proof.
  public var fontReport: (any FontReporting)? = nil

  public init() {}

  /// Refuses options a proof cannot be made with.
  func validate() throws(ExportError) {
    guard !devices.isEmpty else { throw .invalidInput("devices: none given (at least one device)") }
    guard ProofSettings.allows(bleed: settings.bleed) else {
      throw .invalidInput("bleed: \(settings.bleed) is not allowed (≥ 0 and ≤ \(ProofSettings.maxBleed))")
    }
  }
}

/// A print proof of one design: what `wallpaper proof` does, as a library. Making a `Proof`
/// loads the design once per device and checks everything a page needs (its fields, the fit of
/// a gang-up sheet, the photo and the label's font, PDF/X and the output intent); nothing is
/// drawn. `render()` draws the PDF, one page per device (or gang-up sheets), with bleed, marks,
/// a slug, page boxes, page labels and bookmarks, and the soft proofs; `write(to:)` also writes
/// them, each file atomically.
///
/// ```swift
/// var options = ProofOptions()
/// options.devices = ["iphone-8", "iphone-16-pro"].compactMap { DeviceCatalog.device(id: $0) }
/// let proof = try Proof(designFile: "Samples/autumn.json", options: options)
/// let files = try proof.write(to: "proof.pdf")  // a two-page PDF with 3 mm bleed and every mark
/// ```
///
/// The same design, options and `SOURCE_DATE_EPOCH` give the same bytes.
public struct Proof: Sendable {
  /// One design per page, in the order of `options.devices`, each set to its device and with
  /// its label's font resolved to the file checked.
  public let designs: [Design]
  /// The options the proof was made with.
  public let options: ProofOptions
  /// The PDF's metadata: title, author, subject, keywords and the proof's date.
  public let info: DocumentInfo
  /// PDF/X-4 with its output intent when the design asks for `pdfx`; nil for plain PDF.
  public let conformance: PDFConformance?
  /// The printing condition of the soft proofs: the design's `outputIntent`, or
  /// `OutputIntent.defaultName`; nil without soft proofs or PDF/X.
  public let intent: OutputIntent?
  /// The bundled font file: the slug's font, and the label's when the design names none.
  public let font: String

  /// The proof of the design in `designFile` (nil: the overrides alone) for every device of
  /// `options`.
  ///
  /// - Throws: `ExportError.invalidInput` naming the field or flag of a bad value, a design
  ///   that cannot be made for one of the devices, sheets (`--layout nup`) that cannot hold a
  ///   wallpaper at 100 %, a photo or font that cannot be used, or a bad `SOURCE_DATE_EPOCH`;
  ///   `.failed` when the bundled font is missing or the scene cannot be built.
  public init(designFile: String?, options: ProofOptions) throws(ExportError) {
    try options.validate()
    var designs: [Design] = []
    var colour: (conformance: PDFConformance?, intent: OutputIntent?) = (nil, nil)
    for device in options.devices {
      let pick = DesignOverride(path: ["device"], value: JSONValue(.string(device.id), origin: .flag("--devices")))
      do {
        // A design file's output fields are for `render`; the proof's output is its own, except
        // PDF/X and its output intent, read by render's rules.
        let loaded = try DesignLoader.load(
          file: designFile, overrides: options.overrides + [pick], outputFields: OutputFields.fields)
        if designs.isEmpty {
          colour = try OutputFields.colour(loaded.outputFields, softProof: options.softProofFolder != nil)
        }
        designs.append(loaded.design)
      } catch {
        throw .invalidInput(error.description)
      }
    }
    if options.settings.arrangement == .nup {
      do {
        _ = try PrintProof.sheets(for: designs, settings: options.settings)
      } catch {
        throw .invalidInput("--layout: 'nup' is not allowed (\(error.allowed))")
      }
    }
    // The photo and the label's font are checked once, naming the field, before anything is drawn.
    _ = try DesignRendering.scene(of: designs[0], environment: options.environment, fontReport: options.fontReport)
    // A label font given by family is looked up once, before the pages are composed.
    for index in designs.indices {
      designs[index] = try DesignRendering.resolvingLabelFont(of: designs[index])
    }
    font = try FontLocator.bundledFontPath(environment: options.environment)

    var info = try OutputFields.documentInfo(for: designs[0], environment: options.environment)
    info.date = Self.date(environment: options.environment, overrides: options.overrides, now: options.now)
    info.title = "\(designs[0].name) — print proof"
    info.author = options.author
    info.subject = "Print proof of \(designs[0].name) for " + options.devices.map(\.name).joined(separator: ", ")
    info.keywords = (["wallpaper", "proof"] + options.devices.map(\.id)).joined(separator: ", ")
    self.designs = designs
    self.options = options
    self.info = info
    conformance = colour.conformance
    intent = colour.intent
  }

  /// The proof's date, printed in the slug and written as the PDF's dates: `SOURCE_DATE_EPOCH`
  /// when set (checked by `OutputFields.documentInfo`), else the day a `season.date` override
  /// names (00:00 UTC), else `now`: a proof is made for a person, so it says when.
  static func date(environment: Environment, overrides: [DesignOverride], now: Date) -> Date {
    if let epoch = environment["SOURCE_DATE_EPOCH"], let seconds = Int64(epoch) {
      return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
    if let override = overrides.last(where: { $0.path == ["season", "date"] }),
      case .string(let text) = override.value.kind, let day = CalendarDate(text)
    {
      return Date(timeIntervalSince1970: TimeInterval(day.utcMidnight))
    }
    return now
  }

  /// The PDF's bytes and, with `options.softProofFolder`, each page's soft proof (drawn first:
  /// each page's slug states its share out of gamut).
  ///
  /// - Throws: `ExportError.failed` naming the step that failed.
  public func render() throws(ExportError) -> (pdf: [UInt8], softProofs: [SoftProofPage]) {
    do {
      var softProofs: [SoftProofPage]?
      if options.softProofFolder != nil, let intent {
        softProofs = try PrintProof.softProofs(designs, intent: intent, font: font)
      }
      let pdf = try PrintProof.render(
        designs, settings: options.settings, font: font, options: PDFOptions(info: info, conformance: conformance),
        softProofs: softProofs)
      return (pdf, softProofs ?? [])
    } catch {
      throw .failed(error.description)
    }
  }

  /// Renders the proof and writes it: the PDF at `path` (`-` is standard output), and with
  /// `options.softProofFolder` `NN-DEVICE-soft-proof.png` and `NN-DEVICE-gamut.png` per page
  /// into that folder (created if missing), each file atomically.
  ///
  /// - Parameters:
  ///   - path: the PDF's path; `-` writes it to standard output.
  ///   - timer: laps `render` and `write`.
  /// - Returns: the files written, the PDF first.
  /// - Throws: `ExportError.failed` naming the step or the file that failed.
  @discardableResult
  public func write(to path: String, timer: PhaseTimer? = nil) throws(ExportError) -> [ProofFile] {
    let (pdf, softProofs) = try render()
    timer?.lap("render")
    try AtomicFile.write(pdf, to: path)
    var files = [ProofFile(path: path, kind: .pdf, bytes: pdf)]
    if let folder = options.softProofFolder {
      for page in softProofs {
        for (kind, image) in [(ProofFile.Kind.softProof, page.proof), (.gamut, page.gamut)] {
          let file = "\(folder)/\(page.name)-\(kind.rawValue).png"
          try AtomicFile.write(image, to: file)
          files.append(ProofFile(path: file, kind: kind, bytes: image))
        }
      }
    }
    timer?.lap("write")
    return files
  }
}

/// A file a proof wrote.
public struct ProofFile: Sendable {
  /// What the file holds; the raw value ends a soft proof's file name.
  public enum Kind: String, Sendable {
    /// The proof PDF.
    case pdf
    /// A page as it would print under the output intent (PNG).
    case softProof = "soft-proof"
    /// A page's out-of-gamut pixels in magenta (PNG).
    case gamut
  }

  /// The path as given to `write(to:)`, or inside `ProofOptions.softProofFolder`.
  public let path: String
  public let kind: Kind
  /// The file's bytes.
  public let bytes: [UInt8]
}
