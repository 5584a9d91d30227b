import CCairo
import CLCMS2
import CPhotoDecoder
import SceneGraph

/// An encoded image (PNG, JPEG or HEIC, told apart by their first bytes) decoded into a Cairo
/// image surface: upright (JPEG's EXIF orientation applied; HEIC's rotation and mirroring by
/// libheif) and in sRGB (an embedded ICC profile converted with lcms2). The pixel size is read
/// from the header and checked against `ImageLimits` before any pixel is decoded.
///
/// The one decoding entry point for every format: PNG, PDF and SVG output all go through it.
///
/// Memory: a raster render passes the device pixels the image is drawn into (`Target`), and a
/// JPEG larger than that is decoded at libjpeg's nearest scale N/8 that loses no drawn pixel
/// (an 8064×6048 photo behind a 1206×2622 screen: 4/8). JPEG and HEIC pixels are handed to
/// Cairo without a copy.
final class DecodedImage {
  /// Where an image is drawn on a raster surface, in device pixels, and how it fills them.
  struct Target: Hashable {
    let width: Int
    let height: Int
    let mode: ContentMode
  }

  let surface: OpaquePointer
  let format: ImageFormat
  /// Whether the pixels differ from what the encoded bytes show in a viewer that ignores
  /// orientation and colour profiles (so SVG must embed a re-encoding, not the original).
  let wasTransformed: Bool
  var width: Int { Int(cairo_image_surface_get_width(surface)) }
  var height: Int { Int(cairo_image_surface_get_height(surface)) }

  /// - Parameter target: where a raster render draws the image; nil (vector output, checks)
  ///   decodes at full size.
  /// - Throws: `RenderError.image` when the bytes are not a PNG, JPEG or HEIC this build can
  ///   read, are damaged, or describe an image over the limits.
  /// `colorSpace` is the space the pixels are converted to: a photo's embedded profile is
  /// converted straight to it (so a P3 photo keeps its gamut in P3 output); pixels without a
  /// profile are taken as sRGB.
  init(_ bytes: [UInt8], target: Target? = nil, colorSpace: ColorSpace = .srgb) throws(RenderError) {
    guard let format = ImageFormat(sniffing: bytes) else {
      throw .image(reason: "not a PNG, JPEG or HEIC file (no PNG, JPEG or HEIF signature)")
    }
    self.format = format
    switch format {
    case .png:
      try ImageLimits.checkPNGHeader(bytes)
      let source = ByteSource(bytes)
      let surface = withExtendedLifetime(source) {
        cairo_image_surface_create_from_png_stream(ByteSource.read, source.closure)!
      }
      let status = cairo_surface_status(surface)
      guard status == CAIRO_STATUS_SUCCESS else {
        cairo_surface_destroy(surface)
        throw .image(reason: "a damaged or unsupported PNG (\(CairoStatus(status)))")
      }
      self.surface = surface
      wasTransformed = false
      if colorSpace == .displayP3 { try convertToDisplayP3() }
    case .jpeg, .heic:
      (surface, wasTransformed) = try Self.decodePhoto(
        bytes, format: format, target: target, colorSpace: colorSpace)
    }
  }

  deinit { cairo_surface_destroy(surface) }

  /// The decoded pixels as PNG from the one PNG encoder, tagged as sRGB (the pixels were
  /// converted to sRGB on decoding); the same pixels give the same bytes.
  ///
  /// - Throws: `RenderError.cairo` when encoding fails.
  func pngData() throws(RenderError) -> [UInt8] {
    try withExtendedLifetime(self) { () throws(RenderError) -> [UInt8] in
      try encodePNG(surface: surface, compression: .default, tag: .sRGB)
    }
  }

  /// Converts the (sRGB) pixels to Display P3 in place with lcms2, relative colorimetric, so
  /// they look the same in a P3 file. Translucent pixels are converted premultiplied, which
  /// is off by at most a level or two at their edges.
  ///
  /// - Throws: `RenderError.image` when lcms2 cannot be loaded or make the transform.
  func convertToDisplayP3() throws(RenderError) {
    cairo_surface_flush(surface)
    try PixelConversion.sRGBToDisplayP3().apply(
      to: cairo_image_surface_get_data(surface), rows: height, width: width,
      stride: Int(cairo_image_surface_get_stride(surface)))
    cairo_surface_mark_dirty(surface)
  }

