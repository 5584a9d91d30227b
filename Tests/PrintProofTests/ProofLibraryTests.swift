import Foundation
import PrintProof
import TestSupport
import WallpaperExport
import Wallpapers
import XCTest

/// The proof as a library, driven from Swift without the command-line tool: what `Proof`
/// checks when it is made, the files it writes, and its typed errors.
final class ProofLibraryTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = try Processes.temporaryFolder()
    try #"{ "name": "Autumn sample", "device": "iphone-8", "season": { "name": "autumn" } }"#
      .write(toFile: "\(folder)/d.json", atomically: true, encoding: .utf8)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  private func options(_ ids: [String]) throws -> ProofOptions {
    var options = ProofOptions()
    options.devices = try ids.map { try XCTUnwrap(DeviceCatalog.device(id: $0), $0) }
    options.environment = ["SOURCE_DATE_EPOCH": "1700000000"]
    return options
  }

  func testAProofWritesOnePagePerDeviceAndItsSoftProofs() throws {
    var options = try options(["iphone-8", "iphone-16-pro"])
    options.softProofFolder = "\(folder)/soft"
    let proof = try Proof(designFile: "\(folder)/d.json", options: options)
    XCTAssertEqual(proof.designs.map(\.device.id), ["iphone-8", "iphone-16-pro"])
    XCTAssertEqual(proof.info.title, "Autumn sample — print proof")
    XCTAssertEqual(proof.info.author, ProofOptions.defaultAuthor)
    XCTAssertEqual(proof.info.date, Date(timeIntervalSince1970: 1_700_000_000), "SOURCE_DATE_EPOCH dates the proof")
    XCTAssertNotNil(proof.intent, "soft proofs are made under an output intent")
    XCTAssertNil(proof.conformance, "PDF/X only when the design asks for it")

    let files = try proof.write(to: "\(folder)/proof.pdf")
    XCTAssertEqual(
      files.map(\.path),
      ["\(folder)/proof.pdf"]
        + ["1-iphone-8", "2-iphone-16-pro"].flatMap {
          ["\(folder)/soft/\($0)-soft-proof.png", "\(folder)/soft/\($0)-gamut.png"]
        })
    XCTAssertEqual(files.map(\.kind), [.pdf, .softProof, .gamut, .softProof, .gamut])
    for file in files {
      XCTAssertEqual(FileManager.default.contents(atPath: file.path).map { Array($0) }, file.bytes, file.path)
    }
    let info = try Processes.run("pdfinfo", [files[0].path]).stdout
    XCTAssertTrue(info.contains("Pages:           2"), info)
    XCTAssertEqual(try Proof(designFile: "\(folder)/d.json", options: options).render().pdf, files[0].bytes)
  }

  func testBadOptionsAndDesignsAreInvalidInputAndWriteNothing() throws {
    func message(_ options: ProofOptions, file: String = "d.json") -> String? {
      do {
        _ = try Proof(designFile: "\(folder)/\(file)", options: options)
        return nil
      } catch {
        guard case .invalidInput(let message) = error else { return "not invalid input: \(error)" }
        return message
      }
    }
    XCTAssertEqual(message(ProofOptions()), "devices: none given (at least one device)")
    var wide = try options(["iphone-8"])
    wide.settings.bleed = Length(2, .in)
    XCTAssertEqual(message(wide), "bleed: 2 in (144 pt) is not allowed (≥ 0 and ≤ 1 in (72 pt))")
    var nup = try options(["ipad-pro-13-m4"])
    nup.settings.paper = .a4
    nup.settings.arrangement = .nup
    XCTAssertTrue(message(nup)?.hasPrefix("--layout: 'nup' is not allowed (wallpaper 1, 1032 × 1376 pt") == true)
    try #"{ "device": "iphone-8", "colour": "red" }"#.write(
      toFile: "\(folder)/typo.json", atomically: true, encoding: .utf8)
    XCTAssertTrue(
      message(try options(["iphone-8"]), file: "typo.json")?.contains("typo.json:1: colour: unknown field") == true)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["d.json", "typo.json"])
  }
}
