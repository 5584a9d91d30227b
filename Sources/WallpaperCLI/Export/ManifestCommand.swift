import Platform
import WallpaperExport

/// `wallpaper manifest merge PARTS… -o manifest.json`: joins the partial manifests of a sharded
/// export into the manifest a single run writes, and writes what a sharded run leaves out
/// (contact sheets, galleries, asset catalog `Contents.json`), through `Export.merge`.
struct ManifestCommand {
  let console: WallpaperTool.Console
  let environment: Environment

  static let options: [OptionSpec] = [
    OptionSpec(
      names: ["--output", "-o"], valueName: "FILE",
      help: "The merged manifest, in the export's output folder (where the shards wrote their files).", field: nil),
    OptionSpec(names: ["--quiet"], valueName: nil, help: "No summary line.", field: nil),
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "", field: nil),
  ]

  static var help: HelpPage {
    HelpPage(
      overview: "Merge the partial manifests of a sharded export (wallpaper export --shard I/N).",
      usage: "wallpaper manifest merge manifest.shard-1-of-N.json … -o DIR/manifest.json [--quiet]",
      arguments: [("PARTS…", "Every shard's manifest.shard-I-of-N.json, each exactly once.")],
      options: Array(options.dropLast()),
      footer: """
        Checks that the parts are 1…N of one export (the arguments each shard recorded), that every
        file the export makes is listed exactly once, and that each is in the output folder with its
        size and SHA-256; then writes per design the contact sheet, the gallery and the asset
        catalog's Contents.json, and the manifest: the same bytes a single run writes. The design
        files are read again from the paths the shards were given, relative to the current folder,
        and made with the date the shards recorded (SOURCE_DATE_EPOCH or their day), not this shell's.
        Missing or duplicated parts or files: exit 1, naming them; nothing is written. Designs of the
        catalogue that could not be made are listed as a single run lists them, and the merge exits 1.
        """)
  }

  func run(_ arguments: [String]) throws(CLIError) {
    guard let action = arguments.first else { throw .usage("no action given (allowed: merge)") }
    if ["--help", "-h"].contains(action) {
      console.out(Self.help.text(width: console.columns))
      return
    }
    guard action == "merge" else { throw .usage("manifest: unknown action '\(action)' (allowed: merge)") }
    let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), specs: Self.options, maxPositional: .max)
    if parsed.has("--help") {
      console.out(Self.help.text(width: console.columns))
      return
    }
    guard !parsed.positional.isEmpty else {
      throw .usage("no partial manifests given (wallpaper manifest merge PARTS… -o manifest.json)")
    }
    guard let output = parsed.values["--output"], !output.isEmpty else {
      throw .usage("-o: no output manifest given (like -o DIR/manifest.json)")
    }
    let outputPath = FilePath(output)
    guard FileKind(at: outputPath) != .folder else {
      throw .usage("-o: '\(output)' is a folder (allowed: a file path like DIR/manifest.json)")
    }
    let parts = try CLIError.mapping(ShardManifests(files: parsed.positional))
    // The export again, from the arguments the shards recorded: its plans and work list.
    let recorded = try ArgumentParser.parse(
      parts.arguments, specs: ExportCommand.ownOptions + ExportCommand.designOptions, maxPositional: .max)
    let export: Export
    do {
      export = try ExportCommand.export(recorded, environment: environment, date: parts.date)
    } catch {
      throw Self.recordedExportError(error, parts: parts, designs: recorded.positional)
    }
    let result = try CLIError.mapping(export.merge(parts, manifest: output))
    if !result.failures.isEmpty {
      for failure in result.failures {
        console.err("error: " + "\(failure.path): \(failure.reason)".escapingControlCharacters + "\n")
      }
      throw .failure("\(result.failures.count) files could not be written to \(outputPath.folderOrCurrent)")
    }
    let summary =
      "merged \(parts.count) part\(parts.count == 1 ? "" : "s"): \(result.files.count) files listed in \(output)"
    // A catalogue with designs that could not be made merges as one run writes it, and fails as it does.
    if !result.failedDesigns.isEmpty {
      ExportCommand.reportFailedDesigns(result.failedDesigns, console: console)
      throw .failure(summary + "; " + ExportCommand.failedDesignsSummary(result.failedDesigns, of: export))
    }
    if !parsed.has("--quiet") { console.err(summary + "\n") }
  }

  /// The parts name the design files to read again, and a tampered part may name any file: an
  /// error about one names the part and the file but never quotes what the file holds.
  static func recordedExportError(_ error: CLIError, parts: ShardManifests, designs: [String]) -> CLIError {
    let part = parts.files[0]
    if let design = designs.first(where: { error.description.hasPrefix($0 + ":") }) {
      return .failure(
        "'\(part)' records the design '\(design)', which does not load now (wallpaper render '\(design)' says why)")
    }
    return .failure("'\(part)' records an export that cannot be made again now: \(error.description)")
  }
}
