import CCairo
import CLCMS2
import CPNGEncoder
import Platform
import SceneGraph

extension Renderer {
  /// Renders `scene` as PNG bytes, `round(points × scale)` pixels a side, drawing and encoding
  /// it in horizontal bands (`png_encoder_band_rows`: about 2 MiB of pixels each). The surface
  /// spans the whole image in address space only: each band is drawn with the scene clipped to
  /// its rows, un-premultiplied, filtered and queued for a second thread to deflate while the
  /// next band is drawn, and its memory is then returned to the system. Peak memory is a few
  /// bands plus the encoded file, whatever the pixel count.
  ///
  /// Decodes to the same pixels as `rasterize(_:scale:).pngData(compression:)` and gives the
  /// same bytes (both chunk the image alike; the drawing coordinates are the same). The image
  /// is written as RGB first; if a pixel turns out translucent, drawing starts again as RGBA
  /// (from the band where that was found).
  ///
  /// - Parameters:
  ///   - scene: what to draw.
  ///   - scale: pixels per point, > 0.
  ///   - compression: the deflate effort and filtering.
  ///   - colorSpace: sRGB, or Display P3 (tagged with its profile; see `DrawingSpace`).
  ///   - timing: when given, receives the time spent drawing (the rest is encoding).
  /// - Throws: `RenderError.invalidScale`, `.canvasTooLarge` (before allocating), or a
  ///   drawing or encoding failure.
  public func renderPNG(
    _ scene: Scene, scale: Double, compression: PNGCompression = .default, colorSpace: ColorSpace = .srgb,
    drawing timing: DrawingTime? = nil
  ) throws(RenderError) -> [UInt8] {
    let pixels = try RenderLimits.pixelSize(of: scene.size, scale: scale)
    let drawing = DrawingSpace(scene: scene, colorSpace: colorSpace)
    if drawing.composites { return try compositeDisplayP3(scene, scale: scale, compression: compression) }
    let conversion = try drawing.needsConversion ? PixelConversion.sRGBToDisplayP3() : nil
    return try colorSpace.pngTag().withOptions(compression) { (options) throws(RenderError) -> [UInt8] in
      if let png = try renderBands(
        scene, pixels: pixels, rgba: false, options: options, drawing.canvas, conversion, timing)
      {
        return png
      }
      return try renderBands(scene, pixels: pixels, rgba: true, options: options, drawing.canvas, conversion, timing)!
    }
  }

  /// The PNG, or nil when `rgba` is false and a pixel is translucent.
  private func renderBands(
    _ scene: Scene, pixels: PixelSize, rgba: Bool, options: png_encoder_options, _ colorSpace: ColorSpace,
    _ conversion: PixelConversion?, _ drawing: DrawingTime?
  ) throws(RenderError) -> [UInt8]? {
    let (width, height) = (Int32(pixels.width), Int32(pixels.height))
    guard let stream = png_stream_create(width, height, rgba ? 1 : 0, options, 1) else {
      throw .cairo(operation: "png_stream_create(\(pixels))", status: CairoStatus(CAIRO_STATUS_NO_MEMORY))
    }
    defer { png_stream_destroy(stream) }
    let surface = try SparseSurface(size: pixels)
    let bandRows = Int(png_encoder_band_rows(width))
    let scale = (Double(pixels.width) / scene.size.width, Double(pixels.height) / scene.size.height)
    let clock = ContinuousClock()
    let images = DecodedImages(colorSpace: colorSpace)
    for top in stride(from: 0, to: pixels.height, by: bandRows) {
      let rows = top..<min(top + bandRows, pixels.height)
      let start = clock.now
      do {
        let canvas = try Canvas(
          surface: surface.surface, scale: scale, snapsToPixels: true, fonts: fonts, rows: rows, images: images,
          colorSpace: colorSpace)
        try canvas.draw(scene.nodes)
      }
      cairo_surface_flush(surface.surface)
      conversion?.apply(
        to: UnsafeMutablePointer(mutating: surface.row(top)), rows: rows.count, width: pixels.width,
        stride: surface.stride)
      if let drawing { drawing.seconds = (drawing.seconds ?? 0) + (clock.now - start) / .seconds(1) }
      let status = png_stream_write_rows(stream, surface.row(top), Int32(rows.count), Int32(surface.stride))
      if status == PNG_ENCODER_NOT_OPAQUE { return nil }
      try Self.check(status, stream)
      surface.release(rows)
    }
    var output = png_encoder_output()
    defer { png_encoder_free(&output) }
    try Self.check(png_stream_finish(stream, &output), stream)
    return Array(UnsafeBufferPointer(start: output.data, count: output.size))
  }

