import Platform

/// The partial manifests of a sharded export (`Export.run(into:shard:)`), read and checked to
/// be parts 1…N of one export, each exactly once.
///
/// ```swift
/// let parts = try ShardManifests(files: ["out/manifest.shard-1-of-2.json", "out/manifest.shard-2-of-2.json"])
/// // The export again, as the shards made it (here: the same designs and options).
/// let result = try export.merge(parts, manifest: "out/manifest.json")
/// ```
public struct ShardManifests: Sendable {
  struct Part: Sendable {
    let file: String
    let entries: [ExportedFile]
    let shard: ManifestFile.ShardHeader
  }

  let parts: [Part]
  /// N: how many parts the export was split into.
  public let count: Int
  /// What every part recorded as having made the export (`ExportShard.arguments`).
  public let arguments: [String]
  /// The date every part recorded (`Export.date`): make the export again with it
  /// (`ExportOptions.date`), so a merge does not depend on its own environment or clock.
  public let date: ExportDate
  /// The partial manifests, as given.
  public var files: [String] { parts.map(\.file) }

  /// Reads and checks `files`.
  ///
  /// - Throws: `ExportError.failed` naming a file that is not a shard's manifest, parts of
  ///   different exports or made with different dates, or every missing and duplicated part.
  public init(files: [String]) throws(ExportError) {
    guard !files.isEmpty else { throw .invalidInput("no partial manifests given") }
    var parts: [Part] = []
    for file in files {
      let (entries, shard, _) = try ManifestFile.read(file)
      guard let shard else { throw .failed("'\(file)': not a shard's manifest (it has no 'shard')") }
      parts.append(Part(file: file, entries: entries, shard: shard))
    }
    let first = parts[0]
    for part in parts.dropFirst()
    where part.shard.count != first.shard.count || part.shard.arguments != first.shard.arguments {
      throw .failed(
        "'\(part.file)' is not a part of the same export as '\(first.file)' (different shard count or arguments)")
    }
    for part in parts.dropFirst() where part.shard.date != first.shard.date {
      throw .failed(
        "'\(part.file)' was made with \(part.shard.date), '\(first.file)' with \(first.shard.date): the parts of one export need one date (set the same SOURCE_DATE_EPOCH for every part, and run the differing parts again)"
      )
    }
    let count = first.shard.count
    // 1 ≤ index ≤ count ≤ ExportShard.maxCount, checked by `ManifestFile.read`.
    let given = Dictionary(grouping: parts, by: \.shard.index)
    var problems: [String] = []
    let missing = (1...count).filter { given[$0] == nil }
    for index in missing.prefix(10) {
      problems.append("missing part \(index) of \(count) (manifest.shard-\(index)-of-\(count).json)")
    }
    if missing.count > 10 { problems.append("and \(missing.count - 10) more parts missing") }
    for (index, files) in given.sorted(by: { $0.key < $1.key }) where files.count > 1 {
      problems.append(
        "part \(index) of \(count) given \(files.count) times (\(files.map(\.file).joined(separator: ", ")))")
    }
    guard problems.isEmpty else { throw .failed("manifest merge: " + problems.joined(separator: "; ")) }
    self.parts = parts
    self.count = count
    self.arguments = first.shard.arguments
    self.date = first.shard.date
  }
}

