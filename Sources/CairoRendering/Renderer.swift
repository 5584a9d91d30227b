import CCairo
import SceneGraph

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One page of a multi-page PDF.
public struct PDFPage: Sendable {
  public var scene: Scene
  /// Device pixels per point for this page's device-pixel strokes (see `Output.scale`).
  public var scale: Double
  /// Shown by viewers instead of the page number (`/PageLabels`).
  public var label: String?
  /// A top-level bookmark that opens this page.
  public var outline: String?

  public init(scene: Scene, scale: Double = 1, label: String? = nil, outline: String? = nil) {
    self.scene = scene
    self.scale = scale
    self.label = label
    self.outline = outline
  }
}

/// Renders scenes through Cairo. Every format goes through the same `Canvas`; only the surface
/// and how it is finished differ.
///
/// Safe to use from several tasks at once: each render makes its own surface and context.
///
/// ```swift
/// let scene = try design.scene(defaultFont: try Fonts.bundledPath())
/// let png = try Renderer().render(scene, as: Output(format: .png, scale: 3))
/// let pdf = try Renderer().render(scene, as: Output(format: .pdf))
/// ```
public struct Renderer: Sendable {
  public let fonts: FontLibrary

  public init(fonts: FontLibrary = .shared) { self.fonts = fonts }

  /// Renders `scene` into the bytes of a file, as `output` describes. This is the one switch
  /// over formats.
  ///
  /// - Parameters:
  ///   - scene: what to draw, in points.
  ///   - output: the format, scale and the format's options. PNG is `round(points × scale)`
  ///     pixels; SVG has px units and `width`/`height` equal to the scene's points; PDF's page
  ///     is the scene's size in points.
  ///   - drawing: when given, receives the time PNG spends drawing (the rest of its render is
  ///     encoding); SVG and PDF write while they draw and leave it nil.
  /// - Throws: `RenderError` for a bad scale, a canvas over the limits, an unusable font or
  ///   image, or any failed Cairo call.
  public func render(_ scene: Scene, as output: Output, drawing: DrawingTime? = nil) throws(RenderError) -> [UInt8] {
    switch output.format {
    case .png:
      return try renderPNG(
        scene, scale: output.scale, compression: output.png.compression, colorSpace: output.colorSpace,
        drawing: drawing)
    case .svg:
      switch output.svg.engine {
      case .scene:
        return try SVGWriter(
          scene: output.svg.profile.shaped(scene, scale: output.scale), scale: output.scale, options: output.svg,
          fonts: fonts
        ).document()
      case .cairo: return try renderCairoSVG(scene, scale: output.scale)
      }
    case .pdf:
      return try renderPDF(
        pages: [PDFPage(scene: scene, scale: output.scale)], options: output.pdf, colorSpace: output.colorSpace)
    }
  }

  /// Draws `scene` into pixels: `round(points × scale)` per side.
  ///
  /// - Throws: `RenderError.invalidScale`, `.canvasTooLarge` (before allocating), or a
  ///   drawing failure.
  public func rasterize(_ scene: Scene, scale: Double, colorSpace: ColorSpace = .srgb) throws(RenderError)
    -> RasterImage
  {
    try rasterize(scene, scale: scale, colorSpace: colorSpace, marksWideGamut: false)
  }

  /// `rasterize`, optionally marking colours outside sRGB (see `Canvas`).
  func rasterize(_ scene: Scene, scale: Double, colorSpace: ColorSpace, marksWideGamut: Bool) throws(RenderError)
    -> RasterImage
  {
    let pixels = try RenderLimits.pixelSize(of: scene.size, scale: scale)
    let image = try RasterImage(size: pixels)
    let canvas = try Canvas(
      surface: image.surface,
      scale: (Double(pixels.width) / scene.size.width, Double(pixels.height) / scene.size.height),
      snapsToPixels: true, fonts: fonts, colorSpace: colorSpace, marksWideGamut: marksWideGamut)
    try canvas.draw(scene.nodes)
    cairo_surface_flush(image.surface)
    return image
  }

