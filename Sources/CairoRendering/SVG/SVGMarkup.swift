import SceneGraph

/// Bytes of an XML document being written, with the escaping and number formats the SVG
/// writer needs. Numbers are written the same way on every run, so documents are
/// byte-identical.
///
/// Everything is written into one byte buffer that is kept longer than what it holds:
/// numbers are formatted straight into its free room and text is copied in whole, so writing
/// a path neither builds a string per coordinate nor grows an array byte by byte (an SVG of a
/// wallpaper holds thousands of numbers, and writing them is most of the writer's work).
struct SVGMarkup {
  /// The markup: the first `count` bytes; the rest is zeroed room to write into.
  private var storage: [UInt8]
  /// The number of bytes written.
  private(set) var count = 0

  /// Empty markup with room for `capacity` bytes: a document's body is tens of KB, and growing
  /// to that by doubling would copy it several times.
  init(capacity: Int = 0) { storage = Array(repeating: 0, count: max(capacity, 256)) }

  /// The bytes written, without a copy: the markup is used up.
  consuming func written() -> [UInt8] {
    storage.removeSubrange(count...)
    return storage
  }

  /// Runs `body` with room for at most `maxLength` bytes at the end of the markup; `body`
  /// returns how many it wrote.
  private mutating func write(maxLength: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    if storage.count - count < maxLength {
      var size = storage.count * 2
      while size - count < maxLength { size *= 2 }
      storage.append(contentsOf: repeatElement(0, count: size - storage.count))
    }
    let start = count
    count += storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
  }

  /// Appends `bytes` as they are.
  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    write(maxLength: bytes.count) { target in
      target.update(from: source, count: bytes.count)
      return bytes.count
    }
  }

  /// Markup that needs no escaping (element names, fixed attributes, ids the writer made).
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }
  mutating func append(_ other: SVGMarkup) {
    other.storage.withUnsafeBufferPointer { append(UnsafeBufferPointer(start: $0.baseAddress, count: other.count)) }
  }
  mutating func append(byte: UInt8) {
    write(maxLength: 1) { target in
      target.pointee = byte
      return 1
    }
  }

  /// `text` escaped for XML (see `MarkupText.escaped`).
  mutating func append(escaped text: String) { append(MarkupText.escaped(text)) }

  /// A coordinate in points (see `SVGMarkup.number`).
  mutating func append(number value: Double) { appendFixed(value, digits: 3) }

  /// A transform coefficient (see `SVGMarkup.coefficient`).
  mutating func append(coefficient value: Double) { appendFixed(value, digits: 6) }

  /// ` name="value"`, with the value escaped.
  mutating func attribute(_ name: String, _ value: String) {
    openAttribute(name)
    append(escaped: value)
    append(byte: UInt8(ascii: "\""))
  }

  /// ` name="number"`, in the short form of `SVGMarkup.number`.
  mutating func attribute(_ name: String, _ value: Double) {
    openAttribute(name)
    append(number: value)
    append(byte: UInt8(ascii: "\""))
  }

  /// ` name="`: the caller writes the value (only characters that need no escaping) and `"`.
  mutating func openAttribute(_ name: String) {
    append(byte: UInt8(ascii: " "))
    append(name)
    append(byte: UInt8(ascii: "="))
    append(byte: UInt8(ascii: "\""))
  }

  /// A path command and its point (`M1 2`, `L3.5 4`), inside a `d` attribute.
  mutating func pathCommand(_ letter: Unicode.Scalar, _ x: Double, _ y: Double) {
    append(byte: UInt8(ascii: letter))
    pathCommand(x, y)
  }

  /// `x y`: a point of a path command, without its letter.
  private mutating func pathCommand(_ x: Double, _ y: Double) {
    append(number: x)
    append(byte: UInt8(ascii: " "))
    append(number: y)
  }

  /// A cubic Bézier segment (`C x1 y1 x2 y2 x y`) inside a `d` attribute.
  mutating func pathCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
    pathCommand("C", x1, y1)
    append(byte: UInt8(ascii: " "))
    pathCommand(x2, y2)
    append(byte: UInt8(ascii: " "))
    pathCommand(x, y)
  }

  /// A coordinate in points, rounded to 1/1000 pt (a thousandth of a pixel at 1x, well below
  /// what any renderer resolves), without trailing zeros: `12`, `0.5`, `-3.125`.
  static func number(_ value: Double) -> String {
    var markup = SVGMarkup()
    markup.append(number: value)
    return String(decoding: markup.written(), as: UTF8.self)
  }

  /// A transform coefficient, rounded to 6 decimals: scale and rotation terms multiply every
  /// coordinate, so they keep more digits.
  static func coefficient(_ value: Double) -> String {
    var markup = SVGMarkup()
    markup.append(coefficient: value)
    return String(decoding: markup.written(), as: UTF8.self)
  }

  /// The most bytes `appendFixed` writes: a sign, 16 digits (|scaled| < 9e15), a point, and a
  /// leading `0` for values below one.
  private static let maxFixedLength = 19

  /// `value` rounded to `digits` decimals (at most 6), trailing zeros dropped; `0` for values
  /// that round to zero or are not finite. The digits are made right to left into the
  /// markup's free room and then moved to its end.
  private mutating func appendFixed(_ value: Double, digits: Int) {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard scaled.isFinite, abs(scaled) < 9e15, scaled != 0 else {
      append(byte: UInt8(ascii: "0"))
      return
    }
    var magnitude = UInt64(abs(scaled))
    var fractionDigits = digits
    while fractionDigits > 0, magnitude % 10 == 0 {
      magnitude /= 10
      fractionDigits -= 1
    }
    write(maxLength: Self.maxFixedLength) { text in
      var start = Self.maxFixedLength
      if fractionDigits > 0 {
        for _ in 0..<fractionDigits {
          start -= 1
          text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
          magnitude /= 10
        }
        start -= 1
        text[start] = UInt8(ascii: ".")
      }
      repeat {
        start -= 1
        text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if scaled < 0 {
        start -= 1
        text[start] = UInt8(ascii: "-")
      }
      let length = Self.maxFixedLength - start
      UnsafeMutableRawPointer(text).copyMemory(from: text + start, byteCount: length)  // may overlap
      return length
    }
  }

  /// `#RRGGBB` of the colour's 8-bit channels; alpha is written separately as an opacity.
  static func rgb(_ color: Color) -> String {
    String(unsafeUninitializedCapacity: 7) { text in
      func put(_ channel: Double, at offset: Int) {
        let byte = Int((channel * 255).rounded())
        text[offset] = hexDigit(byte >> 4)
        text[offset + 1] = hexDigit(byte & 15)
      }
      text[0] = UInt8(ascii: "#")
      put(color.red, at: 1)
      put(color.green, at: 3)
      put(color.blue, at: 5)
      return 7
    }
  }

  /// The upper-case hexadecimal digit of `value` (0–15).
  private static func hexDigit(_ value: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: value < 10 ? 0x30 + value : 0x41 - 10 + value)
  }

  /// An XML name (for `id`) made from a scene name: letters, digits, `-`, `_` and `.` are
  /// kept, anything else becomes `_`, and a name that cannot start an XML name gets a `_`
  /// in front.
  static func identifier(_ name: String) -> String {
    var out = ""
    for scalar in name.unicodeScalars {
      let keep =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "-" || scalar == "_" || scalar == "."
      out.unicodeScalars.append(keep ? scalar : "_")
    }
    if out.isEmpty || !(out.unicodeScalars.first!.properties.isAlphabetic || out.hasPrefix("_")) {
      out = "_" + out
    }
    return out
  }
}

