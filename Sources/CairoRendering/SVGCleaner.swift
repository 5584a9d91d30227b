/// Makes Cairo's SVG output independent of the process that wrote it.
enum SVGCleaner {
  /// Renumbers ids Cairo takes from process-wide counters (`surface12`, `image7`) in order
  /// of first appearance, so the same scene gives the same bytes in every render.
  static func renumberIDs(_ svg: [UInt8]) -> [UInt8] {
    var text = String(decoding: svg, as: UTF8.self)
    for prefix in ["surface", "image"] {
      text = renumber(prefix, in: text)
    }
    return Array(text.utf8)
  }

  /// Replaces `prefix` + digits where it forms an id token (after `id="`, `#` or `url(#`).
  private static func renumber(_ prefix: String, in text: String) -> String {
    var mapping: [Substring: Int] = [:]
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var rest = text[...]
    while let range = rest.range(of: prefix) {
      let before = rest[..<range.lowerBound]
      output += before
      var digitsEnd = range.upperBound
      while digitsEnd < rest.endIndex, rest[digitsEnd].isASCII, rest[digitsEnd].isNumber {
        digitsEnd = rest.index(after: digitsEnd)
      }
      let digits = rest[range.upperBound..<digitsEnd]
      let isReference = before.hasSuffix("id=\"") || before.hasSuffix("#")
      if isReference, !digits.isEmpty {
        let number = mapping[digits] ?? mapping.count + 1
        mapping[digits] = number
        output += prefix + String(number)
      } else {
        output += rest[range.lowerBound..<digitsEnd]
      }
      rest = rest[digitsEnd...]
    }
    output += rest
    return output
  }
}