  private static func check(_ status: png_encoder_status, _ stream: OpaquePointer) throws(RenderError) {
    guard status != PNG_ENCODER_OK else { return }
    let cairoStatus = status == PNG_ENCODER_OUT_OF_MEMORY ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_PNG_ERROR
    throw .cairo(
      operation: "PNG encoding (\(String(cString: png_stream_message(stream))))", status: CairoStatus(cairoStatus))
  }
}

/// A whole-image ARGB32 Cairo surface over an anonymous memory mapping: pages cost memory only
/// once drawn on, and `release` gives a band's pages back (they read as zero, transparent,
/// afterwards).
private final class SparseSurface {
  let surface: OpaquePointer
  let stride: Int
  private let base: UnsafeMutableRawPointer
  private let length: Int

  init(size: PixelSize) throws(RenderError) {
    stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(size.width)))
    length = stride * size.height
    let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    guard let mapped, mapped != MAP_FAILED else {
      throw .cairo(operation: "mmap(\(length) bytes)", status: CairoStatus(CAIRO_STATUS_NO_MEMORY))
    }
    base = mapped
    surface = cairo_image_surface_create_for_data(
      base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height),
      Int32(stride))!
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      munmap(base, length)
      throw .cairo(operation: "cairo_image_surface_create_for_data(\(size))", status: CairoStatus(status))
    }
  }

  deinit {
    cairo_surface_destroy(surface)
    munmap(base, length)
  }

  func row(_ y: Int) -> UnsafePointer<UInt8> {
    UnsafePointer(base.assumingMemoryBound(to: UInt8.self) + y * stride)
  }

  /// Returns the pages that hold only `rows` to the system.
  func release(_ rows: Range<Int>) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let first = (rows.lowerBound * stride + page - 1) / page * page
    let end = rows.upperBound * stride / page * page
    if end > first { madvise(base + first, end - first, MADV_DONTNEED) }
  }
}

/// Accumulates the time a render spends drawing, for `wallpaper render --timings`.
/// Not `Sendable`: it belongs to the one render that fills it.
public final class DrawingTime {
  /// Seconds spent drawing bands so far; nil when the format draws and encodes in one go (SVG,
  /// PDF).
  public internal(set) var seconds: Double?

  public init() {}
}

/// How a scene is drawn for a colour space. sRGB is drawn as it is. For Display P3, a scene whose
/// colours are all inside sRGB is drawn in sRGB and its pixels converted (`PixelConversion`),
/// so blending, gradients and antialiasing happen exactly as in the sRGB file and the P3 file
/// looks the same. A scene with colours outside sRGB, or with photos, is composited
/// (`Renderer.compositeDisplayP3`): the converted sRGB drawing, and a drawing with each
/// colour's P3 components (and photos decoded straight to P3) only where those colours and
/// photos reach.
struct DrawingSpace {
  /// The space the canvas draws colours in.
  let canvas: ColorSpace
  /// Whether the drawn sRGB pixels are converted to Display P3 afterwards.
  let needsConversion: Bool
  /// Whether the image is composited from three drawings (Display P3 with wide colours).
  let composites: Bool

  init(scene: Scene, colorSpace: ColorSpace) {
    switch colorSpace {
    case .srgb: (canvas, needsConversion, composites) = (.srgb, false, false)
    case .displayP3:
      // Photos may hold colours outside sRGB (their profile is converted straight to P3).
      let wide = !scene.colorsOutsideSRGB.isEmpty || scene.nodes.contains(where: \.containsImage)
      (canvas, needsConversion, composites) = (.srgb, !wide, wide)
    }
  }
}

