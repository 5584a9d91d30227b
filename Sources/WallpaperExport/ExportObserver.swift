/// Told what an export does while it runs, to show progress: the devices skipped, how many
/// files there are, and each file as it is finished. `wallpaper export` turns these into its
/// stderr lines (a progress bar on a terminal). Every method has an empty default.
///
/// ```swift
/// struct Printer: ExportObserver {
///   func finished(_ path: String, outcome: ExportOutcome) { print(outcome, path) }
/// }
/// let result = export.run(into: "out", observer: Printer())
/// ```
public protocol ExportObserver: Sendable {
  /// A screen class of `plan`'s design that is skipped (the design cannot be made for it),
  /// called once per skip before any file is rendered.
  func skipped(_ skip: ExportPlan.Skip, of plan: ExportPlan)
  /// How many files this run renders or keeps, called once before the first is finished
  /// (the files describing the export — contact sheets, galleries, manifest — not counted).
  func willFinish(files count: Int)
  /// One file finished: written, kept as it was (an incremental run), or failed. Called from
  /// the rendering threads, at most one call at a time per thread, so it must be thread-safe.
  func finished(_ path: String, outcome: ExportOutcome)
}

/// What became of one file of an export.
public enum ExportOutcome: Sendable, Equatable {
  /// Rendered and written.
  case written
  /// An incremental run found it up to date and left it as it was.
  case kept
  /// Rendering or writing failed; the run's result says why.
  case failed
}

extension ExportObserver {
  public func skipped(_ skip: ExportPlan.Skip, of plan: ExportPlan) {}
  public func willFinish(files count: Int) {}
  public func finished(_ path: String, outcome: ExportOutcome) {}
}
