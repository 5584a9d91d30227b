import Foundation
import XCTest

@testable import CairoRendering

/// `ICCProfileCheck` and `OutputIntent`: a CMYK profile whose header or tag table disagrees
/// with its bytes is refused before it can be embedded in a PDF/X.
final class ICCProfileCheckTests: XCTestCase {
  private let path = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

  private func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

  func testAGoodProfilePassesAndEachMalformedCopyIsRefusedNamingTheFile() throws {
    let good = try XCTUnwrap(FileManager.default.contents(atPath: path).map(Array.init))
    XCTAssertNil(ICCProfileCheck.problem(in: good))
    XCTAssertNoThrow(try OutputIntent(profile: good, source: "good.icc"))

    var size = good
    size.replaceSubrange(0..<4, with: bigEndian(good.count + 100))
    var tag = good
    tag.replaceSubrange(136..<140, with: bigEndian(good.count - 4))
    var table = good
    table.replaceSubrange(128..<132, with: bigEndian(good.count))
    let cases: [(String, [UInt8], String)] = [
      ("size.icc", size, "(truncated)"),
      ("tag.icc", tag, "tag 'desc' (offset 187480, 116 bytes) lies outside"),
      ("junk.icc", good + Array("JUNKJUNK".utf8), "(trailing data)"),
      ("short.icc", Array(good.prefix(100)), "shorter than a header"),
      ("table.icc", table, "a tag table of 187484 tags runs past the end"),
    ]
    for (name, bytes, fragment) in cases {
      XCTAssertThrowsError(try OutputIntent(profile: bytes, source: name), name) { error in
        let text = "\(error)"
        XCTAssertTrue(text.hasPrefix("'\(name)': a malformed ICC profile: "), text)
        XCTAssertTrue(text.contains(fragment), "\(fragment) not in \(text)")
        XCTAssertFalse(text.contains("\n"), text)
      }
    }
  }

  /// The full check refuses none of the real profiles Debian installs (Ghostscript's CMYK,
  /// RGB, grey and Lab profiles, v2 and v4), nor the profiles the renderer makes.
  func testEveryInstalledProfileAndOurOwnPass() throws {
    let folder = "/usr/share/color/icc/ghostscript"
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".icc") }
    XCTAssertGreaterThanOrEqual(names.count, 10)
    for name in names {
      let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/\(name)").map(Array.init))
      XCTAssertNil(ICCProfileCheck.problem(in: bytes), name)
    }
    XCTAssertNil(ICCProfileCheck.problem(in: try ColorProfiles.displayP3()))
    XCTAssertNil(ICCProfileCheck.problem(in: ColorProfiles.sRGB))
  }

  func testTheDefaultIntentSaysCustomAndANamedConditionItsIdentifier() throws {
    let intent = try OutputIntent(named: OutputIntent.defaultName)
    XCTAssertEqual(intent.conditionIdentifier, "Custom")
    XCTAssertTrue(intent.conditionText.hasPrefix("Ghostscript's default_cmyk.icc (Artifex CMYK SWOP Profile)"))
    for (name, identifier) in [
      ("FOGRA39", "FOGRA39"), ("FOGRA51", "FOGRA51"), ("FOGRA52", "FOGRA52"), ("GRACoL2013", "CGATS21_CRPC6"),
      ("CRPC6", "CGATS21_CRPC6"), ("SWOP", "CGATS TR 003"), ("JapanColor2011", "JapanColor2011Coated"),
    ] {
      let condition = try XCTUnwrap(OutputCondition.named(name), name)
      let named = intent.characterising(condition)
      XCTAssertEqual(named.conditionIdentifier, identifier)
      XCTAssertEqual(named.condition?.registryName, "http://www.color.org")
      XCTAssertFalse(named.conditionText.isEmpty)
      XCTAssertEqual(named.profile, intent.profile)
    }
    XCTAssertNil(OutputCondition.named("FOGRA99"))
  }
}
