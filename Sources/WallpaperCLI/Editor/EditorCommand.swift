import CairoRendering
import DesignFiles
import Platform
import SceneGraph
import WallpaperExport
import Wallpapers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    ["label", "color"],
    ["grid", "fill"],
  ]

  static let help = HelpPage(
    overview:
      "Write one HTML file (no server, no network) to colour grid cells, put photos from the device into a square grid, try seasons, dates, the name switch and colour, the base colour and the alpha, save the wallpaper as PNG (on a phone too), and copy the design JSON or the render command.",
    usage: "wallpaper editor [DESIGN.json] --device ID [design flags of render] -o editor.html",
    arguments: [("DESIGN.json", "A design file. Flags override its fields.")],
    options: RenderCommand.designOptions.filter { option in
      option.name == "--output" || !OutputOptions.specs.contains { $0.name == option.name }
    },
    footer: """
      The page shows the design's SVG for each season (the art as the art layer's opacity) and the
      design's grid, or the device's home-screen grid when the design has none, as cells numbered as
      --fill and `wallpaper cells` number them. Rendering the JSON it emits, or running the command
      line it emits, gives what the page shows and its Save PNG button saves (<name>-<device>.png at
      the device's pixel size). Files are named relative to the design file's folder (with no
      design file, the page's): save the JSON there and run the command there.
      """)

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(
      arguments, specs: Self.ownOptions + RenderCommand.designOptions, maxPositional: 1)
    if parsed.has("--help") {
      console.out(Self.help.text(width: console.columns))
      return
    }
    let (loaded, path) = try DesignArguments.load(parsed)
    guard let path else { throw .usage("--output: no output file given (use -o editor.html)") }
    guard ["html", "htm"].contains(FilePath(path).pathExtension.lowercased()) else {
      throw .usage("--output: '\(path)' is not allowed (an .html file)")
    }
    try OutputOptions.checkOutputPath(path)
    let workingDirectory = FileManager.default.currentDirectoryPath
    let page = EditorPage(
      loaded: loaded, environment: environment, workingDirectory: workingDirectory,
      homeFolder: FilePath(parsed.positional.first ?? path).folderOrCurrent)
    let html = try page.html()
    try CLIError.mapping(AtomicFile.write(Array(html.utf8), to: path))
  }
}

/// What the editor page needs from a design, rendered and measured by the project's own code.
struct EditorPage {
  let loaded: LoadedDesign
  let environment: Environment
  /// The folder relative paths from flags are read against (absolute).
  let workingDirectory: String
  /// The folder the emitted design's paths are relative to: the design file's, or with no
  /// design file the page's (as given: relative to `workingDirectory`, or absolute).
  let homeFolder: String

  /// The tappable cells (`Design.cellMap`); none when the device has no grid to offer.
  func cells() -> (cells: [GridCell], kind: Grid.Name) {
    (try? loaded.design.cellMap()) ?? ([], .none)
  }

  /// The design as the page starts from: the loaded design as a design file's tree
  /// (`Design.jsonTree`: typed values) without the fields the page sets, each file named as
  /// `portablePath` names it; and the files that lie outside `homeFolder`.
  func baseTree() -> (tree: JSONValue, outside: [String]) {
    var outside: [String] = []
    var tree = loaded.design.jsonTree { file in
      let (text, inside) = portablePath(file)
      if !inside, !outside.contains(text) { outside.append(text) }
      return text
    }
    for field in EditorCommand.pageFields { tree = tree.removing(field) }
    return (tree, outside)
  }

  /// A file the design reads (`file` as the loader resolved it: relative to the working
  /// directory, or absolute) as the emitted design and command name it: relative to
  /// `homeFolder` when it lies inside it, so the design file and its files can be moved or
  /// shared together; otherwise its absolute path. Compared lexically (no links followed).
  func portablePath(_ file: String) -> (text: String, inside: Bool) {
    func absolute(_ path: String) -> [String] {
      (FilePath(workingDirectory).appending(path).lexicallyNormalized ?? FilePath(path)).components
    }
    let (parts, home) = (absolute(file), absolute(homeFolder))
    guard parts.count > home.count, parts.starts(with: home) else { return ("/" + parts.joined(separator: "/"), false) }
    return (parts.dropFirst(home.count).joined(separator: "/"), true)
  }

