import CLibXML2

/// Why a designer's SVG was refused: one line, without the file's name (the caller adds it).
public struct VectorArtError: Error, Hashable, Sendable, CustomStringConvertible {
  public let reason: String
  public init(_ reason: String) { self.reason = reason }
  public var description: String { reason }
}

extension VectorArt {
  /// Reads a designer's SVG file and makes it safe to draw and to embed:
  /// - it must be UTF-8 XML whose root is `<svg>` (in SVG's namespace, or in none), with at
  ///   most `maxElements` elements and no DOCTYPE internal subset (no entity declarations);
  ///   libxml2's reader parses it (Sources/CLibXML2: no network, no entity substitution, no DTD
  ///   loading, its depth and size limits on), and malformed XML is refused naming libxml2's
  ///   line, column and message;
  /// - elements outside SVG's static vocabulary (`script`, `foreignObject`, animation, other
  ///   namespaces' metadata such as `sodipodi:namedview`) are dropped with their content, and so
  ///   are event-handler attributes (`on…`), `xml:base` and other namespaces' attributes except
  ///   `inkscape:label` and `inkscape:groupmode`; comments and processing instructions are not
  ///   kept, and the rest is written again with its text and values escaped;
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
    try parser.read()
    self = try parser.sanitized(reference: reference)
  }
}

/// The elements, attributes and text of an XML document as libxml2's reader reads them, then
/// their sanitised markup.
private struct VectorArtParser {
  struct Attribute {
    /// The name as it is written again: no prefix for SVG's own attributes, `xlink:`, `xml:`
    /// or `inkscape:` for those namespaces, the name as written for an undeclared prefix.
    var name: String
    /// The value with its references and entities resolved (escaped again when written).
    var value: String
  }
  enum Token {
    /// `name` is the local name of an SVG element (or one in no namespace), and a name no SVG
    /// element has (`{namespace}local`, or `prefix:local` for an undeclared prefix) otherwise;
    /// `written` is the name as the file writes it.
    case start(name: String, written: String, attributes: [Attribute], selfClosing: Bool)
    case end
    case text(String)
  }

  static let svgNamespace = "http://www.w3.org/2000/svg"
  /// The namespaces whose attributes may be kept, and the prefix each is written with (our SVG
  /// and `VectorArt.document` declare them).
  static let attributePrefixes = [
    "http://www.w3.org/1999/xlink": "xlink", "http://www.w3.org/XML/1998/namespace": "xml",
    "http://www.inkscape.org/namespaces/inkscape": "inkscape",
  ]

  let bytes: [UInt8]
  var tokens: [Token] = []
  var elementCount = 0

