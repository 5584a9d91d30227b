import SceneGraph

/// Light or dark text over a picture, chosen the way iOS picks its lock-screen clock colour:
/// from the relative luminance of what is behind the text.
public enum AdaptiveInk {
  /// The ink over dark pictures.
  public static let light = Color(rgb: 0xFFFFFF)
  /// The ink over pale pictures: iOS's near-black label colour.
  public static let dark = Color(rgb: 0x1C1C1E)

  /// The ink with the higher WCAG contrast against a backdrop of relative luminance
  /// `luminance` (0 black … 1 white; clamped). Against a uniform backdrop the ink chosen has a
  /// contrast of at least 4.4:1.
  public static func over(luminance: Double) -> Color {
    let backdrop = min(1, max(0, luminance)) + 0.05
    let lightContrast = (light.relativeLuminance + 0.05) / backdrop
    let darkContrast = backdrop / (dark.relativeLuminance + 0.05)
    return lightContrast >= darkContrast ? light : dark
  }
}
