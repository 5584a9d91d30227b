import CQPDF
import Platform
import SceneGraph

/// Registration colour: 100 % of every separation (`/Separation /All`), for crop and
/// registration marks and slugs that must print on every plate.
///
/// Cairo draws only in RGB, so marks are drawn in `sentinel`, an RGB colour kept for this use,
/// and a libqpdf post-pass (`QPDFSession.applyRegistrationColor`) rewrites exactly the colour
/// operators Cairo writes for it — `0.001 0.002 0.003 rg` and `… RG`, three operands and the
/// operator as whole tokens, outside strings, comments and inline images — into
/// `/RegistrationAll cs 1 scn` (`CS`/`SCN` for strokes), adding the colour space to the
/// resources of each stream it changed. No other operator is touched.
public enum RegistrationColor {
  /// The RGB colour marks are drawn in (near black, so a file that skipped the post-pass still
  /// shows black marks). Designs never need it: it is 0.1–0.3 % of full scale, darker than
  /// any 8-bit colour but black.
  public static let sentinel = Color(clampingRed: 0.001, green: 0.002, blue: 0.003)

  /// The three operands as Cairo 1.16 writes them (a test checks this against Cairo itself).
  static let operands: [[UInt8]] = ["0.001", "0.002", "0.003"].map { Array($0.utf8) }

  /// The resource name of the separation space.
  public static let resourceName = "/RegistrationAll"

  /// `[/Separation /All /DeviceCMYK tint→(t t t t)]`: tint 1 is 100 % of every process plate
  /// where a RIP does not know the `All` colorant (which it always does: ISO 32000 8.6.6.4).
  static let space =
    "[ /Separation /All /DeviceCMYK << /FunctionType 2 /Domain [ 0 1 ] /C0 [ 0 0 0 0 ] /C1 [ 1 1 1 1 ] /N 1 >> ]"

  /// What each sentinel's three `rg`/`RG` operands, as Cairo spells them, become: the
  /// registration sentinel `/RegistrationAll cs 1 scn`, each `ProcessColor` sentinel its
  /// DeviceCMYK `c m y k k` (`K` for strokes).
  static let replacements: [[String]: (fill: String, stroke: String)] = {
    var table: [[String]: (fill: String, stroke: String)] = [
      operands.map { String(decoding: $0, as: UTF8.self) }: ("\(resourceName) cs 1 scn", "\(resourceName) CS 1 SCN")
    ]
    for color in ProcessColor.controlStrip {
      let values = [color.cyan, color.magenta, color.yellow, color.black].map { String(cFormat: "%g", $0) }
        .joined(separator: " ")
      table[color.sentinelOperands] = ("\(values) k", "\(values) K")
    }
    return table
  }()

