import Foundation

/// Every JSON document the tool writes (`--json` results, the manifest, asset catalogs, the
/// schema) goes through here: keys sorted, two-space pretty printing, slashes unescaped, a
/// final newline, so the same value always gives the same bytes.
package enum JSONWriter {
  /// `object` (dictionaries, arrays, strings, numbers, booleans, `NSNull`) as UTF-8 bytes.
  package static func bytes(_ object: Any) -> [UInt8] {
    let data = try! JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return Array(data) + [0x0A]
  }

  /// `object` as text, ending in a newline.
  package static func text(_ object: Any) -> String { String(decoding: bytes(object), as: UTF8.self) }
}
