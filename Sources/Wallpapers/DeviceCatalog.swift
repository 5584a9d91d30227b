import SceneGraph

/// Every supported iPhone and iPad, from the iPhone 4 to the iPhone 17 family and the 13" iPad
/// Pro, grouped by screen class. Numbers and sources: Docs/devices.md.
public enum DeviceCatalog {
  /// All models, iPhones first, in order of screen introduction.
  public static let devices: [Device] = classes.flatMap { entry in
    entry.models.map { model in
      Device(
        id: model.id, name: model.name, screen: entry.screen, panelPixels: model.panel,
        panelSource: model.panelSource, safeAreaOverride: model.safeArea, released: model.released,
        lastOS: model.lastOS, lastOSSource: model.lastOS == currentOS ? .currentOSSupport : .earlierOSSupport)
    }
  }

  /// The newest major iOS and iPadOS release the catalogue knows: iOS 26 and iPadOS 26
  /// (September 2025). `Device.runsCurrentOS` compares against it.
  public static let currentOS = 26

  /// The models the newest iOS and iPadOS releases support (iOS 26: iPhone 11 and SE 2 and
  /// later; iPadOS 26: A12 and later), as Apple's lists say (`Source.currentOSSupport`).
  public static var current: [Device] { devices.filter(\.runsCurrentOS) }

  /// All screen classes, in catalogue order.
  public static let screenClasses: [ScreenClass] = classes.map(\.screen)

  /// The model with `id` as people type it, or nil: any case, words separated by spaces,
  /// hyphens, underscores or dots (`iphone-16-pro`, `iPhone 16 Pro`, `ipad pro 12.9`), or the
  /// model's name as the catalogue writes it (`iPhone SE (3rd generation)`), in any case.
  public static func device(id: String) -> Device? {
    let typed = canonicalID(id)
    if let device = devices.first(where: { $0.id == typed }) { return device }
    let name = id.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    return devices.first { $0.name.lowercased() == name }
  }

  /// `text` with its words lower-cased and joined by single hyphens, the form ids are written
  /// in: `iPhone 16 Pro` → `iphone-16-pro`.
  public static func canonicalID(_ text: String) -> String {
    text.lowercased()
      .split { $0.isWhitespace || $0 == "-" || $0 == "_" || $0 == "." }
      .joined(separator: "-")
  }

  /// The models of a screen class.
  public static func models(of screen: ScreenClass) -> [Device] {
    devices.filter { $0.screen.id == screen.id }
  }

  /// The ids closest to `id`, for "did you mean" hints.
  public static func suggestions(for id: String) -> [String] {
    closest(to: canonicalID(id), in: devices.map(\.id))
  }

  // MARK: Data

  private struct Model {
    let id: String
    let name: String
    /// The year it came out; for an id that covers several generations (`ipad-10-2`), the
    /// newest one's (Source.identifyModel).
    let released: Int
    /// The newest major iOS or iPadOS version it runs; for several generations, the newest's.
    let lastOS: Int
    var panel: (width: Int, height: Int)? = nil
    var panelSource: Source? = nil
    var safeArea: EdgeInsets? = nil
  }

  private static func screen(
    _ id: String, _ width: Double, _ height: Double, scale: Int, _ family: DeviceFamily,
    safeTop: Double?, safeBottom: Double, sources: [Source], safeAreaSource: Source = .simulatorInsets
  ) -> ScreenClass {
    ScreenClass(
      id: id, points: Size(clampingWidth: width, height: height), scale: scale, family: family,
      safeArea: safeTop.map { EdgeInsets(clampingTop: $0, left: 0, bottom: safeBottom, right: 0) },
      sources: sources, safeAreaSource: safeTop == nil ? .unverified : safeAreaSource)
  }

  private static func insets(top: Double, bottom: Double) -> EdgeInsets {
    EdgeInsets(clampingTop: top, left: 0, bottom: bottom, right: 0)
  }

  private static let miniPanel: (Int, Int) = (1080, 2340)
  private static let plusPanel: (Int, Int) = (1080, 1920)

