import CairoRendering
import DesignFiles
import SceneGraph
import WallpaperExport

/// What a command did, for `--json`: the files written, what was skipped and why, the failures
/// and the timings. `render`, `export` and `proof` fill one and print `json` as the only thing
/// on stdout (human messages stay on stderr).
struct RunReport {
  /// One file written.
  struct File {
    /// The path as it can be opened from the working directory.
    let path: String
    /// `png`, `svg`, `pdf`, `json`, `html`.
    let format: String
    /// The canvas in points, for images and single-page documents.
    var points: Size? = nil
    /// The pixel size of a PNG.
    var pixels: PixelSize? = nil
    var scale: Double? = nil
    /// PDF pages.
    var pages: Int? = nil
    let bytes: Int
    /// Lowercase hex SHA-256 of the bytes written.
    let sha256: String
    /// The devices a file serves (export) or shows (proof).
    var devices: [String] = []

    init(path: String, format: String, bytes: [UInt8]) {
      self.path = path
      self.format = format
      self.bytes = bytes.count
      self.sha256 = SHA256.hex(bytes)
    }

    init(path: String, format: String, bytes: Int, sha256: String) {
      self.path = path
      self.format = format
      self.bytes = bytes
      self.sha256 = sha256
    }
  }

  /// Something not written, and why.
  struct Skip {
    /// A device id or a file.
    let what: String
    let reason: String
  }

  let command: String
  var files: [File] = []
  /// Devices a design could not be made for (export), each with the reason.
  var skippedDevices: [Skip] = []
  var failures: [Skip] = []
  /// Files rendered and files left as they were (`export --incremental`); nil for commands that
  /// always render everything they write.
  var counts: (rendered: Int, skipped: Int)?
  /// Milliseconds per phase, in order, then the total.
  var timings: [(name: String, milliseconds: Double)] = []

  init(command: String) { self.command = command }

  /// Records the phases of `timer` and their total.
  mutating func record(_ timer: PhaseTimer) {
    timings = timer.phases.map { ($0.name, PhaseTimer.milliseconds($0.duration)) }
    timings.append(("total", PhaseTimer.milliseconds(timer.elapsed)))
  }

  /// The document: `{"command", "files": [...], "skippedDevices": [...], "failures": [...],
  /// "timings": {...}}`, plus integer `rendered` and `skipped` for export; files sorted by path.
  var json: String {
    let files: [[String: Any]] = files.sorted { $0.path < $1.path }.map { file in
      var object: [String: Any] = [
        "path": file.path, "format": file.format, "bytes": file.bytes, "sha256": file.sha256,
      ]
      if let points = file.points { object["points"] = ["width": points.width, "height": points.height] }
      if let pixels = file.pixels { object["pixels"] = ["width": pixels.width, "height": pixels.height] }
      if let scale = file.scale { object["scale"] = scale }
      if let pages = file.pages { object["pages"] = pages }
      if !file.devices.isEmpty { object["devices"] = file.devices }
      return object
    }
    func skips(_ list: [Skip]) -> [[String: Any]] { list.map { ["what": $0.what, "reason": $0.reason] } }
    var timings: [String: Any] = [:]
    for (name, milliseconds) in self.timings { timings[name] = (milliseconds * 1000).rounded() / 1000 }
    var document: [String: Any] = [
      "command": command, "files": files, "skippedDevices": skips(skippedDevices), "failures": skips(failures),
      "timings": timings,
    ]
    if let counts {
      document["rendered"] = counts.rendered
      document["skipped"] = counts.skipped
    }
    return JSONWriter.text(document)
  }

  /// The `--json` option of every command that writes files.
  static let option = OptionSpec(
    names: ["--json"], valueName: nil,
    help:
      "Print one JSON document on stdout: the files written (path, format, size in px/pt, bytes, sha256), what was skipped and why, and timings in ms.",
    field: nil)

  /// Refuses `--json` with output to stdout, which would mix the file and the document.
  static func checkStdout(_ output: String, json: Bool) throws(CLIError) {
    if json, output == "-" { throw .usage("--json: not allowed with --output - (the JSON document goes to stdout)") }
  }
}
