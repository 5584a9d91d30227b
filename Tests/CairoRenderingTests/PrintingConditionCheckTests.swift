import CLCMS2
import Foundation
import TestSupport
import XCTest

@testable import CairoRendering

/// `PrintingConditionCheck`: a profile matches a registered condition when its paper white,
/// solids and overprints are within ΔE00 1.5 of the condition's characterisation aims.
final class PrintingConditionCheckTests: XCTestCase {
  private let ghostscriptSWOP = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

  private func bytes(_ path: String) throws -> [UInt8] {
    try XCTUnwrap(FileManager.default.contents(atPath: path).map(Array.init), path)
  }

  private func condition(_ name: String) throws -> OutputCondition { try XCTUnwrap(OutputCondition.named(name), name) }

  private var checked: [OutputCondition] { OutputCondition.registered.filter { $0.aims != nil } }

  private func comparison(_ path: String, _ condition: OutputCondition) throws -> ConditionComparison {
    try XCTUnwrap(PrintingConditionCheck.compare(try bytes(path), source: path, with: condition))
  }

  /// Ghostscript's default_cmyk.icc (Artifex's SWOP profile, paper L* 88.7, b* +3.6) was made
  /// for none of the conditions: FOGRA39's paper (L* 95, b* −2) is ΔE00 6.64 away.
  func testGhostscriptsSWOPProfileIsRefusedForEveryCheckedCondition() throws {
    let fogra39 = try comparison(ghostscriptSWOP, condition("FOGRA39"))
    XCTAssertFalse(fogra39.matches)
    XCTAssertEqual(fogra39.worst.patch.name, "paper white")
    XCTAssertEqual(fogra39.worst.deltaE00, 6.64, accuracy: 0.01)
    XCTAssertEqual(fogra39.worst.profileLab[0], 88.7, accuracy: 0.1)
    XCTAssertEqual(fogra39.differences.map(\.patch.name), CharacterisationAims.patchNames.map(\.name))
    XCTAssertEqual(checked.count, 5)
    for condition in checked {
      let result = try comparison(ghostscriptSWOP, condition)
      XCTAssertGreaterThan(result.worst.deltaE00, 4, condition.identifier)
      XCTAssertFalse(result.matches, condition.identifier)
    }
  }

  /// A profile built with ArgyllCMS from Fogra's own FOGRA39L measurements (1,617 patches)
  /// matches FOGRA39 on all eight patches, and no other condition.
  func testAProfileMadeFromTheFogra39DataMatchesFogra39Only() throws {
    let path = try PressProfiles.profile(.fogra39)
    let fogra39 = try comparison(path, condition("FOGRA39"))
    XCTAssertTrue(fogra39.matches, "\(fogra39.worst.patch.name): \(fogra39.worst.deltaE00)")
    XCTAssertLessThan(fogra39.worst.deltaE00, 0.75)
    for condition in checked where condition.identifier != "FOGRA39" {
      XCTAssertFalse(try comparison(path, condition).matches, condition.identifier)
    }
    // The nearest other condition, GRACoL 2013, differs in the paper's b* (−2 against −4).
    let crpc6 = try comparison(path, condition("GRACoL2013"))
    XCTAssertEqual(crpc6.worst.patch.name, "paper white")
    XCTAssertGreaterThan(crpc6.worst.deltaE00, 2)
  }

  /// A profile built from the CGATS TR 003 data set matches SWOP, and is refused as FOGRA39.
  func testAProfileMadeFromTheTR003DataMatchesSWOPOnly() throws {
    let path = try PressProfiles.profile(.cgatsTR003)
    let swop = try comparison(path, condition("SWOP"))
    XCTAssertTrue(swop.matches, "\(swop.worst.patch.name): \(swop.worst.deltaE00)")
    for condition in checked where condition.identifier != "CGATS TR 003" {
      XCTAssertFalse(try comparison(path, condition).matches, condition.identifier)
    }
  }

