import Platform
import SceneGraph
import Wallpapers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A command-line flag's value, placed at a field path of the design, where it wins over the
/// file.
public struct DesignOverride: Sendable {
  public let path: [String]
  public let value: JSONValue
  /// Repeatable flags add to an array instead of replacing it.
  public let appends: Bool

  public init(path: [String], value: JSONValue, appends: Bool = false) {
    self.path = path
    self.value = value
    self.appends = appends
  }
}

/// A design read from a file and flags, with the fields that say how it is written.
public struct LoadedDesign: Sendable {
  public let design: Design
  /// The top-level fields the caller named as output fields (`scale`, `format`, `output`, …),
  /// unread: the rendering side decodes them with the same rules and error messages.
  public let outputFields: DesignFields
  /// The design's JSON tree as loaded: the file with the flags applied, unvalidated (the
  /// editor hands it on to its page).
  public var tree: JSONValue? = nil
}

/// Reads a design from JSON and command-line overrides, checking every field.
public enum DesignLoader {
  /// The top-level fields of a design that describe what to draw (and `$schema`, an editor's
  /// hint that is not read), from the field table `fields`.
  public static var topLevelFields: [String] { fields.names }

  /// Loads `file` (if any), applies `overrides` on top, and validates the result.
  ///
  /// - Parameters:
  ///   - file: the design file, or nil for flags only.
  ///   - overrides: values from flags, which win over the file's.
  ///   - outputFields: further top-level fields the caller reads itself (how the design is
  ///     written); any other unknown field is an error.
  ///   - today: picks the season when the design names neither a season nor a date; evaluated
  ///     only then (reading the calendar costs start-up time).
  /// - Throws: `DesignError` for an unreadable file, malformed JSON, an unknown field, or a
  ///   value of the wrong type or out of range, naming the file and line or the flag.
  public static func load(
    file: String?, overrides: [DesignOverride], outputFields: [FieldSpec] = [],
    today: @autoclosure () -> CalendarDate = .today()
  ) throws(DesignError) -> LoadedDesign {
    let json: [UInt8]? = if let file { try read(file: file) } else { nil }
    return try load(json: json, file: file ?? "", overrides: overrides, outputFields: outputFields, today: today())
  }

  /// A design from the bytes `json` of the design file `file` (nil for none: flags only)
  /// with `overrides` on top: `load(file:)` after reading the file (the fuzz target's entry).
  public static func load(
    json: [UInt8]?, file: String, overrides: [DesignOverride], outputFields: [FieldSpec] = [],
    today: @autoclosure () -> CalendarDate = .today()
  ) throws(DesignError) -> LoadedDesign {
    var root: JSONValue
    let baseFolder: String
    if let json {
      guard json.count <= DesignLimits.maxFileBytes else {
        throw DesignError(
          origin: nil, field: nil,
          message: "design file '\(file)' is \(json.count) bytes (at most \(DesignLimits.maxFileBytes))")
      }
      root = try JSONParser.parse(json, file: file)
      // Flags are placed into the file's object; any other top level would swallow them.
      guard case .object = root.kind else {
        throw DesignError(
          origin: root.origin, field: nil, message: "the design is \(root.typeName), expected an object { … }")
      }
      baseFolder = FilePath(file).folderOrCurrent
    } else {
      root = JSONValue(.object([]), origin: .flag("(command line)"))
      baseFolder = ""
    }
    return try load(
      root: root, baseFolder: baseFolder, defaultName: json == nil ? nil : name(fromFile: file), overrides: overrides,
      outputFields: outputFields, today: today())
  }

  /// A design from a design file's JSON tree built in the program, such as `Design.jsonTree`
  /// writes (values with a flag origin, so file paths are used as given, relative to the
  /// working directory), with `overrides` on top; `name` when the tree names none.
  ///
  /// - Throws: `DesignError` as `load(json:file:overrides:)` does for the tree's values.
  public static func load(
    tree: JSONValue, name: String, overrides: [DesignOverride], outputFields: [FieldSpec] = [],
    today: @autoclosure () -> CalendarDate = .today()
  ) throws(DesignError) -> LoadedDesign {
    guard case .object = tree.kind else {
      throw DesignError(
        origin: tree.origin, field: nil, message: "the design is \(tree.typeName), expected an object { … }")
    }
    return try load(
      root: tree, baseFolder: "", defaultName: name, overrides: overrides, outputFields: outputFields, today: today())
  }

