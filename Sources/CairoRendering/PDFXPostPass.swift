import CQPDF
import Platform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns Cairo's PDF into PDF/X-4 (ISO 15930-7) through libqpdf, keeping every vector, gradient,
/// glyph and transparency group:
///
/// - PDF 1.6 header; `/OutputIntents` with one `/GTS_PDFX` intent naming the printing condition
///   and embedding its CMYK profile as `DestOutputProfile`;
/// - every resource dictionary maps DeviceRGB through `/DefaultRGB` to an ICC-based sRGB space,
///   and every colour-space entry that names `/DeviceRGB` (transparency groups' `/CS`, shadings,
///   images) names that ICC-based space instead, so no DeviceRGB is left unmapped;
/// - an XMP metadata stream and an `/Info` that match: title, author, subject, keywords,
///   creator tool, producer, dates, `GTS_PDFXVersion`, `Trapped False`, document and instance
///   IDs (from the content, so the same input gives the same bytes);
/// - a TrimBox on every page that has none (the MediaBox: a single wallpaper is its own trim).
public enum PDFXPostPass {
  /// The version a PDF/X-4 file declares.
  public static let pdfVersion = "1.6"

  /// - Parameters:
  ///   - pdf: a complete, unencrypted PDF file from Cairo.
  ///   - conformance: the standard and its output intent.
  ///   - info: the document information; written to `/Info` and to XMP.
  ///   - rgbProfile: the ICC profile DeviceRGB is mapped to: `ColorProfiles.sRGB`, or Display
  ///     P3 for a P3 file.
  public static func apply(
    _ conformance: PDFConformance, info: DocumentInfo, rgbProfile: [UInt8] = ColorProfiles.sRGB, to pdf: [UInt8]
  )
    throws(PDFPostPassError) -> [UInt8]
  {
    let result: Result<[UInt8], PDFPostPassError> = pdf.withUnsafeBufferPointer { buffer in
      do throws(PDFPostPassError) {
        let session = try QPDFSession()
        try session.read(buffer)
        try session.makePDFX(
          conformance, info: info, rgbProfile: rgbProfile, documentID: ContentHash.uuid(of: pdf))
        return .success(try session.writeWithDeterministicID(minimumVersion: pdfVersion))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Maps DeviceRGB to an ICC-based space of `rgbProfile` in a plain (not PDF/X) PDF, as
  /// PDF/X-4 does for sRGB: how a Display P3 PDF says its colours are P3.
  public static func mapRGB(toProfile rgbProfile: [UInt8], in pdf: [UInt8]) throws(PDFPostPassError) -> [UInt8] {
    let result: Result<[UInt8], PDFPostPassError> = pdf.withUnsafeBufferPointer { buffer in
      do throws(PDFPostPassError) {
        let session = try QPDFSession()
        try session.read(buffer)
        try session.mapDeviceRGB(toProfile: rgbProfile)
        return .success(try session.writeWithDeterministicID())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

extension QPDFSession {
  /// Every resource dictionary maps DeviceRGB through `/DefaultRGB` to one ICC-based space of
  /// `profile`, and every colour-space entry naming `/DeviceRGB` names that space instead.
  func mapDeviceRGB(toProfile profile: [UInt8]) throws(PDFPostPassError) {
    let trailer = api.qpdf_get_trailer(handle)
    let size = try integer(try key(trailer, "/Size"))
    try check("reading the trailer")
    let iccStream = try stream(profile, dictionary: "<< /N 3 >>")
    let iccBased = try parse("[ /ICCBased null ]")
    api.qpdf_oh_set_array_item(handle, iccBased, 1, iccStream)
    let space = api.qpdf_make_indirect_object(handle, iccBased)
    try check("making the ICC-based RGB space")
    for id in 1..<max(1, Int32(size)) {
      let object = api.qpdf_get_object_by_id(handle, id, 0)
      try check("reading object \(id)")
      try mapDeviceRGB(in: object, to: space)
    }
  }

  /// Applies every PDF/X rule of `PDFXPostPass` to the document read.
  func makePDFX(_ conformance: PDFConformance, info: DocumentInfo, rgbProfile: [UInt8], documentID: String)
    throws(PDFPostPassError)
  {
    guard case .pdfx4(let intent) = conformance else { return }
    let trailer = api.qpdf_get_trailer(handle)
    let root = api.qpdf_get_root(handle)
    try check("reading the trailer")

    // One ICC-based RGB space (sRGB, or Display P3), shared by every page.
    try mapDeviceRGB(toProfile: rgbProfile)
    // Pages get a TrimBox when they have none (a proof's post-pass sets its own).
    let pages = api.qpdf_get_num_pages(handle)
    try check("qpdf_get_num_pages")
    for index in 0..<pages {
      let page = api.qpdf_get_page_n(handle, Int(index))
      if api.qpdf_oh_has_key(handle, page, "/TrimBox") == QPDF_FALSE {
        api.qpdf_oh_replace_key(handle, page, "/TrimBox", try key(page, "/MediaBox"))
      }
      try check("setting the TrimBox of page \(index + 1)")
    }

    // The output intent, with the profile embedded.
    let profile = try stream(intent.profile, dictionary: "<< /N 4 >>")
    // A registered condition is named by its reference name; otherwise the intent says it is
    // `Custom` and what the profile is, rather than passing a profile off as a condition.
    let outputIntent = try parse("<< /Type /OutputIntent /S /GTS_PDFX /RegistryName (http://www.color.org) >>")
    try replace(outputIntent, "/OutputConditionIdentifier", try string(intent.conditionIdentifier))
    try replace(outputIntent, "/OutputCondition", try string(intent.conditionText))
    try replace(outputIntent, "/Info", try string(intent.profileDescription))
    try replace(outputIntent, "/DestOutputProfile", profile)
    let intents = try parse("[ null ]")
    api.qpdf_oh_set_array_item(handle, intents, 0, api.qpdf_make_indirect_object(handle, outputIntent))
    try replace(root, "/OutputIntents", intents)

    // /Info and XMP, written from the same values.
    var infoDictionary = try key(trailer, "/Info")
    if api.qpdf_oh_is_dictionary(handle, infoDictionary) == QPDF_FALSE {
      infoDictionary = api.qpdf_make_indirect_object(handle, try parse("<< >>"))
      try replace(trailer, "/Info", infoDictionary)
    }
    let producerHandle = try key(infoDictionary, "/Producer")
    var producer = ""
    if api.qpdf_oh_is_string(handle, producerHandle) != QPDF_FALSE,
      let value = api.qpdf_oh_get_utf8_value(handle, producerHandle)
    {
      producer = String(cString: value)
    }
    let date = XMP.pdfDate(info.date)
    for (name, value) in [
      ("/Title", info.title), ("/Author", info.author), ("/Subject", info.subject), ("/Keywords", info.keywords),
      ("/Creator", info.creator), ("/CreationDate", date), ("/ModDate", date),
      ("/GTS_PDFXVersion", conformance.version),
    ] where !value.isEmpty {
      try replace(infoDictionary, name, try string(value))
    }
    try replace(infoDictionary, "/Trapped", try parse("/False"))
    let xmp = XMP.packet(
      info: info, producer: producer, version: conformance.version, documentID: documentID)
    let metadata = try stream(Array(xmp.utf8), dictionary: "<< /Type /Metadata /Subtype /XML >>")
    try replace(root, "/Metadata", metadata)
  }

  /// Adds `/DefaultRGB` to every resource dictionary under `object` and replaces every
  /// `/CS /DeviceRGB` and `/ColorSpace /DeviceRGB` entry with `space`, through direct objects
  /// (indirect ones are visited by their own id).
  private func mapDeviceRGB(in object: qpdf_oh, to space: qpdf_oh) throws(PDFPostPassError) {
    var dictionary = object
    if api.qpdf_oh_is_stream(handle, object) != QPDF_FALSE {
      dictionary = api.qpdf_oh_get_dict(handle, object)
    }
    if api.qpdf_oh_is_array(handle, object) != QPDF_FALSE {
      for index in 0..<api.qpdf_oh_get_array_n_items(handle, object) {
        let item = api.qpdf_oh_get_array_item(handle, object, index)
        if api.qpdf_oh_is_indirect(handle, item) == QPDF_FALSE { try mapDeviceRGB(in: item, to: space) }
      }
      return
    }
    guard api.qpdf_oh_is_dictionary(handle, dictionary) != QPDF_FALSE else { return }
    for name in keys(of: dictionary) {
      let value = try key(dictionary, name)
      if (name == "/CS" || name == "/ColorSpace"),
        api.qpdf_oh_is_name_and_equals(handle, value, "/DeviceRGB") != QPDF_FALSE
      {
        try replace(dictionary, name, space)
      } else if name == "/Resources" {
        try addDefaultRGB(to: value, space: space)
        if api.qpdf_oh_is_indirect(handle, value) == QPDF_FALSE { try mapDeviceRGB(in: value, to: space) }
      } else if api.qpdf_oh_is_indirect(handle, value) == QPDF_FALSE {
        try mapDeviceRGB(in: value, to: space)
      }
    }
  }

  /// Sets `/ColorSpace /DefaultRGB` in a resource dictionary, creating `/ColorSpace` if needed.
  private func addDefaultRGB(to resources: qpdf_oh, space: qpdf_oh) throws(PDFPostPassError) {
    guard api.qpdf_oh_is_dictionary(handle, resources) != QPDF_FALSE else { return }
    var spaces = try key(resources, "/ColorSpace")
    if api.qpdf_oh_is_dictionary(handle, spaces) == QPDF_FALSE {
      spaces = try parse("<< >>")
      try replace(resources, "/ColorSpace", spaces)
      spaces = try key(resources, "/ColorSpace")
    }
    try replace(spaces, "/DefaultRGB", space)
  }

  // MARK: Small wrappers, each checked.

  /// An object parsed from PDF syntax (`<< /N 4 >>`, `/False`, `[ null ]`).
  func parse(_ text: String) throws(PDFPostPassError) -> qpdf_oh {
    let object = api.qpdf_oh_parse(handle, text)
    try check("parsing \(text)")
    return object
  }

  /// A PDF text string (PDFDocEncoding or UTF-16 as qpdf chooses).
  func string(_ text: String) throws(PDFPostPassError) -> qpdf_oh {
    let object = api.qpdf_oh_new_unicode_string(handle, text)
    try check("making a string")
    return object
  }

  /// A new indirect stream holding `data` unfiltered (qpdf compresses it on write, except XMP
  /// metadata), with the keys of `dictionary` added to its dictionary.
  func stream(_ data: [UInt8], dictionary: String) throws(PDFPostPassError) -> qpdf_oh {
    let stream = api.qpdf_oh_new_stream(handle)
    let null = try parse("null")
    data.withUnsafeBufferPointer {
      api.qpdf_oh_replace_stream_data(handle, stream, $0.baseAddress, $0.count, null, null)
    }
    try check("writing a stream")
    let target = api.qpdf_oh_get_dict(handle, stream)
    let source = try parse(dictionary)
    for name in keys(of: source) { try replace(target, name, try key(source, name)) }
    return stream
  }

  /// The value of `name` in a dictionary (null when absent).
  func key(_ dictionary: qpdf_oh, _ name: String) throws(PDFPostPassError) -> qpdf_oh {
    let value = api.qpdf_oh_get_key(handle, dictionary, name)
    try check("reading \(name)")
    return value
  }

  func replace(_ dictionary: qpdf_oh, _ name: String, _ value: qpdf_oh) throws(PDFPostPassError) {
    api.qpdf_oh_replace_key(handle, dictionary, name, value)
    try check("setting \(name)")
  }

  /// A dictionary's keys, each with its slash (`/Resources`).
  func keys(of dictionary: qpdf_oh) -> [String] {
    var names: [String] = []
    api.qpdf_oh_begin_dict_key_iter(handle, dictionary)
    while api.qpdf_oh_dict_more_keys(handle) != QPDF_FALSE {
      if let name = api.qpdf_oh_dict_next_key(handle) { names.append(String(cString: name)) }
    }
    return names
  }

  func integer(_ object: qpdf_oh) throws(PDFPostPassError) -> Int {
    var value: Int32 = 0
    guard api.qpdf_oh_get_value_as_int(handle, object, &value) != QPDF_FALSE else {
      throw PDFPostPassError(operation: "reading a number", message: "not an integer")
    }
    return Int(value)
  }

  /// A stream's data with every standard filter decoded.
  func streamData(_ stream: qpdf_oh) throws(PDFPostPassError) -> [UInt8] {
    var filtered: QPDF_BOOL = QPDF_FALSE
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    let code = api.qpdf_oh_get_stream_data(handle, stream, qpdf_dl_generalized, &filtered, &buffer, &length)
    try check("reading a stream", code: code)
    defer { free(buffer) }
    guard filtered != QPDF_FALSE, let buffer else {
      throw PDFPostPassError(operation: "reading a stream", message: "a filter qpdf cannot decode")
    }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }
}

/// The XMP metadata packet of a PDF/X file.
enum XMP {
  /// `D:20200101000000Z`: the `/Info` form of `date` (UTC).
  static func pdfDate(_ date: Date) -> String {
    "D:" + isoDate(date).filter { $0.isNumber } + "Z"
  }

  /// `2020-01-01T00:00:00Z`.
  static func isoDate(_ date: Date) -> String { Renderer.pdfDate(date) }

  static func packet(info: DocumentInfo, producer: String, version: String, documentID: String) -> String {
    let date = isoDate(info.date)
    func text(_ value: String) -> String { MarkupText.escaped(value) }
    func alt(_ value: String) -> String {
      "<rdf:Alt><rdf:li xml:lang=\"x-default\">\(text(value))</rdf:li></rdf:Alt>"
    }
    var dublinCore = "   <dc:format>application/pdf</dc:format>\n"
    if !info.title.isEmpty { dublinCore += "   <dc:title>\(alt(info.title))</dc:title>\n" }
    if !info.author.isEmpty {
      dublinCore += "   <dc:creator><rdf:Seq><rdf:li>\(text(info.author))</rdf:li></rdf:Seq></dc:creator>\n"
    }
    if !info.subject.isEmpty { dublinCore += "   <dc:description>\(alt(info.subject))</dc:description>\n" }
    var pdf = "   <pdf:Trapped>False</pdf:Trapped>\n"
    if !info.keywords.isEmpty { pdf += "   <pdf:Keywords>\(text(info.keywords))</pdf:Keywords>\n" }
    if !producer.isEmpty { pdf += "   <pdf:Producer>\(text(producer))</pdf:Producer>\n" }
    // Padding lets an editor grow the packet in place, as the XMP specification recommends.
    let padding = String(repeating: String(repeating: " ", count: 99) + "\n", count: 20)
    return """
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/">
       <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about=""
          xmlns:dc="http://purl.org/dc/elements/1.1/"
          xmlns:xmp="http://ns.adobe.com/xap/1.0/"
          xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
          xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
          xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
      \(dublinCore)   <xmp:CreatorTool>\(text(info.creator))</xmp:CreatorTool>
         <xmp:CreateDate>\(date)</xmp:CreateDate>
         <xmp:ModifyDate>\(date)</xmp:ModifyDate>
         <xmp:MetadataDate>\(date)</xmp:MetadataDate>
      \(pdf)   <xmpMM:DocumentID>uuid:\(documentID)</xmpMM:DocumentID>
         <xmpMM:InstanceID>uuid:\(documentID)</xmpMM:InstanceID>
         <xmpMM:VersionID>1</xmpMM:VersionID>
         <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
         <pdfxid:GTS_PDFXVersion>\(version)</pdfxid:GTS_PDFXVersion>
        </rdf:Description>
       </rdf:RDF>
      </x:xmpmeta>
      \(padding)<?xpacket end="w"?>
      """
  }
}

/// A stable 128-bit name for content: two FNV-1a 64-bit hashes with different offsets.
enum ContentHash {
  /// `xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx`, the same for the same bytes.
  static func uuid(of bytes: [UInt8]) -> String {
    func fnv(_ offset: UInt64) -> UInt64 {
      var hash = offset
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      return hash
    }
    let high = fnv(0xcbf2_9ce4_8422_2325)
    let low = fnv(0x8422_2325_cbf2_9ce4)
    var hex = String(cFormat: "%016llx%016llx", high, low).map { $0 }
    hex[12] = "4"
    hex[16] = "8"
    let text = String(hex)
    let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
      String(
        text[
          text.index(
            text.startIndex, offsetBy: range.lowerBound)..<text.index(text.startIndex, offsetBy: range.upperBound)])
    }
    return parts.joined(separator: "-")
  }
}
