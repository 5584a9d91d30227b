import CairoRendering
import SceneGraph
import Wallpapers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One composed proof page: what Cairo draws, and the boxes the post-pass writes.
public struct ProofPage: Sendable {
  /// The scene with its page label (the device's name) and outline entry.
  public let page: PDFPage
  /// The single-wallpaper layout; nil for a gang-up sheet.
  public let layout: ProofLayout?
  public let boxes: PageBoxes
  /// The slug's lines, also drawn on the page when the slug is on.
  public let slug: [String]
}

/// Builds proof pages from designs: the wallpaper with its bleed, then the marks around it.
enum ProofComposer {
  /// The page for `design` (already set to one device).
  ///
  /// - Parameters:
  ///   - number: this page, from 1; `count` pages in all.
  ///   - font: the font file for the slug and for a label that names none.
  ///   - date: printed in the slug as the proof's date (UTC).
  static func page(
    for design: Design, number: Int, of count: Int, settings: ProofSettings, font: String, date: Date,
    colour: String = "RGB"
  ) throws(SceneError) -> ProofPage {
    let layout = try ProofLayout(
      trimSize: design.canvasSize, bleed: settings.bleed.points, marks: settings.marks, paper: settings.paper)
    let trim = try layout.artTrim
    // In the art block, lengths around the trim are divided by the scale, so the bleed, the
    // marks and their hairlines keep their size on paper when the wallpaper is scaled down.
    let unit = layout.artUnit
    let bleed = layout.artBleed

    // The art block: the wallpaper with its bleed, then crop marks and registration targets.
    var art = try wallpaperNodes(design, bleed: bleed, trim: trim, font: font)
    let hairline = try Stroke(.solid(RegistrationColor.sentinel), width: ProofLayout.hairline * unit)
    if settings.marks.contains(.crop) {
      art.append(
        .group(
          Group(
            name: "crop-marks", children: [try cropMarks(around: trim, bleed: bleed, unit: unit, stroke: hairline)])))
    }
    if settings.marks.contains(.registration) {
      art.append(
        .group(
          Group(
            name: "registration",
            children: try registrationTargets(around: trim, bleed: bleed, unit: unit, stroke: hairline))))
    }
    var nodes: [Node] = [.group(Group(name: "proof", transform: try layout.artTransform, children: art))]

    let slug = slugLines(
      for: design, number: number, of: count, settings: settings, layout: layout, date: date, colour: colour)
    nodes += try footer(
      design: design, slug: slug, origin: layout.footerOrigin, width: layout.footerWidth, settings: settings, font: font
    )

    let scene = try Scene(size: layout.pageSize, nodes: nodes)
    let size = design.canvasSize
    let outline = "\(design.device.name) — \(decimal(size.width)) × \(decimal(size.height)) pt"
    return ProofPage(
      // The device's own scale sizes its device-pixel strokes, so each page draws them as the
      // device's PNG does, whatever the other pages' devices.
      page: PDFPage(
        scene: scene, scale: Double(design.device.screen.scale), label: design.device.name, outline: outline),
      layout: layout,
      boxes: PageBoxes(layout), slug: slug)
  }

  /// The colour bar and the slug's lines from `origin`, `width` wide at most.
  private static func footer(
    design: Design, slug: [String], origin: Point, width: Double, settings: ProofSettings, font: String
  ) throws(SceneError) -> [Node] {
    var nodes: [Node] = []
    var y = origin.y
    if settings.marks.contains(.colorBar) {
      nodes.append(
        .group(
          Group(
            name: "color-bar",
            children: try colorBar(for: design, at: try Point(x: origin.x, y: y), width: width, font: font))))
      y += ProofLayout.patchSize + ProofLayout.padding
    }
    if settings.marks.contains(.slug) {
      var lines: [Node] = []
      for (index, text) in slug.enumerated() {
        let baseline = y + ProofLayout.slugSize + Double(index) * ProofLayout.slugLineHeight
        lines.append(
          .text(
            try TextNode(
              text, font: FontReference(path: font), size: ProofLayout.slugSize, color: RegistrationColor.sentinel,
              position: try Point(x: origin.x, y: baseline), anchor: TextAnchor(.leading, .baseline),
              maxWidth: width)))
      }
      nodes.append(.group(Group(name: "slug", children: lines)))
    }
    return nodes
  }

  /// Slug lines on a gang-up sheet besides one per position: the heading, bleed and date,
  /// and colour.
  static let sheetSlugLines = 3

