import CCairo
import Foundation

/// A decoded image with straight (un-premultiplied) 8-bit RGBA pixels, row by row.
public struct RGBAImage: Equatable {
  public let width: Int
  public let height: Int
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Decodes PNG bytes with Cairo (any PNG colour type Cairo reads).
  public init(png: [UInt8]) throws {
    let path = NSTemporaryDirectory() + "decode-\(UUID().uuidString).png"
    try Data(png).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    try self.init(pngFile: path)
  }

  public init(pngFile path: String) throws {
    let surface = cairo_image_surface_create_from_png(path)!
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      throw TestFailure(
        "cannot decode PNG '\(path)': \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
    }
    let converted = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))!
    defer { cairo_surface_destroy(converted) }
    let cr = cairo_create(converted)!
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    cairo_paint(cr)
    cairo_destroy(cr)
    cairo_surface_flush(converted)
    width = Int(cairo_image_surface_get_width(converted))
    height = Int(cairo_image_surface_get_height(converted))
    let stride = Int(cairo_image_surface_get_stride(converted))
    let data = cairo_image_surface_get_data(converted)!
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let word = row[x]
        let a = UInt32(word >> 24)
        let i = (y * width + x) * 4
        func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
        pixels[i] = straight((word >> 16) & 0xFF)
        pixels[i + 1] = straight((word >> 8) & 0xFF)
        pixels[i + 2] = straight(word & 0xFF)
        pixels[i + 3] = UInt8(a)
      }
    }
    self.pixels = pixels
  }

  /// The RGBA of the pixel at (x, y).
  public subscript(x: Int, y: Int) -> [UInt8] {
    let i = (y * width + x) * 4
    return Array(pixels[i..<i + 4])
  }

  /// Encodes the image as PNG through Cairo.
  public func pngData() -> [UInt8] {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let i = (y * width + x) * 4
        let a = UInt32(pixels[i + 3])
        func pre(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        row[x] = a << 24 | pre(pixels[i]) << 16 | pre(pixels[i + 1]) << 8 | pre(pixels[i + 2])
      }
    }
    cairo_surface_mark_dirty(surface)
    var bytes: [UInt8] = []
    let path = NSTemporaryDirectory() + "encode-\(UUID().uuidString).png"
    cairo_surface_write_to_png(surface, path)
    bytes = Array(FileManager.default.contents(atPath: path) ?? Data())
    try? FileManager.default.removeItem(atPath: path)
    return bytes
  }
}

/// How far two images are apart, channel by channel on 0…255.
public struct ImageDifference: CustomStringConvertible {
  public let maxChannelDelta: Int
  /// Mean absolute channel difference over all channels of all pixels.
  public let meanChannelDelta: Double
  /// Pixels where some channel differs by more than `threshold`.
  public let pixelsOverThreshold: Int
  public let totalPixels: Int
  public let threshold: Int
  public let diff: RGBAImage

  public var fractionOverThreshold: Double { Double(pixelsOverThreshold) / Double(max(1, totalPixels)) }

  public var description: String {
    String(
      format: "max channel delta %d, mean %.3f, %d of %d pixels (%.3f%%) differ by more than %d",
      maxChannelDelta, meanChannelDelta, pixelsOverThreshold, totalPixels, fractionOverThreshold * 100,
      threshold)
  }

  /// Compares straight-alpha pixels, so fully transparent pixels match whatever their colour.
  /// The diff image is the expected image in grey with differing pixels in red.
  public init(_ expected: RGBAImage, _ actual: RGBAImage, threshold: Int = 2) {
    precondition(expected.width == actual.width && expected.height == actual.height)
    var maxDelta = 0
    var sum = 0
    var over = 0
    var diffPixels = [UInt8](repeating: 255, count: expected.pixels.count)
    for p in 0..<(expected.width * expected.height) {
      let i = p * 4
      var pixelMax = 0
      let bothTransparent = expected.pixels[i + 3] == 0 && actual.pixels[i + 3] == 0
      for c in 0..<4 where !(bothTransparent && c < 3) {
        let d = abs(Int(expected.pixels[i + c]) - Int(actual.pixels[i + c]))
        pixelMax = max(pixelMax, d)
        sum += d
      }
      maxDelta = max(maxDelta, pixelMax)
      if pixelMax > threshold {
        over += 1
        diffPixels[i] = 255; diffPixels[i + 1] = 0; diffPixels[i + 2] = 0
      } else {
        let grey = UInt8(
          (Int(expected.pixels[i]) + Int(expected.pixels[i + 1]) + Int(expected.pixels[i + 2])) / 6 + 128)
        diffPixels[i] = grey; diffPixels[i + 1] = grey; diffPixels[i + 2] = grey
      }
    }
    maxChannelDelta = maxDelta
    meanChannelDelta = Double(sum) / Double(max(1, expected.pixels.count))
    pixelsOverThreshold = over
    totalPixels = expected.width * expected.height
    self.threshold = threshold
    diff = RGBAImage(width: expected.width, height: expected.height, pixels: diffPixels)
  }
}

/// A failure raised by a test helper, with a message that says what to do.
public struct TestFailure: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
