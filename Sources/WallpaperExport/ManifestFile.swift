import CairoRendering
import DesignFiles
import Platform

/// Reading a manifest back (an incremental run, a merge). Writing is `Export.manifest`, the
/// only writer.
enum ManifestFile {
  /// What a shard's partial manifest says about its part.
  struct ShardHeader: Equatable {
    /// 1…count.
    let index: Int
    let count: Int
    /// The part's work: pixels of its PNGs plus the points² of its vector files.
    let pixels: Int
    /// What made the export (`ExportShard.arguments`).
    let arguments: [String]
  }

  /// A manifest at most this large is read; 100,000 designs' worth is about 1 GB, so this is
  /// generous for one shard's part and a sanity bound for a whole run.
  static let maxBytes = 2_000_000_000

  /// The entries of the manifest at `path` (only what the readers use: path, format, bytes,
  /// hash, key, pixels) and its shard header when it is a partial manifest.
  ///
  /// - Throws: `ExportError.failed` naming the file and what is wrong with it.
  static func read(_ path: String) throws(ExportError) -> (entries: [ExportedFile], shard: ShardHeader?) {
    switch FileKind(at: FilePath(path)) {
    case .missing: throw .failed("'\(path)': no such file")
    case .folder: throw .failed("'\(path)': a folder, not a manifest")
    case .special(let kind): throw .failed("'\(path)': \(kind), not a manifest")
    case .regular(let size) where size > maxBytes:
      throw .failed("'\(path)': \(size) bytes is too large for a manifest (at most \(maxBytes))")
    case .regular: break
    }
    let bytes: [UInt8]
    do {
      bytes = try FilePath(path).readRegularFile(limit: maxBytes)
    } catch {
      throw .failed("'\(path)': \(error.description)")
    }
    guard let object = try? JSONValue.parse(bytes, file: path), let files = object[path: ["files"]]?.arrayValue
    else { throw .failed("'\(path)': not a manifest written by wallpaper export (JSON with a 'files' list)") }
    var entries: [ExportedFile] = []
    for file in files {
      guard let filePath = file[path: ["path"]]?.stringValue, let format = file[path: ["format"]]?.stringValue,
        let bytes = file[path: ["bytes"]]?.intValue, let sha256 = file[path: ["sha256"]]?.stringValue,
        sha256.utf8.count == 64
      else {
        throw .failed("'\(path)': an entry of 'files' lacks path, format, bytes or a SHA-256 (\(entries.count + 1))")
      }
      var entry = ExportedFile(
        path: filePath, format: format, bytes: bytes, sha256: sha256, key: file[path: ["key"]]?.stringValue)
      if let width = file[path: ["pixels", "width"]]?.intValue, let height = file[path: ["pixels", "height"]]?.intValue
      {
        entry.pixels = PixelSize(width: width, height: height)
      }
      entries.append(entry)
    }
    var shard: ShardHeader?
    if let header = object[path: ["shard"]] {
      guard let index = header[path: ["index"]]?.intValue, let count = header[path: ["count"]]?.intValue,
        let pixels = header[path: ["pixels"]]?.intValue,
        let arguments = header[path: ["arguments"]]?.arrayValue?.compactMap(\.stringValue)
      else { throw .failed("'\(path)': its 'shard' lacks index, count, pixels or arguments") }
      // Checked as `--shard I/N` is: a merge loops over the count and balances over it.
      guard ExportShard(index: index, count: count) != nil else {
        throw .failed(
          "'\(path)': its 'shard' says part \(index) of \(count) (allowed: 1 ≤ index ≤ count ≤ \(ExportShard.maxCount))"
        )
      }
      shard = ShardHeader(index: index, count: count, pixels: pixels, arguments: arguments)
    }
    return (entries, shard)
  }
}