  /// A gang-up sheet: each placed wallpaper at 100 % with its own bleed, crop marks and
  /// registration targets; the slug lists every position.
  ///
  /// - Parameters:
  ///   - designs: every design of the proof; the sheet uses those its placements name.
  ///   - notes: text appended to each design's position line (a soft proof's share), by index.
  static func sheet(
    _ layout: SheetLayout, designs: [Design], number: Int, of count: Int, settings: ProofSettings, font: String,
    date: Date, colour: String, notes: [String]?
  ) throws(SceneError) -> ProofPage {
    let bleed = layout.bleed
    let hairline = try Stroke(.solid(RegistrationColor.sentinel), width: ProofLayout.hairline)
    var nodes: [Node] = []
    var positions: [String] = []
    var names: [String] = []
    let height = layout.pageSize.height
    for (position, placement) in layout.placements.enumerated() {
      let design = designs[placement.index]
      let trim = placement.trim
      var art = try wallpaperNodes(design, bleed: bleed, trim: trim, font: font)
      if settings.marks.contains(.crop) {
        art.append(try cropMarks(around: trim, bleed: bleed, unit: 1, stroke: hairline))
      }
      if settings.marks.contains(.registration) {
        art += try registrationTargets(around: trim, bleed: bleed, unit: 1, stroke: hairline)
      }
      nodes.append(.group(Group(name: "position-\(position + 1)", children: art)))
      let box = PDFBox(trim, pageHeight: height)
      let size = design.canvasSize
      names.append(design.device.name)
      positions.append(
        "Position \(position + 1): \(design.device.name) (\(design.device.id)) · trim \(decimal(size.width)) × "
          + "\(decimal(size.height)) pt (\(millimetres(size.width)) × \(millimetres(size.height)) mm) at 100% · "
          + "TrimBox \(box)" + (notes.map { " · " + $0[placement.index] } ?? ""))
    }
    let sheetName = settings.paper.title + (layout.isLandscapeSheet ? " landscape" : "")
    let slug =
      [
        "\(designs[layout.placements[0].index].name) · gang-up sheet \(number) of \(count) · \(sheetName) · "
          + "\(layout.placements.count) wallpapers at 100%"
      ] + positions + [
        "Bleed \(settings.bleed) on each · proof date \(day(date))",
        "Colour: \(colour)",
      ]
    nodes += try footer(
      design: designs[layout.placements[0].index], slug: slug, origin: layout.footerOrigin, width: layout.footerWidth,
      settings: settings, font: font)

    let scene = try Scene(size: layout.pageSize, nodes: nodes)
    let trims = layout.placements.map(\.trim)
    let union = try Rect(
      x: trims.map(\.minX).min()!, y: trims.map(\.minY).min()!,
      width: trims.map(\.maxX).max()! - trims.map(\.minX).min()!,
      height: trims.map(\.maxY).max()! - trims.map(\.minY).min()!)
    let sheet = PDFBox(Rect(size: layout.pageSize), pageHeight: height)
    let label = "Sheet \(number)"
    return ProofPage(
      page: PDFPage(
        scene: scene, scale: Double(designs[layout.placements[0].index].device.screen.scale), label: label,
        outline: "\(label) — " + names.joined(separator: ", ")),
      layout: nil,
      boxes: PageBoxes(
        media: sheet, crop: sheet, bleed: PDFBox(union.outset(by: bleed), pageHeight: height),
        trim: PDFBox(union, pageHeight: height)),
      slug: slug)
  }

  /// The slug: design, device and page; the screen class's models; sizes in points, mm and
  /// pixels at 1x, 2x and 3x; bleed, scale, season, date and colour (`RGB`, or the PDF/X
  /// version and output intent).
  static func slugLines(
    for design: Design, number page: Int, of count: Int, settings: ProofSettings, layout: ProofLayout,
    date: Date, colour: String = "RGB"
  ) -> [String] {
    let device = design.device
    let size = design.canvasSize
    let models = DeviceCatalog.models(of: device.screen).map(\.name).joined(separator: ", ")
    let pixels = (1...3).map { scale in
      let s = Double(scale)
      return "\(scale)x \(Int((size.width * s).rounded())) × \(Int((size.height * s).rounded())) px"
    }
    let turned = design.orientation == .portrait ? "" : " (\(design.orientation.rawValue))"
    let season = design.season.season.rawValue
    let chosen = design.season.chosenBy == "season \(season)" ? "" : ", from \(design.season.chosenBy)"
    var scaleText = "scale 100%"
    if settings.paper != .fit {
      let percent = Length.decimal(layout.scale * 100, places: 1)
      let sheet = settings.paper.title + (layout.isLandscapeSheet ? " landscape" : "")
      scaleText =
        layout.scale < 1
        ? "scale \(percent)% (reduced to fit \(sheet); bleed and marks at full size)" : "scale 100% on \(sheet)"
    }
    return [
      "\(design.name) · \(device.name) (\(device.id)) · page \(page) of \(count)",
      "Screen class \(device.screen.id) at \(device.screen.scale)x: \(models)",
      "Trim \(decimal(size.width)) × \(decimal(size.height)) pt (\(millimetres(size.width)) × \(millimetres(size.height)) mm)"
        + "\(turned) · " + pixels.joined(separator: " · "),
      "Bleed \(settings.bleed) · \(scaleText) · season \(season)\(chosen) · proof date \(day(date))",
      "Colour: \(colour)",
    ]
  }

