import CCairo
import CPNGEncoder

/// How hard the PNG encoder compresses. Every choice is lossless and deterministic; they trade
/// file size for encoding time. The zlib level, row filter and zlib strategy behind each were
/// chosen by measuring rendered 3x wallpapers (`Scripts/png-sweep.sh`; the tables are in
/// Docs/performance.md). Sizes and times below are relative to Cairo's own encoder:
///
/// - Flat-colour art (most pixels repeat their left neighbour, gradients included): row filter
///   NONE is both smaller and quicker than any other filter at every zlib level.
/// - Photo backgrounds: row filters pay off; zlib's RLE strategy with them is several times
///   quicker than a level search at a similar size.
public enum PNGCompression: String, CaseIterable, Sendable {
  /// Art: zlib level 1, filter NONE (1.4× the size, 0.18× the time).
  /// Photos: RLE, filter UP (1.2× the size, 0.11× the time).
  case fast
  /// Art: zlib level 6, filter NONE (0.87× the size, 0.48× the time).
  /// Photos: RLE, adaptive filters (1.0–1.15× the size, 0.14× the time).
  case `default`
  /// Art: zlib level 9, filter NONE (0.81× the size, 1.1× the time).
  /// Photos: level 9, adaptive filters (0.98× the size, 1.7× the time: seconds at 3x).
  case small

  /// Images where fewer pixels than this repeat their left neighbour are encoded as photos.
  static let photographicThreshold = 0.5

  /// The libpng settings for an image of this kind.
  func options(photographic: Bool) -> png_encoder_options {
    let none = Int32(PNG_ENCODER_FILTER_NONE)
    let libpngDefault = Int32(PNG_ENCODER_STRATEGY_DEFAULT)
    let rle = Int32(PNG_ENCODER_STRATEGY_RLE)
    switch (self, photographic) {
    case (.fast, false): return png_encoder_options(level: 1, filters: none, strategy: libpngDefault)
    case (.default, false): return png_encoder_options(level: 6, filters: none, strategy: libpngDefault)
    case (.small, false): return png_encoder_options(level: 9, filters: none, strategy: libpngDefault)
    case (.fast, true): return png_encoder_options(level: 1, filters: Int32(PNG_ENCODER_FILTER_UP), strategy: rle)
    case (.default, true): return png_encoder_options(level: 1, filters: Int32(PNG_ENCODER_FILTER_ALL), strategy: rle)
    case (.small, true):
      return png_encoder_options(level: 9, filters: Int32(PNG_ENCODER_FILTER_ALL), strategy: libpngDefault)
    }
  }
}

extension RasterImage {
  /// Whether the image looks like a photo to the encoder: few pixels equal their left
  /// neighbour (sampled on every 16th row, well under a millisecond at 3x).
  var isPhotographic: Bool {
    let fraction = withExtendedLifetime(self) {
      png_encoder_repeat_fraction(
        cairo_image_surface_get_data(surface), Int32(size.width), Int32(size.height), Int32(stride), 16)
    }
    return fraction < PNGCompression.photographicThreshold
  }

  /// The image encoded as PNG through libpng: 8-bit RGB when every pixel is opaque, RGBA
  /// otherwise, no ancillary chunks. Decodes to the same pixels as `cairoPNGData()`, and the
  /// same image and compression always give the same bytes.
  ///
  /// Rows are un-premultiplied one at a time into a single row buffer; the pixels are not
  /// copied.
  ///
  /// - Throws: `RenderError.cairo` (status `CAIRO_STATUS_PNG_ERROR` or `NO_MEMORY`) naming
  ///   libpng's message when encoding fails.
  public func pngData(compression: PNGCompression = .default) throws(RenderError) -> [UInt8] {
    let options = compression.options(photographic: isPhotographic)
    var output = png_encoder_output()
    var message = [CChar](repeating: 0, count: 256)
    let status = withExtendedLifetime(self) {
      png_encoder_encode_argb32(
        cairo_image_surface_get_data(surface), Int32(size.width), Int32(size.height),
        Int32(stride), options, &output, &message, message.count)
    }
    defer { png_encoder_free(&output) }
    guard status == PNG_ENCODER_OK, let data = output.data else {
      let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let cairoStatus = status == PNG_ENCODER_OUT_OF_MEMORY ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_PNG_ERROR
      throw .cairo(operation: "PNG encoding through libpng (\(text))", status: CairoStatus(cairoStatus))
    }
    return Array(UnsafeBufferPointer(start: data, count: output.size))
  }
}