  /// One SVG document straight from Cairo's SVG surface, with process-dependent ids renumbered.
  private func renderCairoSVG(_ scene: Scene, scale: Double) throws(RenderError) -> [UInt8] {
    _ = try RenderLimits.pixelSize(of: scene.size, scale: scale)
    let sink = ByteSink()
    try withExtendedLifetime(sink) { () throws(RenderError) in
      let surface = cairo_svg_surface_create_for_stream(
        ByteSink.write, sink.closure, scene.size.width, scene.size.height)!
      defer { cairo_surface_destroy(surface) }
      try check(cairo_surface_status(surface), "cairo_svg_surface_create_for_stream")
      cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
      // px units: the default, pt, makes viewers show 414pt as 552 px.
      cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
      do {
        let canvas = try Canvas(surface: surface, scale: (scale, scale), snapsToPixels: false, fonts: fonts)
        try canvas.draw(scene.nodes)
      }
      cairo_surface_finish(surface)
      try check(cairo_surface_status(surface), "cairo_surface_finish")
    }
    return SVGCleaner.renumberIDs(sink.bytes)
  }

  /// Renders several scenes as the pages of one PDF, each page the size of its scene.
  ///
  /// - Parameters:
  ///   - pages: at least one; each has its own scale for device-pixel strokes and may carry a
  ///     page label and an outline (bookmark) entry.
  ///   - options: the document's metadata, and a conformance (PDF/X-4) applied by a libqpdf
  ///     post-pass over Cairo's file.
  ///   - colorSpace: `.displayP3` draws each colour's Display P3 components (photos converted
  ///     to P3) and maps DeviceRGB to an ICC-based Display P3 space (`/DefaultRGB`); with
  ///     PDF/X-4 that space replaces ICC-based sRGB.
  /// - Throws: `RenderError` for an empty page list (`CAIRO_STATUS_INVALID_SIZE`), a bad
  ///   scale, or any drawing failure.
  public func renderPDF(pages: [PDFPage], options: PDFOptions, colorSpace: ColorSpace = .srgb) throws(RenderError)
    -> [UInt8]
  {
    guard let first = pages.first else {
      throw .cairo(operation: "a PDF without pages", status: CairoStatus(CAIRO_STATUS_INVALID_SIZE))
    }
    for page in pages { _ = try RenderLimits.pixelSize(of: page.scene.size, scale: page.scale) }
    let sink = ByteSink()
    try withExtendedLifetime(sink) { () throws(RenderError) in
      let surface = cairo_pdf_surface_create_for_stream(
        ByteSink.write, sink.closure, first.scene.size.width, first.scene.size.height)!
      defer { cairo_surface_destroy(surface) }
      try check(cairo_surface_status(surface), "cairo_pdf_surface_create_for_stream")
      setMetadata(options.info, on: surface)
      for (number, page) in pages.enumerated() {
        let canvas = try Canvas(
          surface: surface, scale: (page.scale, page.scale), snapsToPixels: false, fonts: fonts,
          colorSpace: colorSpace)
        // Only valid before drawing on a page: right after creation or after show_page.
        cairo_pdf_surface_set_size(surface, page.scene.size.width, page.scene.size.height)
        if let label = page.label { cairo_pdf_surface_set_page_label(surface, label) }
        if let outline = page.outline {
          _ = cairo_pdf_surface_add_outline(
            surface, Int32(CAIRO_PDF_OUTLINE_ROOT), outline, "page=\(number + 1)",
            cairo_pdf_outline_flags_t(0))
        }
        try canvas.draw(page.scene.nodes)
        canvas.showPage()
        try check(cairo_surface_status(surface), "finishing page \(number + 1)")
      }
      cairo_surface_finish(surface)
      try check(cairo_surface_status(surface), "cairo_surface_finish")
    }
    let pdf = PDFResourceRepair.isNeeded ? PDFResourceRepair.removingRepeatedXObjects(sink.bytes) : sink.bytes
    // Plain sRGB PDFs need no lcms2 (the sRGB profile is made with it): it is not loaded.
    guard options.conformance != nil || colorSpace == .displayP3 else { return pdf }
    let rgbProfile = colorSpace == .displayP3 ? try ColorProfiles.displayP3() : ColorProfiles.sRGB
    do {
      if let conformance = options.conformance {
        return try PDFXPostPass.apply(conformance, info: options.info, rgbProfile: rgbProfile, to: pdf)
      }
      return try PDFXPostPass.mapRGB(toProfile: rgbProfile, in: pdf)
    } catch {
      throw .pdfPostPass(error)
    }
  }

