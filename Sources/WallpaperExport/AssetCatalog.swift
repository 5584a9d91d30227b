import DesignFiles
import Wallpapers

/// An Xcode asset catalog: `<Design>.xcassets/` with one image set per screen class, in
/// Apple's documented `Contents.json` format.
enum AssetCatalog {
  /// The catalog folder name: the design's name with a capital first letter.
  static func folderName(design: String) -> String {
    design.prefix(1).uppercased() + design.dropFirst() + ".xcassets"
  }

  static func imageSetFolder(design: String, screen: ScreenClass) -> String {
    "\(folderName(design: design))/\(design)-\(screen.id).imageset"
  }

  /// Asset catalogs hold 1x, 2x and 3x images only.
  static func holds(scale: Double) -> Bool { [1.0, 2, 3].contains(scale) }

  /// The catalog's own top-level `Contents.json`.
  static func catalogContents() -> [UInt8] {
    json(["info": ["author": "wallpaper", "version": 1]])
  }

  /// An image set's `Contents.json` listing its PNGs by scale. When the set holds Display P3
  /// PNGs with their sRGB companions (`ExportPlan.sRGBCompanionSuffix`), each entry says its
  /// `"display-gamut"`: `"sRGB"` or `"display-P3"`, as Xcode expects; otherwise no entry
  /// has one.
  static func imageSetContents(images: [(filename: String, scale: Double, idiom: DeviceFamily)]) -> [UInt8] {
    func isCompanion(_ filename: String) -> Bool { filename.contains(ExportPlan.sRGBCompanionSuffix + "@") }
    let hasGamuts = images.contains { isCompanion($0.filename) }
    // By scale, the sRGB entry before the P3 one.
    let entries = images.sorted {
      ($0.scale, isCompanion($0.filename) ? 0 : 1) < ($1.scale, isCompanion($1.filename) ? 0 : 1)
    }.map { image in
      var entry = ["idiom": image.idiom.rawValue, "scale": "\(Int(image.scale))x", "filename": image.filename]
      if hasGamuts { entry["display-gamut"] = isCompanion(image.filename) ? "sRGB" : "display-P3" }
      return entry
    }
    return json(["images": entries, "info": ["author": "wallpaper", "version": 1]])
  }

  static func json(_ object: Any) -> [UInt8] { JSONWriter.bytes(object) }
}
