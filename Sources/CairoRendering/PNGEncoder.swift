import CCairo
import CPNGEncoder

/// How hard the PNG encoder compresses. Every choice is lossless and deterministic; they trade
/// file size for encoding time. The libdeflate level and row filters behind each were chosen by
/// measuring rendered 3x wallpapers (`Scripts/png-sweep.sh`; the tables are in
/// Docs/performance.md), separately for the kinds of content, judged per chunk of rows.
/// Sizes and times below are relative to Cairo's own encoder:
///
/// - Flat-colour art (most pixels repeat their left neighbour, gradients included): row filter
///   NONE is both smaller and quicker than any other filter at every level.
/// - Photo backgrounds: row filters pay off.
/// - Images of at most 256 colours (flat tiles without gradients or smooth edges) are also
///   written in indexed colour, at 1 to 8 bits a pixel, and kept that way when smaller: a third
///   to a fifth of the bytes. The indices are a fraction of the RGB bytes, so they get a higher
///   level, and repeated rows make adaptive filters pay.
public enum PNGCompression: String, CaseIterable, Sendable {
  /// Art: level 1, filter NONE (1.25× the size, 0.17× the time).
  /// Photos: level 1, filter SUB (1.07× the size, 0.06× the time).
  /// Indexed: level 1, filter NONE.
  case fast
  /// Art: level 6, filter NONE (0.89× the size, 0.33× the time).
  /// Photos: level 4, adaptive filters (0.99× the size, 0.17× the time).
  /// Indexed: level 9, adaptive filters or NONE, whichever is smaller.
  case `default`
  /// The smallest file of a search that includes the default's choices, so never larger than
  /// `default` (png_encoder_options' keep_smallest). Art and photo chunks: the default's choice,
  /// and filter NONE or adaptive filters (whichever deflates smaller at the default's level) at
  /// level 12 (art: 0.74× Cairo's size, 14× the time: a second or more at 3x). Indexed: level 9
  /// chunk by chunk as the default writes it, and whole with each filter.
  case small

  /// Chunks where fewer sampled pixels than this repeat their left neighbour are photos.
  static let photographicThreshold = 0.5

  /// The encoder settings: libdeflate levels and PNG row filters for art, photos and indexed
  /// colour.
  var options: png_encoder_options {
    let none = Int32(PNG_ENCODER_FILTER_NONE)
    let all = Int32(PNG_ENCODER_FILTER_ALL)
    let (art, photo, indexed): (png_encoder_choice, png_encoder_choice, png_encoder_choice)
    switch self {
    case .fast:
      (art, photo, indexed) = (
        .init(level: 1, filters: none), .init(level: 1, filters: Int32(PNG_ENCODER_FILTER_SUB)),
        .init(level: 1, filters: none)
      )
    case .default:
      (art, photo, indexed) = (
        .init(level: 6, filters: none), .init(level: 4, filters: all), .init(level: 9, filters: all)
      )
    case .small:
      (art, photo, indexed) = (
        .init(level: 12, filters: none), .init(level: 12, filters: all), .init(level: 12, filters: all)
      )
    }
    // `small` keeps the smallest of its search and the default's choices (png_encoder_options'
    // keep_smallest), so it is never larger than the default.
    let baseline = self == .small ? Self.default.options : nil
    return png_encoder_options(
      art: art, photo: photo, photo_threshold: Self.photographicThreshold, indexed: indexed, color: png_encoder_color(),
      keep_smallest: baseline == nil ? 0 : 1, baseline_art: baseline?.art ?? art,
      baseline_photo: baseline?.photo ?? photo, baseline_indexed: baseline?.indexed ?? indexed)
  }
}

/// How a PNG says what its colours mean: the chunks between IHDR and IDAT.
enum PNGColorTag: Hashable, Sendable {
  /// An `sRGB` chunk (perceptual intent) with `gAMA` and `cHRM` fallbacks, as the PNG
  /// specification (third edition) recommends.
  case sRGB
  /// An `iCCP` chunk holding `icc` under `name` (1…79 Latin-1 characters), and a `cICP` chunk
  /// with `cicp` (primaries, transfer, matrix, full range; ITU-T H.273) when given.
  case profile(icc: [UInt8], name: String, cicp: [UInt8]?)