  private func setMetadata(_ info: DocumentInfo, on surface: OpaquePointer) {
    let fields: [(cairo_pdf_metadata_t, String)] = [
      (CAIRO_PDF_METADATA_TITLE, info.title),
      (CAIRO_PDF_METADATA_AUTHOR, info.author),
      (CAIRO_PDF_METADATA_SUBJECT, info.subject),
      (CAIRO_PDF_METADATA_KEYWORDS, info.keywords),
      (CAIRO_PDF_METADATA_CREATOR, info.creator),
      (CAIRO_PDF_METADATA_CREATE_DATE, Self.pdfDate(info.date)),
      (CAIRO_PDF_METADATA_MOD_DATE, Self.pdfDate(info.date)),
    ]
    for (key, value) in fields where !value.isEmpty {
      cairo_pdf_surface_set_metadata(surface, key, value)
    }
  }

  /// ISO 8601 in UTC, the form `cairo_pdf_surface_set_metadata` takes (seconds truncated).
  /// Plain arithmetic (days to a proleptic Gregorian date, H. Hinnant's `civil_from_days`): a
  /// `Calendar` cost 2.8 M instructions, 4.5 % of a PDF render.
  static func pdfDate(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let days = (seconds >= 0 ? seconds : seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func pad(_ n: Int64, _ width: Int) -> String {
      let digits = String(n)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
      + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
  }

  /// Checks that `data` is an image the renderer can draw (PNG, JPEG or HEIC within
  /// `ImageLimits`), without drawing it. A JPEG is decoded at its smallest scale (1/8): every
  /// coefficient is still read, so damage is found, in an eighth of the memory per side.
  ///
  /// - Throws: `RenderError.image` saying what is wrong with the bytes.
  public static func validateImage(_ data: [UInt8]) throws(RenderError) {
    _ = try DecodedImage(data, target: DecodedImage.Target(width: 1, height: 1, mode: .fill))
  }

  /// The font files the designer SVG of `scene` embeds (`--svg-text text`; none for
  /// outlines or Cairo's SVG), to write beside it for editors that ignore `@font-face`.
  ///
  /// - Throws: `RenderError` as `render(_:as:)` does for SVG.
  public func svgFonts(_ scene: Scene, as output: Output) throws(RenderError) -> [EmbeddedFont] {
    guard output.format == .svg, output.svg.engine == .scene, output.svg.text == .text else { return [] }
    return try SVGWriter(
      scene: output.svg.profile.shaped(scene, scale: output.scale), scale: output.scale, options: output.svg,
      fonts: fonts
    ).documentAndFonts().fonts
  }

  /// Checks that librsvg loads and can parse `art`, and, when the preflight is on
  /// (`ArtPreflight`), that a helper process draws it covering `pixels` (the device pixels it
  /// fills: width × height, fractions rounded up) within the limits for untrusted art.
  ///
  /// - Throws: `RenderError.art` with librsvg's reason or the limit the art passed.
  public static func validateArt(_ art: VectorArt, covering pixels: Size) throws(RenderError) {
    try ImageLimits.checkEmbeddedImages(in: art.rootAttributes + art.content)
    // The helper first: librsvg can panic while it parses (feConvolveMatrix builds its
    // kernel then), and that must happen in the helper, not here.
    let width = Int(min(pixels.width.rounded(.up), 1e5))
    let height = Int(min(pixels.height.rounded(.up), 1e5))
    try ArtPreflight.check(art, width: max(1, width), height: max(1, height))
    _ = try LibRSVG.Document(art)
  }
}
