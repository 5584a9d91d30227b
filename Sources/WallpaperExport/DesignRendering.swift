import CairoRendering
import Platform
import SceneGraph
import Wallpapers

/// Told which font draws a design's label, so a program can say so: the file chosen, and each
/// fallback font that draws characters the chosen one lacks. `wallpaper` prints the first with
/// `--verbose` and the others as `note:` lines. Called from whichever thread builds the scene.
public protocol FontReporting: Sendable {
  /// The label's font, once it is loaded and checked.
  func chosen(_ font: Font)
  /// A fallback font that draws characters of the label `primary` lacks.
  func fallback(_ font: Font, for primary: Font)
}

/// The steps from a design to the bytes of a file, shared by the export and by every
/// `wallpaper` command that renders: the design's font and photos checked (each bad one named
/// by its field), the scene built, then rendered through `Renderer`.
///
/// ```swift
/// let design = Design(device: DeviceCatalog.device(id: "iphone-16")!, season: .winter)
/// let scene = try DesignRendering.scene(of: design, environment: [:])
/// let png = try DesignRendering.render(scene, as: Output(format: .png, scale: 3))  // 1179×2556 px
/// try AtomicFile.write(png, to: "winter.png")
/// ```
public enum DesignRendering {
  /// The design's scene, with the bundled font (`Fonts.bundledPath`: compiled in, or
  /// `environment`'s `WALLPAPER_FONTS`) when the label names no font. Image and font inputs are loaded
  /// first, so a bad file is named by its field before anything is drawn.
  ///
  /// - Parameters:
  ///   - design: what to draw, for one device.
  ///   - environment: `WALLPAPER_FONTS` (another copy of the bundled font) and the cache
  ///     folder's variables (`XDG_CACHE_HOME`, `HOME`, `TMPDIR`; see `CacheFile`).
  ///   - fontReport: told the font chosen for the label and any fallback fonts.
  /// - Throws: `ExportError.invalidInput` naming the field of a photo or font that cannot be
  ///   used; `.failed` when the bundled font cannot be had or the scene cannot be built.
  public static func scene(
    of design: Design, environment: Environment, fontReport: (any FontReporting)? = nil
  ) throws(ExportError) -> Scene {
    let font =
      design.label.visible && design.label.fontPath == nil
      ? try FontLocator.bundledFontPath(environment: environment) : ""
    return try scene(of: design, defaultFont: font, fontReport: fontReport)
  }

  /// The files a design reads: the design file, the label's font file, the background image,
  /// the custom art, the cell photos (what `--watch` watches).
  public static func inputFiles(of design: Design, designFile: String?) -> [String] {
    [
      designFile, design.label.fontPath.flatMap { Label.isFontPath($0) ? $0 : nil },
      design.background.image.flatMap { $0.file ?? $0.path }, design.art?.file,
    ].compactMap { $0 } + design.grid.images.map(\.file)
  }

  /// The label's font: a file as given (one font, not a collection), or a fontconfig family
  /// and style looked up and checked; the bundled font at `defaultFont` when none is set.
  ///
  /// - Throws: `ExportError.invalidInput` naming `--font/label.font` and why the font cannot
  ///   be used (missing, bitmap-only, a collection, a family that is not installed).
  public static func labelFont(of design: Design, defaultFont: String) throws(ExportError) -> Font {
    let spec = design.label.fontPath ?? defaultFont
    do {
      if Label.isFontPath(spec) || design.label.fontPath == nil {
        return try FontLibrary.shared.font(at: spec)
      }
      return try FontLibrary.shared.installedFont(named: spec)
    } catch {
      throw .invalidInput("--font/label.font: \(error.description)")
    }
  }

  /// `design` with its label's font given as the file and face to draw with: a fontconfig
  /// family looked up once, so every scene built from it names the very file checked.
  ///
  /// - Throws: `ExportError.invalidInput` as `labelFont(of:defaultFont:)` does.
  public static func resolvingLabelFont(of design: Design) throws(ExportError) -> Design {
    guard design.label.visible, let spec = design.label.fontPath, !Label.isFontPath(spec) else { return design }
    let font = try labelFont(of: design, defaultFont: "")
    var resolved = design
    resolved.label.fontPath = font.path
    resolved.label.fontIndex = font.index
    return resolved
  }

