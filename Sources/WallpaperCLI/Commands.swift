import DesignFiles
import WallpaperExport
import Wallpapers

/// Every subcommand with the option table its parser reads and its help page. `wallpaper help`,
/// the shell completions and the man page are generated from this one list.
struct CommandInfo {
  let name: String
  let summary: String
  /// The options exactly as the command's parser receives them (help and aliases included).
  let options: [OptionSpec]
  /// The help page `--help` and `wallpaper help NAME` print.
  let help: HelpPage
  /// Whether the command takes a design file as its argument.
  var takesDesign = true
}

enum Commands {
  static var all: [CommandInfo] {
    [
      CommandInfo(
        name: "render", summary: "Render one design for one device to a PNG, SVG or PDF file.",
        options: RenderCommand.options, help: RenderCommand.help),
      CommandInfo(
        name: "preview", summary: "Render a design with a labelled mock of the lock or home screen over it.",
        options: PreviewCommand.ownOptions + RenderCommand.designOptions, help: PreviewCommand.help),
      CommandInfo(
        name: "export",
        summary: "Render one design for many devices, scales and formats, with a manifest and asset catalog.",
        options: ExportCommand.ownOptions + ExportCommand.designOptions, help: ExportCommand.help),
      CommandInfo(
        name: "manifest", summary: "Merge the partial manifests of a sharded export (manifest merge).",
        options: ManifestCommand.options, help: ManifestCommand.help),
      CommandInfo(
        name: "proof", summary: "Make a print-ready PDF proof: one page per device with bleed, marks and page boxes.",
        options: ProofCommand.designOptions + ProofCommand.pdfOptions + ProofCommand.ownOptions,
        help: ProofCommand.help),
      CommandInfo(
        name: "editor",
        summary:
          "Write one offline HTML page to colour grid cells, add photos and try seasons, then Save PNG or copy the design or command.",
        options: EditorCommand.ownOptions + RenderCommand.designOptions, help: EditorCommand.help),
      CommandInfo(
        name: "cells", summary: "Show the grid's cells numbered as --fill numbers them, as JSON or a numbered picture.",
        options: CellsCommand.ownOptions + RenderCommand.designOptions, help: CellsCommand.help),
      CommandInfo(
        name: "devices", summary: "List the device catalogue.", options: DevicesCommand.options,
        help: DevicesCommand.help, takesDesign: false),
      CommandInfo(
        name: "schema", summary: "Print the JSON Schema of design files (Docs/design.schema.json).",
        options: [helpOption], help: schemaHelp, takesDesign: false),
      CommandInfo(
        name: "completions", summary: "Print a bash, zsh or fish completion script.", options: [helpOption],
        help: completionsHelp, takesDesign: false),
      CommandInfo(
        name: "help", summary: "Show the help of the tool or of one subcommand.", options: helpOptions,
        help: helpHelp, takesDesign: false),
    ]
  }

  static func command(_ name: String) -> CommandInfo? { all.first { $0.name == name } }

  static let helpOption = OptionSpec(names: ["--help", "-h"], valueName: nil, help: "", field: nil)

  static let helpOptions: [OptionSpec] = [
    OptionSpec(names: ["--man"], valueName: nil, help: "Print the man page (roff) instead.", field: nil),
    helpOption,
  ]

  static let schemaHelp = HelpPage(
    overview: "Print the JSON Schema (2020-12) of design files, generated from the design loader's field table.",
    usage: "wallpaper schema",
    footer: "Designs may name it in a \"$schema\" field; the repository keeps it as Docs/design.schema.json.",
    examples: [("wallpaper schema > design.schema.json", "Save it for an editor.")])

