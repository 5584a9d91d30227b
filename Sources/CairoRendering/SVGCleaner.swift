/// Makes Cairo's SVG output independent of the process that wrote it.
enum SVGCleaner {
  /// Renumbers ids Cairo takes from process-wide counters (`surface12`, `image7`) in order
  /// of first appearance, so the same scene gives the same bytes in every render.
  ///
  /// Works on the UTF-8 bytes directly: an id token is `surface` or `image` plus digits right
  /// after `id="` or `#` (which covers `xlink:href="#…"` and `url(#…)`).
  static func renumberIDs(_ svg: [UInt8]) -> [UInt8] {
    let prefixes: [[UInt8]] = [Array("surface".utf8), Array("image".utf8)]
    let idOpener = Array("id=\"".utf8)
    var numbers: [[UInt8]: Int] = [:]
    var output: [UInt8] = []
    output.reserveCapacity(svg.count)
    var index = 0
    while index < svg.count {
      let afterReference = output.last == UInt8(ascii: "#") || output.ends(with: idOpener)
      if afterReference, let prefix = prefixes.first(where: { svg[index...].starts(with: $0) }) {
        var end = index + prefix.count
        while end < svg.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(svg[end]) { end += 1 }
        if end > index + prefix.count {
          let token = Array(svg[index..<end])
          let number = numbers[token] ?? numbers.count + 1
          numbers[token] = number
          output += prefix
          output += Array(String(number).utf8)
          index = end
          continue
        }
      }
      output.append(svg[index])
      index += 1
    }
    return output
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
  }
}
