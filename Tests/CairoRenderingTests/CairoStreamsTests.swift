import CCairoStreams
import FilePaths
import XCTest

/// The number formatting and deflate streams the release build's static Cairo calls instead of
/// glibc's and zlib's (Sources/CCairoStreams): the same text as glibc's printf, and streams that
/// zlib's own inflate decodes to the bytes that went in.
final class CairoStreamsTests: XCTestCase {
  private func fixed(_ value: Double, _ precision: Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: 64)
    let length = wp_format_fixed(&buffer, buffer.count, precision, value)
    guard length >= 0 else { return nil }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private func glibc(_ value: Double, _ precision: Int32) -> String { String(cFormat: "%.*f", precision, value) }

  func testFixedNumbersMatchGlibcExactly() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [
      0, -0.0, 1, -1, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1e-7, -1e-9, 0.1, 0.05, 0.0005, 123.4565,
      1_234_567.8905, 4_503_599_627_370_495.5, 9_007_199_254_740_994, 1.8e19, .leastNonzeroMagnitude,
      .leastNormalMagnitude, 0.9999999, 99.9999995, 2.675, 1.005,
    ]
    // Values whose binary expansion ends exactly on a rounding tie at some precision.
    for numerator in stride(from: 1, to: 4096, by: 37) { values.append(Double(numerator) / 1024) }
    for _ in 0..<3000 {
      let magnitude = Double.random(in: -30...19, using: &generator)
      values.append(
        Double(sign: Bool.random(using: &generator) ? .minus : .plus, exponent: 0, significand: 1)
          * Double.random(in: 1..<10, using: &generator) * pow(10, magnitude.rounded(.down)))
      values.append(
        Double(bitPattern: UInt64.random(in: 0x3000_0000_0000_0000...0x43E0_0000_0000_0000, using: &generator)))
    }
    var checked = 0
    for value in values {
      for precision: Int32 in [0, 1, 2, 3, 6, 9, 12, 17, 18] {
        guard let ours = fixed(value, precision) else {
          XCTAssertGreaterThanOrEqual(abs(value), 0x1p64, "refused \(value) at \(precision)")
          continue
        }
        XCTAssertEqual(ours, glibc(value, precision), "\(value) (\(value.bitPattern)) at precision \(precision)")
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 50_000)
  }

  func testFixedRefusesWhatItDoesNotFormat() {
    XCTAssertNil(fixed(.nan, 6))
    XCTAssertNil(fixed(.infinity, 6))
    XCTAssertNil(fixed(0x1p64, 6))
    XCTAssertNil(fixed(1, 19))
    XCTAssertNil(fixed(1, -1))
  }

  func testFixedTruncatesLikeSnprintf() {
    var buffer = [CChar](repeating: 0x7F, count: 4)
    XCTAssertEqual(wp_format_fixed(&buffer, 4, 6, -12.5), 10)
    XCTAssertEqual(buffer.map { UInt8(bitPattern: $0) }, Array("-12".utf8) + [0])
    XCTAssertEqual(wp_format_fixed(nil, 0, 6, 3), 8)
  }

