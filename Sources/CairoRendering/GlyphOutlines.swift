import CHarfBuzz
import Synchronization

/// A filled outline in points, y down: what a line of shaped text looks like as geometry.
///
/// Raster output fills it and the SVG writer writes it, so glyphs land exactly where the
/// shaping puts them in both (Cairo's glyph cache would snap each glyph to a whole pixel).
struct Outline {
  enum Segment {
    case move(Double, Double)
    case line(Double, Double)
    case cubic(Double, Double, Double, Double, Double, Double)
    case close
  }

  var segments: [Segment] = []
}

extension ShapedLine {
  /// The outlines of every glyph, placed with the line's baseline origin at `origin` (points).
  func outline(at origin: (x: Double, y: Double), size: Double) -> Outline {
    var outline = Outline()
    for run in runs {
      let scale = size / run.font.unitsPerEm
      for glyph in run.glyphs {
        let (x0, y0) = (origin.x + glyph.x, origin.y + glyph.y)
        // Font units are y up; the page is y down.
        func point(_ x: Float, _ y: Float) -> (Double, Double) { (x0 + Double(x) * scale, y0 - Double(y) * scale) }
        for segment in run.font.glyphOutline(UInt32(glyph.index)) {
          switch segment {
          case .move(let x, let y):
            let p = point(x, y)
            outline.segments.append(.move(p.0, p.1))
          case .line(let x, let y):
            let p = point(x, y)
            outline.segments.append(.line(p.0, p.1))
          case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
            let (c1, c2, p) = (point(c1x, c1y), point(c2x, c2y), point(x, y))
            outline.segments.append(.cubic(c1.0, c1.1, c2.0, c2.1, p.0, p.1))
          case .close:
            outline.segments.append(.close)
          }
        }
      }
    }
    return outline
  }
}

/// One step of a glyph's outline in font design units, y up; quadratic curves are already
/// raised to cubics (exactly).
enum GlyphSegment: Sendable {
  case move(Float, Float)
  case line(Float, Float)
  case cubic(Float, Float, Float, Float, Float, Float)
  case close
}

extension Font {
  /// The outline of glyph `index`, read by HarfBuzz from the font's own tables (unhinted),
  /// cached per font.
  func glyphOutline(_ index: UInt32) -> [GlyphSegment] {
    if let cached = outlines.withLock({ $0[index] }) { return cached }
    let collector = OutlineCollector()
    withExtendedLifetime(collector) {
      hb_font_get_glyph_shape(hbFont, index, outlineDrawFuncs, Unmanaged.passUnretained(collector).toOpaque())
    }
    let segments = collector.segments
    outlines.withLock { $0[index] = segments }
    return segments
  }
}

/// Receives HarfBuzz's drawing callbacks for one glyph.
private final class OutlineCollector {
  var segments: [GlyphSegment] = []

  static func from(_ raw: UnsafeMutableRawPointer?) -> OutlineCollector {
    Unmanaged<OutlineCollector>.fromOpaque(raw!).takeUnretainedValue()
  }
}

/// HarfBuzz drawing callbacks that record segments into an `OutlineCollector` passed as the
/// draw data. Made once and immutable, so glyphs can be drawn from any thread.
nonisolated(unsafe) private let outlineDrawFuncs: OpaquePointer = {
  // nonisolated(unsafe): made immutable before first use; HarfBuzz allows sharing it then.
  let funcs = hb_draw_funcs_create()!
  hb_draw_funcs_set_move_to_func(
    funcs, { _, data, _, x, y, _ in OutlineCollector.from(data).segments.append(.move(x, y)) }, nil, nil)
  hb_draw_funcs_set_line_to_func(
    funcs, { _, data, _, x, y, _ in OutlineCollector.from(data).segments.append(.line(x, y)) }, nil, nil)
  hb_draw_funcs_set_quadratic_to_func(
    funcs,
    { _, data, state, cx, cy, x, y, _ in
      // A quadratic from p0 with control c is the cubic with controls p0 + 2/3 (c − p0) and
      // p + 2/3 (c − p).
      let (x0, y0) = (state!.pointee.current_x, state!.pointee.current_y)
      OutlineCollector.from(data).segments.append(
        .cubic(
          x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0), x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y))
    }, nil, nil)
  hb_draw_funcs_set_cubic_to_func(
    funcs,
    { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
      OutlineCollector.from(data).segments.append(.cubic(c1x, c1y, c2x, c2y, x, y))
    }, nil, nil)
  hb_draw_funcs_set_close_path_func(
    funcs, { _, data, _, _ in OutlineCollector.from(data).segments.append(.close) }, nil, nil)
  hb_draw_funcs_make_immutable(funcs)
  return funcs
}()
