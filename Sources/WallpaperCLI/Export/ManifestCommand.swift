import FilePaths
import Foundation
import Synchronization

/// `wallpaper manifest merge PARTS… -o manifest.json`: joins the partial manifests of a sharded
/// export into the manifest a single run writes, and writes what a sharded run leaves out
/// (contact sheets, galleries, asset catalog `Contents.json`).
struct ManifestCommand {
  let console: WallpaperTool.Console
  let environment: [String: String]

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
        files are read again from the paths the shards were given, relative to the current folder.
        Missing or duplicated parts or files: exit 1, naming them; nothing is written.
        """)
  }

  func run(_ arguments: [String]) throws(CLIError) {
    guard let action = arguments.first else { throw .usage("no action given (allowed: merge)") }
    if ["--help", "-h"].contains(action) {
      console.out(Self.help.text)
      return
    }
    guard action == "merge" else { throw .usage("manifest: unknown action '\(action)' (allowed: merge)") }
    let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), specs: Self.options, maxPositional: .max)
    if parsed.has("--help") {
      console.out(Self.help.text)
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
    let folder = outputPath.folderOrCurrent

    // The parts: one export, each index once.
    var parts: [(file: String, entries: [Exporter.Entry], shard: ManifestFile.ShardHeader)] = []
    for file in parsed.positional {
      let (entries, shard) = try ManifestFile.read(file)
      guard let shard else { throw .failure("'\(file)': not a shard's manifest (it has no 'shard')") }
      parts.append((file, entries, shard))
    }
    let first = parts[0]
    for part in parts.dropFirst()
    where part.shard.count != first.shard.count || part.shard.arguments != first.shard.arguments {
      throw .failure(
        "'\(part.file)' is not a part of the same export as '\(first.file)' (different shard count or arguments)")
    }
    let count = first.shard.count
    var problems: [String] = []
    for index in 1...count {
      let given = parts.filter { $0.shard.index == index }.map(\.file)
      if given.isEmpty {
        problems.append("missing part \(index) of \(count) (manifest.shard-\(index)-of-\(count).json)")
      } else if given.count > 1 {
        problems.append("part \(index) of \(count) given \(given.count) times (\(given.joined(separator: ", ")))")
      }
    }
    guard problems.isEmpty else { throw .failure("manifest merge: " + problems.joined(separator: "; ")) }

    // The export again, from the arguments the shards recorded: its plans and work list.
    let recorded = try ArgumentParser.parse(
      first.shard.arguments, specs: ExportCommand.ownOptions + ExportCommand.designOptions, maxPositional: .max)
    let setup = try ExportCommand.setup(recorded, environment: environment)
    let work = setup.work
    let assignment = Shard.assign(costs: work.map(\.cost), count: count)

    // Every expected file exactly once, from the part it belongs to, on disk with its hash.
    var listed: [String: [(file: String, entry: Exporter.Entry)]] = [:]
    for part in parts {
      for entry in part.entries { listed[entry.path, default: []].append((part.file, entry)) }
    }
    var missing: [String] = []
    var duplicated: [String] = []
    var damaged: [String] = []
    var stale: [String] = []
    var candidates: [(job: ExportPlan.Job, path: String, record: Exporter.Entry)] = []
    var entries: [Exporter.Entry] = []
    var expected = Set<String>()
    for (index, job) in work.enumerated() {
      for path in Exporter.paths(of: job, assetCatalog: setup.assetCatalog) {
        expected.insert(path)
        let found = listed[path] ?? []
        if found.isEmpty {
          missing.append("\(path) (part \(assignment[index] + 1))")
          continue
        }
        if found.count > 1 {
          duplicated.append("\(path) (in \(found.map(\.file).joined(separator: ", ")))")
          continue
        }
        let record = found[0].entry
        // A design, font or flag changed since the shard ran: its file is not this export's.
        guard record.key == job.key else {
          stale.append(path)
          continue
        }
        candidates.append((job, path, record))
      }
    }
    // Reading and hashing every file is most of a merge's I/O: all cores at once.
    let intact = Mutex([Bool](repeating: false, count: candidates.count))
    let next = Mutex(0)
    let checked = candidates
    Workers.run(max(1, min(setup.jobs, checked.count))) { _ in
      while true {
        let index = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < checked.count else { return }
        guard Exporter.intact(checked[index].record, in: folder) else { continue }
        intact.withLock { $0[index] = true }
      }
    }
    let verdicts = intact.withLock { $0 }
    for (index, (job, path, record)) in candidates.enumerated() {
      guard verdicts[index] else {
        damaged.append(path)
        continue
      }
      entries.append(
        Exporter.entry(of: job, path: path, bytes: record.bytes, sha256: record.sha256, pixels: record.pixels))
    }
    let unexpected = listed.keys.filter { !expected.contains($0) }.sorted()
    func named(_ list: [String], _ what: String) {
      guard !list.isEmpty else { return }
      let shown = list.prefix(10).joined(separator: ", ")
      problems.append("\(list.count) \(what): \(shown)\(list.count > 10 ? ", and \(list.count - 10) more" : "")")
    }
    named(missing, "file\(missing.count == 1 ? "" : "s") missing")
    named(duplicated, "file\(duplicated.count == 1 ? "" : "s") listed more than once")
    named(damaged, "file\(damaged.count == 1 ? "" : "s") not in \(folder) with the listed size and SHA-256")
    named(stale, "file\(stale.count == 1 ? "" : "s") made from other inputs than the design files and flags now give")
    named(unexpected, "file\(unexpected.count == 1 ? "" : "s") not part of this export")
    guard problems.isEmpty else { throw .failure("manifest merge: " + problems.joined(separator: "; ")) }

    // The contact sheets of the last merge are kept when their key and bytes still match.
    var previous: [String: Exporter.Entry] = [:]
    if case .regular = FileKind(at: outputPath), let (old, _) = try? ManifestFile.read(output) {
      for entry in old { previous[entry.path] = entry }
    }
    var failures: [Exporter.Failure] = []
    ExportCommand.finish(
      setup: setup, entries: &entries, failures: &failures, folder: folder, manifest: outputPath.lastComponent,
      previous: previous)
    if !failures.isEmpty {
      for failure in failures {
        console.err("error: " + "\(failure.path): \(failure.reason)".escapingControlCharacters + "\n")
      }
      throw .failure("\(failures.count) files could not be written to \(folder)")
    }
    if !parsed.has("--quiet") {
      console.err("merged \(count) part\(count == 1 ? "" : "s"): \(entries.count) files listed in \(output)\n")
    }
  }
}
