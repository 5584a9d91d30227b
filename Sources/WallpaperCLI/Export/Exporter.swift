import CMalloc
import CairoRendering
import Foundation
import SceneGraph
import Synchronization
import Wallpapers

/// Renders an `ExportPlan` on several threads and writes every file atomically. A failing
/// file is recorded and the others go on. Sendable: the workers share it, checked by the compiler.
struct Exporter: Sendable {
  /// One line of the manifest.
  struct Entry: Sendable {
    let path: String
    let format: String
    var screen: ScreenClass?
    var models: [String] = []
    var scale: Double?
    var pixels: PixelSize?
    /// The screen mocked over a preview image.
    var preview: PreviewScreen?
    let bytes: Int
    let sha256: String
  }

  struct Failure: Error, Sendable {
    let path: String
    let reason: String
  }

  let plan: ExportPlan
  let folder: String
  let assetCatalog: Bool
  let jobs: Int
  let font: String
  let progress: ExportProgress

  /// Renders and writes every job, `jobs` at a time; each thread holds one image at most.
  func run() -> (entries: [Entry], failures: [Failure]) {
    // Each image is a few large allocations. glibc raises its mmap threshold after such blocks
    // are freed, so later images come from the heap and fragment it: peak memory then grew
    // with the number of outputs (67 MB for one iPhone class, 94 MB for all fourteen at
    // --jobs 1). A fixed 1 MiB threshold returns every image to the system when it is freed.
    _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
    // Largest images first, so the run does not end with one worker drawing a 13-megapixel
    // iPad image while the others idle.
    let order = plan.jobs.indices.sorted { (plan.jobs[$0].cost, $1) > (plan.jobs[$1].cost, $0) }
    let next = Mutex(0)
    let results = Mutex<[Int: Result<[Entry], Failure>]>([:])
    let workers = max(1, min(jobs, plan.jobs.count))
    Workers.run(workers) { _ in
      while true {
        let position = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard position < order.count else { return }
        let index = order[position]
        let job = plan.jobs[index]
        let result = render(job)
        progress.finished(job.path, failed: (try? result.get()) == nil)
        results.withLock { $0[index] = result }
      }
    }
    var entries: [Entry] = []
    var failures: [Failure] = []
    let collected = results.withLock { $0 }
    for index in plan.jobs.indices {
      switch collected[index]! {
      case .success(let written): entries += written
      case .failure(let failure): failures.append(failure)
      }
    }
    return (entries, failures)
  }

  /// Renders one job and writes its file (and its asset-catalog copy).
  private func render(_ job: ExportPlan.Job) -> Result<[Entry], Failure> {
    do {
      let scene = try DesignRendering.scene(of: job.design, defaultFont: font, preview: job.preview)
      let bytes = try DesignRendering.render(scene, as: job.output)
      var paths = [job.path]
      if assetCatalog, job.preview == nil, job.format == .png, let pngScale = job.scale,
        AssetCatalog.holds(scale: pngScale)
      {
        paths.append(AssetCatalog.imageSetFolder(design: plan.name, screen: job.screen) + "/" + job.path)
      }
      let digest = SHA256.hex(bytes)
      var entries: [Entry] = []
      for path in paths {
        try AtomicFile.write(bytes, to: folder + "/" + path)
        var entry = Entry(path: path, format: job.format.rawValue, bytes: bytes.count, sha256: digest)
        entry.screen = job.screen
        entry.models = job.models.map(\.id)
        entry.scale = job.scale
        entry.preview = job.preview
        if job.format == .png { entry.pixels = try? RenderLimits.pixelSize(of: scene.size, scale: job.output.scale) }
        entries.append(entry)
      }
      return .success(entries)
    } catch {
      return .failure(Failure(path: job.path, reason: error.description))
    }
  }
}
