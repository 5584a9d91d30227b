/// A designer's SVG, checked and made self-contained (see `VectorArt.init(parsing:…)` in
/// `VectorArtParser.swift`): no script, no event handler, no reference outside the document
/// (images the SVG links inside its own folder are embedded as `data:` URIs), every id
/// prefixed with `VectorArt.idPrefix`. Renderers draw it as it is: through librsvg into Cairo
/// (PNG, PDF) or nested as an `<svg>` element (SVG).
public struct VectorArt: Hashable, Sendable {
  /// Prefixed to every id of the designer's SVG (and every reference to one), so they stay
  /// unique inside our SVG.
  public static let idPrefix = "art-"
  /// The most bytes an art file may have: 10 MB.
  public static let maxFileBytes = 10_000_000
  /// The most elements an art file may have.
  public static let maxElements = 200_000

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