  private static func load(
    root: JSONValue, baseFolder: String, defaultName: String?, overrides: [DesignOverride], outputFields: [FieldSpec],
    today: @autoclosure () -> CalendarDate
  ) throws(DesignError) -> LoadedDesign {
    var root = root
    for override in overrides { root.set(override) }
    let design = try decode(
      root, baseFolder: baseFolder, defaultName: defaultName, outputFields: outputFields, today: today())
    let fields = try FieldReader(root, path: "", fields: outputFields)
    return LoadedDesign(
      design: design, outputFields: DesignFields(reader: fields, baseFolder: baseFolder), tree: root)
  }

  /// Parses a design file into a JSON tree.
  ///
  /// - Throws: `DesignError` for a missing file, a folder, a FIFO or device, a file over
  ///   `DesignLimits.maxFileBytes`, or malformed JSON.
  public static func parse(file: String) throws(DesignError) -> JSONValue {
    try JSONParser.parse(read(file: file), file: file)
  }

  /// The bytes of a design file: a regular file of at most `DesignLimits.maxFileBytes`.
  static func read(file: String) throws(DesignError) -> [UInt8] {
    do {
      return try FilePath(file).readRegularFile(limit: DesignLimits.maxFileBytes)
    } catch {
      throw DesignError(origin: nil, field: nil, message: "design file '\(file)' \(error.description)")
    }
  }