  /// Every two checked conditions differ by more than the tolerance on some patch, so that the
  /// check can tell each from the others: the closest pair, GRACoL 2013 and FOGRA51, by 1.72.
  func testTheToleranceTellsEveryTwoCheckedConditionsApart() throws {
    let cms = try LittleCMS.functions { TestFailure($0) }
    var closest = (pair: "", deltaE: Double.infinity)
    for (i, first) in checked.enumerated() {
      for second in checked[(i + 1)...] {
        let worst = zip(first.aims!.patches, second.aims!.patches).map { a, b in
          var x = cmsCIELab(L: a.lab[0], a: a.lab[1], b: a.lab[2])
          var y = cmsCIELab(L: b.lab[0], a: b.lab[1], b: b.lab[2])
          return cms.cmsCIE2000DeltaE(&x, &y, 1, 1, 1)
        }.max()!
        XCTAssertGreaterThan(worst, PrintingConditionCheck.tolerance, "\(first.identifier) / \(second.identifier)")
        if worst < closest.deltaE { closest = ("\(first.identifier) / \(second.identifier)", worst) }
      }
    }
    XCTAssertEqual(closest.pair, "FOGRA51 / CGATS21_CRPC6")
    XCTAssertEqual(closest.deltaE, 1.72, accuracy: 0.01)
  }

  /// The registry's own profiles (ECI's and IDEAlliance's, in Debian's non-free `icc-profiles`,
  /// which the project does not install): each matches its condition and no other. Runs where
  /// they are installed, or in the folder `WALLPAPER_TEST_REGISTRY_PROFILES` names.
  func testTheRegistrysOwnProfilesMatchTheirConditionsOnly() throws {
    let folder = ProcessInfo.processInfo.environment["WALLPAPER_TEST_REGISTRY_PROFILES"] ?? "/usr/share/color/icc"
    let profiles = [
      ("ISOcoated_v2_eci.icc", "FOGRA39"), ("PSOcoated_v3.icc", "FOGRA51"), ("PSOuncoated_v3_FOGRA52.icc", "FOGRA52"),
      ("GRACoL2013_CRPC6.icc", "CGATS21_CRPC6"), ("SWOP2006_Coated3v2.icc", "CGATS TR 003"),
    ]
    let present = profiles.filter { FileManager.default.fileExists(atPath: "\(folder)/\($0.0)") }
    guard !present.isEmpty else {
      throw XCTSkip("Debian's non-free icc-profiles is not installed (set WALLPAPER_TEST_REGISTRY_PROFILES)")
    }
    for (file, identifier) in present {
      for condition in checked {
        let result = try comparison("\(folder)/\(file)", condition)
        XCTAssertEqual(result.matches, condition.identifier == identifier, "\(file) as \(condition.identifier)")
        if condition.identifier == identifier { XCTAssertLessThan(result.worst.deltaE00, 0.3, file) }
      }
    }
  }

  /// Japan Color 2011 has no aims built in: its profile is not compared, and a note says so.
  func testAConditionWithoutAimsIsUncheckedAndSaysSo() throws {
    let japan = try condition("JapanColor2011")
    XCTAssertNil(try PrintingConditionCheck.compare(try bytes(ghostscriptSWOP), source: "x", with: japan))
    let intent = try OutputIntent(named: OutputIntent.defaultName)
    XCTAssertNil(PrintingConditionCheck.uncheckedNote(for: intent))
    XCTAssertNil(PrintingConditionCheck.uncheckedNote(for: intent.characterising(try condition("FOGRA39"))))
    let note = try XCTUnwrap(PrintingConditionCheck.uncheckedNote(for: intent.characterising(japan)))
    XCTAssertTrue(
      note.hasPrefix("note: --output-condition: 'default_cmyk' is taken as made for JapanColor2011Coated unchecked"),
      note)
  }
}
