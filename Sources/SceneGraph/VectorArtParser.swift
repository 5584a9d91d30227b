/// Why a designer's SVG was refused: one line, without the file's name (the caller adds it).
public struct VectorArtError: Error, Hashable, Sendable, CustomStringConvertible {
  public let reason: String
  public init(_ reason: String) { self.reason = reason }
  public var description: String { reason }
}

extension VectorArt {
  /// Reads a designer's SVG file and makes it safe to draw and to embed:
  /// - it must be UTF-8 XML whose root is `<svg>`, with at most `maxElements` elements and no
  ///   DOCTYPE internal subset (no entity declarations);
  /// - elements outside SVG's static vocabulary (`script`, `foreignObject`, animation, other
  ///   namespaces' metadata such as `sodipodi:namedview`) are dropped with their content, and so
  ///   are event-handler attributes (`on…`), `xml:base` and other namespaces' attributes except
  ///   `inkscape:label` and `inkscape:groupmode`;
  /// - every `id` and every reference to one (`href="#a"`, `url(#a)`, `#a` in a `<style>`) gets
  ///   `idPrefix`;
  /// - a reference to a file is read through `reference` (which confines it to the SVG's folder
  ///   and throws otherwise) and embedded as a `data:` URI when it is a PNG or JPEG image; a
  ///   URL (`http:`, `file:`, `//host`), an `@import` or an embedded SVG image is refused.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes (the caller enforces `maxFileBytes`).
  ///   - reference: the bytes of a file the SVG refers to, given the path as written.
  /// - Throws: `VectorArtError` saying what is wrong, in one line.
  public init(
    parsing bytes: [UInt8], reference: @escaping (String) throws(VectorArtError) -> [UInt8]
  ) throws(VectorArtError) {
    var parser = try VectorArtParser(bytes)
    try parser.tokenize()
    self = try parser.sanitized(reference: reference)
  }
}

/// The tokens of an XML document, then their sanitised markup. Not a validating parser: it
/// reads well-formed documents exactly, and whatever it passes on is drawn by librsvg, which
/// reports remaining malformations.
private struct VectorArtParser {
  struct Attribute {
    var name: String
    var value: String
    var quote: Character
  }
  enum Token {
    case start(name: String, attributes: [Attribute], selfClosing: Bool)
    case end(name: String)
    case text(String)
  }

  let bytes: [UInt8]
  var position = 0
  var tokens: [Token] = []
  var elementCount = 0

  init(_ bytes: [UInt8]) throws(VectorArtError) {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw VectorArtError("is not an SVG file (not UTF-8 text)")
    }
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  // MARK: Tokens

  private func starts(with text: String, at index: Int) -> Bool {
    let pattern = Array(text.utf8)
    guard index + pattern.count <= bytes.count else { return false }
    return bytes[index..<index + pattern.count].elementsEqual(pattern)
  }

  /// The index just after the next `terminator` from `index`, or nil.
  private func after(_ terminator: String, from index: Int) -> Int? {
    let pattern = Array(terminator.utf8)
    var i = index
    while i + pattern.count <= bytes.count {
      if bytes[i] == pattern[0], bytes[i..<i + pattern.count].elementsEqual(pattern) { return i + pattern.count }
      i += 1
    }
    return nil
  }

  private func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  private static let malformed = VectorArtError("is not an SVG file (malformed XML)")