  /// The status line's note when the design names files outside `homeFolder`, else nil.
  static func outsideNote(_ files: [String]) -> String? {
    guard !files.isEmpty else { return nil }
    let named = files.map { "'\($0)'" }.joined(separator: ", ")
    return "A design file may name only files in its own folder, and \(named) "
      + (files.count == 1 ? "lies" : "lie")
      + " outside it: copy \(files.count == 1 ? "it" : "them") into the folder, or render with the command line,"
      + " whose flags may name any file."
  }

  /// `loaded.design` as the page's documents are written from, and the images they stand for.
  /// Each cell photo is decoded and scaled once, into the PNG `render` draws into a cell's
  /// square at the device's scale (`DesignRendering.cellPhoto`), which the page draws 1:1. The
  /// documents carry in its place a 1×1 PNG of a colour of its own (square like the cell
  /// photo, so it lays out alike), one per cell in each of the eight documents; `stands` maps
  /// that PNG's `data:` URI to the cell photo's, which the page puts in its place (the k-th
  /// stand is the page's image k). A square grid without photos is written with one stand-in
  /// photo and no stand: its documents have the element per cell that `render` draws a photo
  /// with, which the page hides until the user picks photos and then shows them in.
  func pageDesign() throws(CLIError) -> (design: Design, stands: [(placeholder: String, image: String)]) {
    var design = loaded.design
    guard case .square(let square) = design.grid.kind else { return (design, []) }
    guard design.showsCellPhotos else {
      design.grid.images = [CellImage(file: "", bytes: try CLIError.mapping(Self.placeholder(number: 0)))]
      return (design, [])
    }
    let side: Double
    do {
      side = try square.side(in: design.canvasSize)
    } catch {
      throw .usage(error.description)
    }
    func uri(_ png: [UInt8]) -> String { "data:image/png;base64," + Data(png).base64EncodedString() }
    var stands: [(placeholder: String, image: String)] = []
    for index in design.grid.images.indices {
      let photo = try CLIError.mapping(
        DesignRendering.cellPhoto(design.grid.images[index], side: side, scale: Double(design.device.screen.scale)))
      let placeholder = try CLIError.mapping(Self.placeholder(number: index))
      design.grid.images[index].bytes = placeholder
      stands.append((uri(placeholder), uri(photo)))
    }
    return (design, stands)
  }

  /// A 1×1 PNG whose colour is `number` (0 … 2^24 − 1), drawn by the one renderer.
  static func placeholder(number: Int) throws(ExportError) -> [UInt8] {
    let scene: Scene
    do {
      let pixel = try Rect(x: 0, y: 0, width: 1, height: 1)
      scene = try Scene(
        size: pixel.size,
        nodes: [.shape(ShapeNode(.rectangle(pixel), fill: .solid(Color(rgb: UInt32(number & 0xFF_FFFF)))))])
    } catch {
      throw .failed("cannot build the scene: \(error.description)")
    }
    return try DesignRendering.render(scene, as: Output(format: .png, scale: 1))
  }