  /// The wallpaper on the trim and its background and art continued into the bleed, in
  /// art-block coordinates: the scene of `Design.scene(defaultFont:bleed:)`, whose screen area
  /// is exactly what `wallpaper render` draws (the art places everything inside the screen
  /// from the screen alone, and draws the bleed band separately).
  private static func wallpaperNodes(
    _ design: Design, bleed: Double, trim: Rect, font: String
  ) throws(SceneError) -> [Node] {
    let scene = try design.scene(defaultFont: font, bleed: bleed)
    let area = trim.outset(by: bleed)
    return [
      .group(
        Group(
          name: "wallpaper", transform: .translation(try Vector(dx: area.minX, dy: area.minY)),
          clip: .rectangle(Rect(size: scene.size)),
          children: scene.nodes))
    ]
  }

  /// Two strokes per trim corner, pointing away from the trim along its edges, starting
  /// `cropGap` outside the bleed.
  private static func cropMarks(around trim: Rect, bleed: Double, unit: Double, stroke: Stroke) throws(SceneError)
    -> Node
  {
    let start = bleed + ProofLayout.cropGap * unit
    let end = start + ProofLayout.cropLength * unit
    var path = Path()
    for (x, dx) in [(trim.minX, -1.0), (trim.maxX, 1.0)] {
      for (y, dy) in [(trim.minY, -1.0), (trim.maxY, 1.0)] {
        // Horizontal mark on the line of the edge y, vertical mark on the line of x.
        path.move(to: try Point(x: x + dx * start, y: y))
        path.line(to: try Point(x: x + dx * end, y: y))
        path.move(to: try Point(x: x, y: y + dy * start))
        path.line(to: try Point(x: x, y: y + dy * end))
      }
    }
    return .shape(ShapeNode(.path(path), stroke: stroke))
  }

