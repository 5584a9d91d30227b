import CairoRendering
import Wallpapers

/// `index.html` beside the manifest: every exported file in one page that needs no script and
/// no network. Images are shown with their models, scale, format and pixel size, each screen
/// class's previews beside its plain images; SVG, PDF and JSON files are links. The markup is
/// HTML5 that is also well-formed XML, so both an HTML checker and an XML parser accept it.
enum Gallery {
  static let fileName = "index.html"

  /// The page for `entries` (paths relative to the page), and the models that were skipped.
  /// `manifest` is the manifest's path relative to the page.
  static func html(
    design: String, entries: [ExportedFile], skipped: [ExportPlan.Skip], manifest: String = "manifest.json"
  ) -> [UInt8] {
    var body: [String] = ["<h1>\(escape(design))</h1>"]
    body.append(
      "<p>\(entries.count) files besides this page, listed in <a href=\"\(escape(href(manifest)))\">manifest.json</a>."
        + " Previews show a generic mock of the lock and home screens, not iOS itself.</p>")
    let sorted = entries.sorted { $0.path < $1.path }
    var classes: [String] = []
    for entry in sorted {
      if let id = entry.screen?.id, !classes.contains(id) { classes.append(id) }
    }
    for id in classes {
      let group = sorted.filter { $0.screen?.id == id }
      let screen = group[0].screen!
      body.append("<section id=\"class-\(escape(id))\">")
      body.append(
        "<h2>\(escape(id)) <small>\(formatNumber(screen.points.width))×\(formatNumber(screen.points.height)) pt · "
          + "\(escape(group[0].models.joined(separator: ", ")))</small></h2>")
      body.append("<div class=\"row\">")
      // Plain images first, previews beside them.
      func order(_ entry: ExportedFile) -> Int {
        entry.preview.map { 1 + PreviewScreen.allCases.firstIndex(of: $0)! } ?? 0
      }
      // Asset-catalog copies are the same images again: links, not pictures.
      // A catalog's PNGs are the wallpapers themselves (stored once, in the catalog).
      func shown(_ entry: ExportedFile) -> Bool { entry.format == "png" }
      let images = group.filter(shown).sorted { (order($0), $0.path) < (order($1), $1.path) }
      for entry in images { body.append(figure(entry)) }
      body.append("</div>")
      let links = group.filter { !shown($0) }
      if !links.isEmpty {
        body.append("<ul class=\"files\">")
        for entry in links {
          body.append(
            "<li><a href=\"\(escape(href(entry.path)))\">\(escape(entry.path))</a> · \(entry.format.uppercased()) · "
              + "\(formatNumber(screen.points.width))×\(formatNumber(screen.points.height)) pt · \(bytes(entry.bytes))</li>"
          )
        }
        body.append("</ul>")
      }
      body.append("</section>")
    }
    let others = sorted.filter { $0.screen == nil }
    if !others.isEmpty {
      body.append("<section id=\"other\"><h2>Contact sheet and catalogue</h2><div class=\"row\">")
      for entry in others where entry.format == "png" { body.append(figure(entry)) }
      body.append("</div><ul class=\"files\">")
      for entry in others where entry.format != "png" {
        body.append(
          "<li><a href=\"\(escape(href(entry.path)))\">\(escape(entry.path))</a> · \(entry.format.uppercased()) · \(bytes(entry.bytes))</li>"
        )
      }
      body.append("</ul></section>")
    }
    if !skipped.isEmpty {
      body.append("<section id=\"skipped\"><h2>Skipped</h2><ul>")
      for skip in skipped {
        body.append(
          "<li>\(escape(skip.models.map(\.id).joined(separator: ", "))) (\(escape(skip.screen.id))): \(escape(skip.reason))</li>"
        )
      }
      body.append("</ul></section>")
    }
    let page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>\(escape(design)) wallpapers</title>
      <style>
      body { font-family: sans-serif; margin: 24px; color: #222; background: #f4f4f2; }
      h2 small { font-weight: normal; color: #666; font-size: 0.6em; }
      .row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
      figure { margin: 0; background: #fff; padding: 8px; border: 1px solid #ddd; }
      figure img { display: block; height: 320px; width: auto; }
      figure.sheet img { height: auto; max-width: 100%; }
      figcaption { font-size: 12px; color: #555; margin-top: 6px; max-width: 220px; }
      .files { font-size: 13px; }
      </style>
      </head>
      <body>
      \(body.joined(separator: "\n"))
      </body>
      </html>

      """
    return Array(page.utf8)
  }

  private static func figure(_ entry: ExportedFile) -> String {
    var caption: [String] = []
    if let preview = entry.preview { caption.append("\(preview.rawValue)-screen preview (mock)") }
    if !entry.models.isEmpty { caption.append(entry.models.joined(separator: ", ")) }
    if let scale = entry.scale { caption.append("@\(formatNumber(scale))x") }
    caption.append(entry.format.uppercased())
    var size = ""
    if let pixels = entry.pixels {
      caption.append("\(pixels.width)×\(pixels.height) px")
      size = " width=\"\(pixels.width)\" height=\"\(pixels.height)\""
    }
    caption.append(bytes(entry.bytes))
    let alt = entry.preview.map { "\($0.rawValue)-screen preview of \(entry.path)" } ?? entry.path
    let sheet = entry.screen == nil ? " class=\"sheet\"" : ""
    return
      "<figure\(sheet)><a href=\"\(escape(href(entry.path)))\"><img src=\"\(escape(href(entry.path)))\"\(size) alt=\"\(escape(alt))\" /></a>"
      + "<figcaption>\(escape(entry.path))<br />\(escape(caption.joined(separator: " · ")))</figcaption></figure>"
  }

  /// A relative URL for a path: each segment percent-encoded.
  static func href(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map(percentEncoded).joined(separator: "/")
  }

  /// A path segment with every UTF-8 byte outside RFC 3986's unreserved characters and
  /// sub-delimiters (and `:` `@`) written as `%XX`.
  private static func percentEncoded(_ segment: Substring) -> String {
    let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@".utf8)
    var text = ""
    for byte in segment.utf8 {
      if kept.contains(byte) {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        text += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return text
  }

  static func escape(_ text: String) -> String { MarkupText.escaped(text) }

  private static func bytes(_ count: Int) -> String {
    count >= 1_000_000
      ? "\(formatNumber((Double(count) / 100_000).rounded() / 10)) MB"
      : "\(formatNumber((Double(count) / 100).rounded() / 10)) kB"
  }
}
