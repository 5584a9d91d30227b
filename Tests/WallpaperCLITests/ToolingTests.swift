import DesignFiles
import Foundation
import TestSupport
import Wallpapers
import XCTest

@testable import WallpaperCLI

/// `--json` results, `wallpaper help`, the generated schema, completions and man page, run
/// through the built binary.
final class ToolingTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws { folder = try Processes.temporaryFolder() }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func wallpaper(_ arguments: [String]) throws -> ProcessResult {
    try Processes.run(Processes.wallpaperBinary, arguments, in: folder)
  }

  private static var repository: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// Parses a `--json` document and checks each file's bytes and hash against `sha256sum`.
  private func checkedFiles(_ result: ProcessResult, file: StaticString = #filePath, line: UInt = #line) throws
    -> [[String: Any]]
  {
    XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    let document = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], file: file, line: line)
    let files = try XCTUnwrap(document["files"] as? [[String: Any]], file: file, line: line)
    XCTAssertNotNil(document["timings"] as? [String: Any], file: file, line: line)
    XCTAssertNotNil(document["skippedDevices"] as? [Any], file: file, line: line)
    for entry in files {
      let path = try XCTUnwrap(entry["path"] as? String, file: file, line: line)
      let sum = try Processes.run("sha256sum", [path], in: folder)
      XCTAssertEqual(
        String(sum.stdout.prefix(64)), entry["sha256"] as? String, "sha256 of \(path)", file: file, line: line)
      let size = try FileManager.default.attributesOfItem(atPath: folder + "/" + path)[.size] as? Int
      XCTAssertEqual(size, entry["bytes"] as? Int, "bytes of \(path)", file: file, line: line)
    }
    return files
  }

  func testRenderJSONNamesTheFileItsSizesAndItsHash() throws {
    for format in ["png", "svg", "pdf"] {
      let files = try checkedFiles(
        try wallpaper(["render", "--device", "iphone-8", "--season", "winter", "-o", "w.\(format)", "--json"]))
      XCTAssertEqual(files.count, 1)
      XCTAssertEqual(files[0]["format"] as? String, format)
      XCTAssertEqual(files[0]["points"] as? [String: Double], ["width": 375, "height": 667])
      if format == "png" {
        XCTAssertEqual(files[0]["pixels"] as? [String: Int], ["width": 750, "height": 1334])
      } else {
        XCTAssertNil(files[0]["pixels"])
      }
    }
  }

  func testRenderJSONIsRefusedWithStandardOutputAndWatch() throws {
    for arguments in [["-o", "-", "--format", "png"], ["-o", "a.png", "--watch"]] {
      let result = try wallpaper(["render", "--device", "iphone-8", "--json"] + arguments)
      XCTAssertEqual(result.status, 2)
      XCTAssertTrue(result.stderr.hasPrefix("error: --json: not allowed"), result.stderr)
      XCTAssertEqual(result.stdout, "")
    }
  }

  func testExportJSONListsEveryFileAndTheSkippedDevices() throws {
    let design = Self.repository.appendingPathComponent("Samples/autumn-grid.json").path
    let result = try wallpaper([
      "export", design, "--out", "out", "--devices", "iphone-8,ipad-11", "--formats", "png,svg", "--jobs", "1",
      "--json",
    ])
    let files = try checkedFiles(result)
    let paths = Set(files.compactMap { $0["path"] as? String })
    XCTAssertTrue(paths.contains("out/autumn-grid-375x667@2x.png"), "\(paths)")
    XCTAssertTrue(paths.contains("out/manifest.json"), "\(paths)")
    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    let skipped = try XCTUnwrap(document["skippedDevices"] as? [[String: String]])
    XCTAssertGreaterThan(document["rendered"] as? Int ?? 0, 0, "export counts the files it rendered")
    XCTAssertEqual(document["skipped"] as? Int, 0, "a run without --incremental re-renders everything")
    XCTAssertEqual(skipped.map { $0["what"] }, ["ipad-11"])
    XCTAssertTrue(skipped[0]["reason"]!.contains("grid.kind"), skipped[0]["reason"]!)
    XCTAssertTrue(
      result.stderr.contains("skipped 1 iPad in 1 screen class: the home grid has no iPad metrics"),
      "human messages stay on stderr: \(result.stderr)")
  }

  func testProofJSONNamesThePDFAndItsPages() throws {
    let design = Self.repository.appendingPathComponent("Samples/autumn.json").path
    let files = try checkedFiles(
      try wallpaper(["proof", design, "-o", "p.pdf", "--devices", "iphone-8,iphone-16", "--json"]))
    XCTAssertEqual(files.count, 1)
    XCTAssertEqual(files[0]["pages"] as? Int, 2)
    XCTAssertEqual(files[0]["devices"] as? [String], ["iphone-8", "iphone-16"])
  }

  func testTheCommittedSchemaIsTheGeneratedOne() throws {
    let generated = try wallpaper(["schema"])
    XCTAssertEqual(generated.status, 0, generated.stderr)
    let committed = try String(
      contentsOf: Self.repository.appendingPathComponent("Docs/design.schema.json"), encoding: .utf8)
    XCTAssertEqual(generated.stdout, committed, "Docs/design.schema.json is stale: run `make schema`")
  }

  func testADesignMayNameItsSchema() throws {
    let design = "{\"$schema\": \"../Docs/design.schema.json\", \"device\": \"iphone-8\"}"
    try design.write(toFile: folder + "/d.json", atomically: true, encoding: .utf8)
    let result = try wallpaper(["render", "d.json", "-o", "d.png"])
    XCTAssertEqual(result.status, 0, result.stderr)
  }

  func testHelpCommandPrintsEachCommandsPageWithGroupsAndExamples() throws {
    for command in ["render", "preview", "export", "proof", "devices"] {
      let help = try wallpaper(["help", command])
      XCTAssertEqual(help.status, 0, help.stderr)
      XCTAssertEqual(help.stdout, try wallpaper([command, "--help"]).stdout)
      XCTAssertTrue(help.stdout.contains("\nEXAMPLES:\n  # "), help.stdout)
      XCTAssertTrue(help.stdout.contains("wallpaper \(command)"), help.stdout)
    }
    let render = try wallpaper(["help", "render"]).stdout
    for section in ["OUTPUT OPTIONS:", "SEASON OPTIONS:", "LABEL OPTIONS:", "GRID OPTIONS:", "BACKGROUND OPTIONS:"] {
      XCTAssertTrue(render.contains("\n\(section)\n"), section)
    }
    let unknown = try wallpaper(["help", "rendr"])
    XCTAssertEqual(unknown.status, 2)
    XCTAssertTrue(unknown.stderr.hasPrefix("error: unknown subcommand 'rendr'"), unknown.stderr)
    XCTAssertTrue(unknown.stderr.contains("did you mean 'render'?"), unknown.stderr)
  }

  func testCompletionsAndManPageNameEveryOptionOfEveryCommand() throws {
    let bash = try wallpaper(["completions", "bash"]).stdout
    let man = try wallpaper(["help", "--man"]).stdout
    for command in ["render", "preview", "export", "proof", "devices"] {
      let help = try wallpaper([command, "--help"]).stdout
      // Every long option the help lists appears in the bash script and the man page.
      let options = Set(
        help.split(separator: "\n").flatMap { $0.split(separator: " ") }.map {
          String($0.filter { $0.isLetter || $0.isNumber || $0 == "-" })
        }
        .filter { $0.hasPrefix("--") && $0.count > 2 })
      XCTAssertFalse(options.isEmpty)
      for option in options where !option.contains("|") {
        XCTAssertTrue(bash.contains(option), "\(option) of \(command) not in the bash completions")
        XCTAssertTrue(man.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(option) not in the man page")
      }
    }
    let bad = try wallpaper(["completions", "tcsh"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertEqual(bad.stderr, "error: completions: 'tcsh' is not allowed (bash, zsh or fish)\n")
  }

  func testEveryFlagThatSetsAFieldIsInTheFieldTable() throws {
    for command in Commands.all {
      for spec in command.options where spec.field != nil {
        let field = try XCTUnwrap(
          Commands.field(of: spec), "\(command.name) \(spec.name): \(spec.field!) not in the table")
        // Every word the table allows is offered by the completions, first; a command may add
        // words of its own after them (render's --season all).
        if case .choice(let words) = field.kind {
          guard case .words(let offered) = Completions.value(of: spec) else {
            XCTFail("\(command.name) \(spec.name) completes no words")
            continue
          }
          XCTAssertEqual(Array(offered.prefix(words.count)), words, "\(command.name) \(spec.name)")
          XCTAssertEqual(offered.count > words.count, spec.values != nil, "\(command.name) \(spec.name)")
        }
      }
    }
    XCTAssertEqual(
      DesignLoader.fields.field(at: ["grid", "columns"])?.name, "columns", "paths descend through objects")
    XCTAssertEqual(DesignLoader.fields.field(at: ["layers", "opacity"])?.name, "opacity", "and arrays")
  }
}
