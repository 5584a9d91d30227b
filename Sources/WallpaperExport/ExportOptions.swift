import CairoRendering
import DesignFiles
import Platform
import Wallpapers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an export writes besides the designs themselves: the devices, formats and scales, the
/// extra files, and how many files are rendered at once. The defaults are those of
/// `wallpaper export` without flags.
///
/// ```swift
/// var options = ExportOptions()
/// options.devices = [DeviceCatalog.device(id: "iphone-16")!, DeviceCatalog.device(id: "iphone-se-3")!]
/// options.formats = [.png, .svg]
/// options.scales = [2, 3]     // every class at 2x and 3x; nil is each class's own scale
/// options.assetCatalog = true
/// ```
public struct ExportOptions: Sendable {
  /// What the contact sheet shows.
  public enum ContactSheet: String, Sendable, CaseIterable {
    /// The wallpapers as they are.
    case plain
    /// Each iPhone class in portrait with the lock-screen mock over its wallpaper.
    case preview
  }

  /// The most files rendered at once.
  public static let maxJobs = 256

  /// The devices to export for, at least one; models sharing a screen class are rendered
  /// once. Default: every device in `DeviceCatalog`.
  public var devices: [Device] = DeviceCatalog.devices
  /// The formats, at least one, written in `OutputFormat.allCases` order. Default: all.
  public var formats: [OutputFormat] = OutputFormat.allCases
  /// PNG scales in device pixels per point, each > 0 and ≤ `RenderLimits.maxScale` (10);
  /// every screen class is written at each. nil (the default): each class at its own scale
  /// (iPhones 2x or 3x, iPads 2x).
  public var scales: [Double]? = nil
  /// Values set over every design's fields, as the design flags of `wallpaper export` set
  /// them (`--season winter` is the path `["season", "name"]`).
  public var overrides: [DesignOverride] = []
  /// Whether to write a lock- and a home-screen preview (PNG at 1x, `previews/`) for each
  /// iPhone class in portrait. Default: true.
  public var previews = true
  /// What `contact-sheet.png` and `.pdf` show. Default: `.plain`.
  public var contactSheet = ContactSheet.plain
  /// Also write an Xcode asset catalog with an image set per screen class (1x, 2x and 3x
  /// PNGs, each stored once: the manifest and gallery point into the catalog) and
  /// `WallpaperAssets.swift` beside it, which maps a screen to its image set.
  public var assetCatalog = false
  /// The asset catalog's folder name: `catalogName`, with `.xcassets` added when missing; nil
  /// (the default): the design's name as written plus `.xcassets`. No `/`, no control
  /// characters, not `.` or `..`.
  public var catalogName: String? = nil
  /// Refuse (`ExportError.invalidInput`, nothing written) a device the design cannot be made
  /// for, instead of skipping it.
  public var strict = false
  /// A catalogue of more (design, screen class) units than this (designs given × screen classes
  /// of `devices`) is split into shards by unit, and each part loads each design once plus its
  /// own classes (`Export.splitsByUnit`); up to this many it is planned whole and split file by
  /// file, the finer balance. Every part and the merge must use the same. Default: 2,000 (about
  /// half a CPU second of design loading).
  public var wholePlanLimit = 2_000
  /// Files rendered at once, each on its own thread: 1…`maxJobs`. Default: the number of
  /// cores (at most `maxJobs`). Each thread holds one image at a time (up to 64 megapixels,
  /// 256 MB).
  public var jobs = min(ProcessInfo.processInfo.activeProcessorCount, maxJobs)
  /// The font file of labels that name none; nil (the default): the bundled font, found by
  /// `Fonts.bundledPath(environment:)`.
  public var font: String? = nil
  /// Read for `SOURCE_DATE_EPOCH` (the PDFs' date; without it a fixed date) unless `date` is
  /// given, and `WALLPAPER_FONTS` and the cache folder's variables (`Fonts.bundledPath`). Default: the process's
  /// environment.
  public var environment = Environment.process
  /// The date the export is made with; nil (the default): `ExportDate(environment:)`, from
  /// `SOURCE_DATE_EPOCH` or the clock. A merge sets the date its parts recorded.
  public var date: ExportDate? = nil

  public init() {}

  /// Whether `name` can be a `catalogName`: not empty, not `.` or `..`, no `/` or control
  /// characters.
  public static func allows(catalogName name: String) -> Bool { AssetCatalog.allows(name: name) }

  /// Whether `scale` can be a PNG scale of an export: finite, > 0 and ≤ `RenderLimits.maxScale`.
  public static func allows(scale: Double) -> Bool {
    scale.isFinite && scale > 0 && scale <= RenderLimits.maxScale
  }

  /// Refuses options an export cannot run with.
  func validate() throws(ExportError) {
    guard !devices.isEmpty else { throw .invalidInput("devices: none given (at least one device)") }
    guard !formats.isEmpty else { throw .invalidInput("formats: none given (at least one of png, svg, pdf)") }
    if let scales {
      guard !scales.isEmpty else { throw .invalidInput("scales: none given (nil for each class's own scale)") }
      if let bad = scales.first(where: { !Self.allows(scale: $0) }) {
        throw .invalidInput(
          "scales: \(formatNumber(bad)) is not allowed (numbers > 0 and ≤ \(formatNumber(RenderLimits.maxScale)))")
      }
    }
    if let catalogName, !AssetCatalog.allows(name: catalogName) {
      throw .invalidInput(
        "catalog name: '\(catalogName)' is not allowed (a folder name without '/' or control characters, like Wallpapers)"
      )
    }
    guard (1...Self.maxJobs).contains(jobs) else {
      throw .invalidInput("jobs: \(jobs) is not allowed (a whole number from 1 to \(Self.maxJobs))")
    }
  }
}
