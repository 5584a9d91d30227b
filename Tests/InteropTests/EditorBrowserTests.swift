import Foundation
import TestSupport
import XCTest

/// `wallpaper editor`: the page driven in headless Chromium (DevTools protocol) and Firefox
/// (WebDriver BiDi) from `file://` with the network blocked, and what it emits rendered by the
/// built binary. The interop tier: `make check`.
final class EditorBrowserTests: BinaryTestCase {

  /// Taps cells 0 and 5, a July date, the slider to 0.3 and the name off in Chromium (DevTools
  /// protocol); the JSON and the command line it emits render to the same bytes, with the colour
  /// exactly in those cells, summer's art, and the page's wallpaper matching the render.
  func testChromiumDrivesThePageAndItsOutputRendersWhatItShows() throws {
    try InteropTier.require("chromium")
    // Chromium antialiases the label's glyph edges differently from Cairo (measured: mean 0.16/255
    // without the label, 0.78/255 with it, the label's colour exact).
    try driveThePageAndRenderWhatItEmits(browser: "chromium", meanDelta: (0.4, 1.0))
  }

  /// The same scenario in Firefox ESR over WebDriver BiDi (Tests/Scripts/bidi.py): real pointer
  /// and key input, the network blocked by a BiDi intercept and a dead proxy.
  func testFirefoxDrivesThePageAndItsOutputRendersWhatItShows() throws {
    try InteropTier.require("firefox", modules: ["websocket"])
    // Firefox's software compositor rounds the art layer's group opacity (0.3) about one level
    // darker than Cairo on most pixels (measured: mean 0.78/255 with and without the label, no
    // pixel off by more than 24; 0.21 at opacity 1).
    try driveThePageAndRenderWhatItEmits(browser: "firefox", meanDelta: (1.0, 1.2))
  }

  /// The drivers' own checks can fail: a page that asks for an http URL and logs an error is
  /// reported with that request (blocked) and that error, in both browsers.
  func testTheDriversReportRequestsAndConsoleErrors() throws {
    let control = """
      <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>control</title></head><body>
      <textarea id="design">{}</textarea><code id="command"></code>
      <img src="http://127.0.0.1:39999/blocked.png" alt="">
      <script>console.error("control error");</script></body></html>
      """
    try Data(control.utf8).write(to: URL(fileURLWithPath: "\(folder)/control.html"))
    let script = Golden.repositoryRoot().appendingPathComponent("Tests/Scripts/drive-editor.py").path
    try InteropTier.require("chromium", "firefox", modules: ["websocket"])
    for browser in ["chromium", "firefox"] {
      let run = try Processes.run(
        Processes.python, [script, "--browser", browser, "\(folder)/control.html", "--read"], in: folder)
      XCTAssertEqual(run.status, 0, run.stderr)
      let page = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
      XCTAssertEqual(page["browser"] as? String, browser)
      let requests = try XCTUnwrap(page["requests"] as? [String])
      XCTAssertTrue(requests.contains("http://127.0.0.1:39999/blocked.png"), "\(browser): \(requests)")
      let errors = try XCTUnwrap(page["errors"] as? [String])
      XCTAssertTrue(errors.contains { $0.contains("control error") }, "\(browser): \(errors)")
      XCTAssertTrue(errors.contains { $0.hasPrefix("load failed") }, "\(browser): the blocked image: \(errors)")
    }
  }

