import Foundation
import TestSupport
import XCTest

/// The proof's press control strip separated by Ghostscript (`tiffsep`, one 8-bit TIFF per
/// plate): each patch puts exactly its CMYK tints on the four plates, so each solid prints on
/// one plate and each overprint on two.
final class ControlStripTests: XCTestCase {
  private var folder = ""
  private let environment = [
    "WALLPAPER_FONTS": Golden.repositoryRoot().appendingPathComponent("Fonts").path,
    "SOURCE_DATE_EPOCH": "1700000000",
  ]

  override func setUpWithError() throws {
    try InteropTier.require("gs", "qpdf", modules: ["PIL"])
    folder = try Processes.temporaryFolder()
    try #"{ "name": "Autumn sample", "device": "iphone-8", "season": { "name": "autumn" } }"#
      .write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  /// Finds each `c m y k k … x y w h re` patch in the page's content (Cairo's coordinates:
  /// points from the top-left, under one flip) and prints, per patch, its CMYK and the ink each
  /// plate carries at its centre, in percent.
  private let script = #"""
    import re, subprocess, sys
    from PIL import Image
    pdf, stem = sys.argv[1], sys.argv[2]
    qdf = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", pdf, "-"], capture_output=True).stdout
    text = qdf.decode("latin-1")
    patches = re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k [^\n]*?([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re", text)
    plates = {n: Image.open(f"{stem}1({n}).tif") for n in ["Cyan", "Magenta", "Yellow", "Black"]}
    for p in patches:
        c, m, y, k, x, top, w, h = map(float, p)
        cx, cy = int((x + w / 2) * 2), int((top + h / 2) * 2)
        inks = [round((255 - plates[n].getpixel((cx, cy))) * 100 / 255) for n in ["Cyan", "Magenta", "Yellow", "Black"]]
        print(" ".join(str(round(v * 100)) for v in (c, m, y, k)), "|", " ".join(map(str, inks)))
    """#

  private func separations(_ arguments: [String]) throws -> [(expected: [Int], plates: [Int])] {
    let made = try Processes.run(
      Processes.wallpaperBinary, ["proof", "d.json", "-o", "p.pdf"] + arguments, in: folder, environment: environment)
    XCTAssertEqual(made.status, 0, made.stderr)
    let gs = try Processes.run(
      "gs",
      [
        "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiffsep", "-r144", "-sOutputFile=\(folder)/sep%d.tif",
        "\(folder)/p.pdf",
      ])
    XCTAssertEqual(gs.status, 0, gs.stderr)
    let result = try Processes.run(Processes.python, ["-c", script, "\(folder)/p.pdf", "\(folder)/sep"])
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout.split(separator: "\n").map { line in
      let halves = line.split(separator: "|").map { $0.split(separator: " ").compactMap { Int($0) } }
      return (halves[0], halves[1])
    }
  }

  func testEachSolidIsOnExactlyOnePlateAndEveryPatchCarriesItsTints() throws {
    for arguments in [["--pdfx"], []] {
      let patches = try separations(arguments)
      XCTAssertEqual(patches.count, 30, "\(arguments): 4 solids, 3 overprints, 12 tints, 11 greys")
      var solids: Set<[Int]> = []
      for patch in patches {
        for plate in 0..<4 {
          XCTAssertLessThanOrEqual(
            abs(patch.plates[plate] - patch.expected[plate]), 1, "\(arguments) patch \(patch.expected): \(patch.plates)"
          )
        }
        if patch.expected.filter({ $0 == 100 }).count == 1 && patch.expected.filter({ $0 == 0 }).count == 3 {
          solids.insert(patch.expected)
          XCTAssertEqual(
            patch.plates.filter { $0 > 0 }.count, 1, "\(arguments) solid \(patch.expected): \(patch.plates)")
        }
      }
      XCTAssertEqual(solids.count, 4, "\(arguments): the C, M, Y and K solids (K also ends the grey scale)")
    }
  }
}