  /// The design's scene with the bundled font at `defaultFont`, with the mock of `preview`
  /// over it when given.
  ///
  /// - Parameters:
  ///   - design: what to draw, for one device.
  ///   - defaultFont: the font file for a label that names none (the bundled font).
  ///   - preview: a lock- or home-screen mock drawn over the wallpaper (iPhones in portrait).
  ///   - fontReport: told the font chosen for the label and any fallback fonts.
  /// - Throws: `ExportError.invalidInput` naming the field of a photo (`background.image.path`,
  ///   `--cell-images/grid.images`) or font that cannot be used; `.failed` when the scene
  ///   cannot be built.
  public static func scene(
    of design: Design, defaultFont: String, preview: PreviewScreen? = nil, fontReport: (any FontReporting)? = nil
  ) throws(ExportError) -> Scene {
    var design = design
    if let image = design.background.image {
      do {
        try Renderer.validateImage(image.data)
      } catch {
        throw .invalidInput("background.image.path: '\(image.path)' cannot be used: \(error.description)")
      }
    }
    if let art = design.art {
      do {
        // The art covers the canvas; the preflight draws it at the device's own pixels.
        let scale = Double(design.device.screen.scale)
        let canvas = design.canvasSize
        let pixels = (try? Size(width: canvas.width * scale, height: canvas.height * scale)) ?? canvas
        try Renderer.validateArt(art.vector, covering: pixels)
      } catch {
        throw .invalidInput("art.svg: '\(art.path)' cannot be used: \(error.description)")
      }
    }
    for image in design.grid.images {
      do {
        try Renderer.validateImage(image.bytes)
      } catch {
        throw unusable(image, error)
      }
    }
    if design.label.visible {
      let font = try labelFont(of: design, defaultFont: defaultFont)
      if design.label.fontPath != nil {
        design.label.fontPath = font.path
        design.label.fontIndex = font.index
      }
      fontReport?.chosen(font)
      if let fontReport {
        let text = design.labelText
        do {
          for fallback in try FontLibrary.shared.fallbackFonts(for: text, in: font) {
            fontReport.fallback(fallback, for: font)
          }
        } catch {
          throw .failed("cannot draw the label: \(error.description)")
        }
      }
    }
    let fontPath = design.label.fontPath ?? defaultFont
    if design.label.visible, design.label.color == nil, let placement = design.labelPlacement {
      // `auto`: a colour that reads against the art drawn behind the label.
      let art = try withoutLabel(try builtScene(of: design, defaultFont: fontPath))
      design.label.color = design.legibleLabelColor(overLuminance: try backdropLuminance(of: art, in: placement.box))
    }
    var lockInk = AdaptiveInk.light
    if preview == .lock, let zones = design.layoutZones {
      // As iOS does: the clock light over dark art, dark over pale art.
      let luminance = try backdropLuminance(of: try builtScene(of: design, defaultFont: fontPath), in: zones.lockText)
      lockInk = AdaptiveInk.over(luminance: luminance)
    }
    do {
      if let preview { return try design.previewScene(screen: preview, defaultFont: defaultFont, lockInk: lockInk) }
      return try design.scene(defaultFont: fontPath)
    } catch {
      throw .failed("cannot build the scene: \(error.description)")
    }
  }

  /// `scene` without its top-level `label` layer: the art a label is read against (hiding the
  /// label instead would move the art, which keeps out of the label's box).
  public static func withoutLabel(_ scene: Scene) throws(ExportError) -> Scene {
    let nodes = scene.nodes.filter { node in
      if case .group(let group) = node { return group.name != "label" }
      return true
    }
    do {
      return try Scene(size: scene.size, nodes: nodes)
    } catch {
      throw .failed("cannot build the scene: \(error.description)")
    }
  }

  private static func builtScene(of design: Design, defaultFont: String) throws(ExportError) -> Scene {
    do {
      return try design.scene(defaultFont: defaultFont)
    } catch {
      throw .failed("cannot build the scene: \(error.description)")
    }
  }

  /// The scale the picture behind text is measured at: a mean over a box needs no more, and
  /// it keeps the measuring pass to a small part of a 2x or 3x render.
  public static let measuringScale = 0.5

  /// The mean WCAG relative luminance (0 black … 1 white) of what `scene` draws inside `box`
  /// (points), measured on a raster of `measuringScale` px per point: what text over that box
  /// is read against.
  ///
  /// - Throws: `ExportError.failed` when the scene cannot be rasterised.
  public static func backdropLuminance(of scene: Scene, in box: Rect) throws(ExportError) -> Double {
    let image: RasterImage
    let scale = measuringScale
    // Only the box is drawn (the scene moved so the box is the canvas, whole pixels of the full
    // raster): the pass costs the box's pixels, not the screen's.
    let x = Int((box.minX * scale).rounded(.down))..<Int((box.maxX * scale).rounded(.up))
    let y = Int((box.minY * scale).rounded(.down))..<Int((box.maxY * scale).rounded(.up))
    guard !x.isEmpty, !y.isEmpty else { return 0 }
    let window: Scene
    do throws(SceneError) {
      let origin = try Vector(dx: -Double(x.lowerBound) / scale, dy: -Double(y.lowerBound) / scale)
      window = try Scene(
        size: try Size(width: Double(x.count) / scale, height: Double(y.count) / scale),
        nodes: [.group(Group(transform: .translation(origin), children: scene.nodes))])
    } catch {
      throw .failed("cannot measure the picture behind \(box): \(error.description)")
    }
    do {
      image = try Renderer().rasterize(window, scale: scale)
    } catch {
      throw .failed("cannot measure the picture behind \(box): \(error.description)")
    }
    return image.meanRelativeLuminance(x: 0..<x.count, y: 0..<y.count) ?? 0
  }

