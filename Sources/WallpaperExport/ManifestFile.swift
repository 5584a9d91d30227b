import CairoRendering
import FilePaths
import Foundation

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
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let files = object["files"] as? [[String: Any]]
    else { throw .failed("'\(path)': not a manifest written by wallpaper export (JSON with a 'files' list)") }
    var entries: [ExportedFile] = []
    for file in files {
      guard let filePath = file["path"] as? String, let format = file["format"] as? String,
        let bytes = file["bytes"] as? Int, let sha256 = file["sha256"] as? String, sha256.utf8.count == 64
      else {
        throw .failed("'\(path)': an entry of 'files' lacks path, format, bytes or a SHA-256 (\(entries.count + 1))")
      }
      var entry = ExportedFile(
        path: filePath, format: format, bytes: bytes, sha256: sha256, key: file["key"] as? String)
      if let pixels = file["pixels"] as? [String: Int], let width = pixels["width"], let height = pixels["height"] {
        entry.pixels = PixelSize(width: width, height: height)
      }
      entries.append(entry)
    }
    var shard: ShardHeader?
    if let header = object["shard"] as? [String: Any] {
      guard let index = header["index"] as? Int, let count = header["count"] as? Int,
        let pixels = header["pixels"] as? Int, let arguments = header["arguments"] as? [String]
      else { throw .failed("'\(path)': its 'shard' lacks index, count, pixels or arguments") }
      shard = ShardHeader(index: index, count: count, pixels: pixels, arguments: arguments)
    }
    return (entries, shard)
  }
}
