import CairoRendering
import DesignFiles
import Platform
import SceneGraph
import WallpaperExport
import Wallpapers

/// `wallpaper render`: one design, one device, one file.
struct RenderCommand {
  let console: WallpaperTool.Console
  let environment: Environment

  /// Options that set design fields; the design file has a field for each. The output's own
  /// options (`OutputOptions.specs`) come first.
  static var designOptions: [OptionSpec] { OutputOptions.specs + designFieldOptions }

  /// The options `render` parses: `--season` also takes `all` there (one file per season), so
  /// its completions offer it.
  static var options: [OptionSpec] {
    designOptions.map { spec in
      guard spec.name == "--season" else { return spec }
      var spec = spec
      spec.values = .choice(Season.allCases.map(\.rawValue) + ["all"])
      return spec
    } + ownOptions
  }

  /// Options that set what the design draws. (The fuzz target copies this list: keep its
  /// first line and closing bracket as they are; see Scripts/fuzz.sh.)
  static let designFieldOptions: [OptionSpec] = [
    OptionSpec(
      names: ["--device"], valueName: "ID",
      help:
        "The device, by id in any case, with spaces or hyphens (iphone-16-pro, \"iPhone 16 Pro\"; `wallpaper devices` lists them).",
      field: ["device"]
    ),
    OptionSpec(
      names: ["--name"], valueName: "NAME",
      help: "The design's name, used as the PDF title (default: the design file's name).", field: ["name"]),
    OptionSpec(
      names: ["--base-color", "--background-color"], valueName: "COLOR",
      help:
        "The base under the art: #RRGGBB, #RRGGBBAA, a CSS colour name, or none for transparent (default: white).",
      field: ["background", "color"]),
    OptionSpec(
      names: ["--gradient"], valueName: "COLORS",
      help: "A background gradient of two or more comma-separated colours.",
      field: ["background", "gradient", "colors"]),
    OptionSpec(
      names: ["--gradient-type"], valueName: "TYPE", help: "linear or radial (default: linear).",
      field: ["background", "gradient", "type"]),
    OptionSpec(
      names: ["--gradient-angle"], valueName: "DEGREES",
      help: "Direction of a linear gradient: 0 top to bottom, 90 left to right.",
      field: ["background", "gradient", "angle"]),
    OptionSpec(
      names: ["--image"], valueName: "PATH",
      help:
        "A PNG, JPEG or HEIC photo over the background colour (upright by its EXIF orientation, in sRGB from its ICC profile).",
      field: ["background", "image", "path"]),
    OptionSpec(
      names: ["--image-mode"], valueName: "MODE", help: "fill, fit or stretch (default: fill).",
      field: ["background", "image", "mode"]),
    OptionSpec(
      names: ["--image-opacity"], valueName: "A", help: "The photo's opacity, 0…1 (default: 1).",
      field: ["background", "image", "opacity"]),
    OptionSpec(
      names: ["--season"], valueName: "SEASON",
      help:
        "spring, summer, autumn (or fall) or winter, in any case (overrides --date); render: all writes one file per season (x-spring.png … x-winter.png).",
      field: ["season", "name"]),
    OptionSpec(
      names: ["--date"], valueName: "YYYY-MM-DD",
      help:
        "Pick the season from a date: Mar–May spring, Jun–Aug summer, Sep–Nov autumn, Dec–Feb winter (default: today).",
      field: ["season", "date"]),
    OptionSpec(
      names: ["--hemisphere"], valueName: "H", help: "north or south (south shifts the date's season by six months).",
      field: ["season", "hemisphere"]),
    OptionSpec(
      names: ["--alpha"], valueName: "A", help: "The season art's opacity over the base colour, 0…1 (default: 0.5).",
      field: ["season", "alpha"]),
    OptionSpec(
      names: ["--art"], valueName: "FILE.svg",
      help:
        "A designer's SVG drawn as the art layer in place of the season's art (covering the canvas), at opacity 1 unless --alpha says otherwise.",
      field: ["art", "svg"]),
    OptionSpec(
      names: ["--art-seed"], valueName: "N",
      help: "Arranges the art; the same seed gives the same art (default: \(SeasonArt.defaultSeed)).",
      field: ["season", "artSeed"]),
    OptionSpec(
      names: ["--no-label"], valueName: nil, help: "Hide the season's name.", field: ["label", "visible"],
      switchValue: .bool(false)),
    OptionSpec(
      names: ["--label-text"], valueName: "TEXT", help: "The label's text (default: the season's name).",
      field: ["label", "text"]),
    OptionSpec(
      names: ["--locale"], valueName: "LOCALE", help: "The season's name in en, zh-Hant or ja (default: en).",
      field: ["label", "locale"]),
    OptionSpec(
      names: ["--label-position"], valueName: "P", help: "\(Label.Position.summary).",
      field: ["label", "position"]),
    OptionSpec(
      names: ["--label-offset"], valueName: "PT",
      help: "Move the label down (positive) or up (negative) from its position, in points (default 0).",
      field: ["label", "offset"]),
    OptionSpec(
      names: ["--label-size"], valueName: "PT",
      help: "The label's size in points (default: 18% of the canvas width).",
      field: ["label", "size"]),
    OptionSpec(
      names: ["--label-color"], valueName: "COLOR",
      help:
        "The label's colour, or auto (the default): the season's accent where it reads against the art behind the label (3:1), else its light tint, else white or near-black.",
      field: ["label", "color"]),
    OptionSpec(
      names: ["--orientation"], valueName: "O", help: "portrait or landscape (the device's canvas turned a quarter).",
      field: ["orientation"]),
    OptionSpec(
      names: ["--grid"], valueName: "KIND", help: "none, home (the home-screen icon grid) or square.",
      field: ["grid", "kind"]),
    OptionSpec(
      names: ["--fill"], valueName: "CELLS=COLOR",
      help: "Colour whole cells: 0,5,6 or 8-11 (row-major from 0) or r2c3, then = and a colour. Repeatable.",
      field: ["grid", "fill"], repeatable: true),
    OptionSpec(
      names: ["--grid-line-color"], valueName: "COLOR",
      help: "Draw cell lines (home) or gutters (square) in this colour.", field: ["grid", "lineColor"]),
    OptionSpec(
      names: ["--grid-line-width"], valueName: "W",
      help: "Line width in points (0.5) or device pixels (1px, crisp in PNG; default 1px).",
      field: ["grid", "lineWidth"]),
    OptionSpec(
      names: ["--show-icons"], valueName: nil, help: "Outline the icon slots, to check alignment.",
      field: ["grid", "showIcons"], switchValue: .bool(true)),
    OptionSpec(
      names: ["--columns"], valueName: "N",
      help: "Square grid: cells per row (per column with --direction horizontal).", field: ["grid", "columns"]),
    OptionSpec(
      names: ["--spacing"], valueName: "PT", help: "Square grid: space between cells in points (default 0).",
      field: ["grid", "spacing"]),
    OptionSpec(
      names: ["--inset"], valueName: "T,L,B,R",
      help: "Square grid: insets in points (default: the spacing on every side).", field: ["grid", "inset"]),
    OptionSpec(
      names: ["--fit"], valueName: "FIT",
      help: "Square grid: clip (default; the last row is cut) or rows (shrink so whole rows fit).",
      field: ["grid", "fit"]),
    OptionSpec(
      names: ["--direction"], valueName: "D",
      help: "Square grid: vertical (N per row, default) or horizontal (N per column).",
      field: ["grid", "direction"]),
    OptionSpec(
      names: ["--cell-images"], valueName: "DIR|FILE,…",
      help:
        "Square grid: photos for the cells in order (a folder's PNG, JPEG or HEIC files by name), repeating, each centre-cropped to its square.",
      field: ["grid", "images"]),
    OptionSpec(
      names: ["--font"], valueName: "FONT",
      help:
        "The label's font: a TrueType/OpenType/Type 1 file, or an installed family and style looked up with fontconfig (\"DejaVu Sans:bold\"); default: the bundled Quicksand Bold.",
      field: ["label", "font"]),
  ]

