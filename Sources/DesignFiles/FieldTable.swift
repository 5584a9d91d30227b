import SceneGraph
import Wallpapers

/// One field of a design file: its name, the kind of value it holds and a line of help. The
/// loader's unknown-field checks, `Docs/design.schema.json` and the shell completions all read
/// the same table (`DesignLoader.fields`), so they cannot disagree on a field's name.
public struct FieldSpec: Sendable {
  public let name: String
  public let kind: Kind
  public let summary: String

  /// What a field holds, as the loader reads it from a design file.
  public indirect enum Kind: Sendable {
    /// Free text of at least `minLength` and at most `maxLength` characters (Unicode scalars,
    /// as JSON Schema counts them), matching `pattern` (a JSON Schema regular expression) when
    /// given.
    case string(minLength: Int = 0, maxLength: Int? = nil, pattern: String? = nil)
    /// A file path, relative to the design file's folder.
    case path
    /// A folder path.
    case folder
    /// A device id from the catalogue.
    case device
    /// One of a closed set of words.
    case choice([String])
    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a CSS colour name or `transparent`.
    case color
    /// A number; `exclusiveMinimum` makes the lower bound open.
    case number(minimum: Double, maximum: Double, exclusiveMinimum: Bool = false)
    /// A whole number within the bounds.
    case integer(minimum: Int, maximum: Int)
    case bool
    /// An object with exactly these fields (any other is an error); `required` must be present;
    /// `only` restricts some fields to one value of another.
    case object([FieldSpec], required: [String] = [], only: Only? = nil)
    /// An array of `items`, with `count` elements when given.
    case array(Kind, count: Int? = nil)
    /// Any one of the kinds.
    case anyOf([Kind])
  }

  /// Fields allowed only when `field` holds `value` (`columns` only for `kind` `square`), of
  /// which `required` must then be present.
  public struct Only: Sendable {
    public let field: String
    public let value: String
    public let fields: [String]
    public let required: [String]
  }

  /// The JSON Schema pattern of a value without control characters (U+0000–U+001F,
  /// U+007F–U+009F), which paths and one-line texts must not hold
  /// (`DesignLoader.checkPathCharacters`, `DesignLoader.decodeLabel`).
  public static let noControlCharacters = "^[^\\u0000-\\u001F\\u007F-\\u009F]*$"

  public init(_ name: String, _ kind: Kind, _ summary: String) {
    self.name = name
    self.kind = kind
    self.summary = summary
  }

  /// One of an enumeration's raw values.
  public static func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> Kind where T.RawValue == String {
    .choice(T.allCases.map(\.rawValue))
  }
}

extension [FieldSpec] {
  /// The fields' names, in table order (the order the loader lists them in errors).
  public var names: [String] { map(\.name) }

  /// The field at `path` (`["background", "gradient"]`), descending through objects and arrays.
  public func field(at path: [String]) -> FieldSpec? {
    guard let name = path.first, let field = self.first(where: { $0.name == name }) else { return nil }
    guard path.count > 1 else { return field }
    return field.kind.children?.field(at: [String](path.dropFirst()))
  }

  /// The fields of the object at `path` that only one value of another field allows.
  func onlyFields(at path: [String]) -> [String] {
    guard case .object(_, _, let only)? = field(at: path)?.kind else { return [] }
    return only?.fields ?? []
  }

  /// The names of the fields of the object at `path`; the top level for an empty path.
  func names(at path: [String]) -> [String] {
    guard !path.isEmpty else { return names }
    return field(at: path)?.kind.children?.names ?? []
  }
}

extension FieldSpec.Kind {
  /// The fields of an object, or of the objects in an array.
  public var children: [FieldSpec]? {
    switch self {
    case .object(let fields, _, _): return fields
    case .array(let items, _): return items.children
    default: return nil
    }
  }
}