  /// A cell photo as `render` draws it into a cell's square of `side` points at `scale`
  /// device pixels per point (centre-cropped, smoothed as the renderer smooths it): a PNG of
  /// `round(side × scale)` pixels a side, which drawn 1:1 into that square gives `render`'s
  /// pixels. The photo is decoded once.
  ///
  /// - Throws: `ExportError.invalidInput` naming `--cell-images/grid.images` and the file when
  ///   the photo cannot be drawn; `.failed` for a side the scene cannot have.
  public static func cellPhoto(_ image: CellImage, side: Double, scale: Double) throws(ExportError) -> [UInt8] {
    let scene: Scene
    do {
      let square = try Rect(x: 0, y: 0, width: side, height: side)
      scene = try Scene(size: square.size, nodes: [.image(ImageNode(data: image.bytes, frame: square, mode: .fill))])
    } catch {
      throw .failed("cannot build the scene: \(error.description)")
    }
    do {
      return try Renderer().render(scene, as: Output(format: .png, scale: scale))
    } catch {
      if case .image = error { throw unusable(image, error) }
      throw .failed("rendering failed: \(error.description)")
    }
  }

  /// The error for a cell photo the renderer cannot draw.
  private static func unusable(_ image: CellImage, _ error: RenderError) -> ExportError {
    .invalidInput("--cell-images/grid.images: '\(image.file)' cannot be used: \(error.description)")
  }

  /// The one `note:` line for a scene written as `output` whose colours include some given in
  /// Display P3 outside sRGB: sRGB PNG and PDF draw their clip (the scene SVG writer keeps them
  /// as `color(display-p3 …)` after an sRGB fallback). Nil when nothing is clipped.
  ///
  /// `note: 1 colour given in Display P3 is outside sRGB and drawn as its sRGB clip:
  /// color(display-p3 1 0 0) as #FF0000 (--color-space display-p3 keeps it)`
  public static func gamutNote(for scene: Scene, output: Output) -> String? {
    guard output.colorSpace == .srgb, output.format != .svg || output.svg.engine == .cairo else { return nil }
    let clipped = scene.colorsOutsideSRGB.filter(\.sRGBIsClip)
    guard !clipped.isEmpty else { return nil }
    let shown = clipped.prefix(3).map { "\($0.cssText) as \($0.hex)" }.joined(separator: ", ")
    let more = clipped.count > 3 ? ", …" : ""
    let count =
      clipped.count == 1 ? "1 colour given in Display P3 is" : "\(clipped.count) colours given in Display P3 are"
    let pronoun = clipped.count == 1 ? "it" : "them"
    return
      "note: \(count) outside sRGB and drawn as the sRGB clip: \(shown)\(more) (--color-space display-p3 keeps \(pronoun))"
  }

  /// Renders `scene` as `output` describes, recording phases in `timer` when given: `draw` and
  /// `encode` for PNG (drawn and encoded band by band: `draw` sums the bands' drawing);
  /// `draw+encode` for SVG and PDF, which write while they draw.
  ///
  /// - Returns: the file's bytes: a PNG of `round(points × output.scale)` pixels, or an SVG or
  ///   PDF the scene's size in points.
  /// - Throws: `ExportError.invalidInput` naming `--scale` for a scale outside 0 < scale ≤
  ///   `RenderLimits.maxScale` or a canvas over `RenderLimits` (16,384 px a side, 64
  ///   megapixels); `.failed` for anything else.
  public static func render(_ scene: Scene, as output: Output, timer: PhaseTimer? = nil) throws(ExportError)
    -> [UInt8]
  {
    do {
      let drawing = DrawingTime()
      defer {
        if let seconds = drawing.seconds {
          timer?.split("draw", seconds: seconds, then: "encode")
        } else {
          timer?.lap("draw+encode")
        }
      }
      return try Renderer().render(scene, as: output, drawing: drawing)
    } catch {
      switch error {
      case .invalidScale, .canvasTooLarge: throw .invalidInput("--scale: \(error.description)")
      default: throw .failed("rendering failed: \(error.description)")
      }
    }
  }
}
