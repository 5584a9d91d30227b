import CairoRendering
import DesignFiles
import FilePaths
import FoundationEssentials
import SceneGraph
import WallpaperExport
import Wallpapers

/// `wallpaper editor`: one self-contained HTML file in which the seed apps' interactions —
/// tapping grid cells, the season switcher, the date, the name switch and the alpha slider —
/// act on the design's own SVG, and which emits the design JSON and the `render` command.
struct EditorCommand {
  let console: WallpaperTool.Console
  let environment: Environment

  static let ownOptions: [OptionSpec] = [
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "", field: nil)
  ]

  /// The design fields the page sets itself; the rest of the design is handed on as it is.
  static let pageFields: [[String]] = [
    ["season", "name"], ["season", "date"], ["season", "hemisphere"], ["season", "alpha"], ["label", "visible"],
    ["grid", "fill"],
  ]

  static let help = HelpPage(
    overview:
      "Write one HTML file (no server, no network) to colour grid cells, try seasons, dates, the name switch and the alpha, and copy the design JSON or the render command.",
    usage: "wallpaper editor [DESIGN.json] --device ID [design flags of render] -o editor.html",
    arguments: [("DESIGN.json", "A design file. Flags override its fields.")],
    options: RenderCommand.designOptions.filter { option in
      option.name == "--output" || !OutputOptions.specs.contains { $0.name == option.name }
    },
    footer: """
      The page shows the design's SVG for each season (the art as the art layer's opacity) and the
      design's grid, or the device's home-screen grid when the design has none, as cells numbered as
      --fill and `wallpaper cells` number them. Rendering the JSON it emits, or running the command
      line it emits, gives what the page shows.
      """)

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(
      arguments, specs: Self.ownOptions + RenderCommand.designOptions, maxPositional: 1)
    if parsed.has("--help") {
      console.out(Self.help.text)
      return
    }
    let (loaded, path) = try DesignArguments.load(parsed)
    guard let path else { throw .usage("--output: no output file given (use -o editor.html)") }
    guard ["html", "htm"].contains(FilePath(path).pathExtension.lowercased()) else {
      throw .usage("--output: '\(path)' is not allowed (an .html file)")
    }
    try OutputOptions.checkOutputPath(path)
    let page = EditorPage(loaded: loaded, environment: environment)
    let html = try page.html()
    try CLIError.mapping(AtomicFile.write(Array(html.utf8), to: path))
  }
}

/// What the editor page needs from a design, rendered and measured by the project's own code.
struct EditorPage {
  let loaded: LoadedDesign
  let environment: Environment

  /// The tappable cells (`Design.cellMap`); none when the device has no grid to offer.
  func cells() -> (cells: [GridCell], kind: Grid.Name) {
    (try? loaded.design.cellMap()) ?? ([], .none)
  }

  /// The design as the page starts from: the loaded design as a design file's tree
  /// (`Design.jsonTree`: typed values, absolute paths, so the emitted JSON renders from
  /// anywhere) without the fields the page sets.
  func baseTree() -> JSONValue {
    var tree = loaded.design.jsonTree(workingDirectory: FileManager.default.currentDirectoryPath)
    for field in EditorCommand.pageFields { tree = tree.removing(field) }
    return tree
  }

  /// The design's SVG for `season` with the label shown or hidden, without grid fills (the
  /// page draws those), the art at full opacity (the page sets it), through the one renderer.
  func svg(season: Season, labelVisible: Bool) throws(CLIError) -> String {
    var design = loaded.design
    design.season.season = season
    design.season.alpha = .opaque
    design.label.visible = labelVisible
    design.grid.fills = []
    let scene = try CLIError.mapping(DesignRendering.scene(of: design, environment: environment))
    let output = try CLIError.mapping(OutputFields.options(for: loaded, environment: environment, format: .svg))
    let document = String(decoding: try CLIError.mapping(DesignRendering.render(scene, as: output)), as: UTF8.self)
    return Self.inlined(document)
  }

  /// An SVG document as inline SVG in HTML: without the XML declaration and the root element's
  /// namespace declarations (HTML's parser supplies the namespaces), so the page names no URL.
  static func inlined(_ document: String) -> String {
    var text = Substring(document)
    if text.hasPrefix("<?xml"), let end = text.firstRange(of: "?>") { text = text[end.upperBound...] }
    text = text.drop(while: \.isWhitespace)
    guard let tagEnd = text.firstIndex(of: ">") else { return String(text) }
    var tag = String(text[..<tagEnd])
    while let start = tag.firstRange(of: " xmlns"), let quote = tag[start.upperBound...].firstIndex(of: "\""),
      let close = tag[tag.index(after: quote)...].firstIndex(of: "\"")
    {
      tag.removeSubrange(start.lowerBound...close)
    }
    return (tag + text[tagEnd...]).trimmingWhitespace()
  }

  /// The label's colour for every alpha 0, 0.01, …, 1 in `season` (the default label colour
  /// depends on the art's opacity).
  func labelColors(season: Season) -> [String] {
    var design = loaded.design
    design.season.season = season
    return (0...100).map { step in
      design.season.alpha = Opacity(clamping: Double(step) / 100)
      return (design.label.color ?? design.defaultLabelColor).hex
    }
  }

