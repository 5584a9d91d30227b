/// A designer's SVG, checked and made self-contained (see `VectorArt.init(parsing:…)` in
/// `VectorArtParser.swift`): no script, no event handler, no reference outside the document
/// (images the SVG links inside its own folder are embedded as `data:` URIs), every id
/// prefixed with `VectorArt.idPrefix`. Renderers draw it as it is: through librsvg into Cairo
/// (PNG, PDF) or nested as an `<svg>` element (SVG).
public struct VectorArt: Hashable, Sendable {
  /// Prefixed to every id of the designer's SVG (and every reference to one), so they stay
  /// unique inside our SVG.
  public static let idPrefix = "art-"
  /// The id of the art's root `<svg>` wherever it is written; the art's `<style>` rules are
  /// scoped to it (`#wallpaper-art rect { … }`), so they reach nothing outside the art.
  public static let rootID = "wallpaper-art"
  /// The most bytes an art file may have: 10 MB.
  public static let maxFileBytes = 10_000_000
  /// The most elements an art file may have, and the most it may draw once every `<use>` is
  /// expanded (a `<use>` of a group of ten `<use>`s, nine levels deep, draws 10⁹).
  public static let maxElements = 200_000
  /// The most attributes one element may have: 1,000, counted before libxml2 reads the file
  /// (libxml2 2.9 compares attributes pairwise: 300,000 took over ten minutes).
  public static let maxAttributesPerElement = 1_000
  /// The most characters of text the art may draw (in `<text>` and its children): 10,000. A
  /// wallpaper is no document, and librsvg lays a `<text>` out whole (100,000 characters ran
  /// past 300 s).
  public static let maxTextCharacters = 10_000
  /// The most filtered elements nested inside one another: 8 (each filter draws its content
  /// into layers of its own; 250 nested filters ran for minutes).
  public static let maxFilterNesting = 8
  /// The largest `feConvolveMatrix` order, per side: 9 (librsvg 2.54 panics from order 21).
  public static let maxConvolveOrder = 9
  /// The most `feTurbulence` octaves: 10 (each octave halves the noise's amplitude; past 10
  /// none changes an 8-bit pixel, and librsvg spends time on every one).
  public static let maxTurbulenceOctaves = 10
  /// The art's size (`width`, `height`, or its `viewBox`) in CSS pixels, per side.
  public static let sizeRange: ClosedRange<Double> = 1...100_000
  /// The largest coordinate a `viewBox` may give.
  public static let maxViewBoxCoordinate = 1e9

  /// The size the SVG asks for, in CSS pixels (its `width`/`height`, or its `viewBox`).
  public let size: Size
  /// The root `<svg>` element's attributes other than `x`, `y`, `width` and `height`, as
  /// markup (` viewBox="0 0 10 10" preserveAspectRatio="none"`), already sanitised.
  public let rootAttributes: String
  /// The root element's content, sanitised, ids prefixed (UTF-8 markup).
  public let content: String
  /// The number of elements kept, the root included.
  public let elementCount: Int

  public init(size: Size, rootAttributes: String, content: String, elementCount: Int) {
    self.size = size
    self.rootAttributes = rootAttributes
    self.content = content
    self.elementCount = elementCount
  }

  /// The art as a standalone SVG document (UTF-8), as librsvg reads it.
  public var document: [UInt8] {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""
    out +=
      " xmlns:xlink=\"http://www.w3.org/1999/xlink\" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\""
    out += " width=\"\(size.width)\" height=\"\(size.height)\"" + rootAttributes + ">" + content + "</svg>\n"
    return Array(out.utf8)
  }
}

/// A designer's SVG drawn to cover `frame` (scaled uniformly, centred, the overflow clipped),
/// as a wallpaper photo with `ContentMode.fill` is.
public struct VectorNode: Hashable, Sendable {
  public let art: VectorArt
  /// The frame in points.
  public let frame: Rect

  public init(art: VectorArt, frame: Rect) {
    self.art = art
    self.frame = frame
  }

  /// The art's space → the scene's: a uniform scale that covers `frame`, centred.
  public var placement: Transform {
    let scale = max(frame.width / art.size.width, frame.height / art.size.height)
    let dx = frame.minX + (frame.width - art.size.width * scale) / 2
    let dy = frame.minY + (frame.height - art.size.height * scale) / 2
    return Transform(unchecked: scale, 0, 0, scale, dx, dy)
  }
}