  static let completionsHelp = HelpPage(
    overview: "Print a completion script for bash, zsh or fish (subcommands, options, their values, device ids).",
    usage: "wallpaper completions bash|zsh|fish",
    arguments: [("SHELL", "bash, zsh or fish.")],
    footer: "`make install` puts them where each shell looks; the bash script needs no bash-completion package.",
    examples: [
      ("source <(wallpaper completions bash)", "Complete in the current bash."),
      ("wallpaper completions zsh > ~/.zfunc/_wallpaper", "Install for zsh (with ~/.zfunc on fpath)."),
      ("wallpaper completions fish > ~/.config/fish/completions/wallpaper.fish", "Install for fish."),
    ])

  static let helpHelp = HelpPage(
    overview: "Show the help of the tool, or of one subcommand; --man prints the man page.",
    usage: "wallpaper help [COMMAND] [--man]",
    arguments: [("COMMAND", "A subcommand.")],
    options: [helpOptions[0]],
    examples: [
      ("wallpaper help render", "The options of render."),
      ("wallpaper help --man > wallpaper.1", "The man page; read it with man -l wallpaper.1."),
    ])

  /// Runs `wallpaper help [COMMAND] [--man]`.
  static func runHelp(_ arguments: [String], console: WallpaperTool.Console) throws(CLIError) {
    let parsed = try ArgumentParser.parse(arguments, specs: helpOptions, maxPositional: 1)
    if parsed.has("--help") {
      console.out(helpHelp.text(width: console.columns))
      return
    }
    if parsed.has("--man") {
      guard parsed.positional.isEmpty else { throw .usage("--man: the man page covers every command; give no COMMAND") }
      console.out(ManPage.text)
      return
    }
    guard let name = parsed.positional.first else {
      console.out(WallpaperTool.help.text(width: console.columns))
      return
    }
    guard let command = command(name) else {
      let names = all.map(\.name)
      let hint = closest(to: name, in: names).first.map { "; did you mean '\($0)'?" } ?? ""
      throw .usage("unknown subcommand '\(name)' (allowed: \(names.joined(separator: ", ")))\(hint)")
    }
    console.out(command.help.text(width: console.columns))
  }

  /// Runs `wallpaper schema`.
  static func runSchema(_ arguments: [String], console: WallpaperTool.Console) throws(CLIError) {
    let parsed = try ArgumentParser.parse(arguments, specs: [helpOption], maxPositional: 0)
    console.out(parsed.has("--help") ? schemaHelp.text(width: console.columns) : DesignSchema.text)
  }

  /// Runs `wallpaper completions SHELL`.
  static func runCompletions(_ arguments: [String], console: WallpaperTool.Console) throws(CLIError) {
    let parsed = try ArgumentParser.parse(arguments, specs: [helpOption], maxPositional: 1)
    if parsed.has("--help") {
      console.out(completionsHelp.text(width: console.columns))
      return
    }
    guard let name = parsed.positional.first else { throw .usage("no shell given (bash, zsh or fish)") }
    guard let shell = Completions.Shell(rawValue: name) else {
      throw .usage("completions: '\(name)' is not allowed (bash, zsh or fish)")
    }
    console.out(Completions.script(for: shell))
  }

  /// The field table entry behind an option that sets a design field.
  static func field(of spec: OptionSpec) -> FieldSpec? {
    guard let path = spec.field else { return nil }
    return (DesignLoader.fields + OutputFields.fields).field(at: path)
  }

  /// What an option's value can be: its own `values`, else its design field's kind.
  static func values(of spec: OptionSpec) -> FieldSpec.Kind? {
    guard spec.valueName != nil else { return nil }
    if let values = spec.values { return values }
    guard let kind = field(of: spec)?.kind else { return nil }
    // A repeatable flag adds one element at a time.
    if spec.repeatable, case .array(let items, _) = kind { return items }
    return kind
  }

  /// The words a value can take, for a closed set; nil otherwise.
  static func words(_ kind: FieldSpec.Kind) -> [String]? {
    switch kind {
    case .choice(let words): return words
    case .device: return DeviceCatalog.devices.map(\.id)
    case .bool: return ["true", "false"]
    default: return nil
    }
  }
}
