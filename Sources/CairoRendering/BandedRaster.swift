import CCairo
import CPNGEncoder
import Platform
import SceneGraph

extension Renderer {
  /// Renders `scene` as PNG bytes, `round(points × scale)` pixels a side, drawing and encoding
  /// it in horizontal bands (`png_encoder_band_rows`: about 2 MiB of pixels each). The surface
  /// spans the whole image in address space only: each band is drawn with the scene clipped to
  /// its rows, un-premultiplied, filtered and handed to a second thread to deflate while the
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
  ///   - drawing: when given, receives the time spent drawing (the rest is encoding).
  /// - Throws: `RenderError.invalidScale`, `.canvasTooLarge` (before allocating), or a
  ///   drawing or encoding failure.
  public func renderPNG(
    _ scene: Scene, scale: Double, compression: PNGCompression = .default, drawing: DrawingTime? = nil
  ) throws(RenderError) -> [UInt8] {
    let pixels = try RenderLimits.pixelSize(of: scene.size, scale: scale)
    return try PNGColorTag.sRGB.withOptions(compression) { (options) throws(RenderError) -> [UInt8] in
      if let png = try renderBands(scene, pixels: pixels, rgba: false, options: options, drawing) { return png }
      return try renderBands(scene, pixels: pixels, rgba: true, options: options, drawing)!
    }
  }

  /// The PNG, or nil when `rgba` is false and a pixel is translucent.
  private func renderBands(
    _ scene: Scene, pixels: PixelSize, rgba: Bool, options: png_encoder_options, _ drawing: DrawingTime?
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
    let images = DecodedImages()
    for top in stride(from: 0, to: pixels.height, by: bandRows) {
      let rows = top..<min(top + bandRows, pixels.height)
      let start = clock.now
      do {
        let canvas = try Canvas(
          surface: surface.surface, scale: scale, snapsToPixels: true, fonts: fonts, rows: rows, images: images)
        try canvas.draw(scene.nodes)
      }
      cairo_surface_flush(surface.surface)
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
