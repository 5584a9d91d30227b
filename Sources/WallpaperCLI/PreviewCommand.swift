import DesignFiles
import Platform
import SceneGraph
import WallpaperExport
import Wallpapers

/// `wallpaper preview`: the wallpaper with a generic mock of the lock or home screen over it.
struct PreviewCommand {
  let console: WallpaperTool.Console
  let environment: Environment

  static let ownOptions: [OptionSpec] = [
    OptionSpec(
      names: ["--screen"], valueName: "SCREEN",
      help:
        "lock (time, date, island or notch, bottom controls, home indicator; default) or home (icon tiles in the home grid and the dock).",
      field: nil, values: FieldSpec.choice(PreviewScreen.self)),
    OptionSpec(
      names: ["--watch"], valueName: nil,
      help: "Render, then again whenever the design file, its font or its image changes; Ctrl-C stops.", field: nil),
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "", field: nil),
  ]

  static let help = HelpPage(
    overview: "Render the wallpaper with a generic, labelled mock of what iOS draws on it, to check the composition.",
    usage: "wallpaper preview [DESIGN.json] --device ID [--screen lock|home] [design flags of render] -o PATH",
    arguments: [("DESIGN.json", "A design file. Flags override its fields.")],
    options: Array(ownOptions.dropLast()) + RenderCommand.designOptions,
    footer: """
      The mock is drawn with the same renderer in plain shapes and the bundled font, placed in the device's
      zones (`wallpaper devices --json`); it is marked PREVIEW MOCK and uses no Apple artwork. Portrait only.
      On iPads the lock screen shows the unlock hint where iPhones have buttons, and the home screen the
      dock only (no iPad home-screen grid is known).
      """,
    examples: [
      ("wallpaper preview Samples/winter.json --device iphone-16 -o lock.png", "The lock screen over a design."),
      (
        "wallpaper preview Samples/grid-iphone-8.json --screen home -o home.png",
        "The home screen: icon tiles in the grid."
      ),
    ])

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(
      arguments, specs: Self.ownOptions + RenderCommand.designOptions, maxPositional: 1)
    if parsed.has("--help") {
      console.out(Self.help.text(width: console.columns))
      return
    }
    let screenName = parsed.values["--screen"] ?? PreviewScreen.lock.rawValue
    guard let screen = PreviewScreen(rawValue: screenName) else {
      throw .usage(
        "--screen: '\(screenName)' is not allowed (\(PreviewScreen.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    guard parsed.has("--watch") else {
      _ = try render(parsed, screen: screen)
      return
    }
    try Watcher(console: console).run(initial: parsed.positional) { () throws(CLIError) in
      try render(parsed, screen: screen)
    }
  }

  /// Renders the preview once; returns the files the design read and the file written.
  private func render(_ parsed: ParsedArguments, screen: PreviewScreen) throws(CLIError) -> (
    inputs: [String], output: String
  ) {
    let loaded: LoadedDesign
    do {
      loaded = try DesignLoader.load(
        file: parsed.positional.first, overrides: parsed.overrides, outputFields: OutputFields.fields)
    } catch {
      throw .usage(error.description)
    }
    let design = loaded.design
    guard design.orientation == .portrait else {
      throw .usage("--orientation: '\(design.orientation.rawValue)' is not allowed for a preview (portrait)")
    }
    let output = try OutputOptions.output(for: loaded, environment: environment)
    guard let path = output.path else { throw .usage("--output: no output file given") }
    let font = try CLIError.mapping(FontLocator.bundledFontPath(environment: environment))
    let scene = try CLIError.mapping(DesignRendering.scene(of: design, defaultFont: font, preview: screen))
    let bytes = try CLIError.mapping(DesignRendering.render(scene, as: output))
    try CLIError.mapping(AtomicFile.write(bytes, to: path))
    return (DesignRendering.inputFiles(of: design, designFile: parsed.positional.first), path)
  }
}