  /// The page's data as one JSON object.
  func data() -> String {
    let design = loaded.design
    let (cells, kind) = cells()
    var owner: [Int: Color] = [:]
    for fill in design.grid.fills { for index in fill.indices { owner[index] = fill.color } }
    func number(_ value: Double) -> String { JSONValue(.number(value), origin: .flag("")).jsonText }
    func rect(_ r: Rect) -> String {
      "{\"x\":\(number(r.minX)),\"y\":\(number(r.minY)),\"width\":\(number(r.width)),\"height\":\(number(r.height))}"
    }
    let cellText = cells.map { cell in
      "{\"index\":\(cell.index),\"row\":\(cell.row),\"column\":\(cell.column),\"frame\":\(rect(cell.frame))}"
    }
    let fills = owner.keys.sorted().map { "\"\($0)\":\(JSONValue.quoted(owner[$0]!.hex))" }
    var flags: [String] = []
    for spec in RenderCommand.designOptions where !OutputOptions.specs.contains(where: { $0.name == spec.name }) {
      guard let field = spec.field else { continue }
      var entry = "\"flag\":\(JSONValue.quoted(spec.name))"
      if case .bool(let value)? = spec.switchValue { entry += ",\"switch\":\(value)" }
      if spec.repeatable { entry += ",\"repeat\":true" }
      flags.append("\(JSONValue.quoted(field.joined(separator: "."))):{\(entry)}")
    }
    let months = Season.Hemisphere.allCases.map { hemisphere in
      "\(JSONValue.quoted(hemisphere.rawValue)):["
        + (1...12).map { JSONValue.quoted(Season.from(month: $0, hemisphere: hemisphere).rawValue) }.joined(
          separator: ",") + "]"
    }
    let colors = Season.allCases.map { season in
      "\(JSONValue.quoted(season.rawValue)):["
        + labelColors(season: season).map(JSONValue.quoted).joined(
          separator: ",") + "]"
    }
    let layerOpacity = design.layers.map { "\(JSONValue.quoted($0.name.rawValue)):\(number($0.opacity.value))" }
    let date = loaded.tree?[path: ["season", "date"]].flatMap { value -> String? in
      if case .string(let text) = value.kind, loaded.tree?[path: ["season", "name"]] == nil { return text }
      return nil
    }
    let fields = [
      "\"base\":\(baseTree().jsonText)",
      "\"canvas\":{\"width\":\(number(design.canvasSize.width)),\"height\":\(number(design.canvasSize.height))}",
      "\"cells\":[\(cellText.joined(separator: ","))]",
      "\"gridKind\":\(JSONValue.quoted(kind.rawValue))",
      "\"fills\":{\(fills.joined(separator: ","))}",
      "\"season\":\(JSONValue.quoted(design.season.season.rawValue))",
      "\"date\":\(date.map(JSONValue.quoted) ?? "null")",
      "\"hemisphere\":\(JSONValue.quoted((loaded.tree?[path: ["season", "hemisphere"]]).flatMap { v -> String? in if case .string(let t) = v.kind { return t } else { return nil } } ?? "north"))",
      "\"alpha\":\(number(design.season.alpha.value))",
      "\"labelVisible\":\(design.label.visible)",
      "\"layers\":[\(design.layers.map { JSONValue.quoted($0.name.rawValue) }.joined(separator: ","))]",
      "\"layerOpacity\":{\(layerOpacity.joined(separator: ","))}",
      "\"labelColors\":{\(colors.joined(separator: ","))}",
      "\"months\":{\(months.joined(separator: ","))}",
      "\"flags\":{\(flags.joined(separator: ","))}",
      "\"seasons\":[\(Season.allCases.map { JSONValue.quoted($0.rawValue) }.joined(separator: ","))]",
    ]
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The whole page. Images the documents repeat (a photo in many cells, in eight documents)
  /// are moved out of the documents into one table, each image once; the page puts them back
  /// into each document it shows before showing it.
  func html() throws(CLIError) -> String {
    var templates = ""
    var images = ImageTable()
    for season in Season.allCases {
      for visible in [true, false] {
        let svg = images.extract(from: try svg(season: season, labelVisible: visible))
        templates += "<template id=\"svg-\(season.rawValue)-\(visible ? "label" : "nolabel")\">" + svg + "</template>\n"
      }
    }
    let design = loaded.design
    return EditorHTML.page(
      title: "\(design.name) — \(design.device.name)", templates: templates, data: data(),
      images: "[" + images.uris.map(JSONValue.quoted).joined(separator: ",") + "]")
  }
}

/// The distinct `data:` images of SVG documents, each replaced by `data-editor-image="N"`.
struct ImageTable {
  private(set) var uris: [String] = []
  private var numbers: [String: Int] = [:]

  /// `svg` with every `xlink:href="data:…"` replaced by its number in the table.
  mutating func extract(from svg: String) -> String {
    let marker = " xlink:href=\"data:"
    var result = ""
    var rest = svg[...]
    while let start = rest.firstRange(of: marker) {
      result += rest[..<start.lowerBound]
      let uriStart = rest.index(start.upperBound, offsetBy: -5)
      guard let end = rest[start.upperBound...].firstIndex(of: "\"") else { break }
      let uri = String(rest[uriStart..<end])
      let number = numbers[uri] ?? uris.count
      if number == uris.count {
        uris.append(uri)
        numbers[uri] = number
      }
      result += " data-editor-image=\"\(number)\""
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }
}