  /// A circle with a cross through it at the middle of each side, centred in the crop-mark
  /// zone, so it stays clear of the bleed.
  private static func registrationTargets(around trim: Rect, bleed: Double, unit: Double, stroke: Stroke)
    throws(SceneError) -> [Node]
  {
    let distance = bleed + (ProofLayout.cropGap + ProofLayout.cropLength / 2) * unit
    let arm = (ProofLayout.cropLength / 2 - 1) * unit
    let radius = ProofLayout.cropLength / 4 * unit
    let centres = [
      (trim.center.x, trim.minY - distance), (trim.center.x, trim.maxY + distance),
      (trim.minX - distance, trim.center.y), (trim.maxX + distance, trim.center.y),
    ]
    var nodes: [Node] = []
    for (x, y) in centres {
      var cross = Path()
      cross.move(to: try Point(x: x - arm, y: y))
      cross.line(to: try Point(x: x + arm, y: y))
      cross.move(to: try Point(x: x, y: y - arm))
      cross.line(to: try Point(x: x, y: y + arm))
      nodes.append(
        .shape(
          ShapeNode(
            .ellipse(try Rect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius)), stroke: stroke)))
      nodes.append(
        .shape(
          ShapeNode(
            .ellipse(try Rect(x: x - radius / 3, y: y - radius / 3, width: radius * 2 / 3, height: radius * 2 / 3)),
            fill: .solid(RegistrationColor.sentinel))))
      nodes.append(.shape(ShapeNode(.path(cross), stroke: stroke)))
    }
    return nodes
  }

  /// The colour bar: `RGB` and the season's palette (ICC sRGB in PDF/X, like the art), then
  /// `CMYK` and the press control strip (`ProcessColor.controlStrip`: solids, overprints,
  /// tints and a K-only grey scale) in DeviceCMYK, each patch outlined so white shows on
  /// white paper. Patches are `ProofLayout.patchSize` wide, narrower when the row would not
  /// fit `width`.
  private static func colorBar(for design: Design, at origin: Point, width: Double, font: String) throws(SceneError)
    -> [Node]
  {
    let palette = design.season.season.palette.colors
    let strip = ProcessColor.controlStrip
    let labelWidth = 14.0
    let gap = ProofLayout.patchSize / 2
    let patchWidth = min(
      ProofLayout.patchSize,
      (width - 2 * labelWidth - gap) / Double(palette.count + strip.count))
    let outline = try Stroke(.solid(Color(rgb: 0x808080)), width: ProofLayout.hairline)
    var nodes: [Node] = []
    var x = origin.x
    func label(_ text: String) throws(SceneError) {
      nodes.append(
        .text(
          try TextNode(
            text, font: FontReference(path: font), size: ProofLayout.colorBarLabelSize,
            color: RegistrationColor.sentinel,
            position: try Point(x: x, y: origin.y + (ProofLayout.patchSize + ProofLayout.colorBarLabelSize) / 2 - 1),
            anchor: TextAnchor(.leading, .baseline), maxWidth: labelWidth - 1)))
      x += labelWidth
    }
    func patch(_ color: Color, outline: Stroke) throws(SceneError) {
      let rect = try Rect(x: x, y: origin.y, width: patchWidth, height: ProofLayout.patchSize)
      nodes.append(.shape(ShapeNode(.rectangle(rect), fill: .solid(color), stroke: outline)))
      x += patchWidth
    }
    try label("RGB")
    for color in palette { try patch(color, outline: outline) }
    x += gap
    try label("CMYK")
    // Outlined in K alone, so the outline adds no ink to the C, M and Y plates.
    let blackOutline = try Stroke(.solid(ProcessColor(black: 0.5).sentinel), width: ProofLayout.hairline)
    for color in strip { try patch(color.sentinel, outline: blackOutline) }
    return nodes
  }

  /// `402` or `8.504`.
  private static func decimal(_ value: Double) -> String { Length.decimal(value, places: 3) }

  /// Points as millimetres with at most two decimals: `141.82`.
  private static func millimetres(_ points: Double) -> String {
    Length.decimal(points / Length.Unit.mm.points, places: 2)
  }

  /// `YYYY-MM-DD` in UTC.
  private static func day(_ date: Date) -> String {
    CalendarDate(utcDayOf: Int64(date.timeIntervalSince1970.rounded(.down))).description
  }
}

/// Why a proof could not be made. Each description is one line.
public enum ProofError: Error, Equatable, CustomStringConvertible, Sendable {
  /// No designs were given.
  case noPages
  /// A page's scene could not be built.
  case scene(SceneError)
  /// Cairo could not draw the pages.
  case render(RenderError)
  /// The libqpdf post-pass failed.
  case postPass(PDFPostPassError)

  public var description: String {
    switch self {
    case .noPages: return "a proof needs at least one device"
    case .scene(let error): return "cannot build a proof page: \(error.description)"
    case .render(let error): return "rendering the proof failed: \(error.description)"
    case .postPass(let error): return "setting the page boxes failed: \(error.description)"
    }
  }
}

/// Print proofs: one PDF page per design (one design per device), each with bleed, marks, a
/// slug, page boxes, a page label and a bookmark.
public enum PrintProof {
  /// Composes the pages without drawing them.
  ///
  /// - Parameters:
  ///   - designs: one per page, each already set to its device.
  ///   - settings: bleed, marks and slug of every page.
  ///   - font: the bundled font file, for the slug and for labels that name no font.
  ///   - date: the proof's date, printed in the slug.
  ///   - conformance: the PDF/X level the pages are made for, or nil for plain PDF.
  ///   - softProofs: one per design when given; each page's slug states its share of
  ///     out-of-gamut pixels.
  public static func pages(
    for designs: [Design], settings: ProofSettings, font: String, date: Date, conformance: PDFConformance? = nil,
    softProofs: [SoftProofPage]? = nil
  ) throws(ProofError) -> [ProofPage] {
    var colour = "RGB (sRGB)"
    if case .pdfx4(let intent) = conformance {
      colour = "\(conformance!.version), RGB as ICC-based sRGB, output intent \(intent.identifier)"
    }
    if let softProofs, softProofs.count != designs.count {
      throw .scene(
        SceneError(field: "softProofs", value: "\(softProofs.count)", allowed: "one per page: \(designs.count)"))
    }
    guard !designs.isEmpty else { throw .noPages }
    if settings.arrangement == .nup {
      do {
        let sheets = try Self.sheets(for: designs, settings: settings)
        return try sheets.enumerated().map { (index, sheet) throws(SceneError) in
          try ProofComposer.sheet(
            sheet, designs: designs, number: index + 1, of: sheets.count, settings: settings, font: font, date: date,
            colour: colour, notes: softProofs?.map(\.slugText))
        }
      } catch {
        throw .scene(error)
      }
    }
    var pages: [ProofPage] = []
    for (index, design) in designs.enumerated() {
      do {
        pages.append(
          try ProofComposer.page(
            for: design, number: index + 1, of: designs.count, settings: settings, font: font, date: date,
            colour: colour + (softProofs.map { " · " + $0[index].slugText } ?? "")))
      } catch {
        throw .scene(error)
      }
    }
    return pages
  }