extension Renderer {
  /// A Display P3 PNG of a scene with colours outside sRGB, identical to the converted sRGB
  /// drawing wherever those colours do not reach: the scene is drawn in sRGB (converted to
  /// P3), again with the wide colours shifted (`Canvas.marksWideGamut`), and with every colour's
  /// P3 components; pixels where the first two differ come from the third. Whole images (three
  /// surfaces), not bands: only scenes with wide colours pay for it.
  func compositeDisplayP3(_ scene: Scene, scale: Double, compression: PNGCompression) throws(RenderError)
    -> [UInt8]
  {
    let image = try rasterize(scene, scale: scale, colorSpace: .srgb, marksWideGamut: false)
    let marked = try rasterize(scene, scale: scale, colorSpace: .srgb, marksWideGamut: true)
    let wide = try rasterize(scene, scale: scale, colorSpace: .displayP3, marksWideGamut: false)
    let (width, height, stride) = (image.size.width, image.size.height, image.stride)
    let conversion = try PixelConversion.sRGBToDisplayP3()
    withExtendedLifetime((image, marked, wide)) {
      let base = cairo_image_surface_get_data(image.surface)!
      let mask = cairo_image_surface_get_data(marked.surface)!
      let p3 = cairo_image_surface_get_data(wide.surface)!
      // Which pixels the wide colours reach, before the conversion changes `base`.
      var reached = [Bool](repeating: false, count: width * height)
      for y in 0..<height {
        let (a, m) = (base + y * stride, mask + y * stride)
        a.withMemoryRebound(to: UInt32.self, capacity: width) { a in
          m.withMemoryRebound(to: UInt32.self, capacity: width) { m in
            for x in 0..<width where a[x] != m[x] { reached[y * width + x] = true }
          }
        }
      }
      conversion.apply(to: base, rows: height, width: width, stride: stride)
      for y in 0..<height {
        let (a, b) = (base + y * stride, p3 + y * stride)
        a.withMemoryRebound(to: UInt32.self, capacity: width) { a in
          b.withMemoryRebound(to: UInt32.self, capacity: width) { b in
            for x in 0..<width where reached[y * width + x] { a[x] = b[x] }
          }
        }
      }
      cairo_surface_mark_dirty(image.surface)
    }
    return try image.pngData(compression: compression, tag: try ColorSpace.displayP3.pngTag())
  }
}

/// An lcms2 transform over Cairo's pixels in place (BGRA bytes, alpha copied).
final class PixelConversion {
  private let cms: clcms2_api
  private let transform: cmsHTRANSFORM

  private init(cms: clcms2_api, transform: cmsHTRANSFORM) {
    self.cms = cms
    self.transform = transform
  }

  deinit { cms.cmsDeleteTransform(transform) }

  /// sRGB → Display P3 (`ColorProfiles.displayP3`), relative colorimetric.
  ///
  /// - Throws: `RenderError.image` when lcms2 cannot be loaded or make the transform.
  static func sRGBToDisplayP3() throws(RenderError) -> PixelConversion {
    let cms = try LittleCMS.functions { RenderError.image(reason: $0) }
    let p3Bytes = try ColorProfiles.displayP3()
    let sRGB = cms.cmsCreate_sRGBProfile()
    let p3 = p3Bytes.withUnsafeBytes { cms.cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
    defer { for profile in [sRGB, p3] where profile != nil { _ = cms.cmsCloseProfile(profile) } }
    let format = clcms2_type_bgra_8()
    guard let sRGB, let p3,
      let transform = cms.cmsCreateTransformTHR(
        nil, sRGB, format, p3, format, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
        cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
    else { throw .image(reason: "lcms2 cannot make an sRGB to Display P3 transform") }
    return PixelConversion(cms: cms, transform: transform)
  }

  /// Converts `rows` rows of `width` pixels from `pixels`, `stride` bytes apart, in place.
  /// Translucent pixels are converted premultiplied: off by a level or two at their edges.
  func apply(to pixels: UnsafeMutablePointer<UInt8>, rows: Int, width: Int, stride: Int) {
    for y in 0..<rows {
      let row = pixels + y * stride
      cms.cmsDoTransform(transform, row, row, cmsUInt32Number(width))
    }
  }
}
