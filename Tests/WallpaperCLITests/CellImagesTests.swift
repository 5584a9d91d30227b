import Foundation
import TestSupport
import XCTest

/// `--cell-images`: photos in the square grid's cells, in order, repeating, centre-cropped.
final class CellImagesTests: BinaryTestCase {

  /// A 300×200 photo: a 200×200 middle square of `middle` between 50-pixel bands of other
  /// colours, so a centre crop to a square shows only `middle`.
  private func photo(_ middle: [UInt8], named name: String) throws {
    var pixels: [UInt8] = []
    for _ in 0..<200 {
      for x in 0..<300 {
        pixels += x < 50 ? [255, 0, 255, 255] : x >= 250 ? [0, 255, 255, 255] : middle
      }
    }
    try Data(RGBAImage(width: 300, height: 200, pixels: pixels).pngData())
      .write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
  }

  private let colours: [[UInt8]] = [[200, 30, 30, 255], [30, 160, 60, 255], [40, 60, 200, 255]]

  private func cells(_ arguments: [String]) throws -> [[String: Double]] {
    let result = try wallpaper(["cells"] + arguments + ["--json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return try XCTUnwrap(object["cells"] as? [[String: Any]]).map { cell in
      [
        "x": cell["x"] as! Double, "y": cell["y"] as! Double, "width": cell["width"] as! Double,
        "height": cell["height"] as! Double,
      ]
    }
  }

  func testThreePhotosOnFourColumnsRepeatInOrderCentreCropped() throws {
    try FileManager.default.createDirectory(atPath: "\(folder)/photos", withIntermediateDirectories: true)
    // Written out of order; the folder is read by name. A text file beside them is ignored.
    try photo(colours[2], named: "photos/c.png")
    try photo(colours[0], named: "photos/a.png")
    try photo(colours[1], named: "photos/b.png")
    try Data("notes".utf8).write(to: URL(fileURLWithPath: "\(folder)/photos/notes.txt"))
    let grid = ["--device", "iphone-8", "--grid", "square", "--columns", "4", "--spacing", "4"]
    let cells = try cells(grid)
    XCTAssertGreaterThan(cells.count, 20)
    for (images, gutter) in [
      (["--cell-images", "photos"], [255, 255, 255]),
      (["--cell-images", "photos/a.png,photos/b.png,photos/c.png", "--grid-line-color", "#102030"], [16, 32, 48]),
    ] {
      let result = try wallpaper(
        ["render"] + grid + images + ["--alpha", "0", "--no-label", "--scale", "2", "-o", "p.png"])
      XCTAssertEqual(result.status, 0, result.stderr)
      let image = try RGBAImage(pngFile: "\(folder)/p.png")
      for (index, cell) in cells.enumerated() {
        let expected = colours[index % 3]
        let (x, y, w, h) = (cell["x"]! * 2, cell["y"]! * 2, cell["width"]! * 2, cell["height"]! * 2)
        // The centre, and just inside the left and right edges (where a stretched or fitted photo
        // would show its bands or the base).
        var points = [(x + w / 2, y + min(h, w) / 2)]
        if h >= w { points += [(x + 2, y + h / 2), (x + w - 3, y + h / 2)] }
        for (px, py) in points {
          XCTAssertEqual(image[Int(px), Int(py)], expected, "\(images) cell \(index) at \(Int(px)),\(Int(py))")
        }
      }
      // The spacing between the first two cells shows the base colour or the line colour.
      let first = cells[0]
      let between = image[Int((first["x"]! + first["width"]! + 2) * 2), Int((first["y"]! + 20) * 2)]
      XCTAssertEqual(Array(between.prefix(3)), gutter.map(UInt8.init), "\(images)")
    }
  }

  /// In a PDF each photo is one image XObject, drawn once per cell (Cairo pads a copy of the
  /// photo per cell when the pattern extends by padding), and poppler shows each cell's photo.
  func testAPDFEmbedsEachPhotoOnce() throws {
    try FileManager.default.createDirectory(atPath: "\(folder)/photos", withIntermediateDirectories: true)
    for (index, name) in ["a", "b", "c"].enumerated() { try photo(colours[index], named: "photos/\(name).png") }
    let grid = ["--device", "iphone-8", "--grid", "square", "--columns", "4", "--spacing", "4"]
    let cells = try cells(grid)
    let result = try wallpaper(
      ["render"] + grid + ["--cell-images", "photos", "--alpha", "0", "--no-label", "-o", "p.pdf"])
    XCTAssertEqual(result.status, 0, result.stderr)
    // pdfimages -list: one row per placement; column 11 is the image's object number.
    let list = try Processes.run("pdfimages", ["-list", "\(folder)/p.pdf"])
    XCTAssertEqual(list.status, 0, list.stderr)
    let rows = list.stdout.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }
    XCTAssertEqual(rows.count, cells.count, "one placement per cell")
    XCTAssertEqual(Set(rows.map { $0[10] }).count, 3, "one image object per photo:\n\(list.stdout)")
    XCTAssertTrue(rows.allSatisfy { $0[3] == "300" && $0[4] == "200" }, "the photos as they are:\n\(list.stdout)")
    let raster = try Processes.run("pdftoppm", ["-r", "144", "-png", "-singlefile", "\(folder)/p.pdf", "\(folder)/p"])
    XCTAssertEqual(raster.status, 0, raster.stderr)
    let image = try RGBAImage(pngFile: "\(folder)/p.png")
    for (index, cell) in cells.enumerated() {
      let (x, y, w, h) = (cell["x"]! * 2, cell["y"]! * 2, cell["width"]! * 2, cell["height"]! * 2)
      XCTAssertEqual(image[Int(x + w / 2), Int(y + min(h, w) / 2)], colours[index % 3], "cell \(index)")
    }
  }

