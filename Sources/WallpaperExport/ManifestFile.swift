import CairoRendering
import Platform

extension ManifestFile {
  /// A manifest at most this large is read; 100,000 designs' worth is about 1 GB, so this is
  /// generous for one shard's part and a sanity bound for a whole run.
  static let maxBytes = 2_000_000_000

  /// The entries of the manifest at `path` (only what the readers use: path, format, bytes,
  /// hash, key, pixels), its shard header when it is a partial manifest, and the date it
  /// records (a partial manifest's, or a manifest's made with `SOURCE_DATE_EPOCH`).
  ///
  /// - Throws: `ExportError.failed` naming the file and what is wrong with it.
  static func read(_ path: String) throws(ExportError) -> (
    entries: [ExportedFile], shard: ShardHeader?, date: ExportDate?
  ) {
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
    let (entries, shard, date) = try parse(bytes, file: path)
    let files = entries.map { entry in
      var file = ExportedFile(
        path: entry.path, format: entry.format, bytes: entry.bytes, sha256: entry.sha256, key: entry.key)
      file.pixels = entry.pixels.map { PixelSize(width: $0.width, height: $0.height) }
      return file
    }
    return (files, shard, date)
  }
}

extension ExportDate {
  /// The date an earlier run recorded in `folder`: `shard`'s partial manifest, else
  /// `manifest.json` (which records one only when it was made with `SOURCE_DATE_EPOCH`); nil
  /// when neither has one. An incremental run takes it when its environment names no date, so
  /// a requeued task, or a re-export after a merge, makes the files the first run made.
  public static func recorded(in folder: String, shard: ExportShard?) -> ExportDate? {
    if let shard, let date = (try? ManifestFile.read(FilePath(folder).appending(shard.manifestName).string))?.date {
      return date
    }
    return (try? ManifestFile.read(FilePath(folder).appending("manifest.json").string))?.date
  }
}