  mutating func tokenize() throws(VectorArtError) {
    while position < bytes.count {
      if bytes[position] != UInt8(ascii: "<") {
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
        let text = string(position..<end)
        try Self.checkEntities(text)
        tokens.append(.text(text))
        position = end
      } else if starts(with: "<!--", at: position) {
        guard let end = after("-->", from: position + 4) else { throw Self.malformed }
        position = end
      } else if starts(with: "<![CDATA[", at: position) {
        guard let end = after("]]>", from: position) else { throw Self.malformed }
        tokens.append(.text(string(position..<end)))
        position = end
      } else if starts(with: "<?", at: position) {
        guard let end = after("?>", from: position) else { throw Self.malformed }
        position = end
      } else if starts(with: "<!DOCTYPE", at: position) || starts(with: "<!doctype", at: position) {
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: ">") {
          if bytes[end] == UInt8(ascii: "[") {
            throw VectorArtError("declares entities in its DOCTYPE (not allowed in art)")
          }
          end += 1
        }
        guard end < bytes.count else { throw Self.malformed }
        position = end + 1
      } else if starts(with: "</", at: position) {
        var end = position + 2
        while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
        guard end < bytes.count else { throw Self.malformed }
        let name = string(position + 2..<end)
        tokens.append(.end(name: String(name.filter { !$0.isWhitespace })))
        position = end + 1
      } else {
        try startTag()
      }
    }
  }

  private mutating func startTag() throws(VectorArtError) {
    var i = position + 1
    let nameStart = i
    while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") {
      i += 1
    }
    guard i > nameStart else { throw Self.malformed }
    let name = string(nameStart..<i)
    var attributes: [Attribute] = []
    while true {
      while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count else { throw Self.malformed }
      if bytes[i] == UInt8(ascii: ">") {
        i += 1
        tokens.append(.start(name: name, attributes: attributes, selfClosing: false))
        break
      }
      if bytes[i] == UInt8(ascii: "/") {
        guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") else { throw Self.malformed }
        i += 2
        tokens.append(.start(name: name, attributes: attributes, selfClosing: true))
        break
      }
      let attributeStart = i
      while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">") {
        i += 1
      }
      let attributeName = string(attributeStart..<i)
      while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw Self.malformed }
      i += 1
      while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
        throw Self.malformed
      }
      let quote = bytes[i]
      let valueStart = i + 1
      i = valueStart
      while i < bytes.count, bytes[i] != quote { i += 1 }
      guard i < bytes.count else { throw Self.malformed }
      let value = string(valueStart..<i)
      guard !value.contains("<") else { throw Self.malformed }
      try Self.checkEntities(value)
      attributes.append(Attribute(name: attributeName, value: value, quote: Character(Unicode.Scalar(quote))))
      i += 1
    }
    elementCount += 1
    if elementCount > VectorArt.maxElements {
      throw VectorArtError(
        "has more than \(VectorArt.maxElements) elements (allowed: at most \(VectorArt.maxElements))")
    }
    position = i
  }

  /// Only XML's own entities and character references: there is no DOCTYPE to declare more.
  private static func checkEntities(_ text: String) throws(VectorArtError) {
    var rest = text[...]
    while let ampersand = rest.firstIndex(of: "&") {
      guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { throw malformed }
      let name = rest[rest.index(after: ampersand)..<semicolon]
      let known = ["amp", "lt", "gt", "quot", "apos"].contains(name)
      let numeric =
        name.hasPrefix("#x")
        ? name.dropFirst(2).allSatisfy(\.isHexDigit) && name.count > 2
        : name.hasPrefix("#") ? name.dropFirst().allSatisfy(\.isNumber) && name.count > 1 : false
      guard known || numeric else { throw VectorArtError("uses the undeclared entity &\(name); (malformed XML)") }
      rest = rest[rest.index(after: semicolon)...]
    }
  }

  // MARK: Sanitising

  /// SVG 1.1's static elements (no script, animation, foreignObject or font elements).
  static let allowedElements: Set<String> = [
    "svg", "g", "defs", "desc", "title", "metadata", "symbol", "use", "switch", "a", "image", "style",
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "tref", "textPath",
    "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker", "filter", "view",
    "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
    "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
    "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
    "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
  ]

  /// Other namespaces' attributes that are kept (our SVG declares their namespaces).
  static let allowedPrefixed: Set<String> = [
    "xlink:href", "xml:space", "xml:lang", "inkscape:label", "inkscape:groupmode",
  ]

  func sanitized(reference: @escaping (String) throws(VectorArtError) -> [UInt8]) throws(VectorArtError)
    -> VectorArt
  {
    guard
      case .start(let rootName, let rootAttributes, let rootClosed)? = tokens.first(where: {
        if case .text = $0 { return false }
        return true
      })
    else { throw VectorArtError("is not an SVG file (no root element)") }
    guard rootName == "svg" else { throw VectorArtError("is not an SVG file (its root element is <\(rootName)>)") }
    var ids: Set<String> = []
    for case .start(_, let attributes, _) in tokens {
      for attribute in attributes where attribute.name == "id" { ids.insert(attribute.value) }
    }
    var context = Context(ids: ids, reference: reference)

    var root = ""
    var width: Double?
    var height: Double?
    var viewBox: [Double]?
    for attribute in rootAttributes {
      switch attribute.name {
      case "width": width = Self.length(attribute.value)
      case "height": height = Self.length(attribute.value)
      case "x", "y", "version", "baseProfile": continue
      default:
        if attribute.name == "viewBox" {
          let numbers = attribute.value.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap {
            Double($0)
          }
          if numbers.count == 4, numbers[2] > 0, numbers[3] > 0, numbers.allSatisfy(\.isFinite) { viewBox = numbers }
        }
        if let kept = try context.attribute(attribute, element: "svg") { root += kept }
      }
    }
    if width == nil, height == nil, let viewBox {
      (width, height) = (viewBox[2], viewBox[3])
    } else if width == nil, let height, let viewBox {
      width = height * viewBox[2] / viewBox[3]
    } else if height == nil, let width, let viewBox {
      height = width * viewBox[3] / viewBox[2]
    }
    guard let width, let height, width > 0, height > 0, width.isFinite, height.isFinite,
      let size = try? Size(width: width, height: height)
    else {
      throw VectorArtError("has no size (allowed: an <svg> with width and height, or a viewBox)")
    }

    var content = ""
    var depth = 0
    var skipping: Int?  // the depth of a dropped element
    var openNames: [String] = []
    var kept = 1
    var started = false
    for token in tokens {
      switch token {
      case .start(let name, let attributes, let selfClosing):
        guard started else {
          started = true
          if !rootClosed {
            depth = 1
            openNames = [name]
          }
          continue
        }
        guard depth > 0 else { throw Self.malformed }
        if skipping == nil, !Self.allowedElements.contains(name) { skipping = depth + 1 }
        if skipping == nil {
          content += "<" + name
          for attribute in attributes {
            if let text = try context.attribute(attribute, element: name) { content += text }
          }
          content += selfClosing ? "/>" : ">"
          kept += 1
        }
        if selfClosing {
          if skipping == depth + 1 { skipping = nil }
        } else {
          depth += 1
          openNames.append(name)
        }
      case .end(let name):
        guard started, depth > 0 else { throw Self.malformed }
        guard openNames.last == name else { throw Self.malformed }
        openNames.removeLast()
        if depth == 1 {
          depth = 0
          continue
        }
        if skipping == nil { content += "</" + name + ">" }
        if skipping == depth { skipping = nil }
        depth -= 1
      case .text(let text):
        guard started, depth > 0 else {
          guard text.allSatisfy(\.isWhitespace) else { throw Self.malformed }
          continue
        }
        guard skipping == nil else { continue }
        content += openNames.last == "style" ? try context.styleSheet(text) : text
      }
    }
    guard started, depth == 0 else { throw Self.malformed }
    return VectorArt(size: size, rootAttributes: root, content: content, elementCount: kept)
  }

  /// A CSS length in CSS pixels: a number with `px`, `pt`, `pc`, `mm`, `cm`, `in` or no unit;
  /// nil for percentages, font-relative units and anything else.
  static func length(_ text: String) -> Double? {
    let trimmed = text.filter { !$0.isWhitespace }
    let units: [(String, Double)] = [
      ("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96), ("", 1),
    ]
    for (unit, factor) in units where trimmed.hasSuffix(unit) {
      guard let number = Double(trimmed.dropLast(unit.count)), number.isFinite, number > 0 else { return nil }
      return number * factor
    }
    return nil
  }

  /// What the attributes and style sheets may keep, with ids prefixed and files embedded.
  struct Context {
    let ids: Set<String>
    let reference: (String) throws(VectorArtError) -> [UInt8]
    var embedded: [String: String] = [:]

    /// The attribute as markup (` name="value"`), nil when it is dropped.
    mutating func attribute(_ attribute: Attribute, element: String) throws(VectorArtError) -> String? {
      let name = attribute.name
      if name.lowercased().hasPrefix("on") || name.hasPrefix("xmlns") { return nil }
      if name.contains(":"), !VectorArtParser.allowedPrefixed.contains(name) { return nil }
      var value = attribute.value
      switch name {
      case "id": value = VectorArt.idPrefix + value
      case "href", "xlink:href":
        guard let target = try self.reference(value, linkOnly: element == "a") else { return nil }
        value = target
      default:
        if value.contains("url(") { value = try urls(in: value) }
      }
      let quote = attribute.quote
      return " \(name)=\(quote)\(value)\(quote)"
    }

    /// A reference's new value: `#id` prefixed, a `data:` image kept, a file in the folder
    /// embedded; nil for a link (`<a href>`) that leaves the document.
    mutating func reference(_ raw: String, linkOnly: Bool) throws(VectorArtError) -> String? {
      let value = raw.trimmingWhitespace
      if value.hasPrefix("#") { return "#" + VectorArt.idPrefix + value.dropFirst() }
      if linkOnly { return nil }
      let lower = value.lowercased()
      if lower.hasPrefix("data:") {
        guard
          lower.hasPrefix("data:image/png") || lower.hasPrefix("data:image/jpeg") || lower.hasPrefix("data:image/jpg")
        else { throw VectorArtError("embeds '\(Self.shortened(value))' (allowed: PNG or JPEG data: images)") }
        return value
      }
      if Self.hasScheme(value) || value.hasPrefix("//") {
        throw VectorArtError(
          "refers to '\(Self.shortened(value))' (allowed: #ids, data: images and PNG or JPEG files in the SVG's folder)"
        )
      }
      if let known = embedded[value] { return known }
      guard !value.contains("#") else {
        throw VectorArtError(
          "refers to '\(Self.shortened(value))' (allowed: #ids in the SVG itself, not in other files)")
      }
      let bytes = try reference(Self.percentDecoded(value))
      let mime: String
      if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
        mime = "image/png"
      } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
        mime = "image/jpeg"
      } else {
        throw VectorArtError("refers to '\(Self.shortened(value))', which is not a PNG or JPEG image")
      }
      let uri = "data:\(mime);base64," + base64(bytes)
      embedded[value] = uri
      return uri
    }

    /// `value` with every `url(…)` rewritten: `#id` prefixed, `data:` images kept; anything
    /// else refused.
    mutating func urls(in value: String) throws(VectorArtError) -> String {
      var out = ""
      var rest = value[...]
      while let start = rest.firstRange(of: "url(") {
        out += rest[..<start.upperBound]
        guard let close = rest[start.upperBound...].firstIndex(of: ")") else {
          out += rest[start.upperBound...]
          return out
        }
        var target = String(rest[start.upperBound..<close]).trimmingWhitespace
        if let first = target.first, first == "'" || first == "\"", target.count >= 2, target.last == first {
          target = String(target.dropFirst().dropLast())
        }
        if target.hasPrefix("#") {
          out += "#" + VectorArt.idPrefix + target.dropFirst()
        } else if target.lowercased().hasPrefix("data:image/png") || target.lowercased().hasPrefix("data:image/jpeg") {
          out += target
        } else {
          throw VectorArtError(
            "refers to '\(Self.shortened(target))' in url() (allowed: #ids in the SVG itself and PNG or JPEG data: images)"
          )
        }
        out += ")"
        rest = rest[rest.index(after: close)...]
      }
      out += rest
      return out
    }

    /// A `<style>` element's text: no `@import`, urls as in attributes, `#id` selectors of
    /// the document's ids prefixed.
    mutating func styleSheet(_ text: String) throws(VectorArtError) -> String {
      if text.lowercased().contains("@import") {
        throw VectorArtError("imports a style sheet (@import is not allowed)")
      }
      let withURLs = try urls(in: text)
      var out = ""
      var rest = withURLs[...]
      while let hash = rest.firstIndex(of: "#") {
        out += rest[...hash]
        rest = rest[rest.index(after: hash)...]
        let name = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        if ids.contains(String(name)), !rest.hasPrefix(VectorArt.idPrefix) { out += VectorArt.idPrefix }
      }
      out += rest
      return out
    }

    static func hasScheme(_ value: String) -> Bool {
      guard let colon = value.firstIndex(of: ":"), let first = value.first, first.isASCII, first.isLetter else {
        return false
      }
      return value[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    static func shortened(_ text: String) -> String {
      let clean = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
      return clean.count > 60 ? String(clean.prefix(60)) + "…" : clean
    }

    /// `%20`-style escapes decoded (file names in hrefs are URL-encoded).
    static func percentDecoded(_ text: String) -> String {
      var bytes: [UInt8] = []
      var utf8 = Array(text.utf8)[...]
      while let byte = utf8.first {
        utf8 = utf8.dropFirst()
        if byte == UInt8(ascii: "%"), utf8.count >= 2,
          let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
        {
          bytes.append(value)
          utf8 = utf8.dropFirst(2)
        } else {
          bytes.append(byte)
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}

/// Standard base64 with padding.
private func base64(_ bytes: [UInt8]) -> String {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  var out: [UInt8] = []
  out.reserveCapacity((bytes.count + 2) / 3 * 4)
  var i = 0
  while i + 2 < bytes.count {
    let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
    out += [
      alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)],
    ]
    i += 3
  }
  let rest = bytes.count - i
  if rest > 0 {
    let n = UInt32(bytes[i]) << 16 | (rest > 1 ? UInt32(bytes[i + 1]) << 8 : 0)
    out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)]]
    out += rest > 1 ? [alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
  }
  return String(decoding: out, as: UTF8.self)
}