extension Export {
  /// Joins the parts of this export, rendered by `run(into:shard:)` in one or more processes,
  /// into what a single run writes: checks that every file the export makes is listed
  /// exactly once, made from the inputs this export has now, and in the folder with its size
  /// and SHA-256; then writes per design the contact sheet, the gallery and the asset
  /// catalog's `Contents.json`, and the manifest: the same bytes a single run writes.
  ///
  /// - Parameters:
  ///   - parts: the shards' partial manifests. `self` must be the export they were made from
  ///     (`wallpaper` makes it again from `parts.arguments`).
  ///   - manifest: the manifest to write, in the folder where the shards wrote their files.
  ///     A contact sheet an earlier merge wrote there is kept when its inputs and bytes match.
  /// - Returns: every file listed; failures are files that could not be written.
  /// - Throws: `ExportError.failed` listing (up to ten of each) the files missing, listed more
  ///   than once, damaged, made from other inputs, or not part of this export; nothing is
  ///   written then.
  public func merge(_ parts: ShardManifests, manifest: String) throws(ExportError) -> ExportResult {
    let outputPath = FilePath(manifest)
    let folder = outputPath.folderOrCurrent
    let work = self.work
    // The part of each file, for naming the part a missing file belongs to.
    let assignment = jobParts(count: parts.count)

    // Every expected file exactly once, from the part it belongs to, on disk with its hash.
    var listed: [String: [(file: String, entry: ExportedFile)]] = [:]
    var header: [String: ManifestFile.ShardHeader] = [:]
    for part in parts.parts {
      header[part.file] = part.shard
      for entry in part.entries { listed[entry.path, default: []].append((part.file, entry)) }
    }
    let plansByName = Dictionary(plans.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    // Why a file's key differs, by the input a part recorded differently: its version, or the
    // files of its design.
    var changed: [String] = []
    func noteChange(_ reason: String) { if !changed.contains(reason) { changed.append(reason) } }
    var missing: [String] = []
    var duplicated: [String] = []
    var damaged: [String] = []
    var stale: [String] = []
    var candidates: [(job: ExportPlan.Job, path: String, record: ExportedFile)] = []
    var entries: [ExportedFile] = []
    var expected = Set<String>()
    for (index, job) in work.enumerated() {
      for path in Exporter.paths(of: job, assetCatalog: options.assetCatalog, catalogName: options.catalogName) {
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
          if let shard = header[found[0].file] {
            if shard.version != Studio.version {
              noteChange("'\(found[0].file)' was made by wallpaper \(shard.version), this is \(Studio.version)")
            } else if let plan = plansByName[job.design.name], shard.inputs[plan.name] != plan.inputs {
              noteChange("design '\(plan.name)' (\(plan.designFile), its font or its image) changed")
            }
          }
          continue
        }
        candidates.append((job, path, record))
      }
    }
    // Reading and hashing every file is most of a merge's I/O: all cores at once.
    let checked = candidates
    let verdicts = Workers.map(checked.count, threads: options.jobs) { index in
      Exporter.intact(checked[index].record, in: folder)
    }
    for (index, (job, path, record)) in candidates.enumerated() {
      guard verdicts[index] else {
        damaged.append(path)
        continue
      }
      entries.append(
        Exporter.entry(of: job, path: path, bytes: record.bytes, sha256: record.sha256, pixels: record.pixels))
    }
    let unexpected = listed.keys.filter { !expected.contains($0) }.sorted()
    var problems: [String] = []
    func named(_ list: [String], _ what: String) {
      guard !list.isEmpty else { return }
      let shown = list.prefix(10).joined(separator: ", ")
      problems.append("\(list.count) \(what): \(shown)\(list.count > 10 ? ", and \(list.count - 10) more" : "")")
    }
    named(missing, "file\(missing.count == 1 ? "" : "s") missing")
    named(duplicated, "file\(duplicated.count == 1 ? "" : "s") listed more than once")
    named(damaged, "file\(damaged.count == 1 ? "" : "s") not in \(folder) with the listed size and SHA-256")
    named(stale, "file\(stale.count == 1 ? "" : "s") made from other inputs than the design files and flags now give")
    if !stale.isEmpty, !changed.isEmpty {
      problems[problems.count - 1] += " (" + changed.joined(separator: "; ") + ")"
    }
    named(unexpected, "file\(unexpected.count == 1 ? "" : "s") not part of this export")
    guard problems.isEmpty else { throw .failed("manifest merge: " + problems.joined(separator: "; ")) }

    // The contact sheets of the last merge are kept when their key and bytes still match.
    var previous: [String: ExportedFile] = [:]
    if case .regular = FileKind(at: outputPath), let (old, _, _) = try? ManifestFile.read(manifest) {
      for entry in old { previous[entry.path] = entry }
    }
    let kept = entries.count
    var failures: [ExportFailure] = []
    finish(
      entries: &entries, failures: &failures, folder: folder, manifest: outputPath.lastComponent, previous: previous)
    return ExportResult(
      files: entries, failures: failures, failedDesigns: failedDesigns, rendered: 0, kept: kept, shardCost: nil)
  }
}