  /// Calls `body` with `compression`'s options carrying this tag; the profile's bytes stay
  /// valid only during the call.
  func withOptions<R, E: Error>(
    _ compression: PNGCompression, _ body: (png_encoder_options) throws(E) -> R
  ) throws(E) -> R {
    var options = compression.options
    switch self {
    case .sRGB:
      return try body(options)
    case .profile(let icc, let name, let cicp):
      if let cicp, cicp.count == 4 {
        options.color.has_cicp = 1
        options.color.cicp = (cicp[0], cicp[1], cicp[2], cicp[3])
      }
      let result: Result<R, E> = icc.withUnsafeBufferPointer { profile in
        name.withCString { text in
          options.color.icc_profile = profile.baseAddress
          options.color.icc_profile_size = profile.count
          options.color.icc_name = text
          do throws(E) { return .success(try body(options)) } catch { return .failure(error) }
        }
      }
      return try result.get()
    }
  }
}

extension ColorSpace {
  /// How a PNG in this space is tagged: sRGB, or the Display P3 profile with cICP (12, 13, 0,
  /// 1): P3-D65 primaries, sRGB transfer, RGB, full range.
  func pngTag() throws(RenderError) -> PNGColorTag {
    switch self {
    case .srgb: return .sRGB
    case .displayP3: return .profile(icc: try ColorProfiles.displayP3(), name: "Display P3", cicp: [12, 13, 0, 1])
    }
  }
}

/// Encodes a Cairo ARGB32 image surface with `CPNGEncoder` (see `RasterImage.pngData`): the one
/// PNG encoder behind every PNG the tool writes.
///
/// - Throws: `RenderError.cairo` (status `CAIRO_STATUS_PNG_ERROR` or `NO_MEMORY`) naming the
///   encoder's message when encoding fails.
func encodePNG(
  surface: OpaquePointer, compression: PNGCompression, tag: PNGColorTag
) throws(RenderError) -> [UInt8] {
  cairo_surface_flush(surface)
  var output = png_encoder_output()
  var message = [CChar](repeating: 0, count: 256)
  let (width, height) = (cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))
  let stride = cairo_image_surface_get_stride(surface)
  let status = tag.withOptions(compression) { options in
    png_encoder_encode_argb32(
      cairo_image_surface_get_data(surface), width, height, stride, options, &output, &message, message.count)
  }
  defer { png_encoder_free(&output) }
  guard status == PNG_ENCODER_OK, let data = output.data else {
    let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let cairoStatus = status == PNG_ENCODER_OUT_OF_MEMORY ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_PNG_ERROR
    throw .cairo(operation: "PNG encoding (\(text))", status: CairoStatus(cairoStatus))
  }
  return Array(UnsafeBufferPointer(start: data, count: output.size))
}

extension RasterImage {
  /// Whether the whole image would count as a photo: few pixels equal their left neighbour
  /// (sampled on every 16th row, well under a millisecond at 3x). The encoder makes the same
  /// judgement per chunk of rows (`png_encoder_band_rows`).
  var isPhotographic: Bool {
    let fraction = withExtendedLifetime(self) {
      png_encoder_repeat_fraction(
        cairo_image_surface_get_data(surface), Int32(size.width), Int32(size.height), Int32(stride), 16)
    }
    return fraction < PNGCompression.photographicThreshold
  }

  /// The image encoded as PNG (libdeflate inside a container written by `CPNGEncoder`): 8-bit
  /// RGB when every pixel is opaque, RGBA otherwise, or indexed colour when at most 256 colours
  /// make a smaller file; tagged as sRGB (`sRGB`, with `gAMA` and
  /// `cHRM` fallbacks) and no other ancillary chunks. Decodes to the same pixels as
  /// `cairoPNGData()`, and the same image and compression always give the same bytes.
  ///
  /// Rows are un-premultiplied and filtered a chunk (about 2 MiB of pixels) at a time, and
  /// chunks are deflated on a second thread while the next is prepared (and on this one too
  /// when it is ahead); the pixels are not copied whole.
  ///
  /// - Throws: `RenderError.cairo` (status `CAIRO_STATUS_PNG_ERROR` or `NO_MEMORY`) naming
  ///   the encoder's message when encoding fails.
  public func pngData(compression: PNGCompression = .default) throws(RenderError) -> [UInt8] {
    try pngData(compression: compression, tag: .sRGB)
  }

  /// The image as PNG, tagged with `tag`.
  func pngData(compression: PNGCompression, tag: PNGColorTag) throws(RenderError) -> [UInt8] {
    try withExtendedLifetime(self) { () throws(RenderError) -> [UInt8] in
      try encodePNG(surface: surface, compression: compression, tag: tag)
    }
  }
}
