import CQPDF
import CairoRendering
import SceneGraph

/// A PDF rectangle in default user space: points, origin bottom-left, y up.
public struct PDFBox: Hashable, Sendable, CustomStringConvertible {
  public let lowerLeftX: Double
  public let lowerLeftY: Double
  public let upperRightX: Double
  public let upperRightY: Double

  public init(lowerLeftX: Double, lowerLeftY: Double, upperRightX: Double, upperRightY: Double) {
    self.lowerLeftX = lowerLeftX
    self.lowerLeftY = lowerLeftY
    self.upperRightX = upperRightX
    self.upperRightY = upperRightY
  }

  /// `rect` (scene coordinates: y down from the top) on a page `pageHeight` points tall.
  public init(_ rect: Rect, pageHeight: Double) {
    self.init(
      lowerLeftX: rect.minX, lowerLeftY: pageHeight - rect.maxY,
      upperRightX: rect.maxX, upperRightY: pageHeight - rect.minY)
  }

  public var values: [Double] { [lowerLeftX, lowerLeftY, upperRightX, upperRightY] }

  /// `[x0 y0 x1 y1]` as written into the file.
  public var description: String { "[" + values.map(PDFBox.number).joined(separator: " ") + "]" }

  /// A PDF number with at most four decimals (1/10000 pt), so equal inputs give equal bytes.
  static func number(_ value: Double) -> String { Length.decimal(value, places: 4) }
}

/// The four page boxes a print workflow reads.
public struct PageBoxes: Hashable, Sendable {
  /// The whole sheet.
  public let media: PDFBox
  /// What viewers show; the whole sheet, so marks and slug are visible.
  public let crop: PDFBox
  /// The trim plus bleed: what the printer must cover with the art.
  public let bleed: PDFBox
  /// The finished wallpaper.
  public let trim: PDFBox

  public init(media: PDFBox, crop: PDFBox, bleed: PDFBox, trim: PDFBox) {
    self.media = media
    self.crop = crop
    self.bleed = bleed
    self.trim = trim
  }

  /// The boxes of a laid-out proof page.
  public init(_ layout: ProofLayout) {
    let height = layout.pageSize.height
    let sheet = PDFBox(Rect(size: layout.pageSize), pageHeight: height)
    self.init(
      media: sheet, crop: sheet, bleed: PDFBox(layout.bleed, pageHeight: height),
      trim: PDFBox(layout.trim, pageHeight: height))
  }
}

/// Rewrites a PDF through libqpdf's C API: sets MediaBox, CropBox, BleedBox and TrimBox on every
/// page and writes a deterministic trailer `/ID` (an MD5 of the written file, so the same input
/// gives the same bytes). Everything else Cairo wrote — the document information, page labels,
/// outline, fonts — is kept as it is.
public enum PDFPostPass {
  /// Cairo's MediaBox and the layout's may differ by Cairo's number formatting, never more.
  static let mediaBoxTolerance = 0.01

