import CQPDF
import Foundation
import SceneGraph
import XCTest

@testable import CairoRendering

/// The registration-colour rewrite: exactly Cairo's operators for the sentinel, nothing else.
final class RegistrationColorTests: XCTestCase {
  private let fill = "/RegistrationAll cs 1 scn"
  private let stroke = "/RegistrationAll CS 1 SCN"

  private func rewrite(_ text: String) -> [String] {
    let (content, count) = RegistrationColor.rewrite(Array(text.utf8))
    return [String(decoding: content, as: UTF8.self), "\(count)"]
  }

  func testRewritesOnlyWholeSentinelOperators() {
    XCTAssertEqual(rewrite("0.001 0.002 0.003 rg 0 0 m"), ["\(fill) 0 0 m", "1"])
    XCTAssertEqual(rewrite("q\n0.001 0.002 0.003 RG\n1 w"), ["q\n\(stroke)\n1 w", "1"])
    for untouched in [
      "0.001 0.002 0.004 rg",  // another colour
      "0.0010 0.002 0.003 rg",  // another spelling: not what Cairo writes
      "1 0.001 0.002 0.003 rg",  // four operands
      "0.001 0.002 0.003 sc",  // another operator
      "0.001 0.002 0.003 rgb",  // not a whole token
      "0.001 0.002 0.003 0 k",
      "(0.001 0.002 0.003 rg) Tj",  // inside a string
      "(a\\) 0.001 0.002 0.003 rg) Tj",  // an escaped parenthesis keeps the string open
      "% 0.001 0.002 0.003 rg\n",  // a comment
      "BI /W 1 /H 1 ID 0.001 0.002 0.003 rg EI",  // inline image data
      "[0.001 0.002 0.003] rg",
    ] {
      XCTAssertEqual(rewrite(untouched), [untouched, "0"])
    }
  }

  func testEachControlStripColourHasItsOwnSentinelRewrittenToDeviceCMYK() {
    let strip = ProcessColor.controlStrip
    XCTAssertEqual(strip.count, 30)
    let distinct = Set(strip)
    XCTAssertEqual(Set(distinct.map(\.sentinel)).count, distinct.count, "one sentinel per colour")
    XCTAssertFalse(distinct.map(\.sentinel).contains(RegistrationColor.sentinel))
    XCTAssertEqual(rewrite("0 0 0.001 rg 0.001 0.003 0 RG"), ["1 0 0 0 k 0 0 0 0.7 K", "2"])
    XCTAssertEqual(ProcessColor(cyan: 1).sentinelOperands, ["0", "0", "0.001"])
    XCTAssertEqual(ProcessColor(black: 0.7).sentinelOperands, ["0.001", "0.003", "0"], "code 28: 27 is registration")
  }

  /// A real Cairo page: marks in the sentinel become the separation, every other byte of the
  /// content stays as Cairo wrote it, and the separation is in the page's resources.
  func testCairoPageKeepsEveryOtherOperator() throws {
    let sentinel = RegistrationColor.sentinel
    let nearMiss = try Color(red: 0.001, green: 0.002, blue: 0.004)
    let scene = try Scene(
      size: Size(width: 100, height: 100),
      nodes: [
        .shape(ShapeNode(.rectangle(try Rect(x: 0, y: 0, width: 50, height: 50)), fill: .solid(sentinel))),
        .shape(ShapeNode(.rectangle(try Rect(x: 50, y: 0, width: 50, height: 50)), fill: .solid(nearMiss))),
        .shape(
          ShapeNode(
            .rectangle(try Rect(x: 0, y: 50, width: 50, height: 50)), stroke: try Stroke(.solid(sentinel), width: 1))),
        .shape(ShapeNode(.rectangle(try Rect(x: 50, y: 50, width: 50, height: 50)), fill: .solid(.black))),
      ])
    let pdf = try Renderer().renderPDF(pages: [PDFPage(scene: scene)], options: PDFOptions())
    try pdf.withUnsafeBufferPointer { buffer in
      let session = try QPDFSession()
      try session.read(buffer)
      let page = session.api.qpdf_get_page_n(session.handle, 0)
      let contents = try session.key(page, "/Contents")
      let before = String(decoding: try session.streamData(contents), as: UTF8.self)
      XCTAssertTrue(before.contains("0.001 0.002 0.003 rg"), "Cairo spells the sentinel so: \(before)")
      XCTAssertEqual(try session.applyRegistrationColor(), 2)
      let after = String(decoding: try session.streamData(contents), as: UTF8.self)
      XCTAssertEqual(
        after.replacingOccurrences(of: fill, with: "0.001 0.002 0.003 rg")
          .replacingOccurrences(of: stroke, with: "0.001 0.002 0.003 RG"), before)
      XCTAssertTrue(after.contains("0.001 0.002 0.004 rg"), after)
      let spaces = try session.key(try session.key(page, "/Resources"), "/ColorSpace")
      XCTAssertEqual(session.keys(of: spaces), [RegistrationColor.resourceName])
    }
  }
}
