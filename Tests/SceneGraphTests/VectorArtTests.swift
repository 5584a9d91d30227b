import Dispatch
import SceneGraph
import XCTest

/// A designer's SVG is sanitised once when read: what is dropped, what is prefixed, what is
/// refused, and the size it asks for.
final class VectorArtTests: XCTestCase {
  private func art(
    _ markup: String, files: [String: [UInt8]] = [:]
  ) throws -> VectorArt {
    try VectorArt(parsing: Array(markup.utf8)) { (path: String) throws(VectorArtError) -> [UInt8] in
      guard let bytes = files[path] else { throw VectorArtError("refers to '\(path)', outside its folder") }
      return bytes
    }
  }

  private func refusal(_ markup: String, files: [String: [UInt8]] = [:]) -> String? {
    do {
      _ = try art(markup, files: files)
      return nil
    } catch {
      return (error as? VectorArtError)?.reason
    }
  }

  private let open = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""

  func testScriptsHandlersAndForeignMarkupAreDropped() throws {
    let result = try art(
      """
      <?xml version="1.0"?>
      <!-- a comment -->
      \(open) xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="20" height="10" onload="alert(1)">
      <sodipodi:namedview pagecolor="#fff"><inkscape:grid/></sodipodi:namedview>
      <script>alert(2)</script>
      <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
      <g id="leaves" inkscape:label="Leaves" sodipodi:nodetypes="cc" onclick="alert(3)">
        <rect width="5" height="5" fill="#F00"/><animate attributeName="fill" to="blue"/>
      </g>
      <a href="https://example.com"><circle r="2"/></a>
      </svg>
      """)
    XCTAssertFalse(result.content.contains("alert"), result.content)
    XCTAssertFalse(result.content.contains("sodipodi"), result.content)
    XCTAssertFalse(result.content.contains("foreignObject"), result.content)
    XCTAssertFalse(result.content.contains("animate"), result.content)
    XCTAssertFalse(result.content.contains("example.com"), result.content)
    XCTAssertFalse(result.rootAttributes.contains("onload"), result.rootAttributes)
    XCTAssertTrue(result.content.contains("<g id=\"art-leaves\" inkscape:label=\"Leaves\">"), result.content)
    XCTAssertTrue(result.content.contains("<rect width=\"5\" height=\"5\" fill=\"#F00\"/>"), result.content)
    XCTAssertEqual(result.size, try Size(width: 20, height: 10))
    // root + g + rect + a + circle
    XCTAssertEqual(result.elementCount, 5)
  }

  func testIdsAndEveryReferenceToThemArePrefixed() throws {
    let result = try art(
      """
      \(open) viewBox="0 0 40 30">
      <style>#sky { fill: url(#fade); } .x { color: #fff }</style>
      <defs><linearGradient id="fade"><stop offset="0"/></linearGradient><path id="p" d="M0 0h1"/></defs>
      <rect id="sky" width="40" height="30" style="fill:url('#fade')" clip-path="url(#fade)"/>
      <use xlink:href="#p"/><use href=" #p"/>
      </svg>
      """)
    for expected in [
      "#wallpaper-art #art-sky{ fill: url(#art-fade); }", "color: #fff", "id=\"art-fade\"", "id=\"art-p\"",
      "style=\"fill:url(#art-fade)\"", "clip-path=\"url(#art-fade)\"", "xlink:href=\"#art-p\"", "href=\"#art-p\"",
    ] {
      XCTAssertTrue(result.content.contains(expected), "\(expected) not in \(result.content)")
    }
    XCTAssertEqual(result.size, try Size(width: 40, height: 30))
    XCTAssertTrue(result.rootAttributes.contains("viewBox=\"0 0 40 30\""))
  }

  /// Issue 45: attributes are kept from an allow-list, so `src`, `srcset`, `data-*` and any
  /// attribute SVG does not know are dropped (an HTML parser would read some of them).
  func testOnlyKnownAttributesAreKept() throws {
    let result = try art(
      """
      \(open) width="10" height="10" data-x="1" onload="x()">
      <rect width="10" height="10" fill="red" src="http://canary/a" srcset="http://canary/b 1x"
        data-track="1" formaction="http://canary/c" target="_blank" aria-label="a square" role="img"/>
      </svg>
      """)
    for kept in ["width=\"10\"", "fill=\"red\"", "aria-label=\"a square\"", "role=\"img\""] {
      XCTAssertTrue(result.content.contains(kept), "\(kept) not in \(result.content)")
    }
    for dropped in ["src", "canary", "data-", "formaction", "target", "onload"] {
      XCTAssertFalse((result.rootAttributes + result.content).contains(dropped), "\(dropped) in \(result.content)")
    }
  }