  /// Rewrites the sentinels' `rg`/`RG` operators in a content stream (see `replacements`).
  ///
  /// - Returns: the new content and how many operators were rewritten.
  public static func rewrite(_ content: [UInt8]) -> (content: [UInt8], count: Int) {
    var output: [UInt8] = []
    output.reserveCapacity(content.count)
    var count = 0
    var copied = 0
    // The operand tokens since the last operator: their ranges in `content`.
    var operands: [Range<Int>] = []
    var index = 0
    let n = content.count

    func isWhite(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0
    }
    func isDelimiter(_ byte: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(byte) }

    while index < n {
      let byte = content[index]
      if isWhite(byte) {
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "%"):
        while index < n, content[index] != 0x0A, content[index] != 0x0D { index += 1 }
        operands.removeAll()
      case UInt8(ascii: "("):
        // A literal string: nested parentheses, backslash escapes.
        var depth = 0
        while index < n {
          let c = content[index]
          if c == UInt8(ascii: "\\") {
            index += 2
            continue
          }
          if c == UInt8(ascii: "(") { depth += 1 }
          if c == UInt8(ascii: ")") {
            depth -= 1
            if depth == 0 {
              index += 1
              break
            }
          }
          index += 1
        }
        operands.append(0..<0)
      case UInt8(ascii: "<"):
        if index + 1 < n, content[index + 1] == UInt8(ascii: "<") {
          index += 2
        } else {
          while index < n, content[index] != UInt8(ascii: ">") { index += 1 }
          index += 1
        }
        operands.append(0..<0)
      case UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
        index += 1
        operands.append(0..<0)
      default:
        // A regular token: a number, a name or an operator.
        let start = index
        index += 1
        while index < n, !isWhite(content[index]), !isDelimiter(content[index]) { index += 1 }
        let token = content[start..<index]
        let first = token.first!
        let isNumber =
          first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
          || (first >= 0x30 && first <= 0x39)
        if first == UInt8(ascii: "/") || isNumber {
          operands.append(start..<index)
          continue
        }
        // An operator.
        let isFill = token.elementsEqual("rg".utf8)
        if isFill || token.elementsEqual("RG".utf8), operands.count == 3,
          let replacement = Self.replacements[operands.map { String(decoding: content[$0], as: UTF8.self) }]
        {
          output.append(contentsOf: content[copied..<operands[0].lowerBound])
          output.append(contentsOf: Array((isFill ? replacement.fill : replacement.stroke).utf8))
          copied = index
          count += 1
        } else if token.elementsEqual("ID".utf8) {
          // Inline image data: skip to `EI` between white space.
          index += 1
          while index + 2 < n,
            !(isWhite(content[index]) && content[index + 1] == UInt8(ascii: "E")
              && content[index + 2] == UInt8(ascii: "I")
              && (index + 3 == n || isWhite(content[index + 3])))
          {
            index += 1
          }
          index = min(n, index + 3)
        }
        operands.removeAll()
      }
    }
    output.append(contentsOf: content[copied..<n])
    return (output, count)
  }
}

/// A DeviceCMYK colour of the press control strip: each separation's tint, 0…1.
///
/// Cairo draws only in RGB, so a control patch is drawn in its `sentinel`, an RGB colour darker
/// than any 8-bit colour but black (each channel 0, 0.001, 0.002 or 0.003, never all zero and
/// never the registration sentinel), and the registration post-pass
/// (`QPDFSession.applyRegistrationColor`) rewrites its `rg`/`RG` into `c m y k k`/`K`, so that
/// on press a solid prints on one plate only.
public struct ProcessColor: Hashable, Sendable {
  public let cyan: Double
  public let magenta: Double
  public let yellow: Double
  public let black: Double

  public init(cyan: Double = 0, magenta: Double = 0, yellow: Double = 0, black: Double = 0) {
    self.cyan = cyan
    self.magenta = magenta
    self.yellow = yellow
    self.black = black
  }

  /// The colours a proof's control strip may use, in the strip's order: the C, M, Y and K
  /// solids; the overprints C+M, C+Y and M+Y; 25, 50 and 75 % of each ink; a K-only grey scale
  /// from 0 to 100 % in 10 % steps.
  public static let controlStrip: [ProcessColor] = {
    let solids = [
      ProcessColor(cyan: 1), ProcessColor(magenta: 1), ProcessColor(yellow: 1), ProcessColor(black: 1),
    ]
    let overprints = [
      ProcessColor(cyan: 1, magenta: 1), ProcessColor(cyan: 1, yellow: 1), ProcessColor(magenta: 1, yellow: 1),
    ]
    var tints: [ProcessColor] = []
    for ink in 0..<4 {
      for tint in [0.25, 0.5, 0.75] {
        tints.append(
          ProcessColor(
            cyan: ink == 0 ? tint : 0, magenta: ink == 1 ? tint : 0, yellow: ink == 2 ? tint : 0,
            black: ink == 3 ? tint : 0))
      }
    }
    let greys = (0...10).map { ProcessColor(black: Double($0) / 10) }
    return solids + overprints + tints + greys
  }()

  /// Sentinel channel levels as base-4 digits (0…3 thousandths), numbered from 1 and skipping
  /// the registration sentinel's (1, 2, 3): 62 codes, so the strip may grow to 62 colours.
  private static let codes: [[Int]] = (1..<64).map { [$0 / 16, $0 / 4 % 4, $0 % 4] }.filter { $0 != [1, 2, 3] }