  private static let classes: [(screen: ScreenClass, models: [Model])] = [
    (
      screen("320x480", 320, 480, scale: 2, .iphone, safeTop: 20, safeBottom: 0, sources: [.learnUI]),
      [
        Model(id: "iphone-4", name: "iPhone 4", released: 2010, lastOS: 7),
        Model(id: "iphone-4s", name: "iPhone 4s", released: 2011, lastOS: 9),
      ]
    ),
    (
      screen("320x568", 320, 568, scale: 2, .iphone, safeTop: 20, safeBottom: 0, sources: [.hig]),
      [
        Model(id: "iphone-5", name: "iPhone 5", released: 2012, lastOS: 10),
        Model(id: "iphone-5s", name: "iPhone 5s", released: 2013, lastOS: 12),
        Model(id: "iphone-5c", name: "iPhone 5c", released: 2013, lastOS: 10),
        Model(id: "iphone-se-1", name: "iPhone SE (1st generation)", released: 2016, lastOS: 15),
      ]
    ),
    (
      screen("375x667", 375, 667, scale: 2, .iphone, safeTop: 20, safeBottom: 0, sources: [.hig]),
      [
        Model(id: "iphone-6", name: "iPhone 6", released: 2014, lastOS: 12),
        Model(id: "iphone-6s", name: "iPhone 6s", released: 2015, lastOS: 15),
        Model(id: "iphone-7", name: "iPhone 7", released: 2016, lastOS: 15),
        Model(id: "iphone-8", name: "iPhone 8", released: 2017, lastOS: 16),
        Model(id: "iphone-se-2", name: "iPhone SE (2nd generation)", released: 2020, lastOS: 26),
        Model(id: "iphone-se-3", name: "iPhone SE (3rd generation)", released: 2022, lastOS: 26),
      ]
    ),
    (
      screen("414x736", 414, 736, scale: 3, .iphone, safeTop: 20, safeBottom: 0, sources: [.hig, .plusDownsampling]),
      [
        Model(
          id: "iphone-6-plus", name: "iPhone 6 Plus", released: 2014, lastOS: 12, panel: plusPanel,
          panelSource: .plusDownsampling),
        Model(
          id: "iphone-6s-plus", name: "iPhone 6s Plus", released: 2015, lastOS: 15, panel: plusPanel,
          panelSource: .plusDownsampling),
        Model(
          id: "iphone-7-plus", name: "iPhone 7 Plus", released: 2016, lastOS: 15, panel: plusPanel,
          panelSource: .plusDownsampling),
        Model(
          id: "iphone-8-plus", name: "iPhone 8 Plus", released: 2017, lastOS: 16, panel: plusPanel,
          panelSource: .plusDownsampling),
      ]
    ),
    (
      screen("375x812", 375, 812, scale: 3, .iphone, safeTop: 44, safeBottom: 34, sources: [.hig, .miniDownsampling]),
      [
        Model(id: "iphone-x", name: "iPhone X", released: 2017, lastOS: 16),
        Model(id: "iphone-xs", name: "iPhone XS", released: 2018, lastOS: 18),
        Model(id: "iphone-11-pro", name: "iPhone 11 Pro", released: 2019, lastOS: 26),
        Model(
          id: "iphone-12-mini", name: "iPhone 12 mini", released: 2020, lastOS: 26, panel: miniPanel,
          panelSource: .miniDownsampling, safeArea: insets(top: 50, bottom: 34)),
        Model(
          id: "iphone-13-mini", name: "iPhone 13 mini", released: 2021, lastOS: 26, panel: miniPanel,
          panelSource: .miniDownsampling, safeArea: insets(top: 50, bottom: 34)),
      ]
    ),
    (
      screen("414x896-2x", 414, 896, scale: 2, .iphone, safeTop: 48, safeBottom: 34, sources: [.hig]),
      [
        Model(id: "iphone-xr", name: "iPhone XR", released: 2018, lastOS: 18),
        Model(id: "iphone-11", name: "iPhone 11", released: 2019, lastOS: 26),
      ]
    ),
    (
      screen("414x896-3x", 414, 896, scale: 3, .iphone, safeTop: 44, safeBottom: 34, sources: [.hig]),
      [
        Model(id: "iphone-xs-max", name: "iPhone XS Max", released: 2018, lastOS: 18),
        Model(id: "iphone-11-pro-max", name: "iPhone 11 Pro Max", released: 2019, lastOS: 26),
      ]
    ),
    (
      screen("390x844", 390, 844, scale: 3, .iphone, safeTop: 47, safeBottom: 34, sources: [.hig]),
      [
        Model(id: "iphone-12", name: "iPhone 12", released: 2020, lastOS: 26),
        Model(id: "iphone-12-pro", name: "iPhone 12 Pro", released: 2020, lastOS: 26),
        Model(id: "iphone-13", name: "iPhone 13", released: 2021, lastOS: 26),
        Model(id: "iphone-13-pro", name: "iPhone 13 Pro", released: 2021, lastOS: 26),
        Model(id: "iphone-14", name: "iPhone 14", released: 2022, lastOS: 26),
        Model(id: "iphone-16e", name: "iPhone 16e", released: 2025, lastOS: 26),
      ]
    ),
    (
      screen("428x926", 428, 926, scale: 3, .iphone, safeTop: 47, safeBottom: 34, sources: [.hig]),
      [
        Model(id: "iphone-12-pro-max", name: "iPhone 12 Pro Max", released: 2020, lastOS: 26),
        Model(id: "iphone-13-pro-max", name: "iPhone 13 Pro Max", released: 2021, lastOS: 26),
        Model(id: "iphone-14-plus", name: "iPhone 14 Plus", released: 2022, lastOS: 26),
      ]
    ),
    (
      screen("393x852", 393, 852, scale: 3, .iphone, safeTop: 59, safeBottom: 34, sources: [.hig]),
      [
        Model(id: "iphone-14-pro", name: "iPhone 14 Pro", released: 2022, lastOS: 26),
        Model(id: "iphone-15", name: "iPhone 15", released: 2023, lastOS: 26),
        Model(id: "iphone-15-pro", name: "iPhone 15 Pro", released: 2023, lastOS: 26),
        Model(id: "iphone-16", name: "iPhone 16", released: 2024, lastOS: 26),
      ]
    ),
    (
      screen("430x932", 430, 932, scale: 3, .iphone, safeTop: 59, safeBottom: 34, sources: [.hig, .appStoreConnect]),
      [
        Model(id: "iphone-14-pro-max", name: "iPhone 14 Pro Max", released: 2022, lastOS: 26),
        Model(id: "iphone-15-plus", name: "iPhone 15 Plus", released: 2023, lastOS: 26),
        Model(id: "iphone-15-pro-max", name: "iPhone 15 Pro Max", released: 2023, lastOS: 26),
        Model(id: "iphone-16-plus", name: "iPhone 16 Plus", released: 2024, lastOS: 26),
      ]
    ),
    (
      screen("402x874", 402, 874, scale: 3, .iphone, safeTop: 62, safeBottom: 34, sources: [.hig]),
      [
        Model(id: "iphone-16-pro", name: "iPhone 16 Pro", released: 2024, lastOS: 26),
        Model(id: "iphone-17", name: "iPhone 17", released: 2025, lastOS: 26),
        Model(id: "iphone-17-pro", name: "iPhone 17 Pro", released: 2025, lastOS: 26),
      ]
    ),
    (
      screen("420x912", 420, 912, scale: 3, .iphone, safeTop: nil, safeBottom: 34, sources: [.hig, .appStoreConnect]),
      [Model(id: "iphone-air", name: "iPhone Air", released: 2025, lastOS: 26)]
    ),
    (
      screen("440x956", 440, 956, scale: 3, .iphone, safeTop: 62, safeBottom: 34, sources: [.hig, .appStoreConnect]),
      [
        Model(id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", released: 2024, lastOS: 26),
        Model(id: "iphone-17-pro-max", name: "iPhone 17 Pro Max", released: 2025, lastOS: 26),
      ]
    ),
    (
      screen("768x1024", 768, 1024, scale: 2, .ipad, safeTop: 20, safeBottom: 0, sources: [.hig]),
      [
        Model(id: "ipad-9-7", name: "iPad 9.7\"", released: 2018, lastOS: 17),
        Model(id: "ipad-air-9-7", name: "iPad Air 9.7\"", released: 2014, lastOS: 15),
        Model(id: "ipad-pro-9-7", name: "iPad Pro 9.7\"", released: 2016, lastOS: 16),
        Model(id: "ipad-mini-7-9", name: "iPad mini 7.9\"", released: 2019, lastOS: 26),
      ]
    ),
    (
      screen("810x1080", 810, 1080, scale: 2, .ipad, safeTop: 20, safeBottom: 0, sources: [.hig]),
      [Model(id: "ipad-10-2", name: "iPad 10.2\"", released: 2021, lastOS: 26)]
    ),
    (
      screen("744x1133", 744, 1133, scale: 2, .ipad, safeTop: 24, safeBottom: 20, sources: [.hig]),
      [Model(id: "ipad-mini-8-3", name: "iPad mini 8.3\"", released: 2024, lastOS: 26)]
    ),
    (
      screen("820x1180", 820, 1180, scale: 2, .ipad, safeTop: 24, safeBottom: 20, sources: [.hig]),
      [
        Model(id: "ipad-air-10-9", name: "iPad Air 10.9\"", released: 2022, lastOS: 26),
        Model(id: "ipad-air-11", name: "iPad Air 11\"", released: 2025, lastOS: 26),
        Model(id: "ipad-11", name: "iPad 11\"", released: 2025, lastOS: 26),
      ]
    ),
    (
      screen("834x1112", 834, 1112, scale: 2, .ipad, safeTop: 20, safeBottom: 0, sources: [.hig]),
      [Model(id: "ipad-air-10-5", name: "iPad Air 10.5\"", released: 2019, lastOS: 26)]
    ),
    (
      screen("834x1194", 834, 1194, scale: 2, .ipad, safeTop: 24, safeBottom: 20, sources: [.hig]),
      [Model(id: "ipad-pro-11", name: "iPad Pro 11\" (1st–4th generation)", released: 2022, lastOS: 26)]
    ),
    (
      screen("834x1210", 834, 1210, scale: 2, .ipad, safeTop: nil, safeBottom: 20, sources: [.unverified]),
      [Model(id: "ipad-pro-11-m4", name: "iPad Pro 11\" (M4)", released: 2024, lastOS: 26)]
    ),
    (
      screen("1024x1366", 1024, 1366, scale: 2, .ipad, safeTop: 24, safeBottom: 20, sources: [.hig]),
      [
        Model(id: "ipad-pro-12-9", name: "iPad Pro 12.9\"", released: 2022, lastOS: 26),
        Model(id: "ipad-air-13", name: "iPad Air 13\"", released: 2025, lastOS: 26),
      ]
    ),
    (
      screen("1032x1376", 1032, 1376, scale: 2, .ipad, safeTop: 24, safeBottom: 20, sources: [.appStoreConnect]),
      [Model(id: "ipad-pro-13-m4", name: "iPad Pro 13\" (M4)", released: 2024, lastOS: 26)]
    ),
  ]
}
