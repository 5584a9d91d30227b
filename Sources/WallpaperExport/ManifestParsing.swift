import DesignFiles
import Platform
import Wallpapers

/// Reading a manifest back (an incremental run, a merge). Writing is `Export.manifest`, the
/// only writer.
package enum ManifestFile {
  /// What a shard's partial manifest says about its part.
  package struct ShardHeader: Equatable, Sendable {
    /// 1…count.
    package let index: Int
    package let count: Int
    /// The part's work: pixels of its PNGs plus the points² of its vector files.
    let pixels: Int
    /// The part's estimated CPU milliseconds (`RenderCost`), which the split balances.
    let cost: Int
    /// What made the export (`ExportShard.arguments`).
    let arguments: [String]
    /// The date its files were made with: a merge and an incremental re-run use it.
    let date: ExportDate
    /// The `Studio.version` that made its files.
    let version: String
    /// The inputs digest (`ExportPlan.inputs`) of each design with files in this part, by
    /// design name: a merge names the design whose files changed since.
    let inputs: [String: String]
  }

  /// One entry of a manifest's `files`, as the readers use it.
  package struct Entry: Sendable {
    package let path: String
    package let format: String
    package let bytes: Int
    package let sha256: String
    package let key: String?
    /// A PNG's width and height in pixels.
    package let pixels: (width: Int, height: Int)?
  }

  /// The entries, shard header and date of a manifest's bytes: the pure part of `read`, which
  /// the fuzz target runs on its inputs (it builds this file without CairoRendering).
  ///
  /// - Parameter path: the file, named in errors.
  /// - Throws: `ExportError.failed` naming the file and what is wrong with it.
  package static func parse(_ bytes: [UInt8], file path: String) throws(ExportError) -> (
    entries: [Entry], shard: ShardHeader?, date: ExportDate?
  ) {
    guard let object = try? JSONValue.parse(bytes, file: path), let files = object[path: ["files"]]?.arrayValue
    else { throw .failed("'\(path)': not a manifest written by wallpaper export (JSON with a 'files' list)") }
    var entries: [Entry] = []
    for file in files {
      guard let filePath = file[path: ["path"]]?.stringValue, let format = file[path: ["format"]]?.stringValue,
        let bytes = file[path: ["bytes"]]?.intValue, let sha256 = file[path: ["sha256"]]?.stringValue,
        sha256.utf8.count == 64
      else {
        throw .failed("'\(path)': an entry of 'files' lacks path, format, bytes or a SHA-256 (\(entries.count + 1))")
      }
      var pixels: (width: Int, height: Int)?
      if let width = file[path: ["pixels", "width"]]?.intValue, let height = file[path: ["pixels", "height"]]?.intValue
      {
        pixels = (width, height)
      }
      entries.append(
        Entry(
          path: filePath, format: format, bytes: bytes, sha256: sha256, key: file[path: ["key"]]?.stringValue,
          pixels: pixels))
    }
    /// `{"day": "YYYY-MM-DD", "sourceDateEpoch": N}` (the epoch optional).
    func date(_ value: JSONValue?) -> ExportDate? {
      guard let day = value?[path: ["day"]]?.stringValue.flatMap(CalendarDate.init) else { return nil }
      return ExportDate(sourceDateEpoch: value?[path: ["sourceDateEpoch"]]?.intValue.map(Int64.init), day: day)
    }
    var shard: ShardHeader?
    if let header = object[path: ["shard"]] {
      guard let index = header[path: ["index"]]?.intValue, let count = header[path: ["count"]]?.intValue,
        let pixels = header[path: ["pixels"]]?.intValue, let cost = header[path: ["cost"]]?.intValue,
        let arguments = header[path: ["arguments"]]?.arrayValue?.compactMap(\.stringValue),
        let version = header[path: ["version"]]?.stringValue, let recorded = date(header[path: ["date"]]),
        case .object(let designs)? = header[path: ["inputs"]]?.kind
      else {
        throw .failed(
          "'\(path)': its 'shard' lacks index, count, pixels, cost, arguments, version, date or inputs (written by an older wallpaper? run that part again)"
        )
      }
      // Checked as `--shard I/N` is: a merge loops over the count and balances over it.
      guard ExportShard(index: index, count: count) != nil else {
        throw .failed(
          "'\(path)': its 'shard' says part \(index) of \(count) (allowed: 1 ≤ index ≤ count ≤ \(ExportShard.maxCount))"
        )
      }
      var inputs: [String: String] = [:]
      for member in designs { inputs[member.key] = member.value.stringValue }
      shard = ShardHeader(
        index: index, count: count, pixels: pixels, cost: cost, arguments: arguments, date: recorded,
        version: version, inputs: inputs)
    }
    return (entries, shard, shard?.date ?? date(object[path: ["date"]]))
  }
}