  /// The sentinel's digits; the colour must be one of `controlStrip`.
  private var code: [Int] {
    guard let index = Self.controlStrip.firstIndex(of: self) else {
      preconditionFailure("\(self) is not a control-strip colour")
    }
    return Self.codes[index]
  }

  /// The RGB colour drawn for this CMYK colour, rewritten by the post-pass.
  public var sentinel: Color {
    let digits = code.map { Double($0) / 1000 }
    return Color(clampingRed: digits[0], green: digits[1], blue: digits[2])
  }

  /// The sentinel's operands as Cairo 1.16 writes them (`0`, `0.001`, `0.002`, `0.003`).
  var sentinelOperands: [String] { code.map { $0 == 0 ? "0" : "0.00\($0)" } }
}

extension QPDFSession {
  /// Rewrites the registration sentinel in every page's content streams and the form XObjects
  /// they use (see `RegistrationColor`).
  ///
  /// - Returns: the number of colour operators rewritten.
  package func applyRegistrationColor() throws(PDFPostPassError) -> Int {
    let space = api.qpdf_make_indirect_object(handle, try parse(RegistrationColor.space))
    try check("making the registration colour space")
    var visited: Set<Int32> = []
    var total = 0

    /// Rewrites `stream` and names the space in `resources` when it changed.
    func rewrite(_ stream: qpdf_oh, resources: qpdf_oh) throws(PDFPostPassError) {
      let (content, count) = RegistrationColor.rewrite(try streamData(stream))
      guard count > 0 else { return }
      let null = try parse("null")
      content.withUnsafeBufferPointer {
        api.qpdf_oh_replace_stream_data(handle, stream, $0.baseAddress, $0.count, null, null)
      }
      try check("rewriting registration colour")
      var spaces = try key(resources, "/ColorSpace")
      if api.qpdf_oh_is_dictionary(handle, spaces) == QPDF_FALSE {
        try replace(resources, "/ColorSpace", try parse("<< >>"))
        spaces = try key(resources, "/ColorSpace")
      }
      try replace(spaces, RegistrationColor.resourceName, space)
      total += count
    }

    /// Form XObjects in `resources`, each once, with their own resources.
    func forms(in resources: qpdf_oh) throws(PDFPostPassError) {
      let objects = try key(resources, "/XObject")
      guard api.qpdf_oh_is_dictionary(handle, objects) != QPDF_FALSE else { return }
      for name in keys(of: objects) {
        let form = try key(objects, name)
        guard api.qpdf_oh_is_stream(handle, form) != QPDF_FALSE else { continue }
        let id = api.qpdf_oh_get_object_id(handle, form)
        guard !visited.contains(id) else { continue }
        visited.insert(id)
        let dictionary = api.qpdf_oh_get_dict(handle, form)
        guard api.qpdf_oh_is_name_and_equals(handle, try key(dictionary, "/Subtype"), "/Form") != QPDF_FALSE else {
          continue
        }
        let formResources = try key(dictionary, "/Resources")
        guard api.qpdf_oh_is_dictionary(handle, formResources) != QPDF_FALSE else { continue }
        try rewrite(form, resources: formResources)
        try forms(in: formResources)
      }
    }

    let pages = api.qpdf_get_num_pages(handle)
    try check("qpdf_get_num_pages")
    for index in 0..<pages {
      let page = api.qpdf_get_page_n(handle, Int(index))
      let resources = try key(page, "/Resources")
      guard api.qpdf_oh_is_dictionary(handle, resources) != QPDF_FALSE else { continue }
      let contents = try key(page, "/Contents")
      var streams: [qpdf_oh] = []
      if api.qpdf_oh_is_array(handle, contents) != QPDF_FALSE {
        for item in 0..<api.qpdf_oh_get_array_n_items(handle, contents) {
          streams.append(api.qpdf_oh_get_array_item(handle, contents, item))
        }
      } else if api.qpdf_oh_is_stream(handle, contents) != QPDF_FALSE {
        streams.append(contents)
      }
      // An operator may not span two content streams of one page in Cairo's output (it writes
      // one stream per page), so each stream is rewritten on its own.
      for stream in streams { try rewrite(stream, resources: resources) }
      try forms(in: resources)
    }
    return total
  }
}