  /// Every PDF a photo grid makes is valid: Cairo 1.16 listed a photo once per cell in the
  /// page's /XObject dictionary (duplicated keys), which qpdf warns about and the PDF/X post-pass
  /// refused (exit 1). Plain, PDF/X and Display P3 files pass `qpdf --check` with no warning.
  func testEveryPDFOfAPhotoGridPassesQPDFCheck() throws {
    try FileManager.default.createDirectory(atPath: "\(folder)/photos", withIntermediateDirectories: true)
    for (index, name) in ["a", "b"].enumerated() { try photo(colours[index], named: "photos/\(name).png") }
    let grid = ["--device", "iphone-16", "--grid", "square", "--columns", "3", "--cell-images", "photos"]
    for (name, extra) in [("plain", [String]()), ("pdfx", ["--pdfx"]), ("p3", ["--color-space", "display-p3"])] {
      let result = try wallpaper(["render"] + grid + extra + ["-o", "\(name).pdf"])
      XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
      let check = try Processes.run("qpdf", ["--check", "\(folder)/\(name).pdf"])
      XCTAssertEqual(check.status, 0, "\(name): \(check.stdout)\(check.stderr)")
      XCTAssertFalse((check.stdout + check.stderr).contains("WARNING"), "\(name): \(check.stdout)\(check.stderr)")
      let pdf = try bytes("\(name).pdf")
      let text = String(decoding: pdf, as: UTF8.self)
      let dictionaries = text.components(separatedBy: "/XObject <<").dropFirst().map { $0.prefix { $0 != ">" } }
      for dictionary in dictionaries {
        let names = dictionary.split(separator: " ").filter { $0.hasPrefix("/") }
        XCTAssertEqual(names.count, Set(names).count, "\(name): a repeated key in /XObject <<\(dictionary)>>")
      }
    }
  }

  func testAClippedLastRowShowsTheTopOfItsSquare() throws {
    try photo(colours[0], named: "one.png")
    let grid = ["--device", "iphone-8", "--grid", "square", "--columns", "3", "--spacing", "0"]
    let cells = try cells(grid)
    let last = try XCTUnwrap(cells.last)
    XCTAssertLessThan(last["height"]!, last["width"]!, "the last row is cut")
    let result = try wallpaper(
      ["render"] + grid + ["--cell-images", "one.png", "--alpha", "0", "--no-label", "--scale", "1", "-o", "c.png"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let image = try RGBAImage(pngFile: "\(folder)/c.png")
    XCTAssertEqual(image[Int(last["x"]! + 2), Int(last["y"]! + last["height"]! / 2)], colours[0])
  }

  func testBadPhotosAreUsageErrorsAndLeaveTheOutputAlone() throws {
    try FileManager.default.createDirectory(atPath: "\(folder)/empty", withIntermediateDirectories: true)
    try Data("not a picture".utf8).write(to: URL(fileURLWithPath: "\(folder)/fake.png"))
    try photo(colours[0], named: "ok.png")
    try Data("keep".utf8).write(to: URL(fileURLWithPath: "\(folder)/out.png"))
    let square = ["--device", "iphone-8", "--grid", "square", "--columns", "4"]
    for (arguments, prefix) in [
      (
        square + ["--cell-images", "empty"],
        "error: --cell-images: folder 'empty' (no .png, .jpg, .jpeg or .heic file in it)"
      ),
      (square + ["--cell-images", "ok.png,fake.png"], "error: --cell-images/grid.images: '"),
      (square + ["--cell-images", "missing"], "error: --cell-images: 'missing' (no such file or folder)"),
      (
        ["--device", "iphone-8", "--grid", "home", "--cell-images", "ok.png"], "error: --cell-images: applies to square"
      ),
      (["--device", "iphone-8", "--cell-images", "ok.png"], "error: --cell-images: applies to square"),
    ] {
      let result = try wallpaper(["render"] + arguments + ["-o", "out.png"])
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertTrue(result.stderr.hasPrefix(prefix), result.stderr)
      XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
      XCTAssertEqual(FileManager.default.contents(atPath: "\(folder)/out.png"), Data("keep".utf8))
    }
    let fake = try wallpaper(["render"] + square + ["--cell-images", "fake.png", "-o", "out.png"])
    XCTAssertTrue(fake.stderr.contains("fake.png' cannot be used: "), fake.stderr)
    XCTAssertTrue(fake.stderr.contains("not a PNG"), fake.stderr)
  }

  func testADesignFileNamesPhotosRelativeToItself() throws {
    try FileManager.default.createDirectory(atPath: "\(folder)/d/pics", withIntermediateDirectories: true)
    try photo(colours[1], named: "d/pics/p.png")
    let design =
      #"{"device": "iphone-8", "season": {"alpha": 0}, "label": {"visible": false},"#
      + #" "grid": {"kind": "square", "columns": 2, "images": ["pics"]}}"#
    try Data(design.utf8).write(to: URL(fileURLWithPath: "\(folder)/d/photo-grid.json"))
    let result = try wallpaper(["render", "d/photo-grid.json", "--scale", "1", "-o", "f.png"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let image = try RGBAImage(pngFile: "\(folder)/f.png")
    XCTAssertEqual(image[90, 90], colours[1])
  }
}
