import Foundation
import TestSupport
import XCTest

/// Every named element drawn by every importer (issue 39; the table in Docs/svg.md): for each
/// element with an `id` in the art, grid and label layers, its footprint (the element
/// rasterised alone: the pixels it covers at least half as strongly as its strongest one) is
/// compared between the importer's raster and our PNG at 2x, and counts as drawn when the
/// footprint's mean is ≤ 2/255 and ≤ 1 % of its pixels are off by more than 24. Where what is
/// drawn after it covers it (a photo cell over a cloud), it is not judged: the footprint is
/// where it shows
/// (`Tests/Scripts/element-judge.py`). The counts with the whole antialiased rim in the
/// footprint are printed too. rsvg, Inkscape, Chromium, Firefox and WebKit read the
/// plain default; LibreOffice Draw and Scribus the office profile (`--svg-profile office`),
/// their PDFs rasterised by pdftocairo.
/// The four seasons, a square grid with translucent fills and the same grid with photos in
/// its cells, on an iPhone and an iPad.
final class ElementJudgeTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    try InteropTier.require(
      "rsvg-convert", "inkscape", "chromium", "firefox", "WebKitWebDriver", "soffice", "scribus", "xvfb-run",
      "pdftocairo", "convert", modules: ["PIL", "selenium", "websocket"])
    folder = try Processes.temporaryFolder()
  }
  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private let devices = ["iphone-16", "ipad-air-11"]

  /// Elements an importer draws, measured just outside the criterion for a reason of its own
  /// rasteriser, not a loss: judged against these looser limits instead, and listed apart in
  /// the output. A missing element is far outside them (Scribus's lost strokes: 88–99.6 % of
  /// their pixels off by more than 24).
  /// - WebKit antialiases glyph edges its own way: the label's footprint 1.07–1.35 % off by
  ///   more than 24 (mean 0.60–0.81/255) on one to three cases a run.
  /// - LibreOffice Draw 7.4 draws a linear gradient in steps: autumn's leaves 2.02/255 (0 %).
  private let knownTolerances: [String: (mean: Double, off: Double)] = [
    "webkit label": (2, 0.015), "libreoffice leaves": (2.5, 0.01),
  ]
  private let plainImporters = ["rsvg", "inkscape", "chromium", "firefox", "webkit"]
  private let officeImporters = ["libreoffice", "scribus"]

  /// Device pixels per point of every raster: 2 (the iPad's own; at 1x a one-pixel line is all
  /// edge, and LibreOffice's drawing sits half a pixel in).
  private let scale = 2

  /// One design on one device: our PNG at `scale`, the plain SVG and the office SVG (both for
  /// that scale, so device-pixel lines are the PNG's).
  private struct Case {
    let name: String
    let png: String
    let plain: String
    let office: String
    let size: (width: Int, height: Int)
  }

  @discardableResult
  private func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws
    -> ProcessResult
  {
    var variables = ["HOME": folder, "WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path]
    variables.merge(environment) { $1 }
    let result = try Processes.run(program, arguments, in: folder, environment: variables)
    XCTAssertEqual(result.status, 0, "\(program) \(arguments): \(result.stderr)")
    return result
  }

  private func cases() throws -> [Case] {
    try FileManager.default.createDirectory(atPath: "\(folder)/photos", withIntermediateDirectories: true)
    for (index, colours) in ["#3366CC-#FFCC33", "#CC3355-#33CCAA", "#224422-#EEEEAA"].enumerated() {
      try run("convert", ["-size", "400x300", "gradient:\(colours)", "-quality", "92", "photos/\(index).jpg"])
    }
    // Samples/square-photo-grid.json with fills every device has room for, and the label shown.
    let grid = "\(folder)/grid.json"
    try #"""
    { "background": { "color": "#FAFAF7" }, "season": { "name": "summer", "alpha": 0.35 },
      "grid": { "kind": "square", "columns": 3, "spacing": 6, "fit": "rows", "lineColor": "white",
                "fill": ["0,4,8=#16679AB3", "2,6=#FFB627B3", "10,12=#38A9C2B3"] } }
    """#.write(toFile: grid, atomically: true, encoding: .utf8)
    let designs: [(name: String, arguments: [String])] =
      ["autumn", "spring", "summer", "winter"].map { ($0, ["--season", $0]) } + [
        ("grid", [grid]), ("photo-grid", [grid, "--cell-images", "photos"]),
      ]
    var cases: [Case] = []
    for device in devices {
      for (design, arguments) in designs {
        let name = "\(design)-\(device)"
        let render = ["render"] + arguments + ["--device", device, "--scale", String(scale)]
        try run(Processes.wallpaperBinary, render + ["-o", "\(name).png"])
        try run(Processes.wallpaperBinary, render + ["-o", "\(name).svg"])
        try run(Processes.wallpaperBinary, render + ["--svg-profile", "office", "-o", "\(name)-office.svg"])
        let png = try RGBAImage(pngFile: "\(folder)/\(name).png")
        cases.append(
          Case(
            name: name, png: "\(folder)/\(name).png", plain: "\(folder)/\(name).svg",
            office: "\(folder)/\(name)-office.svg", size: (png.width, png.height)))
      }
    }
    return cases
  }

  /// Every importer's raster of every case, by importer then case name.
  private func rasters(_ cases: [Case]) throws -> [String: [String: String]] {
    var rasters: [String: [String: String]] = [:]
    for item in cases {
      let (width, height) = (String(item.size.width), String(item.size.height))
      try run("rsvg-convert", ["-w", width, "-h", height, "-o", item.plain + ".rsvg.png", item.plain])
      rasters["rsvg", default: [:]][item.name] = item.plain + ".rsvg.png"
      try run(
        "inkscape",
        ["--export-type=png", "--export-filename=\(item.plain).inkscape.png", "-w", width, "-h", height, item.plain])
      rasters["inkscape", default: [:]][item.name] = item.plain + ".inkscape.png"
    }
    let viewport = [cases.map(\.size.width).max() ?? 0, cases.map(\.size.height).max() ?? 0]
    let shots = Golden.repositoryRoot().appendingPathComponent("Tests/Scripts/svg-shots.py").path
    for browser in ["chromium", "firefox", "webkit"] {
      var command = [Processes.python, shots, browser, String(scale)] + viewport.map(String.init) + cases.map(\.plain)
      if browser == "webkit" {
        command = ["xvfb-run", "-a", "-s", "-screen 0 \(viewport[0] + 200)x\(viewport[1] + 300)x24"] + command
      }
      try run("timeout", ["600"] + command)
      for item in cases { rasters[browser, default: [:]][item.name] = "\(item.plain).\(browser).png" }
    }
    for (item, raster) in zip(
      cases, try OfficeImporters.libreOffice(cases.map(\.office), scale: scale, rasteriser: "pdftocairo", in: folder))
    {
      rasters["libreoffice", default: [:]][item.name] = raster
    }
    // Scribus reads px at 90 dpi: a page of the SVG's px is 0.8 of them in points.
    let pages = cases.map { ($0.office, points(0.8 * Double($0.size.width)), points(0.8 * Double($0.size.height))) }
    for (item, imported) in zip(
      cases, try OfficeImporters.scribus(pages, scale: scale, rasteriser: "pdftocairo", in: folder))
    {
      // Scribus places the page at its origin only when every element lies inside it.
      XCTAssertEqual(imported.boxes.count, 1, "\(item.name): Scribus placed one group: \(imported.boxes)")
      let page = [0, 0, points(0.8 * Double(item.size.width)), points(0.8 * Double(item.size.height))]
      for (value, expected) in zip(imported.boxes.first ?? [], page) {
        XCTAssertEqual(value, expected, accuracy: 0.01, "\(item.name): Scribus's box \(imported.boxes)")
      }
      rasters["scribus", default: [:]][item.name] = imported.raster
    }
    return rasters
  }

  /// `pixels` at `scale` in points.
  private func points(_ pixels: Double) -> Double { pixels / Double(scale) }

  func testEveryElementIsDrawnByEveryImporter() throws {
    let cases = try cases()
    let rasters = try rasters(cases)
    let manifest: [String: Any] = [
      "cases": cases.map { item in
        [
          "name": item.name, "svg": item.plain, "png": item.png,
          "rasters": (plainImporters + officeImporters).reduce(into: [String: String]()) {
            $0[$1] = rasters[$1]?[item.name]
          },
        ] as [String: Any]
      }
    ]
    try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: "\(folder)/manifest.json"))
    let judge = try run(
      Processes.python,
      [Golden.repositoryRoot().appendingPathComponent("Tests/Scripts/element-judge.py").path, "manifest.json"])
    var table: [String: [String: (drawn: Int, elements: Int, withRim: Int)]] = [:]
    var failures: [String] = []
    var tolerated: [String] = []
    for line in judge.stdout.split(separator: "\n") {
      let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let name = try XCTUnwrap(object["case"] as? String)
      guard let importer = object["importer"] as? String else {
        if let hidden = object["empty"] as? [String], !hidden.isEmpty {
          print("\(name): hidden, not judged: \(hidden)")
        }
        continue
      }
      let drawn = try XCTUnwrap(object["drawn"] as? Int)
      let elements = try XCTUnwrap(object["elements"] as? Int)
      table[importer, default: [:]][name] = (drawn, elements, object["drawnWithRim"] as? Int ?? -1)
      XCTAssertGreaterThanOrEqual(elements, 3, "\(name): elements were judged")
      for failure in object["failures"] as? [[String: Any]] ?? [] {
        let id = failure["id"] as? String ?? ""
        if let limit = knownTolerances["\(importer) \(id)"], let mean = failure["mean"] as? Double,
          let off = failure["off"] as? Double, mean <= limit.mean, off <= limit.off
        {
          tolerated.append("\(name) via \(importer): \(id), mean \(mean)/255, \(off * 100) % off (within \(limit))")
        } else {
          failures.append("\(name) via \(importer): \(failure)")
        }
      }
    }
    // The table: elements drawn / elements, one row per importer (its profile), one column per case.
    let names = cases.map(\.name)
    var lines = ["importer (profile) | " + names.joined(separator: " | ")]
    for importer in plainImporters + officeImporters {
      let profile = officeImporters.contains(importer) ? "office" : "plain"
      let cells = names.map { name in table[importer]?[name].map { "\($0.drawn)/\($0.elements)" } ?? "-" }
      lines.append("\(importer) (\(profile)) | " + cells.joined(separator: " | "))
      XCTAssertEqual(table[importer]?.count, names.count, "\(importer): every case judged")
    }
    print(lines.joined(separator: "\n"))
    var rims = ["with the whole antialiased rim in the footprint: importer | " + names.joined(separator: " | ")]
    for importer in plainImporters + officeImporters {
      let cells = names.map { name in table[importer]?[name].map { "\($0.withRim)/\($0.elements)" } ?? "-" }
      rims.append("\(importer) | " + cells.joined(separator: " | "))
    }
    print(rims.joined(separator: "\n"))
    print("outside the criterion, within the importer's known tolerance:\n" + tolerated.joined(separator: "\n"))
    print(failures.isEmpty ? "every other element drawn" : failures.joined(separator: "\n"))
    XCTAssertEqual(failures, [], "\(failures.count) elements not drawn as our PNG draws them")
  }
}
