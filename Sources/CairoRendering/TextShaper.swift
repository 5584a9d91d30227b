import CCairo
import CHarfBuzz
import SceneGraph

/// One line of text shaped by HarfBuzz, split into runs of one font each. Positions are in
/// points from the line's origin on the baseline, y down.
struct ShapedLine {
  struct Run {
    let font: Font
    /// The run's text as UTF-8, which Cairo stores beside the glyphs (PDF text extraction).
    let utf8: [UInt8]
    let glyphs: [cairo_glyph_t]
    let clusters: [cairo_text_cluster_t]
    /// Right-to-left runs list clusters from the last glyph backwards.
    let backward: Bool
  }

  let runs: [Run]
  /// The total advance, in points.
  let width: Double
  /// The primary font's ascender above the baseline, in points (positive).
  let ascent: Double
  /// The primary font's descender below the baseline, in points (positive).
  let descent: Double

  /// The baseline origin that puts the line's `anchor` point at `position`.
  func origin(for position: Point, anchor: TextAnchor) -> (x: Double, y: Double) {
    let x: Double
    switch anchor.horizontal {
    case .leading: x = position.x
    case .center: x = position.x - width / 2
    case .trailing: x = position.x - width
    }
    let y: Double
    switch anchor.vertical {
    case .top: y = position.y + ascent
    case .middle: y = position.y + (ascent - descent) / 2
    case .baseline: y = position.y
    case .bottom: y = position.y - descent
    }
    return (x, y)
  }
}

/// Shapes text with HarfBuzz (kerning, ligatures, marks), falling back per grapheme cluster to
/// an installed font when the chosen one lacks a character of it.
enum TextShaper {
  /// A text node laid out as every backend draws it: shaped at its size, or at the smaller size
  /// that fits `maxWidth`, with the baseline origin that puts its anchor at its position.
  ///
  /// - Throws: as `shape`.
  static func layout(_ text: TextNode, fonts: FontLibrary) throws(RenderError) -> (
    line: ShapedLine, size: Double, origin: (x: Double, y: Double)
  ) {
    let font = try fonts.font(at: text.font.path, index: text.font.index)
    var size = text.size
    var line = try shape(text.text, font: font, size: size, fonts: fonts)
    if let maxWidth = text.maxWidth, line.width > maxWidth {
      // Advances scale linearly with the size (no hinting), so one reshape fits exactly.
      size *= maxWidth / line.width
      line = try shape(text.text, font: font, size: size, fonts: fonts)
    }
    return (line, size, line.origin(for: text.position, anchor: text.anchor))
  }

  /// - Throws: `RenderError.font` for an unusable font file; `.missingGlyph` naming the first
  ///   character that no font has.
  static func shape(_ text: String, font primary: Font, size: Double, fonts: FontLibrary)
    throws(RenderError) -> ShapedLine
  {
    var runs: [ShapedLine.Run] = []
    var pen = 0.0
    for (font, scalars) in try itemize(text, primary: primary, fonts: fonts) {
      let run = try shapeRun(scalars, font: font, size: size, pen: &pen, text: text)
      runs.append(run)
    }
    let scale = size / primary.unitsPerEm
    return ShapedLine(
      runs: runs, width: pen, ascent: primary.ascender * scale,
      descent: -primary.descender * scale)
  }

