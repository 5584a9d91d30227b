/// The largest input image the renderer decodes. A PNG's, JPEG's or HEIC's pixel size is read from its header
/// and checked before any pixel is decoded, so a small file that claims a huge image is
/// refused instead of taking gigabytes.
public enum ImageLimits {
  /// The most pixels along either side of an input image.
  public static let maxPixelsPerSide = 16_000
  /// The most pixels in an input image: 48 megapixels (a 48 MP phone photo is 8064×6048),
  /// which decode to 192 MB (183 MiB) of ARGB.
  public static let maxPixels = 48_800_000

  /// The width and height in a PNG's IHDR chunk, which must come first after the signature.
  ///
  /// - Throws: `RenderError.image` when the header is missing or damaged, or the size is zero
  ///   or over the limits.
  public static func checkPNGHeader(_ bytes: [UInt8]) throws(RenderError) {
    // Signature (8), chunk length (4), "IHDR" (4), width (4), height (4).
    guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else {
      throw .image(reason: "a damaged PNG (no IHDR header)")
    }
    func uint32(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    try check(width: uint32(at: 16), height: uint32(at: 20), format: "PNG")
  }

  /// The width and height in a JPEG's first start-of-frame marker (SOF0–SOF15 but DHT, JPG
  /// and DAC), read by walking its marker segments; nil when the bytes end, or the scan starts,
  /// before one.
  static func jpegSize(_ bytes: some RandomAccessCollection<UInt8>) -> (width: Int, height: Int)? {
    let bytes = Array(bytes)
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var index = 2
    while index + 9 <= bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1  // fill byte
        continue
      }
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        index += 2  // markers without a length
        continue
      }
      if marker == 0xDA { return nil }  // start of scan: no frame header before it
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        return (width, height)
      }
      guard length >= 2 else { return nil }
      index += 2 + length
    }
    return nil
  }

  /// Checks every image a designer's SVG embeds (`data:image/png;base64,…` and
  /// `data:image/jpeg;base64,…`, the only images the sanitiser keeps) against the photo
  /// limits, from its header, before librsvg decodes it whole.
  ///
  /// - Throws: `RenderError.image` naming the image by its position and what is too large.
  static func checkEmbeddedImages(in markup: String) throws(RenderError) {
    let text = Array(markup.utf8)
    let prefix = Array("data:image/".utf8)
    var index = 0
    var number = 0
    while index + prefix.count < text.count {
      guard text[index] == prefix[0], text[index..<index + prefix.count].elementsEqual(prefix) else {
        index += 1
        continue
      }
      number += 1
      index += prefix.count
      guard let comma = text[index...].prefix(24).firstIndex(of: UInt8(ascii: ",")) else { continue }
      let kind = String(decoding: text[index..<comma], as: UTF8.self).lowercased()
      var end = comma + 1
      while end < text.count, base64Value(text[end]) != nil || text[end] == UInt8(ascii: "=") { end += 1 }
      let payload = text[(comma + 1)..<end]
      index = end
      func failure(_ reason: String) -> RenderError { .image(reason: "the art's image \(number): \(reason)") }
      if kind.hasPrefix("png") {
        let head = base64Decoded(payload.prefix(32))
        do throws(RenderError) {
          try checkPNGHeader(head)
        } catch {
          if case .image(let reason) = error { throw failure(reason) }
          throw error
        }
      } else {
        // A JPEG's frame header follows its APP segments (up to 64 KiB each): the first MiB
        // nearly always holds it, else the whole image is read.
        var size = jpegSize(base64Decoded(payload.prefix(1 << 20)))
        if size == nil, payload.count > 1 << 20 { size = jpegSize(base64Decoded(payload)) }
        guard let size else { throw failure("a damaged JPEG (no frame header)") }
        do throws(RenderError) {
          try check(width: size.width, height: size.height, format: "JPEG")
        } catch {
          if case .image(let reason) = error { throw failure(reason) }
          throw error
        }
      }
    }
  }

  private static func base64Value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): return 62
    case UInt8(ascii: "/"): return 63
    default: return nil
    }
  }

  /// Standard base64 decoded, stopping at padding; a trailing partial group is dropped.
  private static func base64Decoded(_ text: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.count / 4 * 3)
    var bits: UInt32 = 0
    var count = 0
    for byte in text {
      guard let value = base64Value(byte) else { break }
      bits = bits << 6 | UInt32(value)
      count += 1
      if count == 4 {
        out += [UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
        (bits, count) = (0, 0)
      }
    }
    if count >= 2 { out.append(UInt8(bits >> (6 * UInt32(count) - 8) & 0xFF)) }
    if count == 3 { out.append(UInt8(bits >> 2 & 0xFF)) }
    return out
  }

  /// Checks a size read from an image's header, before decoding.
  ///
  /// - Throws: `RenderError.image` when the size is zero or over the limits.
  static func check(width: Int, height: Int, format: String) throws(RenderError) {
    guard width > 0, height > 0 else { throw .image(reason: "a damaged \(format) (a size of \(width)×\(height) px)") }
    guard width <= maxPixelsPerSide, height <= maxPixelsPerSide, width * height <= maxPixels else {
      throw .image(
        reason:
          "\(width)×\(height) px is too large to decode (at most \(maxPixelsPerSide) px per side and "
          + "\(maxPixelsDescription) megapixels)")
    }
  }

  /// `maxPixels` in megapixels with one decimal: `48.8`.
  public static var maxPixelsDescription: String {
    let tenths = (maxPixels + 50_000) / 100_000
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }
}