  static let ownOptions: [OptionSpec] = [
    OptionSpec(
      names: ["--timings"], valueName: nil,
      help: "Print on stderr the milliseconds spent building the scene, drawing, encoding and writing.", field: nil),
    OptionSpec(
      names: ["--dump-scene"], valueName: nil, help: "Print the scene as text instead of rendering.", field: nil),
    OptionSpec(
      names: ["--verbose"], valueName: nil, help: "Print on stderr the font file chosen for the label.", field: nil),
    OptionSpec(
      names: ["--watch"], valueName: nil,
      help:
        "Render, then render again whenever the design file, its font or its image changes; one line per render; Ctrl-C stops.",
      field: nil),
    RunReport.option,
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "Show help information.", field: nil),
  ]

  static let help = HelpPage(
    overview: "Render one design for one device to a PNG, SVG or PDF file.",
    usage: "wallpaper render [DESIGN.json] --device ID [--scale N] [--format png|svg|pdf] -o PATH [--json]",
    arguments: [("DESIGN.json", "A design file. Flags override its fields.")],
    options: designOptions + ownOptions.dropLast(),
    footer: """
      PNG is round(points × scale) pixels. SVG uses px units sized in points; PDF pages are sized
      in points, dated from SOURCE_DATE_EPOCH or else 2020-01-01T00:00:00Z so output is reproducible.
      """,
    examples: [
      (
        "wallpaper render --device iphone-16-pro --season winter -o winter.png",
        "A winter wallpaper at the device's own scale (1206×2622 px)."
      ),
      (
        "wallpaper render Samples/autumn.json --device ipad-pro-13-m4 -o autumn.pdf",
        "A design file for another device, as PDF."
      ),
      (
        "wallpaper render --device iphone-8 --grid home --fill 0,1,4,5=#FFB3BA --alpha 0 --no-label -o grid.png",
        "Colour four home-screen cells."
      ),
      ("wallpaper render design.json --json -o out.png", "Print what was written (path, size, bytes, sha256) as JSON."),
    ])

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(arguments, specs: Self.options, maxPositional: 1)
    if parsed.has("--help") {
      console.out(Self.help.text(width: console.columns))
      return
    }
    if parsed.has("--json"), parsed.has("--watch") {
      throw .usage("--json: not allowed with --watch (one JSON document per run)")
    }
    guard parsed.has("--watch") else {
      _ = try render(parsed)
      return
    }
    try Watcher(console: console).run(initial: parsed.positional) { () throws(CLIError) in try render(parsed) }
  }

  /// Renders once — or, with `--season all`, once per season — and returns the files the
  /// design read (to watch) and what was written. Every file is rendered before any is written,
  /// so a failure leaves no partial set.
  private func render(_ parsed: ParsedArguments) throws(CLIError) -> (inputs: [String], output: String) {
    let timer = PhaseTimer()
    var inputs: [String] = []
    var files: [(path: String, bytes: [UInt8])] = []
    var report = RunReport(command: "render")
    let fontReport = FontReport(console: console, verbose: parsed.has("--verbose"))
    for variant in try Self.seasonVariants(of: parsed) {
      let loaded: LoadedDesign
      do {
        loaded = try DesignLoader.load(
          file: parsed.positional.first, overrides: variant.overrides, outputFields: OutputFields.fields)
      } catch {
        throw .usage(error.description)
      }
      let scene = try CLIError.mapping(
        DesignRendering.scene(
          of: loaded.design, environment: environment, fontReport: fontReport))
      inputs = DesignRendering.inputFiles(of: loaded.design, designFile: parsed.positional.first)
      if parsed.has("--dump-scene") {
        console.out(scene.dump())
        continue
      }
      var output = try OutputOptions.output(for: loaded, environment: environment)
      guard var path = output.path else { throw .usage("--output: no output file given") }
      if let season = variant.season {
        path = Self.path(path, suffixedWith: season)
        try OutputOptions.checkOutputPath(path)
        output.path = path
      }
      try RunReport.checkStdout(path, json: parsed.has("--json"))
      timer.lap("scene")
      if let note = DesignRendering.gamutNote(for: scene, output: output) { console.err(note + "\n") }
      if output.format == .pdf, case .pdfx4(let intent)? = output.pdf.conformance,
        let note = PrintingConditionCheck.uncheckedNote(for: intent)
      {
        console.err(note + "\n")
      }
      let bytes = try CLIError.mapping(DesignRendering.render(scene, as: output, timer: timer))
      files.append((path, bytes))
      files += try OutputOptions.fontFiles(for: loaded, scene: scene, output: output, beside: path)
      // The report hashes every file: only worth it when it is printed.
      guard parsed.has("--json") else { continue }
      var file = RunReport.File(path: path, format: output.format.rawValue, bytes: bytes)
      file.points = scene.size
      file.devices = [loaded.design.device.id]
      if output.format == .png {
        file.scale = output.scale
        file.pixels = try? RenderLimits.pixelSize(of: scene.size, scale: output.scale)
      }
      report.files.append(file)
    }
    for file in files { try CLIError.mapping(AtomicFile.write(file.bytes, to: file.path)) }
    fontReport.flush()
    timer.lap("write")
    if parsed.has("--timings") { console.err(timer.report) }
    if parsed.has("--json"), !files.isEmpty {
      report.record(timer)
      console.out(report.json)
    }
    return (inputs, files.isEmpty ? "stdout" : files.map(\.path).joined(separator: ", "))
  }

  /// The designs one command renders: the one the arguments give, or with `--season all` one
  /// per season (each with `--season` set to it, named for the file suffix).
  static func seasonVariants(of parsed: ParsedArguments) throws(CLIError) -> [(
    season: Season?, overrides: [DesignOverride]
  )] {
    guard
      let index = parsed.overrides.firstIndex(where: {
        guard $0.path == ["season", "name"], case .string(let word) = $0.value.kind else { return false }
        return word.trimmingSpaces().lowercased() == "all"
      })
    else { return [(nil, parsed.overrides)] }
    return Season.allCases.map { season in
      var overrides = parsed.overrides
      overrides[index] = DesignOverride(
        path: ["season", "name"], value: JSONValue(.string(season.rawValue), origin: overrides[index].value.origin))
      return (season, overrides)
    }
  }

  /// `x.png` → `x-summer.png`: the season before the extension.
  static func path(_ path: String, suffixedWith season: Season) -> String {
    let ext = FilePath(path).pathExtension
    let stem = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
    return stem + "-" + season.rawValue + (ext.isEmpty ? "" : "." + ext)
  }
}