  init(_ bytes: [UInt8]) throws(VectorArtError) {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw VectorArtError("is not an SVG file (not UTF-8 text)")
    }
    self.bytes = bytes
  }

  /// Reads every node of the document into `tokens`.
  mutating func read() throws(VectorArtError) {
    guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
      throw VectorArtError("is not an SVG file (no root element)")
    }
    guard bytes.count <= Int(Int32.max) else { throw VectorArtError("is too large for libxml2") }
    try Self.checkAttributeCounts(bytes)
    var message: UnsafePointer<CChar>?
    let soname = UnsafeRawPointer(SharedLibraryNames.xml2.utf8Start).assumingMemoryBound(to: CChar.self)
    guard let api = clibxml2_load(soname, &message) else {
      throw VectorArtError("cannot be read (\(message.map { String(cString: $0) } ?? "libxml2 cannot be loaded"))")
    }
    // libxml2's error handler writes here while the reader reads, so it lives on the heap.
    let problem = UnsafeMutablePointer<clibxml2_problem>.allocate(capacity: 1)
    defer { problem.deallocate() }
    let made = bytes.withUnsafeBufferPointer { clibxml2_reader(api, $0.baseAddress!, Int32($0.count), problem) }
    guard let reader = made else { throw VectorArtError("cannot be read (libxml2 made no reader)") }
    defer { api.pointee.xmlFreeTextReader(reader) }
    try read(reader, api, problem)
  }

  private mutating func read(
    _ reader: OpaquePointer, _ api: UnsafePointer<clibxml2_api>, _ problem: UnsafeMutablePointer<clibxml2_problem>
  ) throws(VectorArtError) {
    let xml = api.pointee
    func string(_ text: UnsafePointer<xmlChar>?) -> String? { text.map { String(cString: $0) } }
    while true {
      let status = xml.xmlTextReaderRead(reader)
      if status == 0 { return }
      guard status == 1 else { throw refusal(problem.pointee) }
      switch Int(xml.xmlTextReaderNodeType(reader)) {
      case CLIBXML2_ELEMENT:
        elementCount += 1
        if elementCount > VectorArt.maxElements {
          throw VectorArtError(
            "has more than \(VectorArt.maxElements) elements (allowed: at most \(VectorArt.maxElements))")
        }
        let written = string(xml.xmlTextReaderConstName(reader)) ?? ""
        let local = string(xml.xmlTextReaderConstLocalName(reader)) ?? written
        let name: String
        switch string(xml.xmlTextReaderConstNamespaceUri(reader)) {
        case Self.svgNamespace?: name = local
        case nil: name = written  // no namespace, or an undeclared prefix (kept as `prefix:local`)
        case let namespace?: name = "{\(namespace)}\(local)"
        }
        let selfClosing = xml.xmlTextReaderIsEmptyElement(reader) == 1
        var attributes: [Attribute] = []
        while xml.xmlTextReaderMoveToNextAttribute(reader) == 1 {
          let value = string(xml.xmlTextReaderConstValue(reader)) ?? ""
          let written = string(xml.xmlTextReaderConstName(reader)) ?? ""
          switch string(xml.xmlTextReaderConstNamespaceUri(reader)) {
          case nil: attributes.append(Attribute(name: written, value: value))
          case let namespace?:
            // Namespace declarations and other namespaces' attributes are never kept.
            guard let prefix = Self.attributePrefixes[namespace] else { continue }
            let local = string(xml.xmlTextReaderConstLocalName(reader)) ?? ""
            attributes.append(Attribute(name: prefix + ":" + local, value: value))
          }
        }
        _ = xml.xmlTextReaderMoveToElement(reader)
        tokens.append(.start(name: name, written: written, attributes: attributes, selfClosing: selfClosing))
      case CLIBXML2_END_ELEMENT:
        tokens.append(.end)
      case CLIBXML2_TEXT, CLIBXML2_CDATA, CLIBXML2_WHITESPACE, CLIBXML2_SIGNIFICANT_WHITESPACE:
        tokens.append(.text(string(xml.xmlTextReaderConstValue(reader)) ?? ""))
      case CLIBXML2_ENTITY_REFERENCE:
        // Only an entity no DOCTYPE of this file declares reaches here (one declared in an
        // external DTD, which libxml2 does not load): refused as the tokenizer did.
        // libxml2 warned about it (XML_WAR_UNDECLARED_ENTITY) where it ends.
        let name = string(xml.xmlTextReaderConstName(reader)) ?? ""
        let warned = problem.pointee.code == 27
        let line = warned ? problem.pointee.line : xml.xmlTextReaderGetParserLineNumber(reader)
        let column = warned ? problem.pointee.column : xml.xmlTextReaderGetParserColumnNumber(reader)
        throw VectorArtError(
          "uses the undeclared entity &\(Context.shortened(name)); (malformed XML at line \(line), column \(column))")
      case CLIBXML2_DOCUMENT_TYPE:
        if clibxml2_doctype_has_internal_subset(api, reader) != 0 {
          throw VectorArtError("declares entities in its DOCTYPE (not allowed in art)")
        }
      default:
        continue  // comments, processing instructions
      }
    }
  }

  /// Refuses an element with more than `VectorArt.maxAttributesPerElement` attributes, from
  /// the bytes, before libxml2 compares them pairwise. Counts the `=` signs outside quotes in
  /// each start tag; comments, CDATA sections, processing instructions and the DOCTYPE are
  /// skipped. Malformed markup is left for libxml2 to name.
  static func checkAttributeCounts(_ bytes: [UInt8]) throws(VectorArtError) {
    let limit = VectorArt.maxAttributesPerElement
    func skip(past terminator: StaticString, from start: Int) -> Int {
      let needle = UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
      var index = start
      while index + needle.count <= bytes.count {
        if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
          return index + needle.count
        }
        index += 1
      }
      return bytes.count
    }
    func starts(_ prefix: StaticString, at index: Int) -> Bool {
      let needle = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
      return index + needle.count <= bytes.count && bytes[index..<index + needle.count].elementsEqual(needle)
    }
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      if starts("<!--", at: index) {
        index = skip(past: "-->", from: index + 4)
      } else if starts("<![CDATA[", at: index) {
        index = skip(past: "]]>", from: index + 9)
      } else if starts("<?", at: index) {
        index = skip(past: "?>", from: index + 2)
      } else if starts("<!", at: index) || starts("</", at: index) {
        index = skip(past: ">", from: index + 2)
      } else {
        var quote: UInt8?
        var count = 0
        index += 1
        while index < bytes.count {
          let byte = bytes[index]
          if let open = quote {
            if byte == open { quote = nil }
          } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            quote = byte
          } else if byte == UInt8(ascii: "=") {
            count += 1
            if count > limit {
              throw VectorArtError(
                "has an element with more than \(limit) attributes (allowed: at most \(limit) per element)")
            }
          } else if byte == UInt8(ascii: ">") {
            break
          }
          index += 1
        }
        index += 1
      }
    }
  }

  /// The one-line reason for the error that stopped libxml2's reader.
  private func refusal(_ problem: clibxml2_problem) -> VectorArtError {
    var problem = problem
    let message = withUnsafeBytes(of: &problem.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let subject = withUnsafeBytes(of: &problem.subject) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let place = "line \(problem.line), column \(problem.column)"
    switch problem.code {
    case 0: return VectorArtError("is not an SVG file (malformed XML)")
    // XML_ERR_DOCUMENT_EMPTY: no start tag where the root element should be.
    case 4: return VectorArtError("is not an SVG file (no root element)")
    // XML_ERR_UNDECLARED_ENTITY
    case 26:
      return VectorArtError("uses the undeclared entity &\(Context.shortened(subject)); (malformed XML at \(place))")
    default:
      return VectorArtError("is not an SVG file (malformed XML at \(place): \(Context.shortened(message, limit: 120)))")
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

  /// The attributes kept (an allow-list: any other is dropped, `src`, `srcset`, `data-*`,
  /// `target` and every event handler among them): SVG 1.1 and 2's attributes for the kept
  /// elements, their presentation attributes, `aria-*` and `role`, and `allowedPrefixed`.
  static let allowedAttributes: Set<String> = allowedPrefixed.union([
    // Core and styling.
    "id", "class", "style", "lang", "role", "type", "media", "title", "version", "baseProfile",
    "requiredFeatures", "requiredExtensions", "systemLanguage",
    // Presentation attributes.
    "alignment-baseline", "baseline-shift", "clip", "clip-path", "clip-rule", "color", "color-interpolation",
    "color-interpolation-filters", "color-profile", "color-rendering", "cursor", "direction", "display",
    "dominant-baseline", "enable-background", "fill", "fill-opacity", "fill-rule", "filter", "flood-color",
    "flood-opacity", "font", "font-family", "font-feature-settings", "font-kerning", "font-size",
    "font-size-adjust", "font-stretch", "font-style", "font-variant", "font-weight", "glyph-orientation-horizontal",
    "glyph-orientation-vertical", "image-rendering", "isolation", "kerning", "letter-spacing", "lighting-color",
    "marker", "marker-end", "marker-mid", "marker-start", "mask", "mask-type", "mix-blend-mode", "opacity",
    "overflow", "paint-order", "pointer-events", "shape-rendering", "stop-color", "stop-opacity", "stroke",
    "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
    "stroke-opacity", "stroke-width", "text-anchor", "text-decoration", "text-rendering", "transform",
    "transform-origin", "unicode-bidi", "vector-effect", "visibility", "white-space", "word-spacing",
    "writing-mode",
    // Geometry and references.
    "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "fx", "fy", "fr", "x1", "y1", "x2", "y2", "d",
    "points", "pathLength", "viewBox", "preserveAspectRatio", "href",
    // Gradients, patterns, clips, masks, markers.
    "gradientUnits", "gradientTransform", "spreadMethod", "offset", "patternUnits", "patternContentUnits",
    "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits", "markerWidth", "markerHeight",
    "markerUnits", "refX", "refY", "orient",
    // Text.
    "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method", "spacing", "side", "path",
    // Filters.
    "filterUnits", "primitiveUnits", "filterRes", "result", "in", "in2", "stdDeviation", "edgeMode", "mode",
    "operator", "k1", "k2", "k3", "k4", "values", "tableValues", "slope", "intercept", "amplitude", "exponent",
    "order", "kernelMatrix", "divisor", "bias", "targetX", "targetY", "preserveAlpha", "kernelUnitLength",
    "surfaceScale", "diffuseConstant", "specularConstant", "specularExponent", "azimuth", "elevation", "z",
    "pointsAtX", "pointsAtY", "pointsAtZ", "limitingConeAngle", "scale", "xChannelSelector", "yChannelSelector",
    "baseFrequency", "numOctaves", "seed", "stitchTiles", "radius",
    // A view's zoom.
    "viewTarget", "zoomAndPan",
  ])

  /// Elements whose content is shown as text only (accessible names and descriptions): any
  /// markup inside them is dropped and its text kept, escaped, so an HTML parser (for which an
  /// inline SVG's `<title>` and `<desc>` hold HTML) can never read an element there.
  static let textOnlyElements: Set<String> = ["title", "desc"]

  /// The id the art's root `<svg>` is written with, wherever it is drawn (librsvg's document,
  /// our SVG, the editor page): its `<style>` rules are scoped to it. Not `VectorArt.idPrefix`
  /// followed by anything, so no id of the art can take it.
  static var rootID: String { VectorArt.rootID }

  func sanitized(reference: @escaping (String) throws(VectorArtError) -> [UInt8]) throws(VectorArtError)
    -> VectorArt
  {
    guard
      case .start(let rootName, let rootWritten, let rootAttributes, let rootClosed)? = tokens.first(where: {
        if case .start = $0 { return true }
        return false
      })
    else { throw VectorArtError("is not an SVG file (no root element)") }
    guard rootName == "svg" else {
      throw VectorArtError("is not an SVG file (its root element is <\(Context.shortened(rootWritten))>)")
    }
    var ids: Set<String> = []
    for case .start(_, _, let attributes, _) in tokens {
      for attribute in attributes where attribute.name == "id" { ids.insert(attribute.value) }
    }
    var context = Context(ids: ids, reference: reference)

    var root = ""
    var width: Double?
    var height: Double?
    var viewBox: [Double]?
    var rootWrittenNames: Set<String> = []
    for attribute in rootAttributes where rootWrittenNames.insert(attribute.name).inserted {
      switch attribute.name {
      case "width": width = Self.length(attribute.value)
      case "height": height = Self.length(attribute.value)
      case "x", "y", "version", "baseProfile", "id": continue  // the root's id is `rootID`
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
    let range = VectorArt.sizeRange
    guard range.contains(width), range.contains(height) else {
      throw VectorArtError(
        "has a size of \(Self.number(width))×\(Self.number(height)) px (allowed: width and height from "
          + "\(Self.number(range.lowerBound)) to \(Self.number(range.upperBound)) px)")
    }
    if let viewBox, let big = viewBox.first(where: { abs($0) > VectorArt.maxViewBoxCoordinate }) {
      throw VectorArtError(
        "has a viewBox coordinate of \(Self.number(big)) (allowed: at most \(Self.number(VectorArt.maxViewBoxCoordinate)) either way)"
      )
    }
    try checkExpandedElements()

    root = " id=\"\(Self.rootID)\"" + root
    var content = ""
    var depth = 0
    var skipping: Int?  // the depth of a dropped element
    var openNames: [String] = []
    var kept = 1
    var started = false
    // A kept <style>'s text, checked whole at its end whatever splits it (comments, CDATA
    // sections); elements inside a <style> are dropped.
    var style: (depth: Int, text: String)?
    // Whether each open element has a filter, and the characters of text drawn so far.
    var filtered: [Bool] = [false]
    var textCharacters = 0
    // The depth of an open <title> or <desc>, whose content is kept as text only.
    var textOnly: Int?
    for token in tokens {
      switch token {
      case .start(let name, _, let attributes, let selfClosing):
        guard started else {
          started = true
          if !rootClosed {
            depth = 1
            openNames = [name]
          }
          continue
        }
        // Inside <title> or <desc> any element is dropped but its text is kept (below).
        if skipping == nil, textOnly != nil {
          if !selfClosing {
            depth += 1
            openNames.append(name)
            filtered.append(false)
          }
          continue
        }
        if skipping == nil, style != nil || !Self.allowedElements.contains(name) { skipping = depth + 1 }
        if skipping == nil {
          try Self.checkBounds(name, attributes)
          let hasFilter = attributes.contains {
            $0.name == "filter" || $0.name == "style" && $0.value.lowercased().contains("filter")
          }
          if hasFilter, filtered.count(where: { $0 }) + 1 > VectorArt.maxFilterNesting {
            throw VectorArtError(
              "nests more than \(VectorArt.maxFilterNesting) filtered elements (allowed: at most \(VectorArt.maxFilterNesting) filters inside one another)"
            )
          }
          if !selfClosing { filtered.append(hasFilter) }
        } else if !selfClosing {
          filtered.append(false)
        }
        if skipping == nil, !selfClosing, Self.textOnlyElements.contains(name) { textOnly = depth + 1 }
        if skipping == nil {
          content += "<" + name
          var written: Set<String> = []  // `xlink:href` may come under an undeclared prefix and a bound one
          for attribute in attributes where written.insert(attribute.name).inserted {
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
          if skipping == nil, name == "style" { style = (depth, "") }
        }
      case .end:
        let name = openNames.removeLast()
        if filtered.count > 1 { filtered.removeLast() }
        if depth == 1 {
          depth = 0
          continue
        }
        if let open = textOnly, depth > open {
          // An element dropped inside <title> or <desc>.
          if skipping == depth { skipping = nil }
          depth -= 1
          continue
        }
        if textOnly == depth { textOnly = nil }
        if let open = style, open.depth == depth {
          content += Self.escaped(try context.styleSheet(open.text), attribute: false)
          style = nil
        }
        if skipping == nil { content += "</" + name + ">" }
        if skipping == depth { skipping = nil }
        depth -= 1
      case .text(let text):
        guard depth > 0, skipping == nil else { continue }
        if openNames.contains("text") {
          textCharacters += text.count
          if textCharacters > VectorArt.maxTextCharacters {
            throw VectorArtError(
              "has more than \(VectorArt.maxTextCharacters) characters of text (allowed: at most \(VectorArt.maxTextCharacters) in its <text> elements)"
            )
          }
        }
        if style != nil { style!.text += text } else { content += Self.escaped(text, attribute: false) }
      }
    }
    return VectorArt(size: size, rootAttributes: root, content: content, elementCount: kept)
  }

  /// Refuses the filter settings librsvg cannot bound: an `feConvolveMatrix` over
  /// `VectorArt.maxConvolveOrder` a side or whose kernel does not have order × order values
  /// (librsvg panics), an `feTurbulence` of more than `VectorArt.maxTurbulenceOctaves` octaves.
  static func checkBounds(_ name: String, _ attributes: [Attribute]) throws(VectorArtError) {
    func numbers(_ key: String) -> [Double]? {
      attributes.first { $0.name == key }.map {
        $0.value.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { Double($0) ?? .nan }
      }
    }
    switch name {
    case "feConvolveMatrix":
      let order = numbers("order") ?? [3]
      let (x, y) = (order.first ?? 3, order.count > 1 ? order[1] : order.first ?? 3)
      let most = Double(VectorArt.maxConvolveOrder)
      guard order.count <= 2, x >= 1, y >= 1, x <= most, y <= most, x == x.rounded(), y == y.rounded() else {
        throw VectorArtError(
          "has an feConvolveMatrix of order '\(Context.shortened(attributes.first { $0.name == "order" }?.value ?? ""))' "
            + "(allowed: whole numbers from 1 to \(VectorArt.maxConvolveOrder))")
      }
      let kernel = numbers("kernelMatrix") ?? []
      guard kernel.count == Int(x) * Int(y), kernel.allSatisfy(\.isFinite) else {
        throw VectorArtError(
          "has an feConvolveMatrix of order \(Int(x))×\(Int(y)) with \(kernel.count) kernel values "
            + "(allowed: exactly \(Int(x) * Int(y)) numbers)")
      }
    case "feTurbulence":
      if let octaves = numbers("numOctaves")?.first, !(octaves <= Double(VectorArt.maxTurbulenceOctaves)) {
        throw VectorArtError(
          "has an feTurbulence of \(Self.number(octaves)) octaves (allowed: at most \(VectorArt.maxTurbulenceOctaves))")
      }
    default: break
    }
  }

  /// Refuses art that draws more than `VectorArt.maxElements` elements once every `<use>` is
  /// replaced by what it refers to (a "<use> bomb"), or whose `<use>` refers to itself.
  func checkExpandedElements() throws(VectorArtError) {
    // The element tree (node 0 holds the document), each `<use>`'s target, and the ids.
    var children: [[Int]] = [[]]
    var useTarget: [Int: String] = [:]
    var ids: [String: Int] = [:]
    var open = [0]
    for token in tokens {
      switch token {
      case .start(let name, _, let attributes, let selfClosing):
        let node = children.count
        children.append([])
        children[open.last!].append(node)
        for attribute in attributes {
          if attribute.name == "id", ids[attribute.value] == nil { ids[attribute.value] = node }
          if name == "use", attribute.name == "href" || attribute.name == "xlink:href" {
            let value = attribute.value.trimmingWhitespace
            if value.hasPrefix("#") { useTarget[node] = String(value.dropFirst()) }
          }
        }
        if !selfClosing { open.append(node) }
      case .end: if open.count > 1 { open.removeLast() }
      case .text: break
      }
    }
    let limit = VectorArt.maxElements
    var cost = [Int](repeating: -1, count: children.count)
    var onPath = [Bool](repeating: false, count: children.count)
    func parts(_ node: Int) -> [Int] { children[node] + (useTarget[node].flatMap { ids[$0] }.map { [$0] } ?? []) }
    // Depth-first without recursion: `<use>` chains can be as long as the file.
    var stack: [(node: Int, done: Bool)] = [(0, false)]
    while let (node, done) = stack.popLast() {
      if done {
        onPath[node] = false
        cost[node] = parts(node).reduce(1) { min(limit + 2, $0 + cost[$1]) }  // saturated above the limit
        continue
      }
      guard cost[node] < 0 else { continue }
      onPath[node] = true
      stack.append((node, true))
      for part in parts(node) where cost[part] < 0 {
        if onPath[part] {
          throw VectorArtError("has a <use> that refers to itself or to an element holding it (not allowed)")
        }
        stack.append((part, false))
      }
    }
    if cost[0] - 1 > limit {  // node 0, the document, is not an element
      throw VectorArtError(
        "draws more than \(limit) elements once its <use> elements are expanded (allowed: at most \(limit))")
    }
  }

  /// A number as a message shows it: whole numbers without a fraction, others as Swift prints
  /// them.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }

  /// `text` as XML character data (`attribute`: inside a `"`-quoted attribute value, where
  /// line breaks and tabs are written as references so that a parser keeps them).
  static func escaped(_ text: String, attribute: Bool) -> String {
    guard text.utf8.contains(where: { "&<>\"\r\n\t".utf8.contains($0) }) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\r": out += "&#13;"
      case "\"" where attribute: out += "&quot;"
      case "\n" where attribute: out += "&#10;"
      case "\t" where attribute: out += "&#9;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
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
      let head = name.utf8.prefix(2)
      if head.first.map({ $0 | 0x20 == UInt8(ascii: "o") }) == true,
        head.last.map({ $0 | 0x20 == UInt8(ascii: "n") }) == true,
        head.count == 2
      {
        return nil  // an event handler (`onclick`, `ONLOAD`)
      }
      if name.hasPrefix("xmlns") { return nil }
      guard VectorArtParser.allowedAttributes.contains(name) || name.hasPrefix("aria-") else { return nil }
      var value = attribute.value
      switch name {
      case "id": value = VectorArt.idPrefix + value
      case "href", "xlink:href":
        guard let target = try self.reference(value, linkOnly: element == "a") else { return nil }
        value = target
      case "inkscape:label", "xml:lang", "xml:space": break  // names and words, never read as CSS
      default:
        if !name.hasPrefix("aria-") { try Self.checkCSS(value, in: name) }
        if value[...].firstRangeIgnoringASCIICase(of: "url(") != nil { value = try urls(in: value) }
      }
      return " \(name)=\"\(VectorArtParser.escaped(value, attribute: true))\""
    }

    /// Refuses what could load a file from CSS without reading as `url(` or `@import`: a CSS
    /// escape (`\75 rl(` is `url(`; browsers read presentation attributes and style sheets as
    /// CSS) and `image-set()` (which takes plain strings as URLs). `place` names the attribute
    /// or `<style>`.
    static func checkCSS(_ value: String, in place: String) throws(VectorArtError) {
      if value.utf8.contains(UInt8(ascii: "\\")) {
        throw VectorArtError(
          "uses a CSS escape (\\) in \(place) (not allowed in art: escapes can hide url() or @import)")
      }
      if value[...].firstRangeIgnoringASCIICase(of: "image-set(") != nil {
        throw VectorArtError("uses image-set() in \(place) (not allowed in art: it loads images by URL)")
      }
    }

    /// A reference's new value: `#id` prefixed, a `data:` image kept, a file in the folder
    /// embedded; nil for a link (`<a href>`) that leaves the document.
    mutating func reference(_ raw: String, linkOnly: Bool) throws(VectorArtError) -> String? {
      let value = raw.trimmingWhitespace
      if value.hasPrefix("#") { return "#" + VectorArt.idPrefix + value.dropFirst() }
      if linkOnly { return nil }
      let lower = value.lowercased()
      if lower.hasPrefix("data:") { return try Self.dataImage(value) }
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

    /// `value` with every `url(…)` (in any case: CSS function names are) rewritten: `#id`
    /// prefixed, `data:` images kept; anything else refused.
    mutating func urls(in value: String) throws(VectorArtError) -> String {
      var out = ""
      var rest = value[...]
      while let start = rest.firstRangeIgnoringASCIICase(of: "url(") {
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
        } else if target.lowercased().hasPrefix("data:") {
          out += try Self.dataImage(target)
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
      try Self.checkCSS(text, in: "<style>")
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
      return try CSSScope.scoped(out[...], to: "#" + VectorArtParser.rootID)
    }

    /// A `data:` URI kept as an image: PNG or JPEG in base64 (`data:image/png;base64,…`), its
    /// white space removed, so that the renderer can read each image's size from its header
    /// (`ImageLimits`) before librsvg decodes it.
    static func dataImage(_ value: String) throws(VectorArtError) -> String {
      let lower = value.prefix(32).lowercased()
      let kinds = ["data:image/png;base64,", "data:image/jpeg;base64,", "data:image/jpg;base64,"]
      guard let kind = kinds.first(where: { lower.hasPrefix($0) }) else {
        throw VectorArtError(
          "embeds '\(Self.shortened(value))' (allowed: PNG or JPEG data: images in base64, data:image/png;base64,…)")
      }
      let payload = value.utf8.dropFirst(kind.utf8.count).filter {
        !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D)
      }
      return kind + String(decoding: payload, as: UTF8.self)
    }

    static func hasScheme(_ value: String) -> Bool {
      guard let colon = value.firstIndex(of: ":"), let first = value.first, first.isASCII, first.isLetter else {
        return false
      }
      return value[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    static func shortened(_ text: String, limit: Int = 60) -> String {
      let clean = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
      return clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
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

/// Scopes an art's style sheet to the art: every rule's selectors get the art root's id in
/// front (`rect` → `#wallpaper-art rect`, `:root` → `#wallpaper-art`), inside `@media`,
/// `@supports`, `@layer` and `@container` too, so no rule can reach our label, grid or the
/// editor page around the art. A selector that starts with a combinator (`~ p`, `+ p`, `> p`)
/// would reach the root's siblings and is refused; other at-rules (`@font-face`, `@keyframes`)
/// select nothing and are kept as they are.
enum CSSScope {
  static func scoped(_ css: Substring, to scope: String) throws(VectorArtError) -> String {
    var out = ""
    var index = css.startIndex
    while index < css.endIndex {
      // The prelude: up to a `{` or `;` outside strings, comments and brackets.
      var prelude = ""
      var depth = 0
      var terminator: Character?
      while index < css.endIndex {
        let character = css[index]
        if character == "/", css[index...].hasPrefix("/*") {
          guard let close = css[css.index(index, offsetBy: 2)...].firstRange(of: "*/") else { return out }
          index = close.upperBound
          prelude += " "
          continue
        }
        if character == "\"" || character == "'" {
          let end = try stringEnd(css, from: index)
          prelude += css[index..<end]
          index = end
          continue
        }
        if character == "(" || character == "[" { depth += 1 }
        if character == ")" || character == "]" { depth -= 1 }
        index = css.index(after: index)
        if depth == 0, character == "{" || character == ";" {
          terminator = character
          break
        }
        if character == "}" { throw unbalanced }
        prelude.append(character)
      }
      let trimmed = prelude.trimmingWhitespace
      guard let terminator else {
        if !trimmed.isEmpty { out += prelude }
        break
      }
      if terminator == ";" {
        out += prelude + ";"
        continue
      }
      let blockStart = index
      let blockEnd = try matchingBrace(css, from: blockStart)
      index = css.index(after: blockEnd)
      let block = css[blockStart..<blockEnd]
      if trimmed.hasPrefix("@") {
        let name = trimmed.prefix { !$0.isWhitespace && $0 != "(" }.lowercased()
        if ["@media", "@supports", "@layer", "@container"].contains(name) {
          out += trimmed + "{" + (try scoped(block, to: scope)) + "}"
        } else {
          out += trimmed + "{" + block + "}"
        }
        continue
      }
      let selectors = try splitSelectors(trimmed).map { (selector: String) throws(VectorArtError) -> String in
        if let first = selector.first, ">+~".contains(first) {
          throw VectorArtError(
            "has a <style> selector '\(VectorArtParser.Context.shortened(selector))' that starts with a combinator (not allowed: it reaches outside the art)"
          )
        }
        if selector.lowercased().hasPrefix(":root") { return scope + selector.dropFirst(5) }
        return scope + " " + selector
      }
      out += selectors.joined(separator: ", ") + "{" + block + "}"
    }
    return out
  }

  private static var unbalanced: VectorArtError {
    VectorArtError("has a <style> whose braces do not balance (not allowed: its rules could not be scoped)")
  }

  /// The index after the string that starts at `start` (a quote).
  private static func stringEnd(_ css: Substring, from start: Substring.Index) throws(VectorArtError)
    -> Substring.Index
  {
    let quote = css[start]
    var index = css.index(after: start)
    while index < css.endIndex {
      let character = css[index]
      if character == quote { return css.index(after: index) }
      if character == "\n" { break }
      index = css.index(after: index)
    }
    throw VectorArtError("has a <style> with an unterminated string (not allowed)")
  }

  /// The index of the `}` closing the block that starts at `start` (after its `{`).
  private static func matchingBrace(_ css: Substring, from start: Substring.Index) throws(VectorArtError)
    -> Substring.Index
  {
    var depth = 1
    var index = start
    while index < css.endIndex {
      let character = css[index]
      if character == "/", css[index...].hasPrefix("/*") {
        guard let close = css[css.index(index, offsetBy: 2)...].firstRange(of: "*/") else { break }
        index = close.upperBound
        continue
      }
      if character == "\"" || character == "'" {
        index = try stringEnd(css, from: index)
        continue
      }
      if character == "{" { depth += 1 }
      if character == "}" {
        depth -= 1
        if depth == 0 { return index }
      }
      index = css.index(after: index)
    }
    throw unbalanced
  }

  /// A selector list split at its top-level commas, each selector trimmed.
  private static func splitSelectors(_ list: String) throws(VectorArtError) -> [String] {
    var selectors: [String] = []
    var current = ""
    var depth = 0
    for character in list {
      if character == "(" || character == "[" { depth += 1 }
      if character == ")" || character == "]" { depth -= 1 }
      if character == ",", depth == 0 {
        selectors.append(current.trimmingWhitespace)
        current = ""
      } else {
        current.append(character)
      }
    }
    selectors.append(current.trimmingWhitespace)
    return selectors.filter { !$0.isEmpty }
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    guard let first = first, let last = last, first.isWhitespace || last.isWhitespace else { return self }
    return String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}

extension Substring {
  /// The range of the first occurrence of `pattern` (lowercase ASCII) in any ASCII case.
  fileprivate func firstRangeIgnoringASCIICase(of pattern: StaticString) -> Range<Index>? {
    let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
    guard let head = needle.first else { return startIndex..<startIndex }
    let bytes = utf8
    var index = bytes.startIndex
    while index != bytes.endIndex {
      if bytes[index] | 0x20 == head {
        var candidate = index
        var matched = 0
        while matched < needle.count, candidate != bytes.endIndex,
          bytes[candidate] == needle[matched] || bytes[candidate] | 0x20 == needle[matched] && needle[matched] >= 0x61
        {
          matched += 1
          candidate = bytes.index(after: candidate)
        }
        if matched == needle.count { return index..<candidate }
      }
      index = bytes.index(after: index)
    }
    return nil
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