  /// The finished proof file: Cairo draws the pages (with `options`' metadata, page labels and outline),
  /// then libqpdf sets the page boxes and a deterministic `/ID`.
  ///
  /// - Throws: `ProofError` naming the step that failed.
  public static func render(
    _ designs: [Design], settings: ProofSettings, font: String, options: PDFOptions,
    softProofs: [SoftProofPage]? = nil, renderer: Renderer = Renderer()
  ) throws(ProofError) -> [UInt8] {
    let pages = try pages(
      for: designs, settings: settings, font: font, date: options.info.date, conformance: options.conformance,
      softProofs: softProofs)
    let drawn: [UInt8]
    do {
      drawn = try renderer.renderPDF(pages: pages.map(\.page), options: options)
    } catch {
      throw .render(error)
    }
    do {
      return try PDFPostPass.apply(pages.map(\.boxes), to: drawn)
    } catch {
      throw .postPass(error)
    }
  }
}

/// One page's soft proof: the wallpaper at 1 px per point as it would print under an output
/// intent, and where it is out of gamut.
public struct SoftProofPage: Sendable {
  /// `01-iphone-8`: the page number and device id, the stem of both PNG files.
  public let name: String
  /// The proof PNG (`NAME-soft-proof.png`).
  public let proof: [UInt8]
  /// The gamut PNG (`NAME-gamut.png`): out-of-gamut pixels in `SoftProof.gamutMarker`.
  public let gamut: [UInt8]
  public let outOfGamut: Int
  public let pixels: Int
  /// `12.34`: out-of-gamut pixels as a percentage of the trim.
  public let percentage: String
  /// The output intent's description.
  public let intent: String

  /// What the slug says: `soft proof: 12.34% of the trim out of gamut for …`.
  var slugText: String { "soft proof: \(percentage)% of the trim out of gamut for \(intent)" }
}

extension PrintProof {
  /// The gang-up sheets for `designs` (`--layout nup`).
  ///
  /// - Throws: `SceneError` (field `layout`) when the paper is `fit` or a wallpaper does not
  ///   fit an empty sheet at 100 %.
  public static func sheets(for designs: [Design], settings: ProofSettings) throws(SceneError) -> [SheetLayout] {
    try SheetLayout.sheets(
      for: designs.map(\.canvasSize), bleed: settings.bleed.points, marks: settings.marks, paper: settings.paper,
      slugLines: ProofComposer.sheetSlugLines)
  }

  /// Soft proofs of `designs` (one per page, in order) under `intent`, with lcms2.
  ///
  /// - Throws: `ProofError` when a scene can't be built or drawn.
  public static func softProofs(
    _ designs: [Design], intent: OutputIntent, font: String, renderer: Renderer = Renderer()
  ) throws(ProofError) -> [SoftProofPage] {
    let softProof = SoftProof(intent: intent)
    let digits = String(designs.count).count
    var pages: [SoftProofPage] = []
    for (index, design) in designs.enumerated() {
      let scene: Scene
      do {
        scene = try design.scene(defaultFont: font)
      } catch {
        throw .scene(error)
      }
      do {
        let result = try softProof.apply(to: try renderer.rasterize(scene, scale: Double(design.device.screen.scale)))
        let number = String(repeating: "0", count: max(0, digits - String(index + 1).count)) + String(index + 1)
        pages.append(
          SoftProofPage(
            name: "\(number)-\(design.device.id)", proof: result.proof, gamut: result.gamut,
            outOfGamut: result.outOfGamut, pixels: result.pixels, percentage: result.percentage,
            intent: intent.identifier))
      } catch {
        throw .render(error)
      }
    }
    return pages
  }
}