extension DesignLoader {
  /// The design file's fields that describe what to draw, as the loader reads them. Output
  /// fields (`scale`, `output`, …) belong to the caller (`outputFields` of `load`).
  public static let fields: [FieldSpec] = [
    FieldSpec(
      "name", .string(minLength: 1, pattern: "^[^/\\u0000-\\u001F\\u007F-\\u009F]*$"),
      "The design's name: file names and the PDF title (no '/')."),
    FieldSpec("device", .device, "The device id (`wallpaper devices` lists them)."),
    FieldSpec("orientation", FieldSpec.choice(Orientation.self), "portrait or landscape."),
    FieldSpec(
      "background",
      .object([
        FieldSpec("color", .color, "The base under the art, or none for transparent (default: white)."),
        FieldSpec(
          "gradient",
          .object(
            [
              FieldSpec("type", FieldSpec.choice(Gradient.Kind.self), "linear or radial (default: linear)."),
              FieldSpec("colors", .array(.color), "Two or more colours."),
              FieldSpec(
                "angle", .number(minimum: -360, maximum: 360),
                "Degrees: 0 top to bottom, 90 left to right (default 0)."),
            ], required: ["colors"]), "A background gradient."),
        FieldSpec(
          "image",
          .object(
            [
              FieldSpec("path", .path, "A PNG file, relative to the design file."),
              FieldSpec("mode", FieldSpec.choice(ContentMode.self), "fill, fit or stretch (default: fill)."),
              FieldSpec("opacity", .number(minimum: 0, maximum: 1), "0…1 (default 1)."),
            ], required: ["path"]), "A photo over the background colour."),
      ]), "What is under the art."),
    FieldSpec(
      "season",
      .object([
        FieldSpec("name", FieldSpec.choice(Season.self), "The season (overrides date)."),
        FieldSpec("date", .string(minLength: 10), "YYYY-MM-DD: picks the season (default: today)."),
        FieldSpec("hemisphere", FieldSpec.choice(Season.Hemisphere.self), "north or south (default: north)."),
        FieldSpec("alpha", .number(minimum: 0, maximum: 1), "The art's opacity, 0…1 (default 0.5)."),
        FieldSpec(
          "artSeed", .integer(minimum: 0, maximum: 9_007_199_254_740_991), "Arranges the art; same seed, same art."),
      ]), "The seasonal art."),
    FieldSpec(
      "art",
      .object(
        [
          FieldSpec(
            "svg", .path,
            "An SVG file inside the design file's folder (at most 10 MB and 200,000 elements; the files it refers to stay in its folder)."
          ),
          FieldSpec("opacity", .number(minimum: 0, maximum: 1), "0…1 (default: season.alpha when given, else 1)."),
        ], required: ["svg"]),
      "A designer's SVG drawn as the art layer in place of the season's art (covering the canvas, centred)."),
    FieldSpec(
      "label",
      .object([
        FieldSpec("visible", .bool, "Whether the season's name is drawn (default true)."),
        FieldSpec(
          "text",
          .string(
            minLength: 1, maxLength: DesignLimits.maxLabelCharacters, pattern: FieldSpec.noControlCharacters),
          "The label's text, one line (default: the season's name)."),
        FieldSpec("locale", FieldSpec.choice(Season.Locale.self), "The season's name in en, zh-Hant or ja."),
        FieldSpec("position", FieldSpec.choice(Label.Position.self), Label.Position.summary + "."),
        FieldSpec("offset", .number(minimum: -2000, maximum: 2000), "Points down (positive) or up (negative)."),
        FieldSpec("size", .number(minimum: 1, maximum: 2000), "Points (default: 18% of the canvas width)."),
        FieldSpec("font", .path, "A font file, relative to the design file."),
        FieldSpec(
          "color", .color,
          "The label's colour, or auto (the default): the season's accent where it reads against the art behind the label (3:1), else its light tint, else white or near-black."
        ),
      ]), "The season's name."),
    FieldSpec(
      "grid",
      .object(
        [
          FieldSpec("kind", FieldSpec.choice(Grid.Name.self), "none, home or square."),
          FieldSpec(
            "fill", .array(.string(minLength: 3)), "CELLS=COLOR entries, e.g. 0,5,8-11=#FF0000 or r2c3=tomato."),
          FieldSpec("lineColor", .color, "Cell lines (home) or gutters (square)."),
          FieldSpec(
            "lineWidth", .anyOf([.number(minimum: 0, maximum: 100, exclusiveMinimum: true), .string(minLength: 3)]),
            "Points (0.5) or device pixels (\"1px\" to \"100px\")."),
          FieldSpec("showIcons", .bool, "Outline the icon slots."),
          FieldSpec(
            "columns", .integer(minimum: 1, maximum: SquareGrid.maxColumns),
            "Square grid: cells per row (at most \(SquareGrid.maxCells) cells in all)."),
          FieldSpec(
            "spacing", .number(minimum: 0, maximum: .greatestFiniteMagnitude),
            "Square grid: points between cells."),
          FieldSpec(
            "inset",
            .anyOf([.string(minLength: 7), .array(.number(minimum: 0, maximum: .greatestFiniteMagnitude), count: 4)]),
            "Square grid: T,L,B,R in points."),
          FieldSpec("fit", FieldSpec.choice(SquareGrid.Fit.self), "Square grid: clip or rows."),
          FieldSpec("direction", FieldSpec.choice(SquareGrid.Direction.self), "Square grid: vertical or horizontal."),
          FieldSpec(
            "images", .array(.path),
            "Square grid: photos for the cells in order (files, or folders of them by name), repeating."),
        ],
        only: FieldSpec.Only(
          field: "kind", value: Grid.Name.square.rawValue,
          fields: ["columns", "spacing", "inset", "fit", "direction", "images"], required: ["columns"])),
      "The home-screen icon grid or a square grid."),
    FieldSpec(
      "layers",
      .array(
        .object(
          [
            FieldSpec("name", FieldSpec.choice(LayerName.self), "The layer."),
            FieldSpec("opacity", .number(minimum: 0, maximum: 1), "0…1 (default 1)."),
          ], required: ["name"])), "Layer order and opacity; unlisted layers follow in their default order."),
    FieldSpec("$schema", .string(), "The JSON Schema this file follows (an editor's hint; not read)."),
  ]
}
