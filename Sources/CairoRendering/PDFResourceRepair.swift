import CCairo

/// Mends one fault of Cairo 1.16's PDF writer: a page or group that paints the same image
/// several times (a square grid's photo in every cell) lists that image once per use in its
/// `/XObject` resource dictionary, so the dictionary holds the same key again and again
/// (`/x7 7 0 R /x8 8 0 R /x7 7 0 R …`). Readers keep the last, which is the same object, but
/// the file is not valid PDF: `qpdf --check` warns, and the PDF/X post-pass (which treats warnings
/// as errors) refuses it. Fixed upstream in Cairo 1.17.
///
/// Each repeated entry (the same name and the same reference again) is overwritten with spaces of
/// its own length, so no byte moves and the cross-reference table stays right; a dictionary inside
/// a stream's data is never touched, and a file without repeats is returned unchanged.
enum PDFResourceRepair {
  /// Whether the Cairo this process runs with has the fault (before 1.17.0, where it was fixed).
  static let isNeeded = cairo_version() < 1 * 10000 + 17 * 100

  /// `pdf` with every repeated entry of every `/XObject << … >>` dictionary blanked out.
  static func removingRepeatedXObjects(_ pdf: [UInt8]) -> [UInt8] {
    let opening = Array("/XObject <<".utf8)
    var bytes = pdf
    var start = 0
    while let found = firstIndex(of: opening, in: bytes, from: start) {
      var index = found + opening.count
      if isInsideStream(bytes, at: found) {
        start = index
        continue
      }
      var seen: Set<[UInt8]> = []
      // Entries are `/name N G R`, separated by white space, up to `>>`.
      while index < bytes.count {
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { break }
        let entryStart = index
        index += 1
        while index < bytes.count, !isSpace(bytes[index]), !isDelimiter(bytes[index]) { index += 1 }
        // The reference: two numbers and R.
        var words = 0
        while index < bytes.count, words < 3 {
          while index < bytes.count, isSpace(bytes[index]) { index += 1 }
          guard index < bytes.count, !isDelimiter(bytes[index]) else { break }
          while index < bytes.count, !isSpace(bytes[index]), !isDelimiter(bytes[index]) { index += 1 }
          words += 1
        }
        guard words == 3 else { break }  // not a plain reference: leave the dictionary alone
        // The whole entry, its white space made single, names the key and the object both.
        let entry = bytes[entryStart..<index].split(whereSeparator: isSpace).joined(separator: [0x20])
        if !seen.insert(Array(entry)).inserted {
          for position in entryStart..<index { bytes[position] = UInt8(ascii: " ") }
        }
      }
      start = index
    }
    return bytes
  }

  /// Whether `position` lies in a stream's data: after a `stream` keyword with no `endstream`
  /// between them.
  private static func isInsideStream(_ bytes: [UInt8], at position: Int) -> Bool {
    guard let opened = lastIndex(of: Array("stream".utf8), in: bytes, before: position) else { return false }
    // `endstream` ends with `stream`: an `end` just before it closes the stream instead.
    return !(opened >= 3 && bytes[opened - 3..<opened].elementsEqual("end".utf8))
  }

  private static func lastIndex(of needle: [UInt8], in haystack: [UInt8], before end: Int) -> Int? {
    var index = end - needle.count
    while index >= 0 {
      if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
      index -= 1
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "%"):
      return true
    default: return false
    }
  }

  private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
    var index = start
    while index <= haystack.count - needle.count {
      if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