/// Text for XML and HTML documents (SVG, XMP metadata, the export gallery, the editor page).
public enum MarkupText {
  /// `text` with `&`, `<`, `>`, `"` and `'` escaped, safe in attributes and element content.
  /// Tab, line feed and carriage return become character references (kept in attributes);
  /// characters XML 1.0 forbids (other control characters, U+FFFE, U+FFFF) become U+FFFD.
  public static func escaped(_ text: String) -> String {
    guard text.utf8.contains(where: needsEscaping) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    appendEscaped(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text`, escaped as `escaped(_:)` does, to UTF-8 `bytes`. Works on the UTF-8
  /// bytes: every byte of a multi-byte sequence is ≥ 0x80, so the ASCII checks are exact.
  static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      guard needsEscaping(byte) else {
        index = utf8.index(after: index)
        continue
      }
      var next = utf8.index(after: index)
      let replacement: String?
      switch byte {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\""): replacement = "&quot;"
      case UInt8(ascii: "'"): replacement = "&apos;"
      case 0x09: replacement = "&#9;"
      case 0x0A: replacement = "&#10;"
      case 0x0D: replacement = "&#13;"
      case 0xEF:
        // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
        let second = next != utf8.endIndex ? utf8.index(after: next) : next
        if second != utf8.endIndex, utf8[next] == 0xBF, utf8[second] >= 0xBE {
          replacement = "\u{FFFD}"
          next = utf8.index(after: second)
        } else {
          replacement = nil
        }
      default: replacement = "\u{FFFD}"  // the other C0 controls
      }
      guard let replacement else {
        index = next
        continue
      }
      bytes.append(contentsOf: utf8[runStart..<index])
      bytes.append(contentsOf: replacement.utf8)
      index = next
      runStart = next
    }
    bytes.append(contentsOf: utf8[runStart..<utf8.endIndex])
  }

  private static func needsEscaping(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xEF:
      return true
    default: return byte < 0x20
    }
  }
}
