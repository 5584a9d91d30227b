import CCairo
import Foundation
import SceneGraph

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Joins SVG documents, one per top-level layer of a scene, into one document whose layers are
/// named groups (`<g id="art" inkscape:groupmode="layer">`), which Inkscape and Figma show as
/// layers. Cairo's SVG surface cannot name groups, so each layer is drawn into its own
/// document and the documents are merged with an XML parser; drawing the layers one after
/// another composites exactly as drawing them together.
enum SVGLayers {
  static let inkscapeNamespace = "http://www.inkscape.org/namespaces/inkscape"

  /// - Parameter layers: each layer's name and Cairo's SVG of it alone, ids already renumbered.
  /// - Throws: `RenderError.cairo` (`CAIRO_STATUS_INVALID_STRING`) when Cairo's output does not
  ///   parse as XML, which would be a bug.
  static func merge(_ layers: [(name: String, svg: [UInt8])]) throws(RenderError) -> [UInt8] {
    var header: String?
    var definitions: [String] = []
    var groups: [String] = []
    do {
      for (name, bytes) in layers {
        let document = try XMLDocument(data: Data(bytes), options: [.nodePreserveWhitespace])
        guard let svg = document.rootElement() else { continue }
        prefixIDs(in: svg, with: name + "-")
        if header == nil {
          let size = ["width", "height", "viewBox", "version"].compactMap { key in
            value(of: key, in: svg).map { "\(key)=\"\($0)\"" }
          }
          header =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
            + "xmlns:inkscape=\"\(inkscapeNamespace)\" " + size.joined(separator: " ") + ">"
        }
        var content: [String] = []
        for child in svg.children ?? [] {
          guard let element = child as? XMLElement else { continue }
          if element.name == "defs" {
            definitions += (element.children ?? []).compactMap { ($0 as? XMLElement)?.xmlString }
          } else if element.name == "g", element.attributes?.count == 1, value(of: "id", in: element) != nil {
            // Cairo's `<g id="surfaceN">` wrapper: keep its content, drop the wrapper.
            content += (element.children ?? []).compactMap { ($0 as? XMLElement)?.xmlString }
          } else {
            content.append(element.xmlString)
          }
        }
        groups.append(
          "<g id=\"\(name)\" inkscape:groupmode=\"layer\" inkscape:label=\"\(name)\">\n"
            + content.joined(separator: "\n") + "\n</g>")
      }
    } catch {
      throw .cairo(
        operation: "merging SVG layers (\(error.localizedDescription))",
        status: CairoStatus(CAIRO_STATUS_INVALID_STRING))
    }
    guard let header else { return [] }
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + header + "\n"
    if !definitions.isEmpty { text += "<defs>\n" + definitions.joined(separator: "\n") + "\n</defs>\n" }
    text += groups.joined(separator: "\n") + "\n</svg>\n"
    return Array(text.utf8)
  }

  /// The value of attribute `name`. (`attribute(forName:)` misses attributes of parsed
  /// documents in swift-corelibs-foundation, so this scans them.)
  private static func value(of name: String, in element: XMLElement) -> String? {
    element.attributes?.first { $0.name == name }?.stringValue
  }

  /// Prefixes every `id` under `element` and rewrites the references to them (`xlink:href`,
  /// `href` and `url(#…)` in any attribute), so ids from different layers cannot collide.
  private static func prefixIDs(in element: XMLElement, with prefix: String) {
    var ids = Set<String>()
    collectIDs(element, into: &ids)
    rewrite(element, ids: ids, prefix: prefix)
  }

  private static func collectIDs(_ element: XMLElement, into ids: inout Set<String>) {
    if let id = value(of: "id", in: element) { ids.insert(id) }
    for child in element.children ?? [] {
      if let child = child as? XMLElement { collectIDs(child, into: &ids) }
    }
  }

  private static func rewrite(_ element: XMLElement, ids: Set<String>, prefix: String) {
    for attribute in element.attributes ?? [] {
      guard let name = attribute.name, var value = attribute.stringValue else { continue }
      if name == "id" {
        value = prefix + value
      } else if name.hasSuffix("href"), value.hasPrefix("#"), ids.contains(String(value.dropFirst())) {
        value = "#" + prefix + value.dropFirst()
      } else if value.contains("url(#") {
        for id in ids where value.contains("url(#\(id))") {
          value = value.replacingOccurrences(of: "url(#\(id))", with: "url(#\(prefix)\(id))")
        }
      } else {
        continue
      }
      // Attribute nodes from `attributes` are copies on Linux: replace the attribute instead.
      element.removeAttribute(forName: name)
      element.addAttribute(XMLNode.attribute(withName: name, stringValue: value) as! XMLNode)
    }
    for child in element.children ?? [] {
      if let child = child as? XMLElement { rewrite(child, ids: ids, prefix: prefix) }
    }
  }
}
