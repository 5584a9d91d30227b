import XCTest

@testable import CairoRendering

/// The per-font cache of glyph outlines, kept in sorted arrays (see `GlyphOutlineCache`).
final class GlyphOutlineCacheTests: XCTestCase {
  func testGlyphOutlineCacheFindsEachGlyphInsertedInAnyOrder() {
    var cache = GlyphOutlineCache()
    let indices: [UInt32] = [42, 7, 65535, 0, 300, 1, 8]
    for index in indices { cache.insert([.move(Float(index), 0)], of: index) }
    cache.insert([.close], of: 42)  // the first outline kept stays
    func startX(_ index: UInt32) -> Float? {
      guard case .move(let x, _)? = cache.outline(of: index)?.first else { return nil }
      return x
    }
    for index in indices { XCTAssertEqual(startX(index), Float(index), "glyph \(index)") }
    for missing: UInt32 in [2, 41, 43, 65534, 70000] { XCTAssertNil(cache.outline(of: missing), "glyph \(missing)") }
  }
}
