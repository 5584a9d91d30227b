import SceneGraph

/// Where a number in the catalogue comes from (see Docs/devices.md for the full references).
public enum Source: String, Hashable, Sendable, CaseIterable {
  /// Apple Human Interface Guidelines, Layout → Specifications (9 Sep 2025).
  case hig = "S1"
  /// learnui.design iOS guide (iPhone 1–4s).
  case learnUI = "S2"
  /// iPhone 6/7/8 Plus downsampling, 1242×2208 rendered to a 1080×1920 panel.
  case plusDownsampling = "S3"
  /// iPhone 12/13 mini downsampling, 1125×2436 rendered to a 1080×2340 panel.
  case miniDownsampling = "S4"
  /// Community home-screen measurements (mzeryck/Widget-Blur).
  case widgetBlur = "S5"
  /// App Store Connect screenshot specifications.
  case appStoreConnect = "S7"
  /// Safe-area insets as reported by Xcode's simulators and collected by the community
  /// (useyourloaf.com screen-size tables); not published by Apple.
  case simulatorInsets = "S8"
  /// Apple Support, "iOS 26 is compatible with these devices" and "iPadOS 26 is compatible with
  /// these devices" (June 2025): the models that run the newest release.
  case currentOSSupport = "S9"
  /// Apple's compatibility lists of earlier releases (iOS 18, 16, 15, 12, 10, 9, 7; iPadOS 17,
  /// 16, 15): the newest list that names a model is the last version it runs.
  case earlierOSSupport = "S10"
  /// Apple Support, "Identify your iPhone model" and "Identify your iPad model": the year each
  /// model came out.
  case identifyModel = "S11"
  /// The Grid Wallpaper write-up, measured by hand.
  case seed = "SEED"
  /// No source: the number is an estimate and says so.
  case unverified = "unverified"

  public var summary: String {
    switch self {
    case .hig: return "Apple HIG, Layout → Specifications"
    case .learnUI: return "learnui.design iOS guide"
    case .plusDownsampling: return "Plus-model downsampling"
    case .miniDownsampling: return "mini-model downsampling"
    case .widgetBlur: return "community home-screen measurements (Widget-Blur)"
    case .appStoreConnect: return "App Store Connect screenshot specifications"
    case .simulatorInsets: return "simulator safe-area insets (community tables)"
    case .currentOSSupport: return "Apple Support, iOS 26 / iPadOS 26 compatible devices"
    case .earlierOSSupport: return "Apple Support, compatible-device lists of earlier iOS and iPadOS releases"
    case .identifyModel: return "Apple Support, Identify your iPhone / iPad model"
    case .seed: return "Grid Wallpaper write-up, measured by hand"
    case .unverified: return "unverified"
    }
  }
}

public enum DeviceFamily: String, Hashable, Sendable, CaseIterable {
  case iphone, ipad
}

/// Models that share a logical screen: the same size in points and the same scale.
/// A wallpaper is the same image for every model of a class.
public struct ScreenClass: Hashable, Sendable {
  /// `WxH` in points (`402x874`); classes that share points but differ in scale get `-2x`/`-3x`.
  public let id: String
  /// Portrait size in points.
  public let points: Size
  /// Device pixels per point.
  public let scale: Int
  public let family: DeviceFamily
  /// Status bar / sensor housing (top) and home indicator (bottom) in portrait, in points;
  /// nil where no measurement is known.
  public let safeArea: EdgeInsets?
  public let sources: [Source]
  public let safeAreaSource: Source

  /// A screen class; the catalogue's are in `DeviceCatalog.screenClasses`.
  ///
  /// ```swift
  /// let screen = ScreenClass(id: "400x800", points: try Size(width: 400, height: 800), scale: 2, family: .iphone)
  /// ```
  public init(
    id: String, points: Size, scale: Int, family: DeviceFamily, safeArea: EdgeInsets? = nil,
    sources: [Source] = [], safeAreaSource: Source? = nil
  ) {
    self.id = id
    self.points = points
    self.scale = scale
    self.family = family
    self.safeArea = safeArea
    self.sources = sources
    self.safeAreaSource = safeAreaSource ?? .unverified
  }

  /// `round(points × scale)`: the size a wallpaper PNG for this class must have.
  public var pixels: (width: Int, height: Int) {
    (Int((points.width * Double(scale)).rounded()), Int((points.height * Double(scale)).rounded()))
  }
}

/// One model in the catalogue.
public struct Device: Hashable, Sendable {
  /// Lower-case marketing name with hyphens (`iphone-16-pro`, `ipad-pro-13-m4`).
  public let id: String
  public let name: String
  public let screen: ScreenClass
  /// The physical panel when the system downsamples the rendered pixels, else nil.
  public let panelPixels: (width: Int, height: Int)?
  public let panelSource: Source?
  /// Overrides the class's safe area where a model differs (the minis' taller status bar).
  public let safeAreaOverride: EdgeInsets?
  /// The year the model came out (`Source.identifyModel`); for an id that covers several
  /// generations (`ipad-10-2`), the newest one's. Nil where unknown.
  public let released: Int?
  /// The newest major iOS or iPadOS version the model runs (26 for iOS 26); for several
  /// generations, the newest one's. Nil where unknown.
  public let lastOS: Int?
  /// Where `lastOS` comes from: `.currentOSSupport` or `.earlierOSSupport`.
  public let lastOSSource: Source?

  /// A device on `screen`; the catalogue's are in `DeviceCatalog.devices`
  /// (`DeviceCatalog.device(id: "iphone-16")`).
  public init(
    id: String, name: String, screen: ScreenClass, panelPixels: (width: Int, height: Int)? = nil,
    panelSource: Source? = nil, safeAreaOverride: EdgeInsets? = nil, released: Int? = nil, lastOS: Int? = nil,
    lastOSSource: Source? = nil
  ) {
    self.id = id
    self.name = name
    self.screen = screen
    self.panelPixels = panelPixels
    self.panelSource = panelSource
    self.safeAreaOverride = safeAreaOverride
    self.released = released
    self.lastOS = lastOS
    self.lastOSSource = lastOSSource
  }

  public var family: DeviceFamily { screen.family }

  /// Device pixels per point, as the renderer takes it (`Output(scale:)`): the screen class's
  /// 2 or 3.
  public var scale: Double { Double(screen.scale) }

  /// Whether the model runs the newest iOS or iPadOS release (`DeviceCatalog.currentOS`).
  public var runsCurrentOS: Bool { lastOS.map { $0 >= DeviceCatalog.currentOS } ?? false }
  public var safeArea: EdgeInsets? { safeAreaOverride ?? screen.safeArea }

  /// The portrait safe area to lay out against: `safeArea`, or where it is unknown a
  /// conservative guess — the tallest known iPhone status bar and home indicator (62 / 34 pt),
  /// or a Face ID iPad's (24 / 20 pt).
  public var layoutSafeArea: EdgeInsets {
    safeArea
      ?? (family == .iphone
        ? EdgeInsets(clampingTop: 62, left: 0, bottom: 34, right: 0)
        : EdgeInsets(clampingTop: 24, left: 0, bottom: 20, right: 0))
  }

  public static func == (lhs: Device, rhs: Device) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