  /// The scenario of drive-editor.py in `browser`, and what the page emitted rendered by the
  /// binary. `meanDelta`: the largest mean channel difference (of 255) between the page's
  /// screenshot at 1 CSS pixel per point and the 1x render, without and with the label.
  private func driveThePageAndRenderWhatItEmits(browser: String, meanDelta: (Double, Double)) throws {
    let editor = try wallpaper(["editor", "--device", "iphone-8", "--season", "autumn", "-o", "editor.html"])
    XCTAssertEqual(editor.status, 0, editor.stderr)
    let script = Golden.repositoryRoot().appendingPathComponent("Tests/Scripts/drive-editor.py").path
    let run = try Processes.run(
      Processes.python, [script, "--browser", browser, "\(folder)/editor.html", "#2A9D5C", "\(folder)/page.png"],
      in: folder)
    XCTAssertEqual(run.status, 0, run.stderr)
    let page = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    XCTAssertEqual(page["browser"] as? String, browser)
    print("editor page driven in \(browser) \(page["version"] as? String ?? "?")")

    // Offline: nothing but the page itself and data: URLs was requested, no error was logged.
    // (Chromium reports the page's own file:// load; Firefox's BiDi reports no file:// loads.)
    XCTAssertEqual(page["errors"] as? [String], [])
    let requests = try XCTUnwrap(page["requests"] as? [String])
    let pageURL = "file://\(folder)/editor.html"
    XCTAssertEqual(requests.filter { $0 != pageURL && !$0.hasPrefix("data:") }, [])
    XCTAssertLessThanOrEqual(requests.filter { $0 == pageURL }.count, 1)
    if browser == "chromium" { XCTAssertEqual(requests.first, pageURL) }

    // The cells, the taps, the keyboard.
    XCTAssertEqual(page["cellsInDOM"] as? Int, 28)
    XCTAssertEqual(page["afterTaps"] as? [String], ["0,5=#2A9D5C"])
    XCTAssertEqual(page["afterKeyboardTap"] as? [String], ["0,2,5=#2A9D5C"])
    XCTAssertEqual(page["afterUndo"] as? [String], ["0,5=#2A9D5C"])
    let reached = Set(try XCTUnwrap(page["tabOrder"] as? [String?]).compactMap { $0 })
    for control in [
      "season", "date", "hemisphere", "show-label", "alpha", "colour", "swatch", "undo", "numbers", "actual-size",
      "design", "download", "copy-json", "copy-command",
    ] + (0..<28).map({ "cell \($0)" }) {
      XCTAssertTrue(reached.contains(control), "Tab reaches \(control): \(reached.sorted())")
    }
    XCTAssertEqual(page["seasonShownAfterDate"] as? String, "summer")
    XCTAssertEqual(page["seasonCheckedAfterDate"] as? String, "summer")
    XCTAssertEqual(page["seasonShownSouth"] as? String, "winter", "July in the south")
    XCTAssertEqual(page["artOpacity"] as? String, "0.3")
    XCTAssertEqual(page["labelShown"] as? Bool, false)
    XCTAssertEqual(page["copyStatus"] as? [String], ["Copied.", "Copied."], "the copy buttons")

    // What the page emitted.
    let json = try XCTUnwrap(page["design"] as? String)
    let design = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let season = try XCTUnwrap(design["season"] as? [String: Any])
    XCTAssertEqual(season["date"] as? String, "2026-07-15")
    XCTAssertEqual(season["alpha"] as? Double, 0.3)
    XCTAssertNil(season["name"])
    XCTAssertEqual((design["label"] as? [String: Any])?["visible"] as? Bool, false)
    XCTAssertEqual((design["grid"] as? [String: Any])?["fill"] as? [String], ["0,5=#2A9D5C"])
    let download = try XCTUnwrap(page["download"] as? [String])
    XCTAssertEqual(
      download[0],
      "data:application/json;charset=utf-8," + json.addingPercentEncoding(
        withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.!~*'()")))!)
    XCTAssertEqual(download[1], "wallpaper.json")

    // The JSON and the command line give the same bytes.
    try Data(json.utf8).write(to: URL(fileURLWithPath: "\(folder)/design.json"))
    let fromJSON = try wallpaper(["render", "design.json", "-o", "from-json.png"])
    XCTAssertEqual(fromJSON.status, 0, fromJSON.stderr)
    let command = try XCTUnwrap(page["command"] as? String)
    XCTAssertTrue(command.hasPrefix("wallpaper render "), command)
    XCTAssertTrue(command.hasSuffix(" -o wallpaper.png"), command)
    let shell = try Processes.run(
      "/bin/sh", ["-c", "\"$WALLPAPER\"" + command.dropFirst("wallpaper".count)], in: folder,
      environment: ["WALLPAPER": Processes.wallpaperBinary])
    XCTAssertEqual(shell.status, 0, shell.stderr)
    XCTAssertEqual(try bytes("from-json.png"), try bytes("wallpaper.png"), "JSON and command render alike")

    // July is summer: the same render as naming summer.
    let named = json.replacingOccurrences(
      of: "\"date\": \"2026-07-15\",\n    \"hemisphere\": \"north\"", with: "\"name\": \"summer\"")
    XCTAssertNotEqual(named, json)
    try Data(named.utf8).write(to: URL(fileURLWithPath: "\(folder)/named.json"))
    XCTAssertEqual(try wallpaper(["render", "named.json", "-o", "named.png"]).status, 0)
    XCTAssertEqual(try bytes("named.png"), try bytes("from-json.png"))

    // The colour is in cells 0 and 5 and in no other cell (iPhone 8 renders at 2x).
    let image = try RGBAImage(png: Array(try bytes("from-json.png")))
    let frames = try XCTUnwrap(page["frames"] as? [[Double]])
    XCTAssertEqual(frames.count, 28)
    for frame in frames {
      let (index, x, y, width, height) = (Int(frame[0]), frame[1] * 2, frame[2] * 2, frame[3] * 2, frame[4] * 2)
      var matching = 0
      var total = 0
      for py in Int(y.rounded()) + 1..<Int((y + height).rounded()) - 1 {
        for px in Int(x.rounded()) + 1..<Int((x + width).rounded()) - 1 {
          let p = image[px, py]
          total += 1
          if p[0] == 0x2A && p[1] == 0x9D && p[2] == 0x5C && p[3] == 255 { matching += 1 }
        }
      }
      let share = Double(matching) / Double(total)
      if index == 0 || index == 5 {
        XCTAssertEqual(share, 1, "cell \(index) is filled")
      } else {
        XCTAssertLessThan(share, 0.001, "cell \(index) is not")
      }
    }

    // The page showed those wallpapers, with the label and without: its screenshots at 1 CSS
    // pixel per point against 1x renders of what it emitted at the time.
    try Data(try XCTUnwrap(page["designWithLabel"] as? String).utf8)
      .write(to: URL(fileURLWithPath: "\(folder)/with-label.json"))
    for (json, shot, limit) in [
      ("design.json", "page.png", meanDelta.0), ("with-label.json", "page-label.png", meanDelta.1),
    ] {
      XCTAssertEqual(try wallpaper(["render", json, "--scale", "1", "-o", "one.png"]).status, 0)
      let shown = try RGBAImage(png: Array(try bytes(shot)))
      let rendered = try RGBAImage(png: Array(try bytes("one.png")))
      XCTAssertEqual([shown.width, shown.height], [rendered.width, rendered.height])
      let difference = ImageDifference(rendered, shown, threshold: 24)
      XCTAssertLessThan(difference.meanChannelDelta, limit, "\(shot): \(difference)")
      XCTAssertLessThan(difference.fractionOverThreshold, 0.002, "\(shot): \(difference)")
      print("editor page \(shot) in \(browser) against the 1x render: \(difference)")
    }
  }

  /// A design file naming a photo, cell photos and a font relative to itself: the JSON and the
  /// command the page emits as it opens render, from another folder, the bytes the design does.
  func testEmittedDesignRendersFromAnywhereLikeTheDesignFile() throws {
    try InteropTier.require("chromium", "firefox", modules: ["websocket"])
    let fm = FileManager.default
    try fm.createDirectory(atPath: "\(folder)/d/pics", withIntermediateDirectories: true)
    try fm.createDirectory(atPath: "\(folder)/elsewhere", withIntermediateDirectories: true)
    let samples = Golden.repositoryRoot().appendingPathComponent("Samples/previews")
    for (index, name) in ["spring", "summer", "winter"].enumerated() {
      try fm.copyItem(
        atPath: samples.appendingPathComponent("\(name).png").path, toPath: "\(folder)/d/pics/\(index).png")
    }
    try fm.copyItem(
      atPath: Golden.repositoryRoot().appendingPathComponent("Fonts/Quicksand-Bold.ttf").path,
      toPath: "\(folder)/d/label.ttf")
    let design = """
      {"name": "photos", "device": "iphone-se-3", "season": {"name": "spring", "alpha": 0.4, "artSeed": 7},
       "background": {"color": "#F0E0D0", "image": {"path": "pics/1.png", "opacity": 0.5}},
       "label": {"text": "Hello", "font": "label.ttf", "position": "top"},
       "grid": {"kind": "square", "columns": 3, "spacing": 4, "images": ["pics"], "fill": ["4=#FF000080"]}}
      """
    try Data(design.utf8).write(to: URL(fileURLWithPath: "\(folder)/d/photos.json"))
    XCTAssertEqual(try wallpaper(["render", "d/photos.json", "-o", "original.png"]).status, 0)
    let editor = try wallpaper(["editor", "d/photos.json", "-o", "e.html"])
    XCTAssertEqual(editor.status, 0, editor.stderr)
    let script = Golden.repositoryRoot().appendingPathComponent("Tests/Scripts/drive-editor.py").path
    let run = try Processes.run(Processes.python, [script, "\(folder)/e.html", "--read"], in: folder)
    XCTAssertEqual(run.status, 0, run.stderr)
    let page = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    XCTAssertEqual(page["errors"] as? [String], [])
    let json = try XCTUnwrap(page["design"] as? String)
    // Firefox opens the page with its photos without an error and emits the same design and command.
    let firefox = try Processes.run(
      Processes.python, [script, "--browser", "firefox", "\(folder)/e.html", "--read"], in: folder)
    XCTAssertEqual(firefox.status, 0, firefox.stderr)
    let inFirefox = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(firefox.stdout.utf8)) as? [String: Any], firefox.stdout)
    XCTAssertEqual(inFirefox["errors"] as? [String], [])
    let firefoxRequests = try XCTUnwrap(inFirefox["requests"] as? [String])
    XCTAssertEqual(firefoxRequests.filter { !$0.hasPrefix("data:") }.map { $0.prefix(80) }, [])
    XCTAssertEqual(inFirefox["design"] as? String, json)
    XCTAssertEqual(inFirefox["command"] as? String, page["command"] as? String)
    try Data(json.utf8).write(to: URL(fileURLWithPath: "\(folder)/elsewhere/emitted.json"))
    let fromJSON = try Processes.run(
      Processes.wallpaperBinary, ["render", "emitted.json", "-o", "from-json.png"], in: "\(folder)/elsewhere")
    XCTAssertEqual(fromJSON.status, 0, fromJSON.stderr)
    let command = try XCTUnwrap(page["command"] as? String)
    XCTAssertTrue(command.contains("--cell-images "), command)
    XCTAssertTrue(command.hasSuffix(" -o photos.png"), command)
    let shell = try Processes.run(
      "/bin/sh", ["-c", "\"$WALLPAPER\"" + command.dropFirst("wallpaper".count)], in: "\(folder)/elsewhere",
      environment: ["WALLPAPER": Processes.wallpaperBinary])
    XCTAssertEqual(shell.status, 0, shell.stderr)
    let original = try bytes("original.png")
    XCTAssertEqual(try bytes("elsewhere/from-json.png"), original)
    XCTAssertEqual(try bytes("elsewhere/photos.png"), original)
  }
}