  /// Splits `text` into maximal runs that one font can draw. Each grapheme cluster (a letter
  /// with its marks, an emoji sequence) goes whole to the first font that has every character
  /// of it: the chosen font, else an installed one, so `a̶` is not torn into a letter from one
  /// font and a stroke from another. Only a cluster that no single font covers is split, each
  /// character to a font that has it. Spaces stay with the run before them.
  static func itemize(_ text: String, primary: Font, fonts: FontLibrary)
    throws(RenderError) -> [(Font, String.UnicodeScalarView)]
  {
    var runs: [(Font, String.UnicodeScalarView)] = []
    func append(_ scalars: some Sequence<Unicode.Scalar>, in font: Font) {
      if let last = runs.indices.last, runs[last].0 === font {
        runs[last].1.append(contentsOf: scalars)
      } else {
        runs.append((font, String.UnicodeScalarView(scalars)))
      }
    }
    for character in text {
      let scalars = character.unicodeScalars
      if let last = runs.indices.last, character.isWhitespace, scalars.allSatisfy(runs[last].0.hasGlyph(for:)) {
        runs[last].1.append(contentsOf: scalars)
        continue
      }
      if let font = try font(covering: scalars, primary: primary, fonts: fonts) {
        append(scalars, in: font)
        continue
      }
      for scalar in scalars {
        if !needsGlyph(scalar), let last = runs.indices.last {
          runs[last].1.append(scalar)
        } else if primary.hasGlyph(for: scalar) {
          append([scalar], in: primary)
        } else if let fallback = try fonts.fallbackFont(for: scalar) {
          append([scalar], in: fallback)
        } else {
          throw .missingGlyph(scalar: scalar.value, text: text)
        }
      }
    }
    return runs
  }

  /// Whether a font must have a glyph for `scalar`: joiners, variation selectors and other
  /// default-ignorable characters are hidden by HarfBuzz when the font lacks them.
  private static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.properties.isDefaultIgnorableCodePoint && !scalar.properties.isVariationSelector
  }

  /// The chosen font if it has every character of a cluster, else the first installed font
  /// found for one of its characters that has them all; nil when no single font does.
  private static func font(covering scalars: String.UnicodeScalarView, primary: Font, fonts: FontLibrary)
    throws(RenderError) -> Font?
  {
    let needed = scalars.filter(needsGlyph)
    if needed.allSatisfy(primary.hasGlyph(for:)) { return primary }
    for scalar in needed {
      if let fallback = try fonts.fallbackFont(for: scalar), needed.allSatisfy(fallback.hasGlyph(for:)) {
        return fallback
      }
    }
    return nil
  }

  private static func shapeRun(
    _ scalars: String.UnicodeScalarView, font: Font, size: Double, pen: inout Double,
    text: String
  ) throws(RenderError) -> ShapedLine.Run {
    let utf8 = Array(String(scalars).utf8)
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    utf8.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
      }
    }
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font.hbFont, buffer, nil, 0)

    var count: UInt32 = 0
    let infos = UnsafeBufferPointer(start: hb_buffer_get_glyph_infos(buffer, &count), count: Int(count))
    let positions = UnsafeBufferPointer(
      start: hb_buffer_get_glyph_positions(buffer, nil), count: Int(count))
    let scale = size / font.unitsPerEm

    var glyphs: [cairo_glyph_t] = []
    glyphs.reserveCapacity(Int(count))
    for (info, position) in zip(infos, positions) {
      if info.codepoint == 0 {
        // .notdef: the font claims the character but has no drawing for it.
        let scalar = String(decoding: utf8[Int(info.cluster)...], as: UTF8.self).unicodeScalars.first
        throw .missingGlyph(scalar: scalar?.value ?? 0, text: text)
      }
      glyphs.append(
        cairo_glyph_t(
          index: UInt(info.codepoint), x: pen + Double(position.x_offset) * scale,
          y: -Double(position.y_offset) * scale))
      pen += Double(position.x_advance) * scale
    }

    // Cairo clusters in logical order: bytes of each cluster and how many glyphs draw it.
    let starts = Set(infos.map { Int($0.cluster) }).sorted()
    var glyphCounts: [Int: Int32] = [:]
    for info in infos { glyphCounts[Int(info.cluster), default: 0] += 1 }
    var clusters: [cairo_text_cluster_t] = []
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1] : utf8.count
      clusters.append(cairo_text_cluster_t(num_bytes: Int32(end - start), num_glyphs: glyphCounts[start]!))
    }
    let backward = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
    return ShapedLine.Run(
      font: font, utf8: utf8, glyphs: glyphs, clusters: clusters, backward: backward)
  }
}
