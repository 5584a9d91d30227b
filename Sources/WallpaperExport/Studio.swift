/// The wallpaper studio as a whole.
public enum Studio {
  /// The studio's version, `wallpaper --version`. It is part of every export file's key (a new
  /// version renders everything again under `--incremental`) and of each PDF's creator
  /// (`wallpaper 0.1.0`).
  public static let version = "0.1.0"
}
