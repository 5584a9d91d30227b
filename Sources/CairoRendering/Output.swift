#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An output file format.
public enum OutputFormat: String, CaseIterable, Sendable {
  case png, svg, pdf

  /// The format a file name's extension names, if any (`a.PNG` → png).
  public init?(pathExtension: String) {
    self.init(rawValue: pathExtension.lowercased())
  }
}

/// The colour space a file's colours are written in.
public enum ColorSpace: String, CaseIterable, Sendable {
  /// sRGB (IEC 61966-2.1): PNGs carry an `sRGB` chunk with `gAMA`/`cHRM` fallbacks.
  case srgb
  /// Display P3 (P3-D65 primaries, sRGB transfer): the gamut of every iPhone since the 7.
  /// sRGB colours are converted so they look the same; colours given in P3 keep their gamut.
  /// PNGs carry an `iCCP` Display P3 profile (made with lcms2) and `cICP` (12, 13, 0, 1); PDFs
  /// map DeviceRGB to an ICC-based Display P3 space.
  case displayP3 = "display-p3"
}

/// How and where a scene is written: everything about a file that is not the picture itself.
///
/// A design says *what* to draw and becomes a `Scene`; an `Output` says how that scene becomes
/// bytes. `Renderer.render(_:as:)` is the one place that switches over `format`; each format's
/// options live in their own member, and options of other formats are ignored.
///
/// ```swift
/// let output = Output(format: .svg, svg: SVGOptions(text: .text))
/// ```
public struct Output: Hashable, Sendable {
  public var format: OutputFormat
  /// Device pixels per point, 0 < scale ≤ `RenderLimits.maxScale`. A PNG is
  /// `round(points × scale)` pixels; SVG and PDF use it only to size device-pixel strokes.
  public var scale: Double
  public var png: PNGOptions
  public var svg: SVGOptions
  public var pdf: PDFOptions
  /// The colour space the file's colours are written in (PNG and PDF; the scene SVG writer
  /// writes colours outside sRGB as `color(display-p3 …)` whatever this says).
  public var colorSpace: ColorSpace
  /// Where the file is written. The renderer returns bytes and never reads this; it is here so
  /// that one value describes the whole output for the commands that write it.
  public var path: String?

  public init(
    format: OutputFormat, scale: Double = 1, png: PNGOptions = PNGOptions(), svg: SVGOptions = SVGOptions(),
    pdf: PDFOptions = PDFOptions(), colorSpace: ColorSpace = .srgb, path: String? = nil
  ) {
    self.colorSpace = colorSpace
    self.format = format
    self.scale = scale
    self.png = png
    self.svg = svg
    self.pdf = pdf
    self.path = path
  }
}

/// PNG options.
public struct PNGOptions: Hashable, Sendable {
  public var compression: PNGCompression

  public init(compression: PNGCompression = .default) { self.compression = compression }
}

/// SVG options.
public struct SVGOptions: Hashable, Sendable {
  /// How text is written.
  public enum Text: String, CaseIterable, Sendable {
    /// Glyph outlines as paths, in a group that carries the text (`aria-label`, `<title>`):
    /// looks the same everywhere, with no font needed.
    case outlines
    /// A `<text>` element with the shaped glyph positions and the font embedded as a subset.
    case text
  }

  /// Which code writes the document.
  public enum Engine: String, CaseIterable, Sendable {
    /// The scene SVG writer: plain SVG 1.1 with named groups, Inkscape layers and plain
    /// `opacity`, made for designers' tools.
    case scene
    /// Cairo's own SVG surface: faithful, but group opacity becomes a mask and filter, and
    /// text becomes glyph symbols.
    case cairo
  }

  /// Which importers the scene SVG is shaped for.
  public enum Profile: String, CaseIterable, Sendable {
    /// The scene as it is, for every tool that reads SVG 1.1 (browsers, Inkscape, rsvg): group
    /// `opacity`, whole geometry, the page as the root's viewport.
    case plain
    /// The scene rewritten by `OfficeImporterRules` for LibreOffice Draw 7.4 and Scribus 1.5.8,
    /// which draw plain SVG wrongly; each rule names the importer it serves.
    case office
  }

  public var text: Text
  public var engine: Engine
  /// Rewrites for importers; `.plain` leaves the scene as it is (the scene engine only).
  public var profile: Profile
  /// The root's `<title>` (the design's name); none when empty.
  public var title: String
  /// The root's `<desc>` (season or art, device, size); none when empty.
  public var description: String

  public init(
    text: Text = .outlines, engine: Engine = .scene, profile: Profile = .plain, title: String = "",
    description: String = ""
  ) {
    self.text = text
    self.engine = engine
    self.profile = profile
    self.title = title
    self.description = description
  }
}

/// PDF options.
public struct PDFOptions: Hashable, Sendable {
  public var info: DocumentInfo
  /// A standard the file is made to meet; nil for a plain PDF 1.5 from Cairo.
  public var conformance: PDFConformance?

  public init(info: DocumentInfo = DocumentInfo(), conformance: PDFConformance? = nil) {
    self.info = info
    self.conformance = conformance
  }
}

/// A PDF standard for print exchange.
public enum PDFConformance: Hashable, Sendable {
  /// PDF/X-4 (ISO 15930-7): PDF 1.6, an OutputIntent with this CMYK profile embedded, DeviceRGB
  /// mapped to ICC-based sRGB on every page, XMP metadata; live transparency, vectors and text
  /// are kept. See `PDFXPostPass`.
  case pdfx4(OutputIntent)

  /// `PDF/X-4`, as `GTS_PDFXVersion` writes it.
  public var version: String {
    switch self {
    case .pdfx4: return "PDF/X-4"
    }
  }
}

/// Document metadata written into PDF files (SVG and PNG carry none).
public struct DocumentInfo: Hashable, Sendable {
  public var title: String
  public var author: String
  public var subject: String
  public var keywords: String
  /// The producing tool, such as `wallpaper 0.1.0`.
  public var creator: String
  /// Written as both creation and modification date, so files are reproducible.
  public var date: Date

  /// The date used when none is given: 2020-01-01T00:00:00Z. Fixed, so renders are
  /// byte-identical across runs.
  public static let defaultDate = Date(timeIntervalSince1970: 1_577_836_800)

  public init(
    title: String = "", author: String = "", subject: String = "", keywords: String = "",
    creator: String = "", date: Date = DocumentInfo.defaultDate
  ) {
    self.title = title
    self.author = author
    self.subject = subject
    self.keywords = keywords
    self.creator = creator
    self.date = date
  }
}