  /// The SVG of `drawn` (see `pageDesign`) for `season` with the label shown or hidden,
  /// without grid fills (the page draws those), the art at full opacity (the page sets it),
  /// through the one renderer: the scene SVG writer at the device's scale, the scale the page
  /// saves its PNG at and `render` renders the emitted design at.
  func svg(of drawn: Design, season: Season, labelVisible: Bool) throws(CLIError) -> String {
    var design = drawn
    design.season.season = season
    design.season.alpha = .opaque
    design.label.visible = labelVisible
    design.grid.fills = []
    let scene = try CLIError.mapping(DesignRendering.scene(of: design, environment: environment))
    var output = try CLIError.mapping(OutputFields.options(for: loaded, environment: environment, format: .svg))
    output.scale = Double(design.device.screen.scale)
    output.svg.engine = .scene
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

  /// How the page picks the label's colour when it is `auto`, as `DesignRendering` does: it
  /// draws what is under the label's `box` (points; the shown document without its label layer,
  /// as it is now: art at its opacity, fills, photos, base) at `scale` px per point
  /// (`DesignRendering.measuringScale`, the window of whole pixels around the box, over black),
  /// takes the pixels' mean relative luminance with `luminance` (per channel and 8-bit value,
  /// from `Color.relativeLuminance`; the three summed per pixel, as
  /// `RasterImage.meanRelativeLuminance` sums them) and looks the colour up in the season's
  /// `steps` (`Design.legibleLabelColorSteps`: [upTo, colour], the first step the luminance is
  /// at most). Nil when the device has no label placement.
  func labelRule() -> String? {
    var design = loaded.design
    design.label.visible = true
    guard let box = design.labelPlacement?.box else { return nil }
    let steps = Season.allCases.map { season in
      design.season.season = season
      let list = design.legibleLabelColorSteps.map { "[\(Self.number($0.upTo)),\(JSONValue.quoted($0.color.hex))]" }
      return "\(JSONValue.quoted(season.rawValue)):[\(list.joined(separator: ","))]"
    }
    let channels = [16, 8, 0].map { shift in
      "["
        + (0...255).map { Self.number(Color(rgb: UInt32($0) << UInt32(shift)).relativeLuminance) }.joined(
          separator: ",") + "]"
    }
    return "{\"scale\":\(Self.number(DesignRendering.measuringScale)),\"box\":\(Self.rect(box)),"
      + "\"steps\":{\(steps.joined(separator: ","))},\"luminance\":[\(channels.joined(separator: ","))]}"
  }

  static func number(_ value: Double) -> String { JSONValue(.number(value), origin: .flag("")).jsonText }

  static func rect(_ r: Rect) -> String {
    "{\"x\":\(number(r.minX)),\"y\":\(number(r.minY)),\"width\":\(number(r.width)),\"height\":\(number(r.height))}"
  }

  /// The square grid's photos as the page starts from (the design's, by the names the emitted
  /// design gives them; the k-th is the page's image k) and the cell photo's size: the square's
  /// side in points and the PNG's pixels a side at the device's scale. Nil without a square grid.
  func photoData() throws(CLIError) -> String? {
    let design = loaded.design
    guard case .square(let square) = design.grid.kind else { return nil }
    let side: Double
    let pixels: PixelSize
    do {
      side = try square.side(in: design.canvasSize)
    } catch {
      throw .usage(error.description)
    }
    do {
      pixels = try RenderLimits.pixelSize(
        of: try Size(width: side, height: side), scale: Double(design.device.screen.scale))
    } catch {
      throw .usage("--columns: the cells cannot be drawn: \(error)")
    }
    let names = design.grid.images.map { JSONValue.quoted(portablePath($0.file).text) }
    let extensions = DesignLoader.cellImageExtensions.map(JSONValue.quoted)
    return "{\"names\":[\(names.joined(separator: ","))],\"side\":\(Self.number(side)),"
      + "\"pixels\":\(pixels.width),\"scale\":\(design.device.screen.scale),\"extensions\":[\(extensions.joined(separator: ","))]}"
  }

  /// The page's data as one JSON object.
  func data() throws(CLIError) -> String {
    let design = loaded.design
    let (cells, kind) = cells()
    let (base, outside) = baseTree()
    let pixels: PixelSize
    do {
      pixels = try RenderLimits.pixelSize(of: design.canvasSize, scale: Double(design.device.screen.scale))
    } catch {
      throw .usage(error.description)
    }
    var owner: [Int: Color] = [:]
    for fill in design.grid.fills { for index in fill.indices { owner[index] = fill.color } }
    let (number, rect) = (Self.number, Self.rect)
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
        + Season.byMonth(hemisphere: hemisphere).map { JSONValue.quoted($0.rawValue) }.joined(
          separator: ",") + "]"
    }
    let accents = Season.allCases.map { season in
      "\(JSONValue.quoted(season.rawValue)):[\(JSONValue.quoted(season.palette.accent.hex)),"
        + "\(JSONValue.quoted(season.lightAccent.hex))]"
    }
    let gradient = design.background.gradient.map {
      "[" + $0.colors.map { JSONValue.quoted($0.hex) }.joined(separator: ",") + "]"
    }
    let layerOpacity = design.layers.map { "\(JSONValue.quoted($0.name.rawValue)):\(number($0.opacity.value))" }
    let namesSeason = loaded.tree?[path: ["season", "name"]] != nil
    let date = loaded.tree?[path: ["season", "date"]].flatMap { value -> String? in
      if case .string(let text) = value.kind, !namesSeason { return text }
      return nil
    }
    let fields = [
      "\"base\":\(base.jsonText)",
      "\"device\":\(JSONValue.quoted(design.device.id))",
      "\"canvas\":{\"width\":\(number(design.canvasSize.width)),\"height\":\(number(design.canvasSize.height))}",
      "\"pixels\":{\"width\":\(pixels.width),\"height\":\(pixels.height)}",
      "\"cells\":[\(cellText.joined(separator: ","))]",
      "\"gridKind\":\(JSONValue.quoted(kind.rawValue))",
      "\"fillsAfter\":\(kind == .square ? cells.count : 0)",
      "\"photos\":\(try photoData() ?? "null")",
      "\"fills\":{\(fills.joined(separator: ","))}",
      "\"season\":\(JSONValue.quoted(design.season.season.rawValue))",
      "\"seasonFromToday\":\(!namesSeason && date == nil)",
      "\"date\":\(date.map(JSONValue.quoted) ?? "null")",
      "\"note\":\(Self.outsideNote(outside).map(JSONValue.quoted) ?? "null")",
      "\"hemisphere\":\(JSONValue.quoted((loaded.tree?[path: ["season", "hemisphere"]]).flatMap { v -> String? in if case .string(let t) = v.kind { return t } else { return nil } } ?? "north"))",
      "\"alpha\":\(number(design.season.alpha.value))",
      "\"labelVisible\":\(design.label.visible)",
      "\"layers\":[\(design.layers.map { JSONValue.quoted($0.name.rawValue) }.joined(separator: ","))]",
      "\"layerOpacity\":{\(layerOpacity.joined(separator: ","))}",
      "\"labelRule\":\(labelRule() ?? "null")",
      "\"labelColor\":\(design.label.color.map { JSONValue.quoted($0.hex) } ?? "null")",
      "\"inks\":[\(JSONValue.quoted(AdaptiveInk.light.hex)),\(JSONValue.quoted(AdaptiveInk.dark.hex))]",
      "\"accents\":{\(accents.joined(separator: ","))}",
      "\"background\":{\"color\":\(design.background.color.map { JSONValue.quoted($0.hex) } ?? "null"),"
        + "\"gradient\":\(gradient ?? "null")}",
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
    let (drawn, stands) = try pageDesign()
    for stand in stands { images.substitute(stand.placeholder, with: stand.image) }
    for season in Season.allCases {
      for visible in [true, false] {
        let svg = images.extract(from: try svg(of: drawn, season: season, labelVisible: visible))
        templates += "<template id=\"svg-\(season.rawValue)-\(visible ? "label" : "nolabel")\">" + svg + "</template>\n"
      }
    }
    let design = loaded.design
    return EditorHTML.page(
      title: "\(design.name) — \(design.device.name)", templates: templates, data: try data(),
      images: "[" + images.uris.map(JSONValue.quoted).joined(separator: ",") + "]")
  }
}

/// The distinct `data:` images of SVG documents, each replaced by `data-editor-image="N"`.
struct ImageTable {
  private(set) var uris: [String] = []
  private var numbers: [String: Int] = [:]

  /// Numbers `placeholder` as `uri`: documents that carry `placeholder` show `uri`.
  mutating func substitute(_ placeholder: String, with uri: String) {
    numbers[placeholder] = uris.count
    uris.append(uri)
  }

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