  private static func decodePhoto(
    _ bytes: [UInt8], format: ImageFormat, target: Target?, colorSpace: ColorSpace
  ) throws(RenderError) -> (OpaquePointer, Bool) {
    let name = format == .jpeg ? "JPEG" : "HEIC"
    var photo = wp_photo()
    var libraries = wp_photo_libraries(
      jpeg: SharedLibraryNames.jpeg.cString, exif: SharedLibraryNames.exif.cString,
      heif: SharedLibraryNames.heif.cString)
    let drawnInto = wp_photo_target(
      width: Int32(clamping: target?.width ?? 0), height: Int32(clamping: target?.height ?? 0),
      mode: Int32(target?.mode == .fit ? WP_PHOTO_CONTAIN : WP_PHOTO_COVER))
    let status = bytes.withUnsafeBufferPointer { buffer in
      format == .jpeg
        ? wp_photo_decode_jpeg(
          &libraries, buffer.baseAddress, buffer.count, Int32(ImageLimits.maxPixelsPerSide), ImageLimits.maxPixels,
          drawnInto, &photo)
        : wp_photo_decode_heif(
          &libraries, buffer.baseAddress, buffer.count, Int32(ImageLimits.maxPixelsPerSide), ImageLimits.maxPixels,
          &photo)
    }
    defer { wp_photo_free(&photo) }
    let message = withUnsafeBytes(of: photo.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    switch Int(status) {
    case WP_PHOTO_OK: break
    case WP_PHOTO_TOO_LARGE:
      try ImageLimits.check(width: Int(photo.width), height: Int(photo.height), format: name)
      throw .image(reason: "a damaged \(name) (a size of \(photo.width)×\(photo.height) px)")
    case WP_PHOTO_UNSUPPORTED: throw .image(reason: "an unsupported \(name) (\(message))")
    default: throw .image(reason: "a damaged \(name) (\(message))")
    }
    let (width, height) = (Int(photo.width), Int(photo.height))
    var converted = false
    if let icc = photo.icc, photo.icc_length > 0 {
      converted = try convert(
        photo.pixels, count: width * height, profile: icc, length: photo.icc_length, format: name, to: colorSpace)
    }
    if !converted, colorSpace == .displayP3 {
      // No RGB profile: the pixels are sRGB, converted to P3 like the rest of the drawing.
      try PixelConversion.sRGBToDisplayP3().apply(to: photo.pixels, rows: 1, width: width * height, stride: 0)
    }
    wp_photo_premultiply(photo.pixels, width * height)
    let cairoFormat = photo.has_alpha != 0 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
    // B, G, R, A bytes are Cairo's native-endian ARGB32 words on little-endian machines, and
    // rows of `width * 4` bytes are Cairo's stride for both formats: the decoder's buffer
    // becomes the surface's, freed with it.
    guard Int(cairo_format_stride_for_width(cairoFormat, Int32(width))) == width * 4 else {
      throw .cairo(
        operation: "cairo_format_stride_for_width(\(width))", status: CairoStatus(CAIRO_STATUS_INVALID_STRIDE))
    }
    let surface = cairo_image_surface_create_for_data(
      photo.pixels, cairoFormat, Int32(width), Int32(height), Int32(width * 4))!
    let surfaceStatus = cairo_surface_status(surface)
    guard surfaceStatus == CAIRO_STATUS_SUCCESS,
      cairo_surface_set_user_data(surface, &decodedPixelsKey, photo.pixels, { free($0) }) == CAIRO_STATUS_SUCCESS
    else {
      cairo_surface_destroy(surface)
      throw .cairo(
        operation: "cairo_image_surface_create_for_data(\(width)×\(height))", status: CairoStatus(surfaceStatus))
    }
    photo.pixels = nil  // the surface owns them now
    return (surface, converted || photo.orientation != 1 || format == .heic)
  }

  /// Converts straight-alpha BGRA pixels from an embedded RGB profile to sRGB (or Display P3)
  /// in place. Returns false when the profile is not an RGB profile (a greyscale JPEG's grey
  /// profile: its pixels are drawn as decoded).
  private static func convert(
    _ pixels: UnsafeMutablePointer<UInt8>, count: Int, profile: UnsafeMutablePointer<UInt8>, length: Int,
    format: String, to colorSpace: ColorSpace
  ) throws(RenderError) -> Bool {
    if let problem = ICCProfileCheck.problem(in: Array(UnsafeBufferPointer(start: profile, count: length))) {
      throw .image(reason: "a \(format) with a malformed embedded ICC profile: \(problem)")
    }
    let cms = try LittleCMS.functions { RenderError.image(reason: $0) }
    guard let context = cms.cmsCreateContext(nil, nil) else { throw .image(reason: "lcms2: cannot create a context") }
    defer { cms.cmsDeleteContext(context) }
    guard let source = cms.cmsOpenProfileFromMemTHR(context, profile, cmsUInt32Number(length)) else {
      throw .image(reason: "a \(format) with a damaged embedded ICC profile (lcms2 cannot read it)")
    }
    defer { _ = cms.cmsCloseProfile(source) }
    guard cms.cmsGetColorSpace(source) == cmsSigRgbData else { return false }
    let destination: cmsHPROFILE?
    switch colorSpace {
    case .srgb: destination = cms.cmsCreate_sRGBProfileTHR(context)
    case .displayP3:
      let p3 = try ColorProfiles.displayP3()
      destination = p3.withUnsafeBytes {
        cms.cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number($0.count))
      }
    }
    guard let srgb = destination else { throw .image(reason: "lcms2 cannot open the \(colorSpace) profile") }
    defer { _ = cms.cmsCloseProfile(srgb) }
    // TYPE_BGRA_8 with the alpha byte copied through unchanged.
    let bgra: cmsUInt32Number = (4 << 16) | (3 << 3) | 1 | (1 << 7) | (1 << 10) | (1 << 14)
    guard
      let transform = cms.cmsCreateTransformTHR(
        context, source, bgra, srgb, bgra, cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
    else {
      throw .image(reason: "a \(format) with an embedded ICC profile lcms2 cannot convert to sRGB")
    }
    defer { cms.cmsDeleteTransform(transform) }
    cms.cmsDoTransform(transform, pixels, pixels, cmsUInt32Number(count))
    return true
  }
}

extension DecodedImage.Target {
  /// A frame `width` × `height` device pixels large (fractions round up, the sign is ignored).
  init(covering width: Double, _ height: Double, mode: ContentMode) {
    func pixels(_ length: Double) -> Int { Int(min(abs(length).rounded(.up), 1e9)) }
    self.init(width: pixels(width), height: pixels(height), mode: mode)
  }
}

/// The key under which a photo's surface holds the decoder's pixel buffer, freed with it.
nonisolated(unsafe) private var decodedPixelsKey = cairo_user_data_key_t()

/// Images decoded for one render, by the identity of their bytes: a photo repeated in many
/// cells, or met again in every band of a banded PNG, is decoded once. Holds the bytes it was
/// given, so an identity cannot be reused by other bytes while it is cached. Not `Sendable`:
/// one render's drawing thread owns it.
final class DecodedImages {
  private struct Key: Hashable {
    let address: UInt
    let count: Int
    let target: DecodedImage.Target?
  }
  private var images: [Key: (bytes: [UInt8], decoded: DecodedImage)] = [:]
  /// Custom art parsed by librsvg (`document(_:)`).
  var documents: [VectorArt: LibRSVG.Document] = [:]
  /// The space images are converted to after decoding (they decode to sRGB).
  let colorSpace: ColorSpace

  init(colorSpace: ColorSpace = .srgb) { self.colorSpace = colorSpace }

  /// `bytes` decoded for `target`, from the cache when the same bytes were decoded for the
  /// same target before.
  ///
  /// - Throws: `RenderError.image` as `DecodedImage` does.
  func image(_ bytes: [UInt8], target: DecodedImage.Target?) throws(RenderError) -> DecodedImage {
    let key = bytes.withUnsafeBufferPointer {
      Key(address: UInt(bitPattern: $0.baseAddress), count: $0.count, target: target)
    }
    if let cached = images[key] { return cached.decoded }
    let decoded = try DecodedImage(bytes, target: target, colorSpace: colorSpace)
    images[key] = (bytes, decoded)
    return decoded
  }
}
