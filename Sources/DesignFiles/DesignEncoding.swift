import Platform
import SceneGraph
import Wallpapers

extension Design {
  /// The design as a design file's JSON tree that loads back to the same design (the same
  /// scene): every value in the form a file uses, colours as `#RRGGBB[AA]`, the season by name,
  /// file paths as read (made absolute against `workingDirectory` when relative), a fontconfig
  /// family name as the name, and only the fields that differ from the defaults. A design file
  /// may name only files in its own folder (`DesignLoader.confine`): a design that names
  /// photos or fonts is written with `jsonTree(writingPath:)`, paths relative to where it is
  /// saved.
  public func jsonTree(workingDirectory: String) -> JSONValue {
    jsonTree(writingPath: { FilePath(workingDirectory).appending($0).string })
  }

  /// `jsonTree(workingDirectory:)` with every file path (as read: relative to the working
  /// directory, or absolute) written as `writingPath` gives it.
  public func jsonTree(writingPath: (String) -> String) -> JSONValue {
    let origin = ValueOrigin.flag("(design)")
    func string(_ text: String) -> JSONValue { JSONValue(.string(text), origin: origin) }
    func number(_ value: Double) -> JSONValue { JSONValue(.number(value), origin: origin) }
    func object(_ members: [(String, JSONValue?)]) -> JSONValue {
      JSONValue(
        .object(
          members.compactMap { key, value in value.map { JSONValue.Member(key: key, value: $0, origin: origin) } }),
        origin: origin)
    }
    func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values), origin: origin) }
    func path(_ file: String) -> JSONValue { string(writingPath(file)) }

    var backgroundMembers: [(String, JSONValue?)] = [
      (
        "color",
        background.color == .white
          ? nil : string(background.color?.cssText ?? DesignLoader.colorKeywords[["background", "color"]]!)
      )
    ]
    if let gradient = background.gradient {
      backgroundMembers.append(
        (
          "gradient",
          object([
            ("type", string(gradient.kind.rawValue)), ("colors", array(gradient.colors.map { string($0.cssText) })),
            ("angle", number(gradient.angle)),
          ])
        ))
    }
    if let image = background.image {
      backgroundMembers.append(
        (
          "image",
          object([
            ("path", path(image.file ?? image.path)), ("mode", string(image.mode.rawValue)),
            ("opacity", number(image.opacity.value)),
          ])
        ))
    }

    let labelMembers: [(String, JSONValue?)] = [
      ("visible", label.visible ? nil : JSONValue(.bool(false), origin: origin)),
      ("text", label.text.map(string)),
      ("locale", label.locale == .en ? nil : string(label.locale.rawValue)),
      ("position", label.position.map { string($0.rawValue) }),
      ("offset", label.offset == 0 ? nil : number(label.offset)),
      ("size", label.size.map(number)),
      ("font", label.fontPath.map { Label.isFontPath($0) ? path($0) : string($0) }),
      ("color", label.color.map { string($0.cssText) }),
    ]

    var gridMembers: [(String, JSONValue?)] = []
    if grid.kind != .none {
      let lineWidth: JSONValue
      switch grid.lineWidth {
      case .points(let points): lineWidth = number(points)
      case .devicePixels(let pixels): lineWidth = string("\(pixels)px")
      }
      gridMembers = [
        ("kind", string(grid.kind.name.rawValue)),
        ("fill", grid.fills.isEmpty ? nil : array(grid.fills.map { string("\($0.cells)=\($0.color.cssText)") })),
        ("lineColor", grid.lineColor.map { string($0.cssText) }),
        ("lineWidth", grid.lineWidth == .devicePixels(1) ? nil : lineWidth),
        ("showIcons", grid.showIcons ? JSONValue(.bool(true), origin: origin) : nil),
      ]
      if case .square(let square) = grid.kind {
        let insets = square.insets
        gridMembers += [
          ("columns", number(Double(square.columns))), ("spacing", number(square.spacing)),
          ("inset", array([insets.top, insets.left, insets.bottom, insets.right].map(number))),
          ("fit", string(square.fit.rawValue)), ("direction", string(square.direction.rawValue)),
          ("images", grid.images.isEmpty ? nil : array(grid.images.map { path($0.file) })),
        ]
      }
    }

    let defaultLayers = LayerName.allCases.map { LayerSetting(name: $0) }
    return object([
      ("name", string(name)),
      ("device", string(device.id)),
      ("orientation", orientation == .portrait ? nil : string(orientation.rawValue)),
      ("background", backgroundMembers.allSatisfy { $0.1 == nil } ? nil : object(backgroundMembers)),
      (
        "season",
        object([
          ("name", string(season.season.rawValue)), ("alpha", number(season.alpha.value)),
          ("artSeed", season.seed == SeasonArt.defaultSeed ? nil : number(Double(season.seed))),
        ])
      ),
      (
        "art",
        art.map { object([("svg", path($0.file)), ("opacity", number($0.opacity.value))]) }
      ),
      ("label", labelMembers.allSatisfy { $0.1 == nil } ? nil : object(labelMembers)),
      ("grid", gridMembers.isEmpty ? nil : object(gridMembers)),
      (
        "layers",
        layers == defaultLayers
          ? nil
          : array(layers.map { object([("name", string($0.name.rawValue)), ("opacity", number($0.opacity.value))]) })
      ),
    ])
  }
}
