import CairoRendering
import Foundation
import Synchronization
import TestSupport
import WallpaperExport
import Wallpapers
import XCTest

/// The export as a library, driven from Swift without the command-line tool: the files it
/// writes, the manifest, what the observer is told, incremental runs, shards and their merge,
/// and its typed errors.
final class ExportLibraryTests: XCTestCase {
  private var folder = ""

  /// Remembers what an export tells its observer; the export calls it from several threads.
  private final class Recorder: ExportObserver {
    let finishedFiles = Mutex<[(path: String, outcome: ExportOutcome)]>([])
    let skips = Mutex<[String]>([])
    let announced = Mutex<Int?>(nil)

    func skipped(_ skip: ExportPlan.Skip, of plan: ExportPlan) {
      skips.withLock { $0 += skip.models.map { "\(plan.name):\($0.id)" } }
    }
    func willFinish(files count: Int) { announced.withLock { $0 = count } }
    func finished(_ path: String, outcome: ExportOutcome) { finishedFiles.withLock { $0.append((path, outcome)) } }
  }

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    try #"{ "name": "frost", "season": { "name": "winter" }, "grid": { "kind": "home", "fill": ["0,5=#3050A0"] } }"#
      .write(toFile: "\(folder)/frost.json", atomically: true, encoding: .utf8)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func device(_ id: String) throws -> Device { try XCTUnwrap(DeviceCatalog.device(id: id), id) }

  /// Two devices of two screen classes, PNG at each class's own scale and SVG, no previews.
  private func options(_ ids: [String] = ["iphone-8", "iphone-16"]) throws -> ExportOptions {
    var options = ExportOptions()
    options.devices = try ids.map(device)
    options.formats = [.png, .svg]
    options.previews = false
    options.jobs = 2
    options.environment = ["SOURCE_DATE_EPOCH": "1700000000"]
    return options
  }

  private func sha256sum(_ path: String) throws -> String {
    String(try Processes.run("sha256sum", [path]).stdout.prefix(64))
  }

