import XCTest

@testable import CairoRendering

/// `PDFResourceRepair`: repeated /XObject keys blanked in place, nothing else touched.
final class PDFResourceRepairTests: XCTestCase {
  func testRepeatsAreBlankedWithoutMovingAByte() {
    let before =
      "3 0 obj\n<< /XObject << /x6 6 0 R /x7 7 0 R /x8 8 0 R /x7 7 0 R /x8 8 0 R >>\n/Font << /f-0-0 9 0 R >> >>"
    let after = PDFResourceRepair.removingRepeatedXObjects(Array(before.utf8))
    XCTAssertEqual(after.count, before.utf8.count, "no byte moves, so the xref table stays right")
    let blank = String(repeating: " ", count: "/x7 7 0 R".count)
    XCTAssertEqual(
      String(decoding: after, as: UTF8.self),
      "3 0 obj\n<< /XObject << /x6 6 0 R /x7 7 0 R /x8 8 0 R \(blank) \(blank) >>\n/Font << /f-0-0 9 0 R >> >>")
  }

  func testAFileWithoutRepeatsOrWithOddEntriesIsUnchanged() {
    XCTAssertTrue(PDFResourceRepair.isNeeded, "Debian 12's Cairo 1.16 has the fault")
    for text in [
      "<< /XObject << /x7 7 0 R /x7 8 0 R >> >>",  // the same key for another object: not Cairo's repeat
      "5 0 obj\n<< /Length 40 >>\nstream\n/XObject << /x7 7 0 R /x7 7 0 R >>\nendstream",  // a stream's data
      "<< /XObject << /x6 6 0 R /x7 7 0 R >> >>", "<< /XObject << /x6 << /Inline true >> /x6 6 0 R >> >>",
      "no dictionary at all", "<< /XObject <<",
    ] {
      XCTAssertEqual(PDFResourceRepair.removingRepeatedXObjects(Array(text.utf8)), Array(text.utf8), text)
    }
  }
}