  /// Markup inside `<title>` and `<desc>` is kept as escaped text only: inlined in a page,
  /// where the HTML parser reads those elements' content as HTML, it never becomes an `<img>`.
  func testTitleAndDescHoldTextOnly() throws {
    let result = try art(
      """
      \(open) width="10" height="10"><title>Leaf <image src="http://canary/t" xlink:href="#x"/>&lt;img src=x&gt;</title>
      <desc><g><image srcset="http://canary/d"/>More <b>bold</b></g></desc><rect width="1" height="1"/></svg>
      """)
    XCTAssertTrue(result.content.contains("<title>Leaf &lt;img src=x&gt;</title>"), result.content)
    XCTAssertTrue(result.content.contains("<desc>More bold</desc>"), result.content)
    XCTAssertFalse(result.content.contains("canary"), result.content)
    XCTAssertTrue(result.content.contains("<rect width=\"1\" height=\"1\"/>"), result.content)
  }

  /// The art's `<style>` is scoped to the art's root (`#wallpaper-art`): a rule for every
  /// element reaches only the art's; a selector that would reach the root's siblings is
  /// refused; at-rules' inner rules are scoped too.
  func testStyleRulesAreScopedToTheArt() throws {
    let result = try art(
      """
      \(open) width="10" height="10" id="mine"><style>
      * { visibility: hidden } text, .label &gt; tspan { fill: red } :root { opacity: .5 }
      @media (min-width: 1px) { rect { fill: blue } } @font-face { font-family: "a{b" }
      /* { not a rule } */ a[title="x,y{"] { fill: green }
      </style><rect width="1" height="1"/></svg>
      """)
    XCTAssertTrue(result.rootAttributes.hasPrefix(" id=\"wallpaper-art\""), result.rootAttributes)
    XCTAssertFalse(result.rootAttributes.contains("mine"), result.rootAttributes)
    for expected in [
      "#wallpaper-art *{ visibility: hidden }", "#wallpaper-art text, #wallpaper-art .label &gt; tspan{ fill: red }",
      "#wallpaper-art{ opacity: .5 }", "@media (min-width: 1px){#wallpaper-art rect{ fill: blue }}",
      "@font-face{ font-family: \"a{b\" }", "#wallpaper-art a[title=\"x,y{\"]{ fill: green }",
    ] {
      XCTAssertTrue(result.content.contains(expected), "\(expected) not in \(result.content)")
    }
    for selector in ["~ g", "+ g", "&gt; g"] {
      XCTAssertEqual(
        refusal("\(open) width=\"10\" height=\"10\"><style>rect {} \(selector) { fill: red }</style></svg>"),
        "has a <style> selector '\(selector.replacingOccurrences(of: "&gt;", with: ">"))' that starts with a combinator (not allowed: it reaches outside the art)"
      )
    }
    XCTAssertEqual(
      refusal("\(open) width=\"10\" height=\"10\"><style>rect { fill: red </style></svg>"),
      "has a <style> whose braces do not balance (not allowed: its rules could not be scoped)")
  }

