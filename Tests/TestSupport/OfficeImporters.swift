import Foundation

/// LibreOffice Draw 7.4 and Scribus 1.5.8, driven headless to import SVG files and print them to
/// PDF, rasterised by poppler at one pixel per px of the SVG: what `ImporterTests` and
/// `ElementJudgeTests` compare with our PNG. One program start for many files.
public enum OfficeImporters {
  /// The page boxes Scribus gave the groups it placed, and the raster of its page.
  public struct ScribusImport {
    /// `[x, y, width, height]` in points of each placed object.
    public let boxes: [[Double]]
    public let raster: String
  }

  /// LibreOffice Draw's rasters of `svgs` (`soffice --convert-to pdf`, then `pdftoppm` at 96 dpi
  /// × `scale`), as `FILE.svg.libreoffice.png` beside each file. Its page is the SVG's px at
  /// 96 dpi and a pixel larger: the drawing sits 0.369 pt (0.49 px) in from the top-left
  /// corner. At scale 1 the raster starts at the page's corner; at a larger scale it starts at
  /// the drawing's nearest whole pixel (1 px in at 2x), so edges register with our PNG's.
  ///
  /// - Parameter folder: the working folder; it holds LibreOffice's profile and the PDFs.
  ///   - rasteriser: `pdftoppm` (poppler's Splash) or `pdftocairo` (poppler through Cairo, whose
  ///     antialiasing is our PNG's: the edges of text and dots then judge the drawing, not two
  ///     rasterisers).
  public static func libreOffice(
    _ svgs: [String], scale: Int = 1, rasteriser: String = "pdftoppm", in folder: String
  ) throws -> [String] {
    let home = ["HOME": folder]
    let convert = try Processes.run(
      "timeout",
      [
        "600", "soffice", "-env:UserInstallation=file://\(folder)/lo-profile", "--headless", "--convert-to", "pdf",
        "--outdir", "\(folder)/lo-pdf",
      ] + svgs, in: folder, environment: home)
    guard convert.status == 0 else { throw TestFailure("soffice: \(convert.stderr)") }
    return try svgs.map { svg in
      let pdf = "\(folder)/lo-pdf/\(URL(fileURLWithPath: svg).deletingPathExtension().lastPathComponent).pdf"
      let raster = svg + ".libreoffice"
      let inset = scale == 1 ? "0" : String(Int((0.49 * Double(scale)).rounded()))
      let result = try Processes.run(
        rasteriser, ["-r", String(96 * scale), "-x", inset, "-y", inset, "-singlefile", "-png", pdf, raster])
      guard result.status == 0 else { throw TestFailure("\(rasteriser) \(pdf): \(result.stderr)") }
      return raster + ".png"
    }
  }

  /// Scribus's imports of `pages` (each SVG placed with `placeSVG` from its script API at the
  /// origin of a page of `width`×`height` points, under xvfb-run; it reads px at 90 dpi, so a
  /// page is the SVG's px × 0.8), each printed to PDF and rasterised at 90 dpi × `scale` as
  /// `FILE.svg.scribus.png`.
  public static func scribus(
    _ pages: [(svg: String, width: Double, height: Double)], scale: Int = 1, rasteriser: String = "pdftoppm",
    in folder: String
  ) throws -> [ScribusImport] {
    let script = """
      import json, os, scribus
      for page in json.load(open(os.environ["PAGES"])):
          scribus.newDocument((page["width"], page["height"]), (0, 0, 0, 0), scribus.PORTRAIT, 1, \
      scribus.UNIT_POINTS, scribus.PAGE_1, 0, 1)
          scribus.placeSVG(page["svg"], 0, 0)
          with open(page["box"], "w") as box:
              for name in scribus.getAllObjects():
                  x, y = scribus.getPosition(name)
                  w, h = scribus.getSize(name)
                  box.write("%.3f %.3f %.3f %.3f\\n" % (x, y, w, h))
          pdf = scribus.PDFfile()
          pdf.file = page["pdf"]
          pdf.save()
          scribus.closeDoc()
      os._exit(0)
      """
    try script.write(toFile: "\(folder)/place.py", atomically: true, encoding: .utf8)
    let list = pages.map { page in
      [
        "svg": page.svg, "width": page.width, "height": page.height, "box": page.svg + ".box",
        "pdf": page.svg + ".scribus.pdf",
      ] as [String: Any]
    }
    try JSONSerialization.data(withJSONObject: list).write(to: URL(fileURLWithPath: "\(folder)/pages.json"))
    let seconds = String(60 + 30 * pages.count)
    let placed = try Processes.run(
      "timeout", [seconds, "xvfb-run", "-a", "scribus", "-g", "-ns", "-py", "place.py"], in: folder,
      environment: ["HOME": folder, "PAGES": "\(folder)/pages.json"])
    guard placed.status == 0 else { throw TestFailure("scribus: \(placed.status) \(placed.stderr)") }
    return try pages.map { page in
      let boxes = try String(contentsOfFile: page.svg + ".box", encoding: .utf8).split(separator: "\n")
        .map { $0.split(separator: " ").compactMap { Double($0) } }
      let raster = page.svg + ".scribus"
      let result = try Processes.run(
        rasteriser, ["-r", String(90 * scale), "-singlefile", "-png", page.svg + ".scribus.pdf", raster])
      guard result.status == 0 else { throw TestFailure("\(rasteriser) \(raster): \(result.stderr)") }
      return ScribusImport(boxes: boxes, raster: raster + ".png")
    }
  }
}
