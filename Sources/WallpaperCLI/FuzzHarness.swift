import DesignFiles
import Platform
import SceneGraph
import WallpaperExport
import Wallpapers

/// One fuzz input through the flag parser, the design decoder, the custom-art sanitiser and grid
/// layout, checking the rules every input must keep. Shared by the libFuzzer target (`make fuzz`)
/// and the regression tests that replay its findings.
enum FuzzHarness {
  /// The design file's output fields, as `OutputFields.names` lists them (a test keeps the two
  /// equal; the fuzz build leaves out CairoRendering and WallpaperExport, which `OutputFields`
  /// needs). The harness reads only `output` of them, a string.
  static let outputFieldNames = [
    "scale", "format", "output", "pngCompression", "colorSpace", "svgText", "svgEngine", "svgProfile", "svgFontFile",
    "pdfx",
    "outputIntent", "outputCondition",
  ]

  /// A fixed day, so a design's season does not depend on when the input runs.
  static let today = CalendarDate(year: 2026, month: 6, day: 1)

  /// Runs `input`: a design file's bytes, then command-line arguments, each after a NUL byte.
  /// An input without a NUL is a design file alone; an empty design part means no file.
  ///
  /// Traps (a finding) when an error message is not one line once escaped, when a label or
  /// string over its limit is accepted, or when a path helper breaks its contract.
  static func run(_ input: [UInt8], specs: [OptionSpec]) {
    let parts = input.split(separator: 0, maxSplits: 64, omittingEmptySubsequences: false)
    let json = parts.first.map(Array.init) ?? []
    let arguments = parts.dropFirst().map { String(decoding: $0, as: UTF8.self) }
    for argument in arguments { checkPath(argument) }
    checkManifest(json)
    checkArt(json)
    checkShard(arguments)
    do throws(CLIError) {
      let parsed = try ArgumentParser.parse(arguments, specs: specs, maxPositional: 1)
      let loaded: LoadedDesign
      do {
        loaded = try DesignLoader.load(
          json: json.isEmpty ? nil : json, file: "fuzz.json", overrides: parsed.overrides,
          outputFields: outputFieldNames.map { FieldSpec($0, .string(), "") }, today: today)
        if let output = try loaded.outputFields.outputPath("output") { checkPath(output) }
      } catch {
        throw .usage(error.description)
      }
      let design = loaded.design
      if let text = design.label.text {
        precondition(text.count <= DesignLimits.maxLabelCharacters, "an over-long label was accepted")
      }
      _ = try? design.gridCells()
    } catch {
      let line = error.description.escapingControlCharacters
      precondition(!line.isEmpty && !line.unicodeScalars.contains { $0.value < 0x20 }, "a message of two lines")
    }
  }

  /// The design part read as a manifest (`manifest merge`'s and `--incremental`'s reader): it
  /// is refused in one line, or its shard header is one `--shard I/N` would allow.
  private static func checkManifest(_ bytes: [UInt8]) {
    do {
      let (_, shard, _) = try ManifestFile.parse(bytes, file: "fuzz.json")
      if let shard {
        precondition((1...ExportShard.maxCount).contains(shard.count), "a shard count out of range was accepted")
        precondition((1...shard.count).contains(shard.index), "a shard index out of range was accepted")
      }
    } catch {
      checkOneLine(error.description)
    }
  }

  /// The design part read as custom art (`VectorArt(parsing:)`, libxml2's reader and the
  /// sanitiser), with `leaf.png` the one file in its folder: it is refused in one line without
  /// control characters, or its sanitised document is well-formed art again, with as many
  /// elements (the serialiser escapes what it writes and keeps no duplicate attribute).
  private static func checkArt(_ bytes: [UInt8]) {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let folder = { (path: String) throws(VectorArtError) -> [UInt8] in
      guard path == "leaf.png" else { throw VectorArtError("refers to '\(path)', outside its folder") }
      return png
    }
    let art: VectorArt
    do throws(VectorArtError) {
      art = try VectorArt(parsing: bytes, reference: folder)
    } catch {
      precondition(
        !error.reason.isEmpty && !error.reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
        "art refused in a message of two lines")
      return
    }
    do throws(VectorArtError) {
      let again = try VectorArt(parsing: art.document, reference: folder)
      precondition(again.elementCount == art.elementCount, "the sanitised art lost or gained elements")
    } catch {
      preconditionFailure("the sanitised art is refused: \(error.reason)")
    }
  }

  /// The arguments as `--shard`, `--shard-count` and the job-array variables: a part in range,
  /// or one line naming what is wrong.
  private static func checkShard(_ arguments: [String]) {
    func argument(_ index: Int) -> String? { index < arguments.count ? arguments[index] : nil }
    var variables: [String: String] = [:]
    for (offset, name) in [
      "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN",
      "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP",
    ].enumerated() {
      if let value = argument(offset + 2), !value.isEmpty { variables[name] = value }
    }
    do throws(CLIError) {
      let shard = try ShardOption.parse(
        argument(0) ?? "auto", count: argument(1).flatMap { $0.isEmpty ? nil : $0 },
        environment: Environment(variables), arguments: [])
      precondition((1...shard.count).contains(shard.index) && shard.count <= ExportShard.maxCount)
    } catch {
      checkOneLine(error.description)
    }
  }

  private static func checkOneLine(_ message: String) {
    let line = message.escapingControlCharacters
    precondition(!line.isEmpty && !line.unicodeScalars.contains { $0.value < 0x20 }, "a message of two lines")
  }

  /// The path helper's parts must put the path back together.
  private static func checkPath(_ text: String) {
    let path = FilePath(text)
    let rebuilt = FilePath(path.folder).appending(path.lastComponent)
    precondition(path.components == rebuilt.components, "folder + last component lost a part of '\(text)'")
    precondition(path.stem.count <= path.lastComponent.count)
    _ = path.lexicallyNormalized
    _ = parseDecimal(text)
  }
}
