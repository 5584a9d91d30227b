import CairoRendering
import Platform
import SceneGraph
import Synchronization
import Wallpapers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One file an export wrote (or kept): a line of its manifest.
public struct ExportedFile: Sendable {
  /// The path relative to the output folder.
  public internal(set) var path: String
  /// `png`, `svg`, `pdf`, `json` or `html`.
  public let format: String
  /// The screen class a wallpaper or preview is for; nil for the contact sheet, gallery,
  /// asset catalog `Contents.json` and manifest.
  public internal(set) var screen: ScreenClass?
  /// The ids of the models the file serves.
  public internal(set) var models: [String] = []
  /// The PNG scale in device pixels per point.
  public internal(set) var scale: Double?
  /// A PNG's size in pixels.
  public internal(set) var pixels: PixelSize?
  /// The screen mocked over a preview image.
  public internal(set) var preview: PreviewScreen?
  /// The file's size in bytes.
  public let bytes: Int
  /// The SHA-256 of the file's bytes, 64 lowercase hex digits.
  public let sha256: String
  /// The SHA-256 of everything the file was made from (`ExportPlan.Job.key`), which an
  /// incremental run compares; nil for the files that describe the export.
  public internal(set) var key: String?
}

/// A file an export could not make, and why; the others are written.
public struct ExportFailure: Error, Sendable {
  /// The path relative to the output folder.
  public let path: String
  /// A one-line reason (the error's message).
  public let reason: String
}

/// Renders the jobs of `ExportPlan`s on several threads and writes every file atomically. A
/// failing file is recorded and the others go on. Sendable: the workers share it, checked by
/// the compiler.
struct Exporter: Sendable {
  /// The files to render, of one or more designs.
  let work: [ExportPlan.Job]
  let folder: String
  let assetCatalog: Bool
  /// `ExportOptions.catalogName`.
  var catalogName: String? = nil
  let jobs: Int
  let font: String
  let observer: (any ExportObserver)?
  /// For an incremental run: the entries of the previous run by path. A job whose entries all
  /// have its key and whose files still hash as recorded is not rendered and its files are
  /// not touched.
  var previous: [String: ExportedFile]? = nil
  /// Told the entries of every job finished so far (written or kept), at most once per its
  /// interval: a shard journals its partial manifest with it, so that a re-run of a killed
  /// task keeps what it had finished.
  var journal: Journal? = nil

  /// Collects finished entries and hands them to `write` now and then, from the render threads.
  final class Journal: Sendable {
    private struct State {
      var entries: [ExportedFile] = []
      var last = ContinuousClock.now
    }
    private let state = Mutex(State())
    private let interval: Duration
    private let write: @Sendable ([ExportedFile]) -> Void

    /// `write` is called with every entry so far when `interval` has passed since the last
    /// call (or the start); `.zero` calls it after every job.
    init(interval: Duration, write: @escaping @Sendable ([ExportedFile]) -> Void) {
      self.interval = interval
      self.write = write
    }

    /// Records one job's entries; writes the journal, holding the lock so writes are in order.
    func finished(_ entries: [ExportedFile]) {
      state.withLock { state in
        state.entries += entries
        let now = ContinuousClock.now
        guard now - state.last >= interval else { return }
        state.last = now
        write(state.entries)
      }
    }
  }

  /// Renders and writes every job, `jobs` at a time (each thread holds one image at most);
  /// the files written or kept in plan order, the failures, and how many jobs were rendered
  /// and how many kept.
  func run() -> (entries: [ExportedFile], failures: [ExportFailure], rendered: Int, skipped: Int) {
    // Largest images first, so the run does not end with one worker drawing a 13-megapixel
    // iPad image while the others idle.
    let order = work.indices.sorted { (work[$0].cost, $1) > (work[$1].cost, $0) }
    let outcomes = Workers.map(order.count, threads: jobs) { position in
      let job = work[order[position]]
      if let kept = unchanged(job) {
        journal?.finished(kept)
        observer?.finished(job.path, outcome: .kept)
        return (result: Result<[ExportedFile], ExportFailure>.success(kept), kept: true)
      }
      let result = render(job)
      if case .success(let written) = result { journal?.finished(written) }
      observer?.finished(job.path, outcome: (try? result.get()) == nil ? .failed : .written)
      return (result: result, kept: false)
    }
    // Back in plan order.
    var results = [Result<[ExportedFile], ExportFailure>?](repeating: nil, count: work.count)
    for (position, outcome) in outcomes.enumerated() { results[order[position]] = outcome.result }
    var entries: [ExportedFile] = []
    var failures: [ExportFailure] = []
    for result in results {
      switch result! {
      case .success(let written): entries += written
      case .failure(let failure): failures.append(failure)
      }
    }
    let skipped = outcomes.filter(\.kept).count
    return (entries, failures, work.count - skipped, skipped)
  }

