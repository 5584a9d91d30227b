import SceneGraph

/// A validated wallpaper design: what to draw and for which device. Built in Swift, or from a
/// design file and command-line flags by the `DesignFiles` module; turned into a `Scene` by
/// `Design.scene()`.
///
/// How the scene is written (format, scale, compression, path) is not part of the design: the
/// rendering side describes that as an `Output`.
///
/// ```swift
/// var design = Design(device: DeviceCatalog.device(id: "iphone-16")!, season: .winter)
/// design.background.gradient = Gradient(kind: .linear, colors: [.white, Color(rgb: 0x6C8EBF)], angle: 90)
/// design.label.text = "Winter"
/// design.label.fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
/// design.grid.kind = .home
/// design.grid.fills.append(try GridLayer.Fill(cells: .parse("0-3"), color: .black, in: design))
/// let scene = try design.scene(defaultFont: "/path/to/Quicksand-Bold.ttf")
/// ```
public struct Design: Sendable {
  /// Used in file names and document titles.
  public var name: String = "wallpaper"
  public var device: Device
  public var background = Background()
  /// The seasonal art over the background; its opacity 0 leaves the background alone.
  public var season: SeasonLayer
  /// A designer's SVG drawn as the art layer in place of the season's art; nil for the
  /// season's art.
  public var art: CustomArt?
  public var label = Label()
  public var grid = GridLayer()
  public var orientation: Orientation = .portrait
  /// Drawing order and opacity of the layers, bottom first.
  public var layers: [LayerSetting] = LayerName.allCases.map { LayerSetting(name: $0) }

  /// A design for `device` in `season`, with the defaults of the original app.
  public init(device: Device, season: Season = .autumn) {
    self.device = device
    self.season = SeasonLayer(season: season, chosenBy: "season \(season.rawValue)")
  }

  /// The canvas in points, turned for landscape.
  public var canvasSize: Size {
    orientation == .portrait ? device.screen.points : device.screen.points.transposed
  }
}

/// The bottom layer: a colour or gradient, optionally under a photo.
public struct Background: Sendable, Hashable {
  /// nil is transparent.
  public var color: Color? = .white
  public var gradient: Gradient?
  public var image: BackgroundImage?

  public init() {}
}

/// A gradient across the whole canvas.
public struct Gradient: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable { case linear, radial }
  public var kind: Kind
  /// Two or more colours, evenly spaced.
  public var colors: [Color]
  /// For linear gradients: the direction in degrees, 0 = top to bottom, 90 = left to right.
  public var angle: Double

  public init(kind: Kind, colors: [Color], angle: Double = 0) {
    self.kind = kind
    self.colors = colors
    self.angle = angle
  }
}

/// A photo (PNG, JPEG or HEIC) drawn over the background colour.
public struct BackgroundImage: Sendable, Hashable {
  /// The file as given (for messages).
  public var path: String
  /// The file as read, resolved against the design file's folder; nil when not from a file.
  public var file: String?
  /// The file's bytes: PNG, JPEG or HEIC, told apart by the renderer from their signature.
  public var data: [UInt8]
  public var mode: ContentMode
  public var opacity: Opacity

  public init(path: String, data: [UInt8], mode: ContentMode = .fill, opacity: Opacity = .opaque) {
    self.path = path
    self.data = data
    self.mode = mode
    self.opacity = opacity
  }
}

/// A designer's SVG drawn as the art layer in place of the season's art: covering the canvas
/// (scaled uniformly, centred, clipped), under the grid and label. The label's keep-out
/// applies to the season's art only: custom art is drawn as the designer made it.
public struct CustomArt: Sendable, Hashable {
  /// The file as given (for messages).
  public var path: String
  /// The file as read: resolved against the design file's folder, or as the flag gave it.
  public var file: String
  /// The SVG, sanitised and self-contained.
  public var vector: VectorArt
  public var opacity: Opacity

  public init(path: String, file: String, vector: VectorArt, opacity: Opacity = .opaque) {
    self.path = path
    self.file = file
    self.vector = vector
    self.opacity = opacity
  }
}
