import Foundation
import TestSupport
import XCTest

/// Catalogues at scale, run as a user (or a job-array engine) would: several designs in one
/// export, shards merged with `manifest merge`, and `--incremental`.
final class ScaleOutTests: XCTestCase {
  private var folder = ""
  /// Three screen classes, one an iPad the grid samples are skipped on: 9 designs, 110 files.
  private let selection = ["--devices", "iphone-16-pro,iphone-8,ipad-air-11", "--quiet"]

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    // A copy of Samples/, so the test can change a design.
    let samples = Golden.repositoryRoot().appendingPathComponent("Samples").path
    try FileManager.default.createDirectory(atPath: "\(folder)/Samples", withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: samples) where name.hasSuffix(".json") {
      try FileManager.default.copyItem(atPath: "\(samples)/\(name)", toPath: "\(folder)/Samples/\(name)")
    }
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func wallpaper(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder, environment: environment)
  }

  /// Runs `wallpaper` in an environment without `SOURCE_DATE_EPOCH` and the job-array
  /// variables (the test runner may have them), plus `environment`.
  private func wallpaperInCleanShell(_ arguments: [String], environment: [String: String] = [:]) throws
    -> (status: Int32, stderr: String)
  {
    var clean = ProcessInfo.processInfo.environment
    for name in clean.keys
    where name == "SOURCE_DATE_EPOCH" || name.hasPrefix("SLURM_") || name == "JOB_COMPLETION_INDEX" {
      clean[name] = nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Processes.wallpaperBinary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = clean.merging(environment) { $1 }
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  private func json(_ path: String) throws -> [String: Any] {
    try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(path)"))) as? [String: Any])
  }

  private func inode(_ path: String) throws -> [String] {
    let attributes = try FileManager.default.attributesOfItem(atPath: "\(folder)/\(path)")
    return ["\(attributes[.systemFileNumber]!)", "\((attributes[.modificationDate] as! Date).timeIntervalSince1970)"]
  }

  /// Four shards run as four processes at once, then merged, give exactly the files and the
  /// manifest of one run, and the shards' estimated costs are within 10 % of each other.
  func testFourShardsMergeIntoTheFilesAndManifestOfOneRun() throws {
    let single = try wallpaper(["export", "Samples", "--out", "single", "--jobs", "2"] + selection)
    XCTAssertEqual(single.status, 0, single.stderr)
    let results = ResultsBox(count: 4)
    let (binary, folder, selection) = (Processes.wallpaperBinary, folder, selection)
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      let arguments = ["export", "Samples", "--out", "sharded", "--jobs", "1", "--shard", "\(index + 1)/4"] + selection
      results.set(index, Result { try Processes.run(binary, arguments, in: folder) })
    }
    for result in results.values {
      let process = try result.get()
      XCTAssertEqual(process.status, 0, process.stderr)
    }
    let sharded = Processes.files(under: "\(folder)/sharded")
    XCTAssertNil(sharded["manifest.json"], "a sharded run writes no manifest.json")
    XCTAssertNil(sharded["autumn/index.html"], "nor galleries")
    XCTAssertNil(sharded["autumn/contact-sheet.png"], "nor contact sheets")
    var pixels: [Int] = []
    for index in 1...4 {
      let shard = try XCTUnwrap(try json("sharded/manifest.shard-\(index)-of-4.json")["shard"] as? [String: Any])
      XCTAssertEqual(shard["index"] as? Int, index)
      pixels.append(try XCTUnwrap(shard["cost"] as? Int))
    }
    XCTAssertLessThanOrEqual(Double(pixels.max()! - pixels.min()!), 0.1 * Double(pixels.min()!), "\(pixels)")

    let parts = (1...4).map { "sharded/manifest.shard-\($0)-of-4.json" }
    let merge = try wallpaper(["manifest", "merge"] + parts + ["-o", "sharded/manifest.json"])
    XCTAssertEqual(merge.status, 0, merge.stderr)
    var merged = Processes.files(under: "\(folder)/sharded")
    for index in 1...4 { merged["manifest.shard-\(index)-of-4.json"] = nil }
    let expected = Processes.files(under: "\(folder)/single")
    XCTAssertEqual(Set(merged.keys), Set(expected.keys))
    for (path, bytes) in expected { XCTAssertEqual(merged[path], bytes, "\(path) differs after the merge") }
    XCTAssertEqual(merged["manifest.json"], expected["manifest.json"])

    // One manifest for the run, one sub-folder, gallery and contact sheet per design.
    let manifest = try json("single/manifest.json")
    let designs = try XCTUnwrap(manifest["designs"] as? [String])
    XCTAssertEqual(designs.count, 9)
    for design in designs {
      for file in ["index.html", "contact-sheet.png", "contact-sheet.pdf"] {
        XCTAssertNotNil(expected["\(design)/\(file)"], "\(design)/\(file)")
      }
    }
    let files = try XCTUnwrap(manifest["files"] as? [[String: Any]])
    XCTAssertTrue(files.allSatisfy { ($0["path"] as! String).hasPrefix(($0["design"] as! String) + "/") })
  }

  /// A missing, a duplicated or a foreign part: exit 1, naming them, nothing written.
  func testMergeNamesMissingAndDuplicatedParts() throws {
    for index in 1...2 {
      let result = try wallpaper(
        ["export", "Samples/autumn.json", "Samples/winter.json", "--out", "out", "--shard", "\(index)/2"] + selection)
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    let missing = try wallpaper(["manifest", "merge", "out/manifest.shard-1-of-2.json", "-o", "out/manifest.json"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
    XCTAssertTrue(missing.stderr.contains("missing part 2 of 2 (manifest.shard-2-of-2.json)"), missing.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/out/manifest.json"))

    let duplicated = try wallpaper(
      [
        "manifest", "merge", "out/manifest.shard-1-of-2.json", "out/manifest.shard-2-of-2.json",
        "out/manifest.shard-2-of-2.json", "-o", "out/manifest.json",
      ])
    XCTAssertEqual(duplicated.status, 1)
    XCTAssertTrue(duplicated.stderr.contains("part 2 of 2 given 2 times"), duplicated.stderr)

    // A design edited after the shards ran: its files are not this export's any more.
    let autumn = "\(folder)/Samples/autumn.json"
    let original = try String(contentsOfFile: autumn, encoding: .utf8)
    try original.replacingOccurrences(of: "0.85", with: "0.6").write(toFile: autumn, atomically: true, encoding: .utf8)
    let edited = try wallpaper(
      [
        "manifest", "merge", "out/manifest.shard-1-of-2.json", "out/manifest.shard-2-of-2.json", "-o",
        "out/manifest.json",
      ])
    XCTAssertEqual(edited.status, 1, edited.stderr)
    XCTAssertTrue(edited.stderr.contains("made from other inputs"), edited.stderr)
    XCTAssertTrue(edited.stderr.contains("autumn/autumn-"), edited.stderr)
    XCTAssertFalse(edited.stderr.contains("winter/winter-"), edited.stderr)
    XCTAssertTrue(
      edited.stderr.contains("(design 'autumn' (Samples/autumn.json, its font or its image) changed)"), edited.stderr)
    try original.write(toFile: autumn, atomically: true, encoding: .utf8)

    // A file a part lists but that is gone from the folder is named too.
    try FileManager.default.removeItem(atPath: "\(folder)/out/winter/winter-375x667.svg")
    let gone = try wallpaper(
      [
        "manifest", "merge", "out/manifest.shard-1-of-2.json", "out/manifest.shard-2-of-2.json", "-o",
        "out/manifest.json",
      ])
    XCTAssertEqual(gone.status, 1)
    XCTAssertTrue(gone.stderr.contains("winter/winter-375x667.svg"), gone.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/out/manifest.json"))
  }

  /// Bad `--shard` values and `auto` without a job-array environment: exit 2, one line.
  func testBadShardValues() throws {
    let cases: [([String], [String: String], String)] = [
      (["--shard", "5/4"], [:], "--shard: '5/4'"),
      (["--shard", "0/4"], [:], "--shard: '0/4'"),
      (["--shard", "a/b"], [:], "--shard: 'a/b'"),
      (["--shard", "auto"], [:], "--shard auto: neither JOB_COMPLETION_INDEX"),
      (["--shard", "auto"], ["JOB_COMPLETION_INDEX": "0"], "--shard-count"),
      (["--shard", "auto", "--shard-count", "4"], ["JOB_COMPLETION_INDEX": "4"], "JOB_COMPLETION_INDEX: '4'"),
      (["--shard", "auto"], ["SLURM_ARRAY_TASK_ID": "1"], "SLURM_ARRAY_TASK_COUNT"),
    ]
    // The test runner may itself run in a job array: a clean environment.
    for (flags, environment, message) in cases {
      let (status, text) = try wallpaperInCleanShell(
        ["export", "Samples", "--out", "out"] + flags, environment: environment)
      XCTAssertEqual(status, 2, "\(flags) \(environment): \(text)")
      XCTAssertEqual(text.split(separator: "\n").count, 1, text)
      XCTAssertTrue(text.hasPrefix("error: ") && text.contains(message), "\(flags): \(text)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/out"), "nothing written")
    }
  }

  /// `--shard auto` takes the part from Kubernetes' and Slurm's variables: the same files as I/N.
  func testShardAutoReadsJobArrayVariables() throws {
    let base = ["export", "Samples/autumn.json", "Samples/winter.json"] + selection
    XCTAssertEqual(try wallpaper(base + ["--out", "manual", "--shard", "2/3"]).status, 0)
    let kubernetes = try wallpaper(
      base + ["--out", "k8s", "--shard", "auto", "--shard-count", "3"], environment: ["JOB_COMPLETION_INDEX": "1"])
    XCTAssertEqual(kubernetes.status, 0, kubernetes.stderr)
    let slurm = try wallpaper(
      base + ["--out", "slurm", "--shard", "auto"],
      environment: ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "3"])
    XCTAssertEqual(slurm.status, 0, slurm.stderr)
    let manual = Processes.files(under: "\(folder)/manual")
    XCTAssertNotNil(manual["manifest.shard-2-of-3.json"])
    XCTAssertEqual(Processes.files(under: "\(folder)/k8s"), manual)
    XCTAssertEqual(Processes.files(under: "\(folder)/slurm"), manual)
  }

  /// The shards record their date (SOURCE_DATE_EPOCH, or the day that picks a season): the
  /// merge takes it from them, in a shell with no SOURCE_DATE_EPOCH or another one, and gives
  /// the bytes of one run; an incremental re-run of a part without it keeps every file; parts
  /// made with different dates are refused, naming the part and both dates.
  func testMergeTakesTheDateTheShardsRecordedNotTheShells() throws {
    let designs = ["export", "Samples/autumn.json", "Samples/winter.json", "Samples/spring.json"] + selection
    let epoch = ["SOURCE_DATE_EPOCH": "1764547200"]
    let single = try wallpaperInCleanShell(designs + ["--out", "single"], environment: epoch)
    XCTAssertEqual(single.status, 0, single.stderr)
    for index in 1...2 {
      let part = try wallpaperInCleanShell(designs + ["--out", "out", "--shard", "\(index)/2"], environment: epoch)
      XCTAssertEqual(part.status, 0, part.stderr)
    }
    let header = try XCTUnwrap(try json("out/manifest.shard-1-of-2.json")["shard"] as? [String: Any])
    let date = try XCTUnwrap(header["date"] as? [String: Any])
    XCTAssertEqual(date["sourceDateEpoch"] as? Int, 1_764_547_200)
    XCTAssertEqual(date["day"] as? String, "2025-12-01")

    // A requeued part, in a shell without the variable: every file kept.
    let rerun = try wallpaperInCleanShell(
      designs.filter { $0 != "--quiet" } + ["--out", "out", "--shard", "1/2", "--incremental"])
    XCTAssertEqual(rerun.status, 0, rerun.stderr)
    XCTAssertTrue(rerun.stderr.contains("\n0 rendered, "), rerun.stderr)

    let parts = ["out/manifest.shard-1-of-2.json", "out/manifest.shard-2-of-2.json"]
    for environment in [[:], ["SOURCE_DATE_EPOCH": "1"]] {
      let merge = try wallpaperInCleanShell(
        ["manifest", "merge"] + parts + ["-o", "out/manifest.json"], environment: environment)
      XCTAssertEqual(merge.status, 0, "\(environment): \(merge.stderr)")
      var merged = Processes.files(under: "\(folder)/out")
      for index in 1...2 { merged["manifest.shard-\(index)-of-2.json"] = nil }
      XCTAssertEqual(merged, Processes.files(under: "\(folder)/single"), "\(environment)")
    }
    // A re-export after the merge, in a shell without the variable: the manifest's date, every file kept.
    let again = try wallpaperInCleanShell(designs.filter { $0 != "--quiet" } + ["--out", "out", "--incremental"])
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stderr.contains("\n0 rendered, "), again.stderr)

    // Part 2 made again on another date: the merge names it and both dates.
    let other = try wallpaperInCleanShell(
      designs + ["--out", "out", "--shard", "2/2"], environment: ["SOURCE_DATE_EPOCH": "1767225600"])
    XCTAssertEqual(other.status, 0, other.stderr)
    let mixed = try wallpaperInCleanShell(["manifest", "merge"] + parts + ["-o", "out/manifest.json"])
    XCTAssertEqual(mixed.status, 1, mixed.stderr)
    XCTAssertEqual(mixed.stderr.split(separator: "\n").count, 1, mixed.stderr)
    XCTAssertTrue(
      mixed.stderr.contains(
        "'out/manifest.shard-2-of-2.json' was made with SOURCE_DATE_EPOCH=1767225600 (2026-01-01), 'out/manifest.shard-1-of-2.json' with SOURCE_DATE_EPOCH=1764547200 (2025-12-01)"
      ), mixed.stderr)
  }

  /// `--array=0-15:2` (and a list with gaps) would leave parts no task renders: every task
  /// refuses it (exit 2, one line, nothing written), the first and the last alike.
  func testAStepppedOrGappedSlurmArrayIsRefusedInEveryTask() throws {
    let stepped = (0...14).filter { $0 % 2 == 0 }
    for id in stepped {
      let task = try wallpaperInCleanShell(
        ["export", "Samples", "--out", "out", "--shard", "auto"],
        environment: [
          "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "14",
          "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_STEP": "2",
        ])
      XCTAssertEqual(task.status, 2, "task \(id): \(task.stderr)")
      XCTAssertEqual(task.stderr.split(separator: "\n").count, 1, task.stderr)
      XCTAssertTrue(task.stderr.hasPrefix("error: SLURM_ARRAY_TASK_STEP: '2' is not allowed"), task.stderr)
    }
    for id in [1, 3, 7] {
      let task = try wallpaperInCleanShell(
        ["export", "Samples", "--out", "out", "--shard", "auto"],
        environment: [
          "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7",
          "SLURM_ARRAY_TASK_COUNT": "3",
        ])
      XCTAssertEqual(task.status, 2, "task \(id): \(task.stderr)")
      XCTAssertTrue(
        task.stderr.hasPrefix("error: SLURM_ARRAY_TASK_COUNT: '3' is not allowed (7 for ids 1 to 7"), task.stderr)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/out"), "nothing written")
    // A contiguous array with every variable Slurm sets still runs.
    let contiguous = try wallpaperInCleanShell(
      ["export", "Samples/autumn.json", "--out", "out", "--shard", "auto"] + selection,
      environment: [
        "SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3",
        "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "1",
      ])
    XCTAssertEqual(contiguous.status, 0, contiguous.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/out/manifest.shard-4-of-4.json"))
  }

  /// Each partial manifest lists only its own designs and each design's skipped devices once,
  /// in the part that renders the design's first file: together they are the manifest's.
  func testPartialManifestsCarryOnlyTheirOwnPart() throws {
    for index in 1...4 {
      let part = try wallpaper(["export", "Samples", "--out", "out", "--shard", "\(index)/4"] + selection)
      XCTAssertEqual(part.status, 0, part.stderr)
    }
    let whole = try wallpaper(["export", "Samples", "--out", "single"] + selection)
    XCTAssertEqual(whole.status, 0, whole.stderr)
    let manifest = try json("single/manifest.json")
    let allSkips = try XCTUnwrap(manifest["skipped"] as? [[String: Any]]).map { "\($0["design"]!) \($0["device"]!)" }
    XCTAssertGreaterThan(allSkips.count, 0)
    var skips: [String] = []
    var designs: Set<String> = []
    for index in 1...4 {
      let part = try json("out/manifest.shard-\(index)-of-4.json")
      // --dry-run lists exactly the files the part wrote, and writes nothing.
      let dry = try wallpaper(["export", "Samples", "--out", "dry", "--dry-run", "--shard", "\(index)/4"] + selection)
      XCTAssertEqual(dry.status, 0, dry.stderr)
      let written = try XCTUnwrap(part["files"] as? [[String: Any]]).map { $0["path"] as! String }
      XCTAssertEqual(dry.stdout.split(separator: "\n").map(String.init).sorted(), written.sorted(), "part \(index)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/dry"), "a dry run writes nothing")
      let own = try XCTUnwrap(part["skipped"] as? [[String: Any]]).map { "\($0["design"]!) \($0["device"]!)" }
      XCTAssertLessThan(own.count, allSkips.count, "part \(index) lists only its own skips")
      skips += own
      let named = Set(try XCTUnwrap(part["designs"] as? [String]))
      let filed = Set(try XCTUnwrap(part["files"] as? [[String: Any]]).map { $0["design"] as! String })
      XCTAssertEqual(named, filed, "part \(index) names exactly the designs it has files of")
      let inputs = try XCTUnwrap((part["shard"] as? [String: Any])?["inputs"] as? [String: String])
      XCTAssertEqual(Set(inputs.keys), named)
      designs.formUnion(named)
    }
    XCTAssertEqual(skips.sorted(), allSkips.sorted(), "every skip once, in one part")
    XCTAssertEqual(designs, Set(try XCTUnwrap(manifest["designs"] as? [String])))
  }

  /// A design of a catalogue that fits none of the chosen devices (a square grid filling cell 2
  /// where the screen holds one cell) is one failure: one line on stderr naming it, an entry in
  /// the manifest's `failures`, none of its files, every other design written, exit 1 — in one
  /// run, in each of four shards, and in their merge, which writes the bytes of the one run.
  /// `--strict` keeps all-or-nothing.
  func testABadDesignFailsAloneInTheExportEveryShardAndTheMerge() throws {
    try FileManager.default.createDirectory(atPath: "\(folder)/Mixed", withIntermediateDirectories: true)
    for name in ["autumn.json", "winter.json"] {
      try FileManager.default.copyItem(atPath: "\(folder)/Samples/\(name)", toPath: "\(folder)/Mixed/\(name)")
    }
    let bad = """
      { "name": "bad", "device": "iphone-16-pro", "label": { "visible": false },
        "grid": { "kind": "square", "columns": 1, "fit": "rows", "inset": [0, 0, 600, 0], "fill": ["2=#FF0000"] } }
      """
    try Data(bad.utf8).write(to: URL(fileURLWithPath: "\(folder)/Mixed/bad.json"))
    let options = ["--devices", "iphone-16-pro", "--formats", "png,svg"]

    func checkOneLine(_ stderr: String, _ what: String) {
      let naming = stderr.split(separator: "\n").filter { $0.contains("bad.json") }
      XCTAssertEqual(naming.count, 1, "\(what): one line names the bad design\n\(stderr)")
      XCTAssertTrue(naming.first?.contains("grid.fill: 2 is not allowed") ?? false, "\(what): \(stderr)")
    }
    let single = try wallpaper(["export", "Mixed", "--out", "single", "--json"] + options)
    XCTAssertEqual(single.status, 1, single.stderr)
    checkOneLine(single.stderr, "export")
    let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? [String: Any])
    let reported = try XCTUnwrap(report["failures"] as? [[String: String]])
    XCTAssertEqual(reported.map { $0["what"] }, ["Mixed/bad.json"])
    let written = Processes.files(under: "\(folder)/single")
    XCTAssertFalse(written.keys.contains { $0.hasPrefix("bad/") }, "no file of the bad design")
    for design in ["autumn", "winter"] {
      for file in ["\(design)-402x874@3x.png", "\(design)-402x874.svg", "index.html", "contact-sheet.png"] {
        XCTAssertNotNil(written["\(design)/\(file)"], "\(design)/\(file) is written")
      }
    }
    let manifest = try json("single/manifest.json")
    XCTAssertEqual(manifest["designs"] as? [String], ["autumn", "winter"])
    let failures = try XCTUnwrap(manifest["failures"] as? [[String: String]])
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?["design"], "Mixed/bad.json")
    XCTAssertTrue(failures.first?["reason"]?.contains("grid.fill: 2 is not allowed (indices 0…0)") ?? false)

    for index in 1...4 {
      let part = try wallpaper(["export", "Mixed", "--out", "sharded", "--shard", "\(index)/4"] + options)
      XCTAssertEqual(part.status, 1, "shard \(index): \(part.stderr)")
      checkOneLine(part.stderr, "shard \(index)")
    }
    let parts = (1...4).map { "sharded/manifest.shard-\($0)-of-4.json" }
    let merge = try wallpaper(["manifest", "merge"] + parts + ["-o", "sharded/manifest.json"])
    XCTAssertEqual(merge.status, 1, merge.stderr)
    checkOneLine(merge.stderr, "merge")
    var merged = Processes.files(under: "\(folder)/sharded")
    for index in 1...4 { merged["manifest.shard-\(index)-of-4.json"] = nil }
    XCTAssertEqual(Set(merged.keys), Set(written.keys))
    for (path, bytes) in written { XCTAssertEqual(merged[path], bytes, "\(path) differs after the merge") }

    let strict = try wallpaper(["export", "Mixed", "--out", "strict", "--strict"] + options)
    XCTAssertEqual(strict.status, 2, strict.stderr)
    checkOneLine(strict.stderr, "--strict")
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/strict"), "--strict writes nothing")
  }

  /// A second run renders nothing and leaves every file as it was; a changed colour re-renders
  /// only that design's files; a deleted or corrupted file is rendered again.
  func testIncrementalRendersOnlyWhatChanged() throws {
    let run = ["export", "Samples", "--out", "out", "--incremental", "--devices", "iphone-16-pro,iphone-8,ipad-air-11"]
    let first = try wallpaper(run)
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(
      first.stderr.hasSuffix("\nexported 138 files for 9 designs to out; 5 devices skipped\n110 rendered, 0 skipped\n"),
      first.stderr)
    let before = Processes.files(under: "\(folder)/out")
    let stamp = try inode("out/autumn/autumn-402x874@3x.png")
    let sheetStamp = try inode("out/autumn/contact-sheet.png")
    let changedSheet = try inode("out/square-photo-grid/contact-sheet.pdf")

    let second = try wallpaper(run)
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertTrue(second.stderr.hasSuffix("\n0 rendered, 110 skipped\n"), second.stderr)
    XCTAssertEqual(try inode("out/autumn/autumn-402x874@3x.png"), stamp, "a skipped file is not touched")
    XCTAssertEqual(try inode("out/autumn/contact-sheet.png"), sheetStamp, "nor is a contact sheet whose files are")
    XCTAssertEqual(Processes.files(under: "\(folder)/out"), before)

    // One design's background colour changes: only its files are rendered again.
    let design = "\(folder)/Samples/square-photo-grid.json"
    let text = try String(contentsOfFile: design, encoding: .utf8)
    XCTAssertTrue(text.contains(##""color": "#FAFAF7""##))
    let changed = text.replacingOccurrences(of: ##""color": "#FAFAF7""##, with: ##""color": "#F0F4FA""##)
    try changed.write(toFile: design, atomically: true, encoding: .utf8)
    let third = try wallpaper(run)
    XCTAssertEqual(third.status, 0, third.stderr)
    let summerFiles = try (json("out/manifest.json")["files"] as! [[String: Any]]).filter {
      $0["design"] as? String == "square-photo-grid" && $0["screenClass"] != nil
    }.count
    XCTAssertTrue(third.stderr.contains("\n\(summerFiles) rendered, \(110 - summerFiles) skipped\n"), third.stderr)
    let rewritten = third.stderr.split(separator: "\n").filter { $0.contains("] wrote ") }
    XCTAssertEqual(rewritten.count, summerFiles)
    XCTAssertTrue(rewritten.allSatisfy { $0.contains("] wrote square-photo-grid/") }, "\(rewritten)")
    XCTAssertEqual(try inode("out/autumn/autumn-402x874@3x.png"), stamp)
    XCTAssertEqual(try inode("out/autumn/contact-sheet.png"), sheetStamp)
    XCTAssertNotEqual(
      try inode("out/square-photo-grid/contact-sheet.pdf"), changedSheet, "the changed design's sheet is new")

    // A deleted and a corrupted file are rendered again, and only they.
    try FileManager.default.removeItem(atPath: "\(folder)/out/winter/winter-375x667.svg")
    let corrupted = "\(folder)/out/spring/spring-375x667.pdf"
    var bytes = try Data(contentsOf: URL(fileURLWithPath: corrupted))
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: corrupted))
    let fourth = try wallpaper(run)
    XCTAssertEqual(fourth.status, 0, fourth.stderr)
    XCTAssertTrue(fourth.stderr.contains("\n2 rendered, 108 skipped\n"), fourth.stderr)
    let after = Processes.files(under: "\(folder)/out")
    XCTAssertEqual(after["winter/winter-375x667.svg"], before["winter/winter-375x667.svg"])
    XCTAssertEqual(after["spring/spring-375x667.pdf"], before["spring/spring-375x667.pdf"])
  }
}

/// Results written by concurrent workers, each to its own slot.
private final class ResultsBox: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Result<ProcessResult, any Error>?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: Result<ProcessResult, any Error>) { lock.withLock { slots[index] = result } }

  var values: [Result<ProcessResult, any Error>] { lock.withLock { slots.map { $0! } } }
}
