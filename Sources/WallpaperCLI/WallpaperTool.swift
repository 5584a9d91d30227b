import CairoRendering
import Platform
import WallpaperExport
import Wallpapers

/// The `wallpaper` command: dispatches to subcommands and turns their errors into one line on
/// stderr and an exit status. A library, so tests run it in-process as well as as a binary.
public struct WallpaperTool {
  /// `wallpaper --version`: the studio's version (`Studio.version`).
  public static let version = Studio.version

  /// Where output goes; tests capture it.
  public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Whether stderr is a terminal, where progress is drawn as a bar.
    public var isTerminal = false
    /// The width help is wrapped to: the terminal's columns when stdout is one, else 80.
    public var columns = 80

    public init(
      out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, isTerminal: Bool = false,
      columns: Int = 80
    ) {
      self.out = out
      self.err = err
      self.isTerminal = isTerminal
      self.columns = columns
    }

    public static let standard = Console(
      out: { Descriptor.writeAll($0, to: STDOUT_FILENO) },
      err: { Descriptor.writeAll($0, to: STDERR_FILENO) }, isTerminal: isatty(STDERR_FILENO) == 1,
      columns: Terminal.columns(of: STDOUT_FILENO) ?? 80)
  }

  let console: Console
  let environment: Environment

  public init(console: Console = .standard, environment: Environment = .process) {
    self.console = console
    self.environment = environment
  }

  /// The subcommands, as listed in help and error messages.
  static var subcommands: [String] { help.subcommands.map(\.0) }

  static let help = HelpPage(
    overview: "Compose layered wallpapers and render them to PNG, SVG and PDF for every iPhone and iPad.",
    usage: "wallpaper <subcommand> [options]",
    subcommands: Commands.all.map { ($0.name, $0.summary) },
    footer:
      "See 'wallpaper help <subcommand>' or 'wallpaper <subcommand> --help' for details. 'wallpaper --version' prints the version.",
    examples: [
      ("wallpaper render --device iphone-16-pro --season winter -o winter.png", "A winter wallpaper, 1206×2622 px."),
      ("wallpaper export design.json --out export --devices iphone", "Every iPhone, PNG, SVG and PDF."),
      ("source <(wallpaper completions bash)", "Tab completion in bash."),
    ])

  /// Turns on the art cage (`ArtPreflight`): untrusted art is first drawn by this executable
  /// in a helper process under limits of its own. For the `wallpaper` executable only: a test
  /// runner or another program that embeds the tool is no such helper.
  public static func enableArtPreflight() {
    if let executable = ChildProcess.currentExecutable { ArtPreflight.enable(helper: executable) }
  }

  /// Runs the tool with `arguments` (without the program name) and returns the exit status.
  public func run(_ arguments: [String]) -> Int32 {
    do {
      try dispatch(arguments)
      return 0
    } catch {
      console.err("error: \(error.description.escapingControlCharacters)\n")
      return error.exitCode
    }
  }

  private func dispatch(_ arguments: [String]) throws(CLIError) {
    guard let command = arguments.first else {
      console.err(Self.help.text(width: console.columns))
      throw .usage("no subcommand given (one of: \(Self.subcommands.joined(separator: ", ")))")
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "-h", "--help":
      console.out(Self.help.text(width: console.columns))
    case "help":
      try Commands.runHelp(rest, console: console)
    case "completions":
      try Commands.runCompletions(rest, console: console)
    case "schema":
      try Commands.runSchema(rest, console: console)
    case "--version":
      console.out("wallpaper \(Self.version)\n")
    case ArtPreflight.helperCommand:
      // The art cage's helper (CairoRendering/ArtPreflight.swift): not a user command.
      exit(ArtPreflight.runHelper(rest))
    case "render":
      try RenderCommand(console: console, environment: environment).run(rest)
    case "preview":
      try PreviewCommand(console: console, environment: environment).run(rest)
    case "export":
      try ExportCommand(console: console, environment: environment).run(rest)
    case "manifest":
      try ManifestCommand(console: console, environment: environment).run(rest)
    case "proof":
      try ProofCommand(console: console, environment: environment).run(rest)
    case "editor":
      try EditorCommand(console: console, environment: environment).run(rest)
    case "cells":
      try CellsCommand(console: console, environment: environment).run(rest)
    case "devices":
      try DevicesCommand(console: console).run(rest)
    default:
      let hint =
        closest(to: command, in: Self.subcommands).first.map { "; did you mean '\($0)'?" } ?? ""
      throw .usage("unknown subcommand '\(command)' (allowed: \(Self.subcommands.joined(separator: ", ")))\(hint)")
    }
  }
}
