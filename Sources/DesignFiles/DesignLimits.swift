import Wallpapers

/// The largest inputs a design may have. Each is checked before the work it would cost, and
/// each exceeded limit is one error naming the file, flag or field.
public enum DesignLimits {
  /// The largest design file, in bytes (1 MiB).
  public static let maxFileBytes = 1 << 20
  /// The deepest nesting of arrays and objects in a design file (a real design uses four).
  public static let maxNestingDepth = 32
  /// The longest string in a design file or flag value, in UTF-8 bytes.
  public static let maxStringBytes = 4096
  /// The longest label text, in characters (grapheme clusters).
  public static let maxLabelCharacters = 200
  /// The largest background image file, in bytes (64 MiB); its pixel size has its own limit
  /// in the renderer.
  public static let maxImageFileBytes = CellImage.maxFileBytes

  /// One line for help pages and the README.
  public static let summary =
    "Limits: design file ≤ \(maxFileBytes) bytes, JSON nesting ≤ \(maxNestingDepth) levels, "
    + "strings and flag values ≤ \(maxStringBytes) bytes, label text ≤ \(maxLabelCharacters) characters, "
    + "image file ≤ \(maxImageFileBytes >> 20) MiB."
}