  /// The paths one job writes: its file, which lives in the asset catalog when there is one
  /// that holds it (a PNG at 1x, 2x or 3x), stored once.
  static func paths(of job: ExportPlan.Job, assetCatalog: Bool, catalogName: String? = nil) -> [String] {
    if assetCatalog, job.preview == nil, job.format == .png, let pngScale = job.scale,
      AssetCatalog.holds(scale: pngScale)
    {
      let folder = AssetCatalog.imageSetFolder(design: job.design.name, catalogName: catalogName, screen: job.screen)
      return [job.prefix + folder + "/" + FilePath(job.path).lastComponent]
    }
    return [job.path]
  }

  /// The manifest entry of a job's file at `path`: the one place an entry is made from a job,
  /// for a render, a skip and a merge alike.
  static func entry(
    of job: ExportPlan.Job, path: String, bytes: Int, sha256: String, pixels: PixelSize?
  ) -> ExportedFile {
    var entry = ExportedFile(path: path, format: job.format.rawValue, bytes: bytes, sha256: sha256, key: job.key)
    entry.screen = job.screen
    entry.models = job.models.map(\.id)
    entry.scale = job.scale
    entry.preview = job.preview
    entry.pixels = pixels
    return entry
  }

  /// Whether the file of `entry` (below `folder`) still has the recorded size and SHA-256.
  static func intact(_ entry: ExportedFile, in folder: String) -> Bool {
    let file = FilePath(folder).appending(entry.path)
    guard case .regular(let size) = FileKind(at: file), size == entry.bytes,
      let data = FileManager.default.contents(atPath: file.string)
    else { return false }
    return SHA256.hex(Array(data)) == entry.sha256
  }

  /// The entries of the previous run for `job` when it need not be rendered again: every
  /// path recorded with the job's key and its file still of the recorded size and hash.
  private func unchanged(_ job: ExportPlan.Job) -> [ExportedFile]? {
    guard let previous else { return nil }
    var kept: [ExportedFile] = []
    for path in Self.paths(of: job, assetCatalog: assetCatalog, catalogName: catalogName) {
      guard let old = previous[path], old.key == job.key, Self.intact(old, in: folder) else { return nil }
      kept.append(Self.entry(of: job, path: path, bytes: old.bytes, sha256: old.sha256, pixels: old.pixels))
    }
    return kept
  }

  /// Renders one job and writes its file (and its asset-catalog copy).
  private func render(_ job: ExportPlan.Job) -> Result<[ExportedFile], ExportFailure> {
    do {
      let scene = try DesignRendering.scene(of: job.design, defaultFont: font, preview: job.preview)
      let bytes = try DesignRendering.render(scene, as: job.output)
      let digest = SHA256.hex(bytes)
      let pixels = job.format == .png ? try? RenderLimits.pixelSize(of: scene.size, scale: job.output.scale) : nil
      var entries: [ExportedFile] = []
      for path in Self.paths(of: job, assetCatalog: assetCatalog, catalogName: catalogName) {
        try AtomicFile.write(bytes, to: path, inside: folder)
        entries.append(Self.entry(of: job, path: path, bytes: bytes.count, sha256: digest, pixels: pixels))
      }
      return .success(entries)
    } catch {
      return .failure(ExportFailure(path: job.path, reason: error.description))
    }
  }
}