  private func manifest(_ path: String) throws -> [String: Any] {
    let data = try XCTUnwrap(FileManager.default.contents(atPath: path), path)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  func testExportWritesEveryFileAndAManifestThatDescribesThem() throws {
    let export = try Export(designs: ["\(folder)/frost.json"], options: try options())
    XCTAssertFalse(export.isCatalogue)
    XCTAssertEqual(
      export.work.map(\.path).sorted(),
      [
        "frost-375x667.svg", "frost-375x667@2x.png", "frost-393x852.svg", "frost-393x852@3x.png",
      ])
    let recorder = Recorder()
    let out = "\(folder)/out"
    let result = export.run(into: out, observer: recorder)

    XCTAssertTrue(result.failures.isEmpty, "\(result.failures.map { "\($0.path): \($0.reason)" })")
    XCTAssertEqual(result.rendered, 4)
    XCTAssertEqual(result.kept, 0)
    XCTAssertEqual(recorder.announced.withLock { $0 }, 4)
    let finished = recorder.finishedFiles.withLock { $0 }
    XCTAssertEqual(finished.map(\.path).sorted(), export.work.map(\.path).sorted())
    XCTAssertTrue(finished.allSatisfy { $0.outcome == .written })

    // The wallpapers at their class's scale, and the files that describe the export.
    XCTAssertEqual(try RGBAImage(pngFile: "\(out)/frost-375x667@2x.png").width, 750)
    XCTAssertEqual(try RGBAImage(pngFile: "\(out)/frost-393x852@3x.png").height, 2556)
    let svg = try String(contentsOfFile: "\(out)/frost-393x852.svg", encoding: .utf8)
    XCTAssertTrue(svg.contains("<svg") && svg.contains("viewBox=\"0 0 393 852\""), String(svg.prefix(300)))
    let onDisk = Set(Processes.files(under: out).keys)
    XCTAssertEqual(
      onDisk,
      [
        "frost-375x667.svg", "frost-375x667@2x.png", "frost-393x852.svg", "frost-393x852@3x.png",
        "contact-sheet.png", "contact-sheet.pdf", "index.html", "manifest.json",
      ])
    XCTAssertEqual(Set(result.files.map(\.path)), onDisk, "the result lists every file written")

    // The manifest lists every file but itself, each with the bytes and SHA-256 on disk.
    let document = try manifest("\(out)/manifest.json")
    XCTAssertEqual(document["design"] as? String, "frost")
    XCTAssertEqual((document["skipped"] as? [Any])?.count, 0)
    let entries = try XCTUnwrap(document["files"] as? [[String: Any]])
    XCTAssertEqual(Set(entries.compactMap { $0["path"] as? String }), onDisk.subtracting(["manifest.json"]))
    for entry in entries {
      let path = try XCTUnwrap(entry["path"] as? String)
      let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: "\(out)/\(path)")[.size] as? Int)
      XCTAssertEqual(entry["bytes"] as? Int, size, path)
      XCTAssertEqual(entry["sha256"] as? String, try sha256sum("\(out)/\(path)"), path)
    }
    let png = try XCTUnwrap(entries.first { $0["path"] as? String == "frost-393x852@3x.png" })
    XCTAssertEqual(png["models"] as? [String], ["iphone-16"])
    XCTAssertEqual(png["scale"] as? Double, 3)
    XCTAssertEqual(png["pixels"] as? [String: Int], ["width": 1179, "height": 2556])
    let reported = try XCTUnwrap(result.files.first { $0.path == "frost-393x852@3x.png" })
    XCTAssertEqual(reported.sha256, try sha256sum("\(out)/frost-393x852@3x.png"))
    XCTAssertEqual(reported.screen?.id, "393x852")
  }

  func testAnIncrementalRunKeepsWhatIsUpToDateAndRendersWhatIsNot() throws {
    let export = try Export(designs: ["\(folder)/frost.json"], options: try options())
    let out = "\(folder)/out"
    XCTAssertTrue(export.run(into: out).failures.isEmpty)
    let first = Processes.files(under: out)

    let recorder = Recorder()
    let again = export.run(into: out, incremental: true, observer: recorder)
    XCTAssertEqual([again.rendered, again.kept], [0, 4])
    XCTAssertTrue(recorder.finishedFiles.withLock { $0 }.allSatisfy { $0.outcome == .kept })
    XCTAssertEqual(Processes.files(under: out), first, "nothing changed, every byte is the same")

    // A damaged file is rendered again, and only that one.
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: "\(out)/frost-375x667@2x.png"))
    let repaired = export.run(into: out, incremental: true)
    XCTAssertEqual([repaired.rendered, repaired.kept], [1, 3])
    XCTAssertEqual(Processes.files(under: out), first)
  }

  func testShardsMergeIntoTheFilesOfOneRun() throws {
    let whole = try Export(designs: ["\(folder)/frost.json"], options: try options())
    XCTAssertTrue(whole.run(into: "\(folder)/whole").failures.isEmpty)

    let parts = "\(folder)/parts"
    var partial: [String] = []
    for index in 1...2 {
      let shard = try XCTUnwrap(ExportShard(index: index, count: 2, arguments: ["frost.json"]))
      let result = whole.run(into: parts, shard: shard)
      XCTAssertTrue(result.failures.isEmpty)
      XCTAssertGreaterThan(try XCTUnwrap(result.shardCost), 0)
      partial.append("\(parts)/\(shard.manifestName)")
    }
    XCTAssertNil(ExportShard(index: 3, count: 2), "a part outside 1…N")
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(parts)/manifest.json"), "a shard writes no manifest")

    XCTAssertThrowsError(try ShardManifests(files: [partial[0]])) { error in
      XCTAssertEqual(
        error as? ExportError, .failed("manifest merge: missing part 2 of 2 (manifest.shard-2-of-2.json)"))
    }
    let manifests = try ShardManifests(files: partial)
    XCTAssertEqual(manifests.count, 2)
    XCTAssertEqual(manifests.arguments, ["frost.json"])
    let merged = try whole.merge(manifests, manifest: "\(parts)/manifest.json")
    XCTAssertTrue(merged.failures.isEmpty)

    var expected = Processes.files(under: "\(folder)/whole")
    var actual = Processes.files(under: parts)
    for name in partial.map({ URL(fileURLWithPath: $0).lastPathComponent }) { actual[name] = nil }
    XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
    for (path, bytes) in actual { XCTAssertEqual(bytes, expected.removeValue(forKey: path), path) }
  }

  /// A catalogue split by (design, screen class) unit: each part loads a design for its own
  /// classes only (and once for the costs of the others), takes the same files as a part of the
  /// whole plan, lists each skipped class once, and the parts merge into one run's files.
  func testAPartOfALargeCatalogueLoadsOnlyItsOwnClassesAndMergesIntoOneRun() throws {
    let designs = "\(folder)/designs"
    try FileManager.default.createDirectory(atPath: designs, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(folder)/frost.json", toPath: "\(designs)/frost.json")
    for (name, season) in [("bloom", "spring"), ("sun", "summer"), ("leaf", "autumn"), ("snow", "winter")] {
      try #"{ "name": "\#(name)", "season": { "name": "\#(season)" } }"#
        .write(toFile: "\(designs)/\(name).json", atomically: true, encoding: .utf8)
    }
    var options = try options(["iphone-8", "iphone-16", "ipad-air-11", "ipad-10-2"])
    options.formats = [.svg]
    options.wholePlanLimit = 0
    let whole = try Export(designs: [designs], options: options)
    XCTAssertTrue(whole.splitsByUnit)
    XCTAssertTrue(whole.run(into: "\(folder)/whole").failures.isEmpty)
    let loadedWhole = whole.plans.reduce(0) { $0 + $1.designs.count }
    XCTAssertEqual(loadedWhole, 4 * 4 + 2, "frost is skipped on both iPads")

    let parts = "\(folder)/parts"
    var partial: [String] = []
    var skips: [String] = []
    var loaded = 0
    for index in 1...3 {
      let shard = try XCTUnwrap(ExportShard(index: index, count: 3))
      let part = try Export(designs: [designs], options: options, shard: shard)
      XCTAssertEqual(part.work(for: shard).map(\.path), whole.work(for: shard).map(\.path), "part \(index)")
      loaded += part.plans.reduce(0) { $0 + $1.designs.count }
      XCTAssertTrue(part.run(into: parts, shard: shard).failures.isEmpty)
      partial.append("\(parts)/\(shard.manifestName)")
      let manifest = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: partial.last!))) as? [String: Any])
      skips += try XCTUnwrap(manifest["skipped"] as? [[String: Any]]).map { "\($0["design"]!) \($0["device"]!)" }
    }
    XCTAssertEqual(loaded, loadedWhole, "each class of each design is planned in one part only")
    XCTAssertEqual(skips.sorted(), ["frost ipad-10-2", "frost ipad-air-11"], "each skip once")
    let other = try XCTUnwrap(ExportShard(index: 2, count: 3))
    let planned = try Export(
      designs: [designs], options: options, shard: try XCTUnwrap(ExportShard(index: 1, count: 3)))
    XCTAssertFalse(planned.run(into: "\(folder)/wrong", shard: other).failures.isEmpty, "run as another part")

    let merged = try whole.merge(try ShardManifests(files: partial), manifest: "\(parts)/manifest.json")
    XCTAssertTrue(merged.failures.isEmpty)
    var expected = Processes.files(under: "\(folder)/whole")
    var actual = Processes.files(under: parts)
    for name in partial.map({ URL(fileURLWithPath: $0).lastPathComponent }) { actual[name] = nil }
    XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
    for (path, bytes) in actual { XCTAssertEqual(bytes, expected.removeValue(forKey: path), path) }
  }

  /// A shard journals its partial manifest as files are finished: a part killed after three
  /// files (its journal as it was then, put back after the run) is run again with
  /// `incremental` and renders only the files its journal did not list.
  func testAKilledPartKeepsTheFilesItsJournalListed() throws {
    var options = try options(["iphone-8", "iphone-16", "iphone-16-pro", "iphone-se-3"])
    options.jobs = 1
    let export = try Export(designs: ["\(folder)/frost.json"], options: options)
    let shard = try XCTUnwrap(ExportShard(index: 1, count: 1, arguments: ["frost.json"]))
    let journal = "\(folder)/out/\(shard.manifestName)"

    /// Copies the journal when the third file is finished: what a kill at that moment leaves.
    final class Killer: ExportObserver {
      let journal: String
      let finished = Mutex(0)
      let snapshot = Mutex<Data?>(nil)
      init(journal: String) { self.journal = journal }
      func skipped(_ skip: ExportPlan.Skip, of plan: ExportPlan) {}
      func willFinish(files count: Int) {}
      func finished(_ path: String, outcome: ExportOutcome) {
        let count = finished.withLock { value -> Int in
          value += 1
          return value
        }
        if count == 3 { snapshot.withLock { $0 = FileManager.default.contents(atPath: journal) } }
      }
    }
    let killer = Killer(journal: journal)
    let first = export.run(into: "\(folder)/out", shard: shard, observer: killer, journalInterval: .zero)
    XCTAssertTrue(first.failures.isEmpty)
    XCTAssertEqual(first.rendered, export.work.count)
    XCTAssertGreaterThan(export.work.count, 3)
    let snapshot = try XCTUnwrap(killer.snapshot.withLock { $0 }, "the journal existed after three files")
    let listed = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: snapshot) as? [String: Any])?["files"] as? [[String: Any]])
    XCTAssertEqual(listed.count, 3, "the journal lists every file finished so far")
    try snapshot.write(to: URL(fileURLWithPath: journal))

    let again = export.run(into: "\(folder)/out", shard: shard, incremental: true)
    XCTAssertTrue(again.failures.isEmpty)
    XCTAssertEqual([again.rendered, again.kept], [export.work.count - 3, 3])
  }

  /// The measured table the shards are balanced by knows every kind of file, and says what was
  /// measured: a `small` PNG costs many default ones, a preview more per pixel than its wallpaper.
  func testTheRenderCostTableCoversEveryKindOfFile() throws {
    for format in OutputFormat.allCases {
      for compression in PNGCompression.allCases {
        for preview in [false, true] {
          let ms = RenderCost.milliseconds(format: format, compression: compression, preview: preview, megapixels: 1)
          XCTAssertGreaterThan(ms, 0, "\(format) \(compression) \(preview)")
        }
      }
    }
    func png(_ compression: PNGCompression, preview: Bool = false) -> Double {
      RenderCost.milliseconds(format: .png, compression: compression, preview: preview, megapixels: 1)
    }
    XCTAssertGreaterThan(png(.small), 5 * png(.default))
    XCTAssertGreaterThan(png(.default), png(.fast))
    XCTAssertGreaterThan(png(.default, preview: true), png(.default))
    XCTAssertGreaterThan(
      RenderCost.milliseconds(format: .pdf, compression: .default, preview: false, megapixels: 1),
      RenderCost.milliseconds(format: .svg, compression: .default, preview: false, megapixels: 1))
  }

  func testADeviceTheDesignCannotTakeIsSkippedOrRefused() throws {
    // The home grid has no metrics on an iPad: its class is skipped with the loader's reason.
    let recorder = Recorder()
    let export = try Export(designs: ["\(folder)/frost.json"], options: try options(["iphone-8", "ipad-air-11"]))
    XCTAssertEqual(export.plans[0].skipped.map(\.screen.family), [.ipad])
    let result = export.run(into: "\(folder)/out", observer: recorder)
    XCTAssertTrue(result.failures.isEmpty)
    XCTAssertEqual(recorder.skips.withLock { $0 }, ["frost:ipad-air-11"])
    let skipped = try XCTUnwrap(try manifest("\(folder)/out/manifest.json")["skipped"] as? [[String: String]])
    XCTAssertEqual(skipped.map { $0["device"] }, ["ipad-air-11"])
    XCTAssertTrue(skipped[0]["reason"]?.contains("grid.kind") == true, "\(skipped)")

    var strict = try options(["iphone-8", "ipad-air-11"])
    strict.strict = true
    XCTAssertThrowsError(try Export(designs: ["\(folder)/frost.json"], options: strict)) { error in
      guard case .invalidInput(let message) = error as? ExportError else { return XCTFail("\(error)") }
      XCTAssertTrue(message.contains("for ipad-air-11"), message)
    }
  }

  func testACatalogueIsAFolderOfDesignsEachWithItsOwnName() throws {
    let designs = "\(folder)/designs"
    try FileManager.default.createDirectory(atPath: designs, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(folder)/frost.json", toPath: "\(designs)/a.json")
    try #"{ "name": "thaw", "season": { "name": "spring" } }"#
      .write(toFile: "\(designs)/b.json", atomically: true, encoding: .utf8)
    let export = try Export(designs: [designs], options: try options(["iphone-8"]))
    XCTAssertTrue(export.isCatalogue)
    XCTAssertEqual(export.plans.map(\.name), ["frost", "thaw"])
    XCTAssertEqual(
      export.work.map(\.path),
      [
        "frost/frost-375x667@2x.png", "frost/frost-375x667.svg", "thaw/thaw-375x667@2x.png", "thaw/thaw-375x667.svg",
      ])

    // Each design's folder is its name, so two designs of one name are refused, naming both.
    try FileManager.default.copyItem(atPath: "\(folder)/frost.json", toPath: "\(designs)/c.json")
    XCTAssertThrowsError(try Export(designs: [designs], options: try options(["iphone-8"]))) { error in
      XCTAssertEqual(
        error as? ExportError,
        .invalidInput(
          "'\(designs)/c.json': the design name 'frost' is also the name of '\(designs)/a.json' (each design in a catalogue needs its own name: it is its folder)"
        ))
    }
  }

  func testBadInputIsATypedErrorAndWritesNothing() throws {
    func message(_ options: ExportOptions, designs: [String]? = nil) -> ExportError? {
      do {
        _ = try Export(designs: designs ?? ["\(folder)/frost.json"], options: options)
        return nil
      } catch {
        return error
      }
    }
    var options = try options()
    options.jobs = 0
    XCTAssertEqual(message(options), .invalidInput("jobs: 0 is not allowed (a whole number from 1 to 256)"))
    options = try self.options()
    options.scales = [2, 11]
    XCTAssertEqual(message(options), .invalidInput("scales: 11 is not allowed (numbers > 0 and ≤ 10)"))
    options = try self.options()
    options.formats = []
    XCTAssertEqual(message(options), .invalidInput("formats: none given (at least one of png, svg, pdf)"))
    guard case .invalidInput(let missing) = message(try self.options(), designs: ["\(folder)/none.json"]) else {
      return XCTFail("a missing design file is bad input")
    }
    XCTAssertTrue(missing.contains("none.json"), missing)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["frost.json"])
  }
}