  /// Issue 45: the bounds the sanitiser sets on what librsvg is asked to do.
  func testUnboundedFeaturesAreRefusedAtTheirLimits() {
    func svg(_ body: String) -> String { "\(open) width=\"10\" height=\"10\">\(body)</svg>" }
    let attributes = (
      n: VectorArt.maxAttributesPerElement,
      markup: { (n: Int) in
        svg("<rect " + (0..<n).map { "a\($0)='0'" }.joined(separator: " ") + "/>")
      }
    )
    XCTAssertNil(refusal(attributes.markup(attributes.n)))
    XCTAssertEqual(
      refusal(attributes.markup(attributes.n + 1)),
      "has an element with more than 1000 attributes (allowed: at most 1000 per element)")
    // Quoted `=` and `>` do not count or end a tag; comments are skipped.
    XCTAssertNil(
      refusal(
        svg(
          "<!-- <a " + String(repeating: "b=1 ", count: 2000) + "> --><rect fill=\""
            + String(repeating: "=>", count: 2000) + "\"/>")))
    let text = String(repeating: "x", count: VectorArt.maxTextCharacters)
    XCTAssertNil(refusal(svg("<text>\(text)</text><title>\(text)\(text)</title>")))
    XCTAssertEqual(
      refusal(svg("<text>\(text)<tspan>y</tspan></text>")),
      "has more than 10000 characters of text (allowed: at most 10000 in its <text> elements)")
    let filter = "<filter id=\"f\"><feFlood/></filter>"
    let nested = { (n: Int) in
      svg(filter + String(repeating: "<g filter=\"url(#f)\">", count: n) + String(repeating: "</g>", count: n))
    }
    XCTAssertNil(refusal(nested(VectorArt.maxFilterNesting)))
    XCTAssertEqual(
      refusal(nested(VectorArt.maxFilterNesting + 1)),
      "nests more than 8 filtered elements (allowed: at most 8 filters inside one another)")
    XCTAssertNil(
      refusal(
        svg(
          "<filter><feConvolveMatrix order=\"9\" kernelMatrix=\"\(Array(repeating: "1", count: 81).joined(separator: " "))\"/></filter>"
        )))
    XCTAssertEqual(
      refusal(svg("<filter><feConvolveMatrix order=\"10\"/></filter>")),
      "has an feConvolveMatrix of order '10' (allowed: whole numbers from 1 to 9)")
    XCTAssertNil(refusal(svg("<filter><feTurbulence numOctaves=\"10\"/></filter>")))
    XCTAssertEqual(
      refusal(svg("<filter><feTurbulence numOctaves=\"11\"/></filter>")),
      "has an feTurbulence of 11 octaves (allowed: at most 10)")
    XCTAssertEqual(
      refusal(svg(##"<g id="a"><use href="#a"/></g>"##)),
      "has a <use> that refers to itself or to an element holding it (not allowed)")
    XCTAssertEqual(
      refusal(svg(#"<image href="data:image/png,%89PNG"/>"#)),
      "embeds 'data:image/png,%89PNG' (allowed: PNG or JPEG data: images in base64, data:image/png;base64,…)")
    XCTAssertEqual(
      refusal("\(open) width=\"0.5\" height=\"10\"/>"),
      "has a size of 0.5×10 px (allowed: width and height from 1 to 100000 px)")
  }

  func testFilesInTheFolderAreEmbeddedAndEverythingElseIsRefused() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    let result = try art(
      "\(open) width=\"1in\" height=\"2cm\"><image xlink:href=\"leaf%20one.png\"/></svg>", files: ["leaf one.png": png])
    XCTAssertTrue(result.content.contains("xlink:href=\"data:image/png;base64,iVBORw0KGgoBAgM=\""), result.content)
    XCTAssertEqual(result.size.width, 96, accuracy: 1e-9)
    XCTAssertEqual(result.size.height, 2 * 96 / 2.54, accuracy: 1e-9)

    let cases: [(String, String)] = [
      ("<image href=\"../secret.png\"/>", "outside its folder"),
      ("<image href=\"http://example.com/a.png\"/>", "refers to 'http://example.com/a.png'"),
      ("<image href=\"//example.com/a.png\"/>", "refers to '//example.com/a.png'"),
      ("<image href=\"file:///etc/passwd\"/>", "refers to 'file:///etc/passwd'"),
      ("<use href=\"other.svg#a\"/>", "not in other files"),
      ("<image href=\"data:image/svg+xml;base64,PHN2Zy8+\"/>", "allowed: PNG or JPEG data: images"),
      ("<rect style=\"fill:url(http://example.com/p.svg#g)\"/>", "in url()"),
      ("<style>@import url(a.css);</style>", "@import"),
      ("<image href=\"notes.txt\"/>", "not a PNG or JPEG image"),
    ]
    for (body, expected) in cases {
      let reason = refusal("\(open) width=\"1\" height=\"1\">\(body)</svg>", files: ["notes.txt": Array("hi".utf8)])
      XCTAssertTrue(reason?.contains(expected) == true, "\(body): \(reason ?? "accepted")")
    }
  }

  func testWhatIsNotAnSVGIsRefusedInOneLine() {
    let cases: [([UInt8], String)] = [
      ([0x89, 0x50, 0x4E, 0x47, 0xFF, 0xFE], "not UTF-8"),
      (Array("<html><body/></html>".utf8), "its root element is <html>"),
      (Array("just text".utf8), "no root element"),
      (Array("\(open) width=\"1\" height=\"1\"><g></svg>".utf8), "malformed XML"),
      (Array("\(open) width=\"1\" height=\"1\"/><svg/>".utf8), "malformed XML"),
      (Array("<!DOCTYPE svg [<!ENTITY a \"b\">]>\(open) width=\"1\" height=\"1\"/>".utf8), "DOCTYPE"),
      (Array("\(open) width=\"1\" height=\"1\"><text>&lol;</text></svg>".utf8), "&lol;"),
      (Array("\(open) width=\"100%\" height=\"100%\"/>".utf8), "has no size"),
    ]
    for (bytes, expected) in cases {
      do {
        _ = try VectorArt(parsing: bytes) { (_: String) throws(VectorArtError) -> [UInt8] in [] }
        XCTFail("accepted: \(expected)")
      } catch {
        XCTAssertTrue(error.reason.contains(expected), "\(expected): \(error.reason)")
        XCTAssertFalse(error.reason.contains("\n"))
      }
    }
  }

  /// 200,000 elements pass; one more is refused (the limit counts every element read, the
  /// root included).
  func testTheElementLimit() throws {
    func markup(_ count: Int) -> String {
      "\(open) width=\"1\" height=\"1\">" + String(repeating: "<g/>", count: count - 1) + "</svg>"
    }
    XCTAssertEqual(try art(markup(VectorArt.maxElements)).elementCount, VectorArt.maxElements)
    XCTAssertEqual(
      refusal(markup(VectorArt.maxElements + 1)), "has more than 200000 elements (allowed: at most 200000)")
  }

  func testCoverPlacementCentresAndCovers() throws {
    let art = try art("\(open) width=\"100\" height=\"50\"/>")
    let node = VectorNode(art: art, frame: try Rect(x: 0, y: 0, width: 40, height: 80))
    let t = node.placement
    // 80 / 50 = 1.6 covers the height; the width overflows by 160 - 40 = 120, half each side.
    XCTAssertEqual([t.a, t.b, t.c, t.d, t.tx, t.ty], [1.6, 0, 0, 1.6, -60, 0])
  }

  // MARK: What libxml2 reads (the reader replaced a hand-written tokenizer)

  /// Nested entities (billion laughs) stop libxml2's reader at once; nothing is expanded.
  func testBillionLaughsIsRefused() {
    var markup = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      markup += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
    }
    markup += "]>\n\(open) width=\"1\" height=\"1\"><text fill=\"&lol9;\">&lol9;</text></svg>"
    let reason = refusal(markup) ?? "accepted"
    XCTAssertTrue(
      reason.hasPrefix("is not an SVG file (malformed XML at line 14, column 123: ") || reason.contains("DOCTYPE"),
      reason)
    XCTAssertLessThan(reason.count, 200, reason)
  }

  /// An external entity is never read: declared in the DOCTYPE it is refused, and one an
  /// external DTD might declare (libxml2 loads no DTD) is an undeclared entity.
  func testExternalEntitiesAreNotRead() {
    XCTAssertEqual(
      refusal(
        "<!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\(open) width=\"1\" height=\"1\"><text>&x;</text></svg>"
      ),
      "declares entities in its DOCTYPE (not allowed in art)")
    XCTAssertEqual(
      refusal(
        "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"file:///etc/passwd\">\n\(open) width=\"1\" height=\"1\"><text>&x;</text></svg>"
      ), "uses the undeclared entity &x; (malformed XML at line 2, column 114)")
    // The DOCTYPE Inkscape and Illustrator write (an external DTD, not loaded) is accepted.
    XCTAssertNoThrow(
      try art(
        "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\(open) width=\"1\" height=\"1\"/>"
      ))
  }

  /// CDATA is text: markup in it is written escaped, a script's CDATA goes with the script,
  /// and a style sheet's CDATA is checked like the rest of the sheet.
  func testCDATAIsTextAndScriptsInItStayText() throws {
    let result = try art(
      "\(open) width=\"1\" height=\"1\"><text><![CDATA[<script>alert(1)</script> & more]]></text>"
        + "<script><![CDATA[alert(2)]]></script></svg>")
    XCTAssertEqual(result.content, "<text>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</text>")
    XCTAssertEqual(
      refusal("\(open) width=\"1\" height=\"1\"><style><![CDATA[ @import url(a.css); ]]></style></svg>"),
      "imports a style sheet (@import is not allowed)")
  }

  /// Names are read with their namespaces: `svg:`-prefixed elements are SVG's (and written
  /// without the prefix), an element of another namespace is foreign whatever its local name.
  func testNamespacedElementsAreReadByTheirNamespace() throws {
    let result = try art(
      """
      <svg:svg xmlns:svg="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink" \
      xmlns:ink="http://www.inkscape.org/namespaces/inkscape" width="2" height="2">\
      <svg:g ink:label="Sky" ink:groupmode="layer"><svg:rect id="r" width="1" height="1"/></svg:g>\
      <svg:use x:href="#r"/><svg:script>alert(1)</svg:script><rect xmlns="urn:other" id="q"/></svg:svg>
      """)
    XCTAssertEqual(
      result.content,
      "<g inkscape:label=\"Sky\" inkscape:groupmode=\"layer\"><rect id=\"art-r\" width=\"1\" height=\"1\"/></g>"
        + "<use xlink:href=\"#art-r\"/>")
    XCTAssertEqual(
      refusal("<h:svg xmlns:h=\"http://www.w3.org/1999/xhtml\" width=\"1\" height=\"1\"/>"),
      "is not an SVG file (its root element is <h:svg>)")
  }

  /// Comments and processing instructions are dropped, and they cannot hide an `@import` by
  /// splitting it; entity-encoded `url(` is read as what it is.
  func testCommentsAndReferencesHideNothing() throws {
    let result = try art(
      "<?xml-stylesheet href=\"http://example.com/a.css\"?>\(open) width=\"1\" height=\"1\">"
        + "<text>a<!-- b -->c<?pi d?></text></svg>")
    XCTAssertEqual(result.content, "<text>ac</text>")
    XCTAssertEqual(
      refusal("\(open) width=\"1\" height=\"1\"><style>@im<!-- -->port url(a.css);</style></svg>"),
      "imports a style sheet (@import is not allowed)")
    XCTAssertEqual(
      refusal("\(open) width=\"1\" height=\"1\"><rect fill=\"&#117;rl(http://example.com/p.svg#g)\"/></svg>"),
      "refers to 'http://example.com/p.svg#g' in url() (allowed: #ids in the SVG itself and PNG or JPEG data: images)")
  }

  /// CSS function names are case-insensitive, so `URL(` is a url too; handlers in any case go.
  func testURLsAndHandlersInAnyCase() throws {
    XCTAssertEqual(
      refusal("\(open) width=\"1\" height=\"1\"><rect fill=\"URL(http://example.com/p.svg#g)\"/></svg>"),
      "refers to 'http://example.com/p.svg#g' in url() (allowed: #ids in the SVG itself and PNG or JPEG data: images)")
    let result = try art(
      "\(open) width=\"1\" height=\"1\"><rect id=\"a\" ONCLICK=\"x()\" fill=\"Url(#a)\" stroke=\"url(#a)\"/></svg>")
    XCTAssertEqual(result.content, "<rect id=\"art-a\" fill=\"Url(#art-a)\" stroke=\"url(#art-a)\"/>")
  }

  /// CSS escapes can spell `url(` and `@import` without those letters (`\\75 rl(`), and
  /// `image-set()` loads strings as URLs: refused wherever CSS is read (presentation
  /// attributes, `style`, `<style>`), while names and labels may hold a backslash.
  func testCSSEscapesAndImageSetAreRefused() throws {
    let escape = "(not allowed in art: escapes can hide url() or @import)"
    for (markup, reason) in [
      ("<rect fill=\"\\75 rl(http://example.com/p.svg#g)\"/>", "uses a CSS escape (\\) in fill \(escape)"),
      ("<rect style=\"fill:u\\72l(http://example.com/p.svg#g)\"/>", "uses a CSS escape (\\) in style \(escape)"),
      ("<style>@\\69mport 'http://example.com/a.css';</style>", "uses a CSS escape (\\) in <style> \(escape)"),
      (
        "<rect style=\"fill:-webkit-image-set('http://example.com/a.png' 1x)\"/>",
        "uses image-set() in style (not allowed in art: it loads images by URL)"
      ),
      (
        "<style>rect { mask-image: IMAGE-SET(\"http://example.com/a.png\" 1x) }</style>",
        "uses image-set() in <style> (not allowed in art: it loads images by URL)"
      ),
    ] {
      XCTAssertEqual(refusal("\(open) width=\"1\" height=\"1\">\(markup)</svg>"), reason, markup)
    }
    let labelled = try art(
      "\(open) xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" width=\"1\" height=\"1\">"
        + "<g inkscape:label=\"C:\\sky\" aria-label=\"a\\b\"><text>1\\2</text></g></svg>")
    XCTAssertEqual(labelled.content, "<g inkscape:label=\"C:\\sky\" aria-label=\"a\\b\"><text>1\\2</text></g>")
  }

  /// Values and text are written escaped, so what the file meant is what librsvg reads.
  func testTextAndValuesAreEscapedAgain() throws {
    let result = try art(
      "\(open) width=\"1\" height=\"1\"><text font-family=\"a&amp;b &quot;c&quot;&#10;d\">1 &lt; 2 &gt; 0 &amp; ok</text></svg>"
    )
    XCTAssertEqual(result.content, "<text font-family=\"a&amp;b &quot;c&quot;&#10;d\">1 &lt; 2 &gt; 0 &amp; ok</text>")
  }

  /// Only UTF-8 is read: UTF-16 with a byte-order mark is not UTF-8, and without one its NUL
  /// bytes are malformed XML.
  func testUTF16IsRefused() {
    let markup = "\(open) width=\"1\" height=\"1\"/>"
    let withMark: [UInt8] = [0xFF, 0xFE] + markup.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    XCTAssertEqual(refusalOf(withMark), "is not an SVG file (not UTF-8 text)")
    XCTAssertEqual(
      refusalOf(Array(withMark.dropFirst(2))),
      "is not an SVG file (malformed XML at line 1, column 2: Char 0x0 out of allowed range)")
  }

  /// Malformed XML is refused in one line naming libxml2's line, column and message.
  func testMalformedXMLNamesTheLineAndColumn() {
    XCTAssertEqual(
      refusal("\(open) width=\"1\" height=\"1\">\n<g>\n</svg>"),
      "is not an SVG file (malformed XML at line 3, column 7: Opening and ending tag mismatch: g line 2 and svg)")
    XCTAssertEqual(
      refusal("\(open) width=\"1\" height=\"1\"><rect width=1/></svg>"),
      "is not an SVG file (malformed XML at line 1, column 117: AttValue: \" or ' expected)")
    let deep =
      "\(open) width=\"1\" height=\"1\">" + String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300)
      + "</svg>"
    XCTAssertTrue(refusal(deep)?.contains("Excessive depth in document: 256") == true, refusal(deep) ?? "accepted")
  }

  /// libxml2 is opened and initialised once however many threads read art at the same time
  /// (export's workers): every reader gets the same result.
  func testArtIsReadOnManyThreadsAtOnce() throws {
    let markup = Array(
      ("\(open) width=\"8\" height=\"8\">" + String(repeating: "<g id=\"g\"><rect fill=\"url(#g)\"/></g>", count: 2000)
        + "</svg>").utf8)
    let expected = try VectorArt(parsing: markup) { (_: String) throws(VectorArtError) -> [UInt8] in [] }
    // Each thread writes only its own element.
    nonisolated(unsafe) let results = UnsafeMutableBufferPointer<VectorArt?>.allocate(capacity: 8)
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    results.initialize(repeating: nil)
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      results[index] = try? VectorArt(parsing: markup) { (_: String) throws(VectorArtError) -> [UInt8] in [] }
    }
    for result in results { XCTAssertEqual(result, expected) }
  }

  private func refusalOf(_ bytes: [UInt8]) -> String? {
    do {
      _ = try VectorArt(parsing: bytes) { (_: String) throws(VectorArtError) -> [UInt8] in [] }
      return nil
    } catch {
      return error.reason
    }
  }
}
