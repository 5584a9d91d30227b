/// The grid a design draws over its art: none, the device's home-screen icon grid, or a square
/// grid with its parameters. One value, so a square grid cannot lose its parameters, nor a home
/// grid carry a square one's.
public enum Grid: Sendable, Hashable {
  case none
  /// The home-screen icon grid of the device, as in the Grid Wallpaper app.
  case home
  /// N equal squares per row, as in the square-grid write-up.
  case square(SquareGrid)

  /// What a design file (`grid.kind`) and `--grid` call each grid.
  public enum Name: String, Sendable, Hashable, CaseIterable {
    case none, home, square
  }

  public var name: Name {
    switch self {
    case .none: return .none
    case .home: return .home
    case .square: return .square
    }
  }
}
