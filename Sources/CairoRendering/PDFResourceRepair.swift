/// Mends one fault of Cairo 1.16's PDF writer: a page or group that paints the same image
/// several times (a square grid's photo in every cell) lists that image once per use in its
/// `/XObject` resource dictionary, so the dictionary holds the same key again and again
/// (`/x7 7 0 R /x8 8 0 R /x7 7 0 R …`). Readers keep the last, which is the same object, but
/// the file is not valid PDF: `qpdf --check` warns, and the PDF/X post-pass (which treats warnings
/// as errors) refuses it. Fixed upstream in Cairo 1.17.
///
/// Each repeated entry is overwritten with spaces of its own length, so no byte moves and the
/// cross-reference table stays right; a file without repeats is returned unchanged.
enum PDFResourceRepair {
  /// `pdf` with every repeated key of every `/XObject << … >>` dictionary blanked out.
  static func removingRepeatedXObjects(_ pdf: [UInt8]) -> [UInt8] {
    let opening = Array("/XObject <<".utf8)
    var bytes = pdf
    var start = 0
    while let found = firstIndex(of: opening, in: bytes, from: start) {
      var index = found + opening.count
      var seen: Set<ArraySlice<UInt8>> = []
      // Entries are `/name N G R`, separated by white space, up to `>>`.
      while index < bytes.count {
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { break }
        let entryStart = index
        index += 1
        while index < bytes.count, !isSpace(bytes[index]), !isDelimiter(bytes[index]) { index += 1 }
        let name = bytes[entryStart..<index]
        // The reference: two numbers and R.
        var words = 0
        while index < bytes.count, words < 3 {
          while index < bytes.count, isSpace(bytes[index]) { index += 1 }
          guard index < bytes.count, !isDelimiter(bytes[index]) else { break }
          while index < bytes.count, !isSpace(bytes[index]), !isDelimiter(bytes[index]) { index += 1 }
          words += 1
        }
        guard words == 3 else { break }  // not a plain reference: leave the dictionary alone
        if !seen.insert(name).inserted {
          for position in entryStart..<index { bytes[position] = UInt8(ascii: " ") }
        }
      }
      start = index
    }
    return bytes
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
