import CCairo
import CRSVG
import SceneGraph

/// librsvg, opened with dlopen on first use (Sources/CRSVG): only designs with custom art
/// (`art.svg`, `--art`) need it, and with it GLib, GIO and libxml2.
enum LibRSVG {
  /// librsvg's functions, called as `rsvg.rsvg_handle_new_from_data(…)`.
  ///
  /// - Throws: `RenderError.art` with dlopen's or dlsym's message when librsvg cannot be loaded.
  static func functions() throws(RenderError) -> crsvg_api {
    var message: UnsafePointer<CChar>?
    guard let api = crsvg_load(SharedLibraryNames.rsvg.cString, &message) else {
      throw .art(reason: message.map { String(cString: $0) } ?? "cannot load librsvg")
    }
    return api.pointee
  }

  /// A parsed art document: one librsvg handle, released in `deinit`. Not `Sendable`: made,
  /// used and released by the task that draws.
  final class Document {
    private let rsvg: crsvg_api
    private let handle: OpaquePointer
    let size: Size

    /// Parses `art.document` with librsvg's default limits and no base URI, so librsvg loads
    /// no file and no URL of its own accord (the art is self-contained once parsed).
    ///
    /// - Throws: `RenderError.art` with librsvg's message when it cannot parse the document.
    convenience init(_ art: VectorArt) throws(RenderError) {
      try self.init(document: art.document, size: art.size)
    }

    /// Parses `document`, a sanitised art document (`VectorArt.document`) of `size` CSS pixels.
    init(document bytes: [UInt8], size: Size) throws(RenderError) {
      let api = try LibRSVG.functions()
      rsvg = api
      var error: UnsafeMutablePointer<GError>?
      let made = bytes.withUnsafeBufferPointer {
        api.rsvg_handle_new_from_data($0.baseAddress!, UInt($0.count), &error)
      }
      guard let made else { throw .art(reason: Self.message(error, api)) }
      handle = made
      self.size = size
      rsvg.rsvg_handle_set_dpi(handle, 96)
    }

    deinit { rsvg.g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Draws the document into `cr` at its own size in the current user space (0, 0 to
    /// `size`), which the caller has transformed.
    func draw(into cr: OpaquePointer) throws(RenderError) {
      var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
      var error: UnsafeMutablePointer<GError>?
      guard rsvg.rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
        throw .art(reason: Self.message(error, rsvg))
      }
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?, _ rsvg: crsvg_api) -> String {
      guard let error else { return "librsvg cannot read it" }
      defer { rsvg.g_error_free(error) }
      let text = error.pointee.message.map { String(cString: $0) } ?? "librsvg cannot read it"
      return "librsvg: " + text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
  }
}

extension DecodedImages {
  /// `art` parsed by librsvg, from the cache when it was parsed before (banded rendering draws
  /// every band with one cache, so a document is parsed once per render).
  ///
  /// - Throws: `RenderError.art` as `LibRSVG.Document` does.
  func document(_ art: VectorArt) throws(RenderError) -> LibRSVG.Document {
    if let known = documents[art] { return known }
    let document = try LibRSVG.Document(art)
    documents[art] = document
    return document
  }
}
