import CHarfBuzz
import CHarfBuzzSubset

/// Font subsetting through HarfBuzz's hb-subset, for fonts embedded in documents.
enum FontSubset {
  /// A TrueType/OpenType file holding only what `text` needs from `font`: its characters'
  /// glyphs with the layout tables (kerning, ligatures) that apply to them. The same font and
  /// text always give the same bytes.
  ///
  /// - Throws: `RenderError.font` when the font is not TrueType/OpenType (a Type 1 font has no
  ///   SVG embedding; its outlines are written instead) or HarfBuzz cannot subset it.
  static func subset(_ font: Font, keeping text: String) throws(RenderError) -> [UInt8] {
    guard font.isSFNT else {
      throw .font(
        path: font.path,
        reason: "is not TrueType/OpenType, so SVG cannot embed it as text (allowed: --svg-text outlines)")
    }
    var message: UnsafePointer<CChar>?
    guard let hb = charfbuzz_subset_load(SharedLibraryNames.harfBuzzSubset.cString, &message)?.pointee else {
      throw .font(path: font.path, reason: message.map { String(cString: $0) } ?? "cannot load libharfbuzz-subset")
    }
    guard let blob = hb_blob_create_from_file_or_fail(font.path) else {
      throw .font(path: font.path, reason: "HarfBuzz could not read it")
    }
    let face = hb_face_create(blob, UInt32(font.index))
    hb_blob_destroy(blob)
    defer { hb_face_destroy(face) }
    guard let input = hb.hb_subset_input_create_or_fail() else {
      throw .font(path: font.path, reason: "HarfBuzz could not start a subset")
    }
    defer { hb.hb_subset_input_destroy(input) }
    let unicodes = hb.hb_subset_input_unicode_set(input)
    for scalar in text.unicodeScalars { hb_set_add(unicodes, scalar.value) }
    guard let subset = hb.hb_subset_or_fail(face, input) else {
      throw .font(path: font.path, reason: "HarfBuzz could not subset it for embedding")
    }
    defer { hb_face_destroy(subset) }
    let data = hb_face_reference_blob(subset)
    defer { hb_blob_destroy(data) }
    var length: UInt32 = 0
    guard let bytes = hb_blob_get_data(data, &length), length > 0 else {
      throw .font(path: font.path, reason: "HarfBuzz made an empty subset")
    }
    return bytes.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }
}
