import Foundation
import TestSupport
import XCTest

/// Docs/scale-out.md run, not only read: its Slurm array script and merge line, as printed, on a
/// one-node Slurm cluster (Debian's slurmctld, slurmd and munge) that `Tests/Scripts/slurm-docs.sh`
/// starts on localhost and stops by PID, on a small catalogue with two tasks failing on purpose:
/// the merge must wait at DependencyNeverSatisfied, the doc's recovery block (requeue both tasks,
/// one merge after both) is run once as printed, and the merged folder must equal a single export
/// byte for byte. And its Kubernetes files, checked offline against an excerpt of
/// the Kubernetes schema.
final class SlurmTests: XCTestCase {
  private let root = Golden.repositoryRoot()

  func testTheDocumentedArrayAndMergeGiveTheBytesOfOneExport() throws {
    try InteropTier.require("slurmctld", "slurmd", "munged", "sbatch", "scontrol")
    guard getuid() == 0 else { throw XCTSkip("slurm: slurmd runs jobs as the submitter; needs root") }
    let before = try Processes.run("pgrep", ["-x", "slurmctld|slurmd|munged"]).stdout
    // One design of iPhone classes (its home grid skips the iPads): 64 files, a few CPU seconds.
    let designs = [root.appendingPathComponent("Samples/grid-iphone-8.json").path]
    let result = try Processes.run(
      "bash",
      [
        root.appendingPathComponent("Tests/Scripts/slurm-docs.sh").path, Processes.wallpaperBinary,
        root.appendingPathComponent("Docs/scale-out.md").path,
      ] + designs,
      environment: ["WALLPAPER_FONTS": root.appendingPathComponent("Fonts").path])
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertTrue(result.stdout.contains("files identical to a single export"), result.stdout + result.stderr)
    let after = try Processes.run("pgrep", ["-x", "slurmctld|slurmd|munged"]).stdout
    XCTAssertEqual(after, before, "nothing the test started is left running")
  }

  /// `export-job.yaml` and `merge-job.yaml` are valid Kubernetes objects (offline: python3-jsonschema
  /// against `Tests/Fixtures/kubernetes/schema.json`, an excerpt of the Kubernetes 1.29 OpenAPI
  /// definitions of the fields they use), and separate: applying the export starts no merge.
  func testTheKubernetesFilesAreValidAndSeparate() throws {
    try InteropTier.require(modules: ["jsonschema", "yaml"])
    let result = try Processes.run(
      Processes.python,
      [
        root.appendingPathComponent("Tests/Scripts/check-kubernetes.py").path,
        root.appendingPathComponent("Tests/Fixtures/kubernetes/schema.json").path,
        root.appendingPathComponent("Docs/kubernetes/export-job.yaml").path,
        root.appendingPathComponent("Docs/kubernetes/merge-job.yaml").path,
      ])
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertTrue(
      result.stdout.contains("export-job.yaml: PersistentVolumeClaim wallpaper-catalogue, Job wallpaper-export"),
      result.stdout)
    XCTAssertTrue(result.stdout.contains("merge-job.yaml: Job wallpaper-merge"), result.stdout)
  }
}
