import CCairo
import CLCMS2
import Platform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A registered printing condition (ICC Characterization Data Registry, http://www.color.org):
/// what a PDF/X OutputIntent's `OutputConditionIdentifier` names, so that a preflight can match
/// the embedded profile against the registered characterisation.
public struct OutputCondition: Hashable, Sendable {
  /// The names `--output-condition` accepts for it, the first the usual one (`FOGRA39`).
  public let names: [String]
  /// The registry's reference name: the OutputIntent's `OutputConditionIdentifier`.
  public let identifier: String
  /// The process, paper and standard in words: the OutputIntent's `OutputCondition`.
  public let description: String
  /// The registry: `http://www.color.org` for every built-in condition.
  public let registryName = "http://www.color.org"

  /// The built-in conditions: FOGRA39, FOGRA51, FOGRA52, GRACoL2013 (CGATS21_CRPC6), SWOP
  /// (CGATS TR 003) and JapanColor2011.
  public static let registered: [OutputCondition] = [
    OutputCondition(
      names: ["FOGRA39"], identifier: "FOGRA39",
      description: "Offset printing, ISO 12647-2:2004/Amd 1, paper type 1 or 2 (gloss or matte coated), 115 g/m2, 60/cm"
    ),
    OutputCondition(
      names: ["FOGRA51"], identifier: "FOGRA51",
      description: "Offset printing, ISO 12647-2:2013, PS1 premium coated paper, 115 g/m2, 60/cm, M1 (PSO Coated v3)"),
    OutputCondition(
      names: ["FOGRA52"], identifier: "FOGRA52",
      description:
        "Offset printing, ISO 12647-2:2013, PS5 wood-free uncoated paper, 120 g/m2, 60/cm, M1 (PSO Uncoated v3)"),
    OutputCondition(
      names: ["GRACoL2013", "CRPC6", "CGATS21_CRPC6"], identifier: "CGATS21_CRPC6",
      description: "Offset printing, CGATS.21-2 CRPC6 (GRACoL 2013), grade 1 premium coated paper"),
    OutputCondition(
      names: ["SWOP", "CGATS_TR_003"], identifier: "CGATS TR 003",
      description: "Web offset publication printing (SWOP), grade 3 coated paper, CGATS TR 003"),
    OutputCondition(
      names: ["JapanColor2011", "JapanColor2011Coated"], identifier: "JapanColor2011Coated",
      description: "Sheet-fed offset printing, Japan Color 2011 Coated, ISO 12647-2 coated paper"),
  ]

  /// The condition `name` (one of `allNames`, exactly) names, or nil.
  public static func named(_ name: String) -> OutputCondition? {
    registered.first { $0.names.contains(name) }
  }

  /// Every accepted name, for messages and completions.
  public static var allNames: [String] { registered.flatMap(\.names) }
}

/// The printing condition a PDF/X file is made for: an output-class CMYK ICC profile, embedded
/// as the OutputIntent's `DestOutputProfile`, and the registered condition it characterises
/// when the user names one.
public struct OutputIntent: Hashable, Sendable {
  /// The profile's name as given: a name from `installedNames` or a file path.
  public let source: String
  /// How the proof's slug and soft-proof lines name the intent: the condition's identifier
  /// when one is named, else the profile's own description (`Custom` when it has none).
  public let identifier: String
  /// The profile's own description (its `desc` tag), or `Custom` when it has none.
  public let profileDescription: String
  /// The ICC profile's bytes, as read.
  public let profile: [UInt8]
  /// The registered printing condition the profile characterises, when named
  /// (`--output-condition`); nil for a custom intent.
  public let condition: OutputCondition?

  /// The OutputIntent's `OutputConditionIdentifier`: the condition's reference name, or
  /// `Custom` when no registered condition is named.
  public var conditionIdentifier: String { condition?.identifier ?? "Custom" }

  /// The OutputIntent's `OutputCondition`: the condition in words, or what the profile is.
  public var conditionText: String {
    if let condition { return condition.description }
    if source == Self.defaultName {
      return
        "Ghostscript's default_cmyk.icc (\(profileDescription)): a generic CMYK profile, not a registered printing condition"
    }
    return "\(profileDescription): a CMYK profile, not a registered printing condition"
  }

  /// The same profile, characterising `condition`.
  public func characterising(_ condition: OutputCondition) -> OutputIntent {
    OutputIntent(source: source, profileDescription: profileDescription, profile: profile, condition: condition)
  }

  private init(source: String, profileDescription: String, profile: [UInt8], condition: OutputCondition?) {
    self.source = source
    self.profileDescription = profileDescription
    self.profile = profile
    self.condition = condition
    self.identifier = condition?.identifier ?? profileDescription
  }

  /// The default: Ghostscript's CMYK output profile (Debian `libgs-common`).
  public static let defaultName = "default_cmyk"
  /// Where named profiles are looked up: `NAME.icc` in these folders.
  public static let profileFolders = ["/usr/share/color/icc/ghostscript", "/usr/share/color/icc"]

  /// The names of installed output-class CMYK profiles, sorted (`default_cmyk, ps_cmyk`).
  public static var installedNames: [String] {
    var names: Set<String> = []
    for folder in profileFolders {
      for file in FilePath(folder).folderEntries() ?? []
      where file.lowercased().hasSuffix(".icc") {
        let path = "\(folder)/\(file)"
        if let bytes = try? FilePath(path).readRegularFile(limit: ICCProfileCheck.maxBytes),
          (try? OutputIntent(profile: bytes, source: path)) != nil
        {
          names.insert(String(file.dropLast(4)))
        }
      }
    }
    return names.sorted()
  }

  /// Whether `text` names a profile file (it ends in `.icc` or holds a `/`) rather than an
  /// installed profile.
  public static func isPath(_ text: String) -> Bool { text.lowercased().hasSuffix(".icc") || text.contains("/") }

  /// `NAME` (an installed profile, see `installedNames`) or a path to an `.icc` file; `file`
  /// is where that path was resolved to (a design file's value is confined to its folder by
  /// the caller), `text` itself when nil. Only a regular file of at most
  /// `ICCProfileCheck.maxBytes` is read.
  ///
  /// - Throws: `OutputIntentError` when the name is unknown, the file can't be read, or the
  ///   profile is not a valid output-class (`prtr`) CMYK profile.
  public init(named text: String, file: String? = nil) throws(OutputIntentError) {
    var path: String?
    if Self.isPath(text) {
      path = file ?? text
    } else {
      path = Self.profileFolders.map { "\($0)/\(text).icc" }.first { FileKind(at: FilePath($0)).isRegular }
    }
    guard let path else { throw OutputIntentError(value: text, reason: "no installed profile of that name") }
    let data: [UInt8]
    do {
      data = try FilePath(path).readRegularFile(limit: ICCProfileCheck.maxBytes)
    } catch {
      throw OutputIntentError(value: text, reason: "the file \(error.description)")
    }
    try self.init(profile: data, source: text)
  }

  /// Checks `profile`: its header and tag table must agree with its bytes (`ICCProfileCheck`),
  /// and lcms2 must parse it as an output (printer) profile describing CMYK. `source` names
  /// it in errors.
  public init(profile: [UInt8], source: String) throws(OutputIntentError) {
    if let problem = ICCProfileCheck.problem(in: profile) {
      throw OutputIntentError(value: source, reason: "a malformed ICC profile: \(problem)")
    }
    let cms = try LittleCMS.functions { OutputIntentError(value: source, reason: $0) }
    let handle: cmsHPROFILE? = profile.withUnsafeBytes { raw in
      cms.cmsOpenProfileFromMem(raw.baseAddress, cmsUInt32Number(raw.count))
    }
    guard let handle else { throw OutputIntentError(value: source, reason: "not an ICC profile lcms2 can read") }
    defer { _ = cms.cmsCloseProfile(handle) }
    guard cms.cmsGetDeviceClass(handle) == cmsSigOutputClass else {
      throw OutputIntentError(value: source, reason: "not an output (printer, 'prtr') profile")
    }
    guard cms.cmsGetColorSpace(handle) == cmsSigCmykData else {
      throw OutputIntentError(value: source, reason: "not a CMYK profile")
    }
    // Only profiles lcms2 can build a transform from are any use for proofing.
    guard
      cms.cmsIsIntentSupported(
        handle, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(LCMS_USED_AS_OUTPUT))
        != 0
    else {
      throw OutputIntentError(value: source, reason: "a profile without a relative colorimetric output table")
    }
    var buffer = [CChar](repeating: 0, count: 256)
    let length = cms.cmsGetProfileInfoASCII(
      handle, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
    let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let description = length > 1 ? String(decoding: text, as: UTF8.self).trimmingSpaces() : ""
    self.init(
      source: source, profileDescription: description.isEmpty ? "Custom" : description, profile: profile,
      condition: nil)
  }
}

/// Structural checks of an ICC profile's bytes that lcms2 does not make, run before lcms2
/// opens a profile from any source (an output intent, which a PDF/X embeds verbatim and a soft
/// proof transforms through; a photo's embedded profile): a profile lcms2 opens can still
/// declare another size than it has, point tags past its end or at one another, or name a PCS
/// that does not exist, and a preflight or a RIP refuses it.
public enum ICCProfileCheck {
  /// The largest profile read: 4 MiB. Printers' CMYK characterisations (FOGRA39, FOGRA51,
  /// GRACoL 2013, Japan Color 2011: 0.5–2 MB with 33-step A2B/B2A tables) and cameras' RGB
  /// profiles (a few KB) fit; a 60 MB profile padded with a private tag does not, and lcms2
  /// would hold it, and its tables, in memory for every transform.
  public static let maxBytes = 4 << 20

  /// What is wrong with `bytes`, in a few words, or nil when the profile holds together:
  /// - at most `maxBytes`, and the header's size field equals the file's size (no truncation,
  ///   no trailing bytes); the signature is `acsp`; the version is 2 or 4;
  /// - the device class, the data colour space and the PCS are ones ICC.1 defines (the PCS
  ///   `XYZ ` or `Lab `, or a colour space for a device link);
  /// - the tag table and every tag lie inside the declared size, after the table; every tag
  ///   holds at least its 8-byte type header, with a type signature of letters, digits and
  ///   spaces, and a tag ICC.1 defines has a type ICC.1 allows for it (so tags that all point
  ///   at one place are caught); two tags share bytes only when they share them whole.
  static func problem(in bytes: [UInt8]) -> String? {
    func uint32(_ offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    func signature(_ offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
    guard bytes.count <= maxBytes else { return "\(bytes.count) bytes (at most \(maxBytes))" }
    guard bytes.count >= 132 else { return "\(bytes.count) bytes, shorter than a header and tag count (132)" }
    guard bytes[36..<40].elementsEqual("acsp".utf8) else { return "no 'acsp' signature at byte 36" }
    let declared = uint32(0)
    guard declared == bytes.count else {
      return declared < bytes.count
        ? "the header declares \(declared) bytes but the file has \(bytes.count) (trailing data)"
        : "the header declares \(declared) bytes but the file has only \(bytes.count) (truncated)"
    }
    guard [2, 4].contains(bytes[8]) else { return "version \(bytes[8]) (allowed: ICC version 2 or 4)" }
    let deviceClass = signature(12)
    guard deviceClasses.contains(deviceClass) else {
      return "device class '\(shown(deviceClass))' (allowed: \(deviceClasses.sorted().joined(separator: ", ")))"
    }
    let colourSpace = signature(16)
    guard colourSpaces.contains(colourSpace) else {
      return "colour space '\(shown(colourSpace))' is not one ICC.1 defines"
    }
    let pcs = signature(20)
    guard pcs == "XYZ " || pcs == "Lab " || deviceClass == "link" && colourSpaces.contains(pcs) else {
      return "PCS '\(shown(pcs))' (allowed: 'XYZ ' or 'Lab ')"
    }
    let count = uint32(128)
    guard count <= (declared - 132) / 12 else { return "a tag table of \(count) tags runs past the end" }
    var ranges: [(offset: Int, size: Int, tag: String)] = []
    for index in 0..<count {
      let entry = 132 + 12 * index
      let (offset, size) = (uint32(entry + 4), uint32(entry + 8))
      let tag = shown(signature(entry))
      guard offset >= 128 + 4 + 12 * count, offset + size <= declared else {
        return "tag '\(tag)' (offset \(offset), \(size) bytes) lies outside the profile's \(declared) bytes"
      }
      guard size >= 8 else { return "tag '\(tag)' has \(size) bytes (at least 8: its type and a reserved word)" }
      let type = signature(offset)
      guard
        type.utf8.allSatisfy({
          $0 == 0x20 || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
        })
      else { return "tag '\(tag)' at offset \(offset) has no type signature" }
      if let allowed = tagTypes[signature(entry)], !allowed.contains(type) {
        return "tag '\(tag)' has type '\(shown(type))' (allowed: \(allowed.map { "'\($0)'" }.joined(separator: ", ")))"
      }
      ranges.append((offset, size, tag))
    }
    ranges.sort { ($0.offset, $0.size) < ($1.offset, $1.size) }
    for (first, second) in zip(ranges, ranges.dropFirst())
    where second.offset < first.offset + first.size && (first.offset, first.size) != (second.offset, second.size) {
      return "tags '\(first.tag)' and '\(second.tag)' overlap (offsets \(first.offset) and \(second.offset))"
    }
    return nil
  }

  /// A signature as a message shows it: printable ASCII, anything else as `?`.
  private static func shown(_ signature: String) -> String {
    String(signature.unicodeScalars.map { (0x20..<0x7F).contains($0.value) ? Character($0) : "?" })
  }

  /// ICC.1's profile/device classes.
  static let deviceClasses: Set<String> = ["scnr", "mntr", "prtr", "link", "spac", "abst", "nmcl"]

  /// ICC.1's data colour spaces (and PCS encodings).
  static let colourSpaces: Set<String> = [
    "XYZ ", "Lab ", "Luv ", "YCbr", "Yxy ", "RGB ", "GRAY", "HSV ", "HLS ", "CMYK", "CMY ", "2CLR", "3CLR", "4CLR",
    "5CLR", "6CLR", "7CLR", "8CLR", "9CLR", "ACLR", "BCLR", "CCLR", "DCLR", "ECLR", "FCLR",
  ]

  /// The types ICC.1 (v2 and v4) allows for the tags a profile for printing or display holds.
  static let tagTypes: [String: Set<String>] = {
    var table: [String: Set<String>] = [:]
    for tag in ["desc", "dmnd", "dmdd", "vued"] { table[tag] = ["desc", "mluc"] }
    table["cprt"] = ["text", "mluc", "desc"]
    for tag in ["wtpt", "bkpt", "rXYZ", "gXYZ", "bXYZ", "lumi"] { table[tag] = ["XYZ "] }
    for tag in ["rTRC", "gTRC", "bTRC", "kTRC"] { table[tag] = ["curv", "para"] }
    for tag in ["A2B0", "A2B1", "A2B2"] { table[tag] = ["mft1", "mft2", "mAB "] }
    for tag in ["B2A0", "B2A1", "B2A2", "gamt", "pre0", "pre1", "pre2"] { table[tag] = ["mft1", "mft2", "mBA "] }
    table["chad"] = ["sf32"]
    table["chrm"] = ["chrm"]
    table["tech"] = ["sig "]
    table["meas"] = ["meas"]
    table["view"] = ["view"]
    table["calt"] = ["dtim"]
    return table
  }()
}

/// Why an output intent was refused. `value` is the name or path as given.
public struct OutputIntentError: Error, Equatable, CustomStringConvertible, Sendable {
  public let value: String
  public let reason: String

  public var description: String { "'\(value)': \(reason)" }
}

/// ICC profiles the renderer writes.
public enum ColorProfiles {
  /// Display P3 as ICC bytes, made with lcms2 (`cmsCreateRGBProfile`: P3-D65 primaries, the
  /// D65 white point, the sRGB tone curve as parametric curve type 4) rather than shipped as a
  /// file; described as "Display P3", dated 2020-01-01 so files stay byte-identical. Made once.
  ///
  /// - Throws: `RenderError.image` when lcms2 cannot be loaded or cannot make the profile.
  public static func displayP3() throws(RenderError) -> [UInt8] {
    if let profile = displayP3Profile { return profile }
    throw .image(reason: "lcms2 cannot make a Display P3 profile (is liblcms2-2 installed?)")
  }

  private static let displayP3Profile: [UInt8]? = {
    guard let cms = try? LittleCMS.functions({ RenderError.image(reason: $0) }) else { return nil }
    var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
    var primaries = cmsCIExyYTRIPLE(
      Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
      Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
    // IEC 61966-2.1: Y = ((aX + b)^g for X >= d; cX for X < d).
    var parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
    guard let curve = cms.cmsBuildParametricToneCurve(nil, 4, &parameters) else { return nil }
    defer { cms.cmsFreeToneCurve(curve) }
    var curves: [OpaquePointer?] = [curve, curve, curve]
    guard let profile = cms.cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
    defer { _ = cms.cmsCloseProfile(profile) }
    guard let description = cms.cmsMLUalloc(nil, 1) else { return nil }
    defer { cms.cmsMLUfree(description) }
    _ = cms.cmsMLUsetASCII(description, "en", "US", "Display P3")
    _ = cms.cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(description))
    return stampedBytes(cms, profile)
  }()

  /// A profile's bytes with the header's date (bytes 24–35) set to 2020-01-01: lcms2 stamps
  /// the time it saves.
  private static func stampedBytes(_ cms: clcms2_api, _ profile: cmsHPROFILE) -> [UInt8] {
    var length: cmsUInt32Number = 0
    _ = cms.cmsSaveProfileToMem(profile, nil, &length)
    var bytes = [UInt8](repeating: 0, count: Int(length))
    _ = cms.cmsSaveProfileToMem(profile, &bytes, &length)
    let date: [UInt16] = [2020, 1, 1, 0, 0, 0]
    for (index, value) in date.enumerated() {
      bytes[24 + 2 * index] = UInt8(value >> 8)
      bytes[25 + 2 * index] = UInt8(value & 0xFF)
    }
    return bytes
  }

  /// lcms2's sRGB (IEC 61966-2.1) as ICC bytes, for the `DefaultRGB` ICC-based colour space.
  /// lcms2 stamps a profile with the time it is saved; the header's date (bytes 24–35) is set to
  /// 2020-01-01 so files stay byte-identical.
  public static let sRGB: [UInt8] = {
    // Reached only after an output intent was accepted, which needed lcms2 too.
    guard let cms = try? LittleCMS.functions({ RenderError.image(reason: $0) }) else {
      preconditionFailure("lcms2 is not loaded")
    }
    let profile = cms.cmsCreate_sRGBProfile()!
    defer { _ = cms.cmsCloseProfile(profile) }
    return stampedBytes(cms, profile)
  }()
}

/// A soft proof: how an sRGB image prints under an output intent, with lcms2.
///
/// Colours go sRGB → the intent's CMYK profile → sRGB (relative colorimetric with black-point
/// compensation, both ways). A pixel is out of gamut when lcms2's gamut check for the profile
/// says so (its gamut-check pipeline: colours the profile can't reproduce within lcms2's
/// ΔE threshold).
public struct SoftProof {
  /// What one image gives.
  public struct Result {
    /// The image as it would print, 8-bit RGB PNG.
    public let proof: [UInt8]
    /// Out-of-gamut pixels in `gamutMarker`, the rest in the proof's grey levels.
    public let gamut: [UInt8]
    /// How many pixels are out of gamut, of `pixels`.
    public let outOfGamut: Int
    public let pixels: Int

    /// `outOfGamut` as a percentage with two decimals: `12.34`.
    public var percentage: String { String(cFormat: "%.2f", Double(outOfGamut) * 100 / Double(max(1, pixels))) }
  }

  /// The colour of out-of-gamut pixels in the gamut image: pure magenta, which the grey
  /// in-gamut pixels can never be.
  public static let gamutMarker: (red: UInt8, green: UInt8, blue: UInt8) = (255, 0, 255)

  let intent: OutputIntent

  public init(intent: OutputIntent) { self.intent = intent }

  /// Soft-proofs `image` (opaque pixels; Cairo's ARGB32, stored as BGRA bytes).
  ///
  /// - Throws: `RenderError.image` when lcms2 can't build the transforms.
  public func apply(to image: RasterImage) throws(RenderError) -> Result {
    let cms = try LittleCMS.functions { RenderError.image(reason: $0) }
    let (proof, alarmA, alarmB) = (
      try transform(gamutAlarm: nil), try transform(gamutAlarm: 0), try transform(gamutAlarm: 0xFFFF)
    )
    defer {
      for t in [proof, alarmA, alarmB] {
        cms.cmsDeleteTransform(t.transform)
        cms.cmsDeleteContext(t.context)
      }
    }
    let width = image.size.width
    let height = image.size.height
    let gamutImage = try RasterImage(size: image.size)
    cairo_surface_flush(image.surface)
    cairo_surface_flush(gamutImage.surface)
    let source = cairo_image_surface_get_data(image.surface)!
    let marked = cairo_image_surface_get_data(gamutImage.surface)!
    var rowA = [UInt8](repeating: 0, count: width * 4)
    var rowB = [UInt8](repeating: 0, count: width * 4)
    var outOfGamut = 0
    for y in 0..<height {
      let row = source + y * image.stride
      let out = marked + y * gamutImage.stride
      cms.cmsDoTransform(alarmA.transform, row, &rowA, cmsUInt32Number(width))
      cms.cmsDoTransform(alarmB.transform, row, &rowB, cmsUInt32Number(width))
      // In place: the proof's pixels replace the image's.
      cms.cmsDoTransform(proof.transform, row, row, cmsUInt32Number(width))
      for x in 0..<width {
        let i = x * 4
        // BGRA: with alarm codes all 0 and all 0xFFFF, only a gamut alarm gives both.
        let isOut =
          rowA[i] == 0 && rowA[i + 1] == 0 && rowA[i + 2] == 0 && rowB[i] == 255 && rowB[i + 1] == 255
          && rowB[i + 2] == 255
        if isOut {
          outOfGamut += 1
          out[i] = Self.gamutMarker.blue
          out[i + 1] = Self.gamutMarker.green
          out[i + 2] = Self.gamutMarker.red
        } else {
          // Rec. 709 luma of the proof, so in-gamut areas stay readable but never magenta.
          let red: Double = 0.2126 * Double(row[i + 2])
          let green: Double = 0.7152 * Double(row[i + 1])
          let blue: Double = 0.0722 * Double(row[i])
          let luma = UInt8((red + green + blue).rounded())
          out[i] = luma
          out[i + 1] = luma
          out[i + 2] = luma
        }
        out[i + 3] = 255
        row[i + 3] = 255
      }
    }
    cairo_surface_mark_dirty(image.surface)
    cairo_surface_mark_dirty(gamutImage.surface)
    return Result(
      proof: try image.pngData(), gamut: try gamutImage.pngData(), outOfGamut: outOfGamut, pixels: width * height)
  }

  /// sRGB → intent → sRGB, in a context of its own whose alarm codes are all `gamutAlarm`
  /// (lcms2 reads alarm codes from the transform's context); no gamut check when nil.
  private func transform(gamutAlarm: UInt16?) throws(RenderError) -> (transform: cmsHTRANSFORM, context: cmsContext) {
    let cms = try LittleCMS.functions { RenderError.image(reason: $0) }
    guard let context = cms.cmsCreateContext(nil, nil) else { throw .image(reason: "lcms2: cannot create a context") }
    var flags = cmsUInt32Number(cmsFLAGS_SOFTPROOFING | cmsFLAGS_BLACKPOINTCOMPENSATION)
    if let gamutAlarm {
      var codes = [cmsUInt16Number](repeating: gamutAlarm, count: Int(cmsMAXCHANNELS))
      cms.cmsSetAlarmCodesTHR(context, &codes)
      flags |= cmsUInt32Number(cmsFLAGS_GAMUTCHECK)
    }
    let srgbIn = cms.cmsCreate_sRGBProfileTHR(context)
    let srgbOut = cms.cmsCreate_sRGBProfileTHR(context)
    let press = intent.profile.withUnsafeBytes {
      cms.cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number($0.count))
    }
    defer {
      for profile in [srgbIn, srgbOut, press] where profile != nil { _ = cms.cmsCloseProfile(profile) }
    }
    let format = clcms2_type_bgra_8()
    guard let srgbIn, let srgbOut, let press,
      let transform = cms.cmsCreateProofingTransformTHR(
        context, srgbIn, format, srgbOut, format, press, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
        cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags)
    else {
      cms.cmsDeleteContext(context)
      throw .image(reason: "lcms2 cannot make a soft-proof transform for '\(intent.source)'")
    }
    return (transform, context)
  }
}

/// Little CMS 2, opened with dlopen on first use (Sources/CLCMS2): most commands and designs
/// need no colour management, and linked it was mapped and relocated by every process.
enum LittleCMS {
  /// lcms2's functions, called as `cms.cmsOpenProfileFromMem(…)`.
  ///
  /// - Throws: `failure` of the reason (dlopen's or dlsym's message) when liblcms2 cannot be
  ///   loaded.
  static func functions<Failure: Error>(_ failure: (String) -> Failure) throws(Failure) -> clcms2_api {
    var message: UnsafePointer<CChar>?
    guard let api = clcms2_load(SharedLibraryNames.lcms2.cString, &message) else {
      throw failure(message.map { String(cString: $0) } ?? "cannot load liblcms2")
    }
    return api.pointee
  }
}