  static func name(fromFile file: String) -> String { FilePath(file).stem }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .control }

  static func decode(
    _ root: JSONValue, baseFolder: String, defaultName: String?, outputFields: [FieldSpec] = [],
    today: @autoclosure () -> CalendarDate
  ) throws(DesignError) -> Design {
    let top = try FieldReader(root, path: "", fields: fields + outputFields)
    try top.rejectUnknown(topLevelFields + outputFields.names)
    _ = try top.string("$schema")  // an editor's hint, not read; but a string like any other

    guard let deviceValue = top.raw("device"), let deviceID = try top.string("device") else {
      throw DesignError(
        origin: nil, field: "device",
        message: "no device given (use --device ID or a \"device\" field; `wallpaper devices` lists them)")
    }
    guard let device = DeviceCatalog.device(id: deviceID) else {
      let suggestions = DeviceCatalog.suggestions(for: deviceID)
      let hint = suggestions.isEmpty ? "" : "; closest: " + suggestions.joined(separator: ", ")
      throw DesignError.invalid(
        deviceValue, field: "device", shown: "'\(deviceID)'",
        allowed: "a device id from `wallpaper devices`\(hint)")
    }
    var design = Design(device: device)
    if let name = try top.string("name") {
      guard !name.isEmpty, !name.contains("/"), !name.unicodeScalars.contains(where: isControl) else {
        throw DesignError.invalid(
          top.raw("name")!, field: "name", shown: "'\(name)'",
          allowed: "a non-empty name without '/' or control characters")
      }
      design.name = name
    } else if let defaultName {
      design.name = defaultName
    }
    if let background = try top.object("background") {
      design.background = try decodeBackground(background, baseFolder: baseFolder)
    }
    design.orientation = try top.choice("orientation", as: Orientation.self) ?? .portrait
    design.season = try decodeSeason(top.object("season"), today: today)
    if let art = try top.object("art") {
      let alpha = try top.object("season")?.raw("alpha") != nil ? design.season.alpha : nil
      design.art = try decodeArt(art, seasonAlpha: alpha, baseFolder: baseFolder)
    }
    if let label = try top.object("label") {
      design.label = try decodeLabel(label, baseFolder: baseFolder)
    }
    if let grid = try top.object("grid") {
      try decodeGrid(grid, into: &design, baseFolder: baseFolder)
    }
    if let layers = try top.array("layers") {
      design.layers = try decodeLayers(layers, reader: top)
    }
    return design
  }

  /// The word a colour field takes besides colours, by field path: `none` for a transparent
  /// base, `auto` for the label's colour picked against the art. Completions offer them.
  public static let colorKeywords: [[String]: String] = [["background", "color"]: "none", ["label", "color"]: "auto"]

  /// Whether the field `name` of `reader`, at `path`, holds its colour keyword (in any case).
  private static func holdsColorKeyword(_ reader: FieldReader, _ name: String, at path: [String]) -> Bool {
    guard let keyword = colorKeywords[path], let value = reader.raw(name), case .string(let text) = value.kind
    else { return false }
    return text.lowercased() == keyword
  }

  static func decodeBackground(_ reader: FieldReader, baseFolder: String) throws(DesignError) -> Background {
    try reader.rejectUnknown(fields.names(at: ["background"]))
    var background = Background()
    if holdsColorKeyword(reader, "color", at: ["background", "color"]) {
      background.color = nil
    } else if let color = try reader.color("color") {
      background.color = color
    }
    if let gradient = try reader.object("gradient") {
      try gradient.rejectUnknown(fields.names(at: ["background", "gradient"]))
      let kind = try gradient.choice("type", as: Gradient.Kind.self) ?? .linear
      var colors: [Color] = []
      for element in try gradient.array("colors") ?? [] {
        guard case .string(let text) = element.kind else {
          throw gradient.typeError(element, "colors", expected: "colour strings")
        }
        // A flag gives all colours in one comma-separated value.
        for part in text.split(separator: ",") {
          guard let color = Color(parsing: String(part)) else {
            throw DesignError.invalid(
              element, field: gradient.fieldPath("colors"), shown: "'\(part)'",
              allowed: Color.allowedForms)
          }
          colors.append(color)
        }
      }
      guard colors.count >= 2 else {
        throw DesignError(
          origin: gradient.raw("colors")?.origin ?? gradient.value.origin,
          field: gradient.fieldPath("colors"), message: "needs two or more colours, got \(colors.count)")
      }
      let angle = try gradient.number("angle") ?? 0
      background.gradient = Gradient(kind: kind, colors: colors, angle: angle)
    }
    if let image = try reader.object("image") {
      try image.rejectUnknown(fields.names(at: ["background", "image"]))
      guard let pathValue = image.raw("path"), let path = try image.string("path") else {
        throw DesignError(origin: image.value.origin, field: image.fieldPath("path"), message: "is required")
      }
      // The cheap checks first, so a bad mode is reported as such whatever the path.
      let mode = try image.choice("mode", as: ContentMode.self) ?? .fill
      let opacity = try image.opacity("opacity") ?? .opaque
      let resolved = try resolveInput(
        path, from: pathValue, baseFolder: baseFolder, field: image.fieldPath("path"), flag: "--image")
      let data: [UInt8]
      do {
        data = try FilePath(resolved).readRegularFile(limit: DesignLimits.maxImageFileBytes)
      } catch {
        throw DesignError(
          origin: pathValue.origin, field: image.fieldPath("path"),
          message: "'\(path)' \(error.description) (allowed: a readable PNG, JPEG or HEIC file)")
      }
      background.image = BackgroundImage(path: path, data: data, mode: mode, opacity: opacity)
      background.image?.file = resolved
    }
    return background
  }

  static func decodeSeason(_ reader: FieldReader?, today: () -> CalendarDate) throws(DesignError) -> SeasonLayer {
    try reader?.rejectUnknown(fields.names(at: ["season"]))
    let hemisphere = try reader?.choice("hemisphere", as: Season.Hemisphere.self) ?? .north
    var layer: SeasonLayer
    if let season = try reader?.choice("name", as: Season.self) {
      layer = SeasonLayer(season: season, chosenBy: "season \(season.rawValue)")
    } else {
      let date: CalendarDate
      var source = "today"
      if let reader, let text = try reader.string("date") {
        guard let parsed = CalendarDate(text) else {
          throw DesignError.invalid(
            reader.raw("date")!, field: reader.fieldPath("date"), shown: "'\(text)'",
            allowed: "a date YYYY-MM-DD that exists")
        }
        date = parsed
        source = "date"
      } else {
        date = today()
      }
      let season = Season.from(date: date, hemisphere: hemisphere)
      layer = SeasonLayer(season: season, chosenBy: "\(source) \(date) (\(hemisphere.rawValue)ern hemisphere)")
    }
    if let alpha = try reader?.opacity("alpha") { layer.alpha = alpha }
    if let reader,
      let seed = try reader.integer("artSeed", allowed: "a whole number from 0 to 2^53 − 1")
    {
      layer.seed = UInt64(seed)
    }
    return layer
  }

  static func decodeLabel(_ reader: FieldReader, baseFolder: String) throws(DesignError) -> Label {
    try reader.rejectUnknown(fields.names(at: ["label"]))
    var label = Label()
    label.visible = try reader.bool("visible") ?? true
    if let text = try reader.string("text") {
      // Counted in Unicode scalars, as the schema's maxLength is.
      guard text.unicodeScalars.count <= DesignLimits.maxLabelCharacters else {
        throw DesignError.invalid(
          reader.raw("text")!, field: reader.fieldPath("text"),
          shown: "text of \(text.unicodeScalars.count) characters",
          allowed: "at most \(DesignLimits.maxLabelCharacters) characters")
      }
      if let problem = text.unicodeScalars.first(where: isControl) {
        throw DesignError.invalid(
          reader.raw("text")!, field: reader.fieldPath("text"),
          shown: "text with U+\(hex(problem.value))", allowed: "one line without control characters")
      }
      guard !text.trimmingSpaces().isEmpty else {
        throw DesignError.invalid(
          reader.raw("text")!, field: reader.fieldPath("text"), shown: "'\(text)'", allowed: "visible text")
      }
      label.text = text
    }
    label.locale = try reader.choice("locale", as: Season.Locale.self) ?? .en
    label.position = try reader.choice("position", as: Label.Position.self)
    label.offset = try reader.number("offset", allowed: "points from -2000 to 2000") ?? 0
    label.size = try reader.number("size", allowed: "points from 1 to 2000")
    if let pathValue = reader.raw("font"), let path = try reader.string("font") {
      try checkPathCharacters(path, from: pathValue, field: reader.fieldPath("font"))
      // A family name is looked up by the caller; only a file path is relative to the design.
      if Label.isFontPath(path) {
        let file = try resolveInput(
          path, from: pathValue, baseFolder: baseFolder, field: reader.fieldPath("font"), flag: "--font")
        // A FIFO or device is refused here, before anything (an export's digest, FreeType) opens it.
        switch FileKind(at: FilePath(file)) {
        case .special(let kind):
          throw DesignError.invalid(
            pathValue, field: reader.fieldPath("font"), shown: "'\(path)' (\(kind))", allowed: "a regular font file")
        case .folder:
          throw DesignError.invalid(
            pathValue, field: reader.fieldPath("font"), shown: "'\(path)' (a folder)", allowed: "a regular font file")
        case .missing, .regular: break
        }
        label.fontPath = file
      } else {
        label.fontPath = path
      }
    }
    // `auto` is the default: a colour picked against the art behind the label.
    if holdsColorKeyword(reader, "color", at: ["label", "color"]) {
      label.color = nil
    } else {
      label.color = try reader.color("color")
    }
    return label
  }

  static func decodeGrid(_ reader: FieldReader, into design: inout Design, baseFolder: String = "")
    throws(DesignError)
  {
    try reader.rejectUnknown(fields.names(at: ["grid"]))
    var grid = GridLayer()
    let kind = try reader.choice("kind", as: Grid.Name.self) ?? .none
    grid.lineColor = try reader.color("lineColor")
    if let value = reader.raw("lineWidth") {
      grid.lineWidth = try strokeWidth(value, field: reader.fieldPath("lineWidth"))
    }
    grid.showIcons = try reader.bool("showIcons") ?? false
    let squareFields = fields.onlyFields(at: ["grid"])
    switch kind {
    case .square:
      guard let columns = try reader.integer("columns") else {
        // Named after the value that asked for columns: `--grid` from a flag, `grid.kind` in a file.
        throw DesignError(
          origin: reader.raw("kind")?.origin ?? reader.value.origin, field: reader.fieldPath("kind"),
          message: "'square' needs a number of columns (allowed: --columns N or \"columns\": N in the grid, "
            + "a whole number from 1 to \(SquareGrid.maxColumns))")
      }
      let spacing = try reader.number("spacing") ?? 0
      var insets: EdgeInsets?
      if let value = reader.raw("inset") { insets = try edgeInsets(value, field: reader.fieldPath("inset")) }
      let fit = try reader.choice("fit", as: SquareGrid.Fit.self) ?? .clip
      let direction = try reader.choice("direction", as: SquareGrid.Direction.self) ?? .vertical
      do {
        let square = try SquareGrid(columns: columns, spacing: spacing, insets: insets, direction: direction, fit: fit)
        _ = try square.cells(in: design.canvasSize)
        grid.kind = .square(square)
      } catch {
        // SquareGrid names its own quantities; report them under the design field behind them.
        let field = ["columns": "columns", "spacing": "spacing", "insets": "inset"][error.field] ?? "columns"
        let origin = reader.raw(field)?.origin ?? reader.value.origin
        throw DesignError(
          origin: origin, field: reader.fieldPath(field),
          message: "\(error.field == field ? "" : "\(error.field) ")\(error.value) is not allowed (\(error.allowed))")
      }
      grid.images = try cellImages(reader, baseFolder: baseFolder)
    case .home, .none:
      if let stray = squareFields.first(where: { reader.raw($0) != nil }) {
        throw DesignError(
          origin: reader.raw(stray)!.origin, field: reader.fieldPath(stray),
          message: "applies to square grids only (set grid.kind / --grid to square)")
      }
      grid.kind = kind == .home ? .home : .none
    }
    design.grid = grid
    let cells: [GridCell]
    do {
      cells = try design.gridCells()
    } catch {
      let noIPadGrid = grid.kind == .home && design.device.family == .ipad
      throw DesignError(
        origin: reader.raw("kind")?.origin ?? reader.value.origin, field: reader.fieldPath("kind"),
        message: "\(error.value) is not allowed (\(error.allowed))",
        summary: noIPadGrid ? "the home grid has no iPad metrics (use --devices iphone or a square grid)" : nil)
    }
    for value in try reader.array("fill") ?? [] {
      guard case .string(let text) = value.kind else {
        throw reader.typeError(value, "fill", expected: "strings like \"0,5,8-11=#FF0000\"")
      }
      let field = reader.fieldPath("fill")
      guard let equals = text.lastIndex(of: "=") else {
        throw DesignError.invalid(
          value, field: field, shown: "'\(text)'", allowed: "CELLS=COLOR, e.g. 0,5,8-11=#FF0000 or r2c3=tomato")
      }
      guard grid.kind != .none else {
        throw DesignError(origin: value.origin, field: field, message: "needs a grid (--grid home or --grid square)")
      }
      let colorText = String(text[text.index(after: equals)...])
      guard let color = Color(parsing: colorText) else {
        throw DesignError.invalid(
          value, field: field, shown: "colour '\(colorText)'", allowed: Color.allowedForms)
      }
      do {
        let selection = try CellSelection.parse(String(text[..<equals]))
        design.grid.fills.append(try GridLayer.Fill(cells: selection, color: color, among: cells))
      } catch {
        throw DesignError(
          origin: value.origin, field: field, message: "\(error.value) is not allowed (\(error.allowed))")
      }
    }
  }

  /// The file name extensions (lower case) of the photos a folder given for cell photos
  /// contributes: PNG, JPEG and HEIC.
  public static let cellImageExtensions = ["png", "jpg", "jpeg", "heic", "heif"]

  /// The photos for square cells: each entry a file or a folder (its `.png`, `.jpg`, `.jpeg`,
  /// `.heic` and `.heif` files in name order), in the order given; a flag gives them comma-separated.
  static func cellImages(_ reader: FieldReader, baseFolder: String) throws(DesignError) -> [CellImage] {
    let field = reader.fieldPath("images")
    let allowed = "PNG files or folders holding them, comma-separated"
    var images: [CellImage] = []
    for value in try reader.array("images") ?? [] {
      guard case .string(let text) = value.kind else {
        throw reader.typeError(value, "images", expected: "file or folder paths")
      }
      let entries = value.isFromFlag ? text.split(separator: ",").map(String.init) : [text]
      guard !entries.isEmpty else { throw DesignError.invalid(value, field: field, shown: "''", allowed: allowed) }
      for entry in entries {
        let path = try resolveInput(entry, from: value, baseFolder: baseFolder, field: field, flag: "--cell-images")
        let kind = FileKind(at: FilePath(path))
        guard kind != .missing else {
          throw DesignError.invalid(value, field: field, shown: "'\(entry)' (no such file or folder)", allowed: allowed)
        }
        var files = [path]
        if kind == .folder {
          let names = FilePath(path).folderEntries() ?? []
          // A photo in the folder may be a link out of it: each is confined as the folder is.
          files = try names.filter { name in
            !name.hasPrefix(".")
              && cellImageExtensions.contains(FilePath(name).pathExtension.lowercased())
          }.sorted().map { (name: String) throws(DesignError) -> String in
            try resolveInput(
              FilePath(entry).appending(name).string, from: value, baseFolder: baseFolder, field: field,
              flag: "--cell-images")
          }
          guard !files.isEmpty else {
            throw DesignError.invalid(
              value, field: field, shown: "folder '\(entry)' (no .png, .jpg, .jpeg or .heic file in it)",
              allowed: allowed)
          }
        }
        for file in files {
          let data: [UInt8]
          do {
            data = try FilePath(file).readRegularFile(limit: DesignLimits.maxImageFileBytes)
          } catch {
            throw DesignError.invalid(value, field: field, shown: "'\(file)' (\(error.description))", allowed: allowed)
          }
          images.append(CellImage(file: file, bytes: data))
        }
      }
    }
    return images
  }

  /// `1px` (device pixels) or a number of points.
  static func strokeWidth(_ value: JSONValue, field: String) throws(DesignError) -> StrokeWidth {
    let allowed = "points > 0 and ≤ 100 (like 0.5) or 1px to 100px (whole device pixels)"
    switch value.kind {
    case .number(let points) where points > 0 && points <= 100: return .points(points)
    case .string(let text):
      let trimmed = text.trimmingSpaces().lowercased()
      if trimmed.hasSuffix("px"), let pixels = Int(trimmed.dropLast(2)), (1...100).contains(pixels) {
        return .devicePixels(pixels)
      }
      if value.isFromFlag, let points = parseDecimal(trimmed.hasSuffix("pt") ? String(trimmed.dropLast(2)) : trimmed),
        points > 0, points <= 100
      {
        return .points(points)
      }
      throw DesignError.invalid(value, field: field, shown: "'\(text)'", allowed: allowed)
    default:
      throw DesignError.invalid(value, field: field, shown: value.typeName, allowed: allowed)
    }
  }

  /// `T,L,B,R` in points (a string, or an array of four numbers).
  static func edgeInsets(_ value: JSONValue, field: String) throws(DesignError) -> EdgeInsets {
    var numbers: [Double] = []
    switch value.kind {
    case .string(let text):
      numbers = text.split(separator: ",").compactMap { parseDecimal($0.trimmingSpaces()) }
      if numbers.count != text.split(separator: ",").count { numbers = [] }
    case .array(let elements):
      for element in elements { if case .number(let n) = element.kind { numbers.append(n) } }
      if numbers.count != elements.count { numbers = [] }
    default: break
    }
    guard numbers.count == 4,
      let insets = try? EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    else {
      throw DesignError(
        origin: value.origin, field: field,
        message: "\(shown(value)) is not allowed (four points ≥ 0 as T,L,B,R, e.g. 10,10,10,10)")
    }
    return insets
  }

  /// A value as the user wrote it, for messages: strings quoted, other values by type.
  static func shown(_ value: JSONValue) -> String {
    if case .string(let text) = value.kind { return "'\(text)'" }
    return value.typeName
  }

  static func decodeLayers(_ values: [JSONValue], reader: FieldReader) throws(DesignError) -> [LayerSetting] {
    var settings: [LayerSetting] = []
    for value in values {
      let layer = try FieldReader(
        value, path: reader.fieldPath("layers[]"), fields: reader.spec("layers").kind.children ?? [])
      try layer.rejectUnknown(fields.names(at: ["layers"]))
      guard let name = try layer.choice("name", as: LayerName.self) else {
        throw DesignError(
          origin: value.origin, field: layer.fieldPath("name"),
          message: "is required (one of \(LayerName.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      guard !settings.contains(where: { $0.name == name }) else {
        throw DesignError(
          origin: value.origin, field: layer.fieldPath("name"), message: "'\(name.rawValue)' is listed twice")
      }
      settings.append(LayerSetting(name: name, opacity: try layer.opacity("opacity") ?? .opaque))
    }
    // Layers the list leaves out keep their default order, drawn after the listed ones.
    for name in LayerName.allCases where !settings.contains(where: { $0.name == name }) {
      settings.append(LayerSetting(name: name))
    }
    return settings
  }

  /// An input file a design names (`background.image.path`, a label's font file, a cell
  /// photo): a flag's value as given, relative to the working directory; a design file's value
  /// relative to the file's folder and confined to it like `output`, so a shared design cannot
  /// draw a private photo into a render or an editor page.
  ///
  /// - Parameter flag: the flag that takes such a file from anywhere, named in the refusal.
  static func resolveInput(_ path: String, from value: JSONValue, baseFolder: String, field: String, flag: String)
    throws(DesignError) -> String
  {
    try confine(
      path, from: value, baseFolder: baseFolder, field: field,
      allowed: "a file inside the design file's folder; use \(flag) PATH for a file elsewhere")
  }

  /// The design's `output`: a flag's value as given; a file's value relative to the file's
  /// folder and confined to it, so a downloaded design cannot write over a file elsewhere.
  /// `-o` writes anywhere.
  static func resolveOutput(_ output: String, from value: JSONValue, baseFolder: String) throws(DesignError) -> String {
    guard !output.isEmpty else {
      throw DesignError.invalid(value, field: "output", shown: "''", allowed: "a file path, or - for standard output")
    }
    guard !FilePath(output).isStandardStream else { return output }
    return try confine(
      output, from: value, baseFolder: baseFolder, field: "output",
      allowed: "a path inside the design file's folder; use -o PATH to write elsewhere")
  }

  /// The one confinement rule for paths in a design file (`confined(_:to:)`), refusing with
  /// `allowed` in the error. Values from flags, and designs read from standard input (no
  /// folder), are returned as given: the person typing them owns them.
  static func confine(_ path: String, from value: JSONValue, baseFolder: String, field: String, allowed: String)
    throws(DesignError) -> String
  {
    try checkPathCharacters(path, from: value, field: field)
    guard !value.isFromFlag, !baseFolder.isEmpty else { return path }
    guard let resolved = confined(path, to: baseFolder) else {
      throw DesignError.invalid(value, field: field, shown: "'\(path)'", allowed: allowed)
    }
    return resolved
  }

  /// Refuses a path (or a font family, or a profile's name) holding a control character
  /// (U+0000–U+001F, U+007F–U+009F): libc cuts a path at a NUL, so `a\u0000.png` would open
  /// `a`, and a line break or escape in a file name would split or drive a one-line message.
  /// Applies to flags and design files alike.
  public static func checkPathCharacters(_ path: String, from value: JSONValue, field: String) throws(DesignError) {
    guard let control = path.unicodeScalars.first(where: isControl) else { return }
    throw DesignError.invalid(
      value, field: field, shown: "'\(path)' (U+\(hex(control.value)))",
      allowed: "a path or name without control characters (NUL, line breaks, escapes)")
  }

  /// `path` resolved against `baseFolder` when it stays inside it, nil when it leaves it: an
  /// absolute path, `..` above the folder, or a symbolic link (on the way, or the file itself)
  /// that resolves outside it. A path that does not exist yet is judged by its nearest existing
  /// folder. The one confinement of untrusted paths: `output`, the files a design names (image,
  /// font, cell photos, custom art) and the files art refers to.
  public static func confined(_ path: String, to baseFolder: String) -> String? {
    guard !FilePath(path).isAbsolute, FilePath(path).lexicallyNormalized != nil else { return nil }
    let resolved = FilePath(baseFolder.isEmpty ? "." : baseFolder).appending(path)
    // The nearest existing folder on the way must resolve (through any links) into the base.
    guard let base = realPath(baseFolder.isEmpty ? "." : baseFolder) else { return resolved.string }
    func inside(_ real: String) -> Bool { real == base || real.hasPrefix(base == "/" ? "/" : base + "/") }
    var existing = resolved.folder.isEmpty ? "." : resolved.folder
    while realPath(existing) == nil, !existing.isEmpty, existing != "." {
      existing = FilePath(existing).folderOrCurrent
    }
    if let real = realPath(existing), !inside(real) { return nil }
    // The file itself may be a link out of the folder.
    if let real = realPath(resolved.string), !inside(real) { return nil }
    return resolved.string
  }

  /// The design's `art`: the SVG file (`svg`: confined to the design file's folder, as given
  /// when it comes from `--art`), read and sanitised by `VectorArt(parsing:…)`, with the files
  /// it refers to confined to the SVG's own folder; `opacity`, else the season's `alpha` when
  /// the design gives one, else 1.
  static func decodeArt(_ reader: FieldReader, seasonAlpha: Opacity?, baseFolder: String) throws(DesignError)
    -> CustomArt
  {
    try reader.rejectUnknown(fields.names(at: ["art"]))
    let field = reader.fieldPath("svg")
    guard let pathValue = reader.raw("svg"), let path = try reader.string("svg") else {
      throw DesignError(origin: reader.value.origin, field: field, message: "is required")
    }
    // The cheap checks first, so a bad opacity is reported as such whatever the file.
    let opacity = try reader.opacity("opacity") ?? seasonAlpha ?? .opaque
    let file = try confine(
      path, from: pathValue, baseFolder: baseFolder, field: field,
      allowed: "an SVG file inside the design file's folder; --art FILE.svg reads any file")
    let bytes: [UInt8]
    do {
      bytes = try FilePath(file).readRegularFile(limit: VectorArt.maxFileBytes)
    } catch {
      let problem: String
      if case .tooLarge(let size, _) = error { problem = "is \(size) bytes" } else { problem = error.description }
      throw DesignError(
        origin: pathValue.origin, field: field,
        message: "'\(path)' \(problem) (allowed: an SVG file of at most \(VectorArt.maxFileBytes) bytes)")
    }
    let folder = FilePath(file).folderOrCurrent
    let vector: VectorArt
    do throws(VectorArtError) {
      vector = try VectorArt(parsing: bytes) { (reference: String) throws(VectorArtError) -> [UInt8] in
        guard let inside = confined(reference, to: folder) else {
          throw VectorArtError("refers to '\(reference)', outside its folder (allowed: files in the SVG's folder)")
        }
        do throws(FileReadError) {
          return try FilePath(inside).readRegularFile(limit: DesignLimits.maxImageFileBytes)
        } catch {
          throw VectorArtError("refers to '\(reference)', which \(error.description)")
        }
      }
    } catch {
      throw DesignError(origin: pathValue.origin, field: field, message: "'\(path)' \(error.reason)")
    }
    return CustomArt(path: path, file: file, vector: vector, opacity: opacity)
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

extension JSONValue {
  /// Places `override` at its path, creating objects on the way (in place of null). A value of
  /// another type on the path is kept, so the decoder reports it (`"season": "autumn"` with
  /// `--alpha` is an error, not a silently replaced field).
  mutating func set(_ override: DesignOverride) {
    set(override, at: override.path[...])
  }

  private mutating func set(_ override: DesignOverride, at path: ArraySlice<String>) {
    guard let key = path.first else {
      guard override.appends else {
        self = override.value
        return
      }
      switch kind {
      case .array(var elements):
        elements.append(override.value)
        kind = .array(elements)
      case .null: self = JSONValue(.array([override.value]), origin: override.value.origin)
      default: return  // a list field of another type in the file is kept, so the decoder reports it
      }
      return
    }
    var members: [Member] = []
    switch kind {
    case .object(let existing): members = existing
    case .null: self = JSONValue(.object([]), origin: override.value.origin)
    default: return
    }
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value.set(override, at: path.dropFirst())
    } else {
      var child = JSONValue(.null, origin: override.value.origin)
      child.set(override, at: path.dropFirst())
      members.append(Member(key: key, value: child, origin: override.value.origin))
    }
    kind = .object(members)
  }
}