  /// - Parameters:
  ///   - boxes: one entry per page, in page order.
  ///   - pdf: a complete, unencrypted PDF file.
  /// - Returns: the rewritten file.
  /// - Throws: `PDFPostPassError` when qpdf reports an error or a warning (the input is our own
  ///   Cairo output, so either is a bug), when the page count differs from `boxes`, or when a
  ///   page's MediaBox is not the size the layout expects.
  public static func apply(_ boxes: [PageBoxes], to pdf: [UInt8]) throws(PDFPostPassError) -> [UInt8] {
    // qpdf reads a memory file lazily and does not copy it: the buffer must outlive the session.
    let result: Result<[UInt8], PDFPostPassError> = pdf.withUnsafeBufferPointer { buffer in
      do throws(PDFPostPassError) {
        let session = try QPDFSession()
        try session.read(buffer)
        try session.setBoxes(boxes)
        _ = try session.applyRegistrationColor()
        try session.blendPagesInTheOutputSpace()
        return .success(try session.writeWithDeterministicID())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

extension QPDFSession {
  /// Removes the blending colour space (`/CS`) of each page's transparency group. Cairo gives
  /// every page with transparency a group blended in RGB, so a press converted everything on
  /// the page, the DeviceCMYK control strip included, to RGB and back: a cyan solid came out
  /// on all four plates (Ghostscript's tiffsep: C 69 %, M 15 %). Without `/CS` the page is
  /// blended in the output device's space (PDF/X-4: the output intent's CMYK), where DeviceCMYK
  /// stays on its own plates. Groups inside the page (the art's) keep theirs.
  func blendPagesInTheOutputSpace() throws(PDFPostPassError) {
    let count = api.qpdf_get_num_pages(handle)
    try check("qpdf_get_num_pages")
    for index in 0..<count {
      let page = api.qpdf_get_page_n(handle, Int(index))
      let group = api.qpdf_oh_get_key(handle, page, "/Group")
      if api.qpdf_oh_is_dictionary(handle, group) != QPDF_FALSE {
        api.qpdf_oh_remove_key(handle, group, "/CS")
      }
      try check("removing the blending space of page \(index + 1)")
    }
  }

  func setBoxes(_ boxes: [PageBoxes]) throws(PDFPostPassError) {
    let count = api.qpdf_get_num_pages(handle)
    try check("qpdf_get_num_pages")
    guard count == boxes.count else {
      throw PDFPostPassError(
        operation: "qpdf_get_num_pages", message: "the PDF has \(count) pages, the layout \(boxes.count)")
    }
    for (index, pageBoxes) in boxes.enumerated() {
      let page = api.qpdf_get_page_n(handle, index)
      try check("qpdf_get_page_n(\(index))")
      let existing = try mediaBox(of: page, index: index)
      for (have, want) in zip(existing, pageBoxes.media.values)
      where abs(have - want) > PDFPostPass.mediaBoxTolerance {
        throw PDFPostPassError(
          operation: "page \(index + 1)",
          message: "Cairo's MediaBox \(existing) is not the layout's \(pageBoxes.media)")
      }
      for (key, box) in [
        ("/MediaBox", pageBoxes.media), ("/CropBox", pageBoxes.crop),
        ("/BleedBox", pageBoxes.bleed), ("/TrimBox", pageBoxes.trim),
      ] {
        let array = try makeArray(box)
        api.qpdf_oh_replace_key(handle, page, key, array)
        try check("setting \(key) on page \(index + 1)")
        api.qpdf_oh_release(handle, array)
      }
      api.qpdf_oh_release(handle, page)
    }
  }

  /// The page's MediaBox as four numbers.
  fileprivate func mediaBox(of page: qpdf_oh, index: Int) throws(PDFPostPassError) -> [Double] {
    let box = api.qpdf_oh_get_key(handle, page, "/MediaBox")
    try check("reading /MediaBox of page \(index + 1)")
    defer { api.qpdf_oh_release(handle, box) }
    guard api.qpdf_oh_is_array(handle, box) != QPDF_FALSE, api.qpdf_oh_get_array_n_items(handle, box) == 4 else {
      throw PDFPostPassError(operation: "page \(index + 1)", message: "no MediaBox of four numbers")
    }
    var values: [Double] = []
    for item in 0..<Int32(4) {
      let element = api.qpdf_oh_get_array_item(handle, box, item)
      var value = 0.0
      let isNumber = api.qpdf_oh_get_value_as_number(handle, element, &value)
      api.qpdf_oh_release(handle, element)
      try check("reading /MediaBox of page \(index + 1)")
      guard isNumber != QPDF_FALSE else {
        throw PDFPostPassError(operation: "page \(index + 1)", message: "a MediaBox entry is not a number")
      }
      values.append(value)
    }
    return values
  }

  /// A new direct array of four numbers, each written with at most four decimals.
  fileprivate func makeArray(_ box: PDFBox) throws(PDFPostPassError) -> qpdf_oh {
    let array = api.qpdf_oh_new_array(handle)
    try check("qpdf_oh_new_array")
    for value in box.values {
      let number = api.qpdf_oh_new_real_from_string(handle, PDFBox.number(value))
      api.qpdf_oh_append_item(handle, array, number)
      api.qpdf_oh_release(handle, number)
      try check("adding \(value) to a box")
    }
    return array
  }

}
