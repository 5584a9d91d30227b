/// One element of a scene. The set of cases is closed: a renderer handles every case in one
/// exhaustive `switch`, so a new kind of node does not compile until it can be drawn.
public indirect enum Node: Hashable, Sendable {
  case group(Group)
  case shape(ShapeNode)
  case text(TextNode)
  case image(ImageNode)
  /// A designer's SVG (custom art).
  case vector(VectorNode)
}

/// An opacity in 0…1.
public struct Opacity: Hashable, Sendable, Comparable {
  public let value: Double

  /// - Throws: `SceneError` when `value` is outside 0…1 or NaN.
  public init(_ value: Double, field: String = "opacity") throws(SceneError) {
    try requireUnit(value, field)
    self.value = value
  }

  /// An opacity that cannot fail, for constants and values already checked: `value` limited
  /// to 0…1, NaN as 0.
  public init(clamping value: Double) { self.value = value.clamped(to: 0...1) }

  private init(unchecked value: Double) { self.value = value }

  public static let opaque = Opacity(unchecked: 1)
  public static let transparent = Opacity(unchecked: 0)
  public static func < (lhs: Opacity, rhs: Opacity) -> Bool { lhs.value < rhs.value }
}

/// Children drawn together: transformed, clipped, then composited with one opacity.
public struct Group: Hashable, Sendable {
  /// A readable, stable name (`background`, `grid`, `label`); becomes the layer's id in SVG.
  public let name: String?
  public let transform: Transform
  public let opacity: Opacity
  /// Children are drawn only inside this outline, in the group's own (transformed) space.
  public let clip: Geometry?
  public let children: [Node]

  public init(
    name: String? = nil, transform: Transform = .identity, opacity: Opacity = .opaque,
    clip: Geometry? = nil, children: [Node]
  ) {
    self.name = name
    self.transform = transform
    self.opacity = opacity
    self.clip = clip
    self.children = children
  }
}

/// An outline filled and/or stroked. The fill uses the non-zero winding rule.
public struct ShapeNode: Hashable, Sendable {
  public let geometry: Geometry
  public let fill: Paint?
  public let stroke: Stroke?

  public init(_ geometry: Geometry, fill: Paint? = nil, stroke: Stroke? = nil) {
    self.geometry = geometry
    self.fill = fill
    self.stroke = stroke
  }
}

/// Where a font comes from: a font file read directly, never a system lookup. Lookups by
/// family name happen before a scene is built, so the scene names the very file drawn.
public struct FontReference: Hashable, Sendable {
  /// Absolute or working-directory-relative path of the font file.
  public let path: String
  /// The face inside a font collection (`.ttc`), from 0; 0 for a file holding one font.
  public let index: Int

  /// A font file, e.g. `FontReference(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")`.
  public init(path: String, index: Int = 0) {
    self.path = path
    self.index = index
  }
}

/// Which point of a line of text sits at the anchor.
public struct TextAnchor: Hashable, Sendable {
  public enum Horizontal: String, Hashable, Sendable { case leading, center, trailing }
  /// `top` and `bottom` are the font's ascender and descender lines; `middle` is halfway.
  public enum Vertical: String, Hashable, Sendable { case top, middle, baseline, bottom }

  public let horizontal: Horizontal
  public let vertical: Vertical

  public init(_ horizontal: Horizontal, _ vertical: Vertical) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  public static let centerBaseline = TextAnchor(.center, .baseline)
}

/// One line of text, shaped by the renderer, in one colour.
public struct TextNode: Hashable, Sendable {
  public let text: String
  public let font: FontReference
  /// The em size in points.
  public let size: Double
  public let color: Color
  /// The anchor point, in points.
  public let position: Point
  public let anchor: TextAnchor
  /// When set, a line wider than this many points is drawn at a smaller size so it fits.
  public let maxWidth: Double?

  /// - Throws: `SceneError` when the text is empty or has a line break or control character,
  ///   or the size or maximum width is not > 0.
  public init(
    _ text: String, font: FontReference, size: Double, color: Color, position: Point,
    anchor: TextAnchor = .centerBaseline, maxWidth: Double? = nil
  ) throws(SceneError) {
    guard !text.isEmpty else {
      throw SceneError(field: "text", value: "\"\"", allowed: "at least one character")
    }
    if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      throw SceneError(
        field: "text", value: "U+" + hex(control.value),
        allowed: "one line of text without control characters")
    }
    try requirePositive(size, "text.size")
    if let maxWidth { try requirePositive(maxWidth, "text.maxWidth") }
    self.maxWidth = maxWidth
    self.text = text
    self.font = font
    self.size = size
    self.color = color
    self.position = position
    self.anchor = anchor
  }
}

/// How a raster image is placed in its frame.
public enum ContentMode: String, Hashable, Sendable, CaseIterable {
  /// Scaled uniformly to cover the frame, centred, the overflow clipped.
  case fill
  /// Scaled uniformly to fit inside the frame, centred.
  case fit
  /// Scaled to the frame's width and height independently.
  case stretch
}

/// The encoded image formats a scene can hold, told apart by their first bytes.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
  case png
  case jpeg
  /// HEIF with HEVC-coded images (phone photos), and other HEIF brands.
  case heic

  /// The format whose signature `bytes` start with, or nil: PNG's 8-byte signature, JPEG's
  /// SOI marker followed by a marker, or an ISO-BMFF `ftyp` box with a HEIF brand.
  public init?(sniffing bytes: [UInt8]) {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8),
      Self.heifBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self))
    {
      self = .heic
    } else {
      return nil
    }
  }

  /// The `ftyp` major brands of HEIF files.
  static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]

  /// The media type, as in a `data:` URL.
  public var mimeType: String {
    switch self {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    case .heic: "image/heic"
    }
  }
}

/// An encoded image (PNG, JPEG or HEIC) placed in a frame. The bytes are decoded by the
/// renderer, which tells the format from them; the scene does not depend on it.
///
/// ```swift
/// let photo = ImageNode(data: try Array(Data(contentsOf: url)), frame: Rect(x: 0, y: 0, width: 390, height: 844), mode: .fill)
/// ```
public struct ImageNode: Hashable, Sendable {
  /// The image file's bytes.
  public let data: [UInt8]
  public let frame: Rect
  public let mode: ContentMode

  public init(data: [UInt8], frame: Rect, mode: ContentMode) {
    self.data = data
    self.frame = frame
    self.mode = mode
  }

  /// The format the bytes' signature names, nil when none (the renderer refuses them).
  public var format: ImageFormat? { ImageFormat(sniffing: data) }
}

/// Upper-case hexadecimal, at least four digits (as in `U+00E9`).
public func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