  func testFormatsOtherThanFixedGoToGlibc() {
    func text(_ buffer: [CChar], _ length: Int32) -> String {
      String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    func ours(_ format: String, _ arguments: [any CVarArg]) -> String {
      var buffer = [CChar](repeating: 0, count: 64)
      let length = withVaList(arguments) { wp_cairo_vsnprintf_chk(&buffer, buffer.count, 1, buffer.count, format, $0) }
      return text(buffer, length)
    }
    func glibc(_ format: String, _ arguments: [any CVarArg]) -> String {
      var buffer = [CChar](repeating: 0, count: 64)
      let length = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
      return text(buffer, length)
    }
    let cases: [(String, [any CVarArg])] = [
      ("%f", [3.14159265]), ("%.*f", [Int32(3), 2.0005]), ("%.*f", [Int32(-1), 0.25]), ("%.18f", [0.07]),
      ("%.3f", [-0.0004]), ("%d", [Int32(-2_147_483_648)]), ("%d", [Int32(0)]), ("%d", [Int32(42)]),
      ("%010ld 00000 n", [123]), ("%02x", [Int32(10)]), ("%f", [Double.infinity]), ("%.*f", [Int32(30), 0.1]),
      ("x%f", [1.0]), ("%g", [0.1]),
    ]
    for (format, arguments) in cases {
      XCTAssertEqual(ours(format, arguments), glibc(format, arguments), format)
    }
  }

  /// Drives the stream as cairo-deflate-stream.c does: 16 KiB of input at a time with
  /// Z_NO_FLUSH, then Z_FINISH until Z_STREAM_END, draining a 16 KiB output buffer.
  private func deflateLikeCairo(_ input: [UInt8]) throws -> [UInt8] {
    var stream = z_stream()
    XCTAssertEqual(
      wp_cairo_deflateInit_(&stream, Z_DEFAULT_COMPRESSION, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)), Z_OK)
    defer { XCTAssertEqual(wp_cairo_deflateEnd(&stream), Z_OK) }
    var output: [UInt8] = []
    var outputBuffer = [UInt8](repeating: 0, count: 16384)
    func run(_ chunk: ArraySlice<UInt8>, finish: Bool) {
      var chunk = Array(chunk)
      chunk.withUnsafeMutableBufferPointer { input in
        outputBuffer.withUnsafeMutableBufferPointer { out in
          stream.next_in = input.baseAddress
          stream.avail_in = UInt32(input.count)
          var finished = false
          repeat {
            if stream.next_out == nil || stream.avail_out == 0 {
              stream.next_out = out.baseAddress
              stream.avail_out = UInt32(out.count)
            }
            let status = wp_cairo_deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
            XCTAssertTrue(status == Z_OK || status == Z_STREAM_END, "status \(status)")
            if finish || stream.avail_out == 0 {
              output.append(contentsOf: out[0..<(out.count - Int(stream.avail_out))])
              stream.next_out = out.baseAddress
              stream.avail_out = UInt32(out.count)
            }
            finished = stream.avail_in == 0 && (!finish || status == Z_STREAM_END)
          } while !finished
        }
      }
    }
    var offset = 0
    while offset < input.count {
      let end = min(offset + 16384, input.count)
      run(input[offset..<end], finish: false)
      offset = end
    }
    run([], finish: true)
    return output
  }

  private func inflate(_ compressed: [UInt8], expected: Int) -> [UInt8] {
    var destination = [UInt8](repeating: 0, count: max(expected, 1))
    var length = uLongf(destination.count)
    let status = uncompress(&destination, &length, compressed, uLong(compressed.count))
    XCTAssertEqual(status, Z_OK)
    return Array(destination.prefix(Int(length)))
  }

  func testDeflateStreamsDecodeWithZlib() throws {
    var generator = SystemRandomNumberGenerator()
    // Content-stream-like text, incompressible bytes, and one stream past the gathering limit
    // (it goes on through zlib).
    let text = Array((0..<40_000).map { "\($0 % 97).\($0 % 13) \($0 % 89) l\n" }.joined().utf8)
    let noise = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let large = (0..<(Int(WP_CAIRO_BUFFERED_BYTES) + 100_000)).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) }
    for input in [[], [42], text, noise, large] {
      let compressed = try deflateLikeCairo(input)
      XCTAssertEqual(inflate(compressed, expected: input.count), input, "\(input.count) bytes")
      if input.count > 1000, input != noise { XCTAssertLessThan(compressed.count, input.count / 2) }
    }
  }

  func testDeflateStreamsAreDeterministic() throws {
    let text = Array((0..<5000).map { "q 1 0 0 1 \($0) 0 cm Q\n" }.joined().utf8)
    XCTAssertEqual(try deflateLikeCairo(text), try deflateLikeCairo(text))
  }

  func testDeflateRefusesFlushModesCairoNeverUses() {
    var stream = z_stream()
    XCTAssertEqual(wp_cairo_deflateInit_(&stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)), Z_OK)
    XCTAssertEqual(wp_cairo_deflate(&stream, Z_SYNC_FLUSH), Z_STREAM_ERROR)
    XCTAssertEqual(wp_cairo_deflateEnd(&stream), Z_OK)
    XCTAssertEqual(wp_cairo_deflateInit_(&stream, 6, ZLIB_VERSION, 3), Z_VERSION_ERROR)
  }
}
