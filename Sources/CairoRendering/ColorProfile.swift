import CCairo
import CLCMS2
import Platform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The printing condition a PDF/X file is made for: an output-class CMYK ICC profile, embedded
/// as the OutputIntent's `DestOutputProfile`.
public struct OutputIntent: Hashable, Sendable {
  /// The profile's name as given: a name from `installedNames` or a file path.
  public let source: String
  /// The `OutputConditionIdentifier` and `Info`: the profile's own description.
  public let identifier: String
  /// The ICC profile's bytes, as read.
  public let profile: [UInt8]

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
        if let bytes = FileManager.default.contents(atPath: path),
          (try? OutputIntent(profile: Array(bytes), source: path)) != nil
        {
          names.insert(String(file.dropLast(4)))
        }
      }
    }
    return names.sorted()
  }

  /// `NAME` (an installed profile, see `installedNames`) or a path to an `.icc` file.
  ///
  /// - Throws: `OutputIntentError` when the name is unknown, the file can't be read, or the
  ///   profile is not a valid output-class (`prtr`) CMYK profile.
  public init(named text: String) throws(OutputIntentError) {
    let isPath = text.lowercased().hasSuffix(".icc") || text.contains("/")
    var path: String?
    if isPath {
      path = text
    } else {
      path = Self.profileFolders.map { "\($0)/\(text).icc" }.first { FileManager.default.fileExists(atPath: $0) }
    }
    guard let path else { throw OutputIntentError(value: text, reason: "no installed profile of that name") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw OutputIntentError(value: text, reason: "cannot read the file")
    }
    try self.init(profile: Array(data), source: text)
  }

  /// Checks `profile` with lcms2: it must parse, be an output (printer) profile and describe
  /// CMYK. `source` names it in errors.
  public init(profile: [UInt8], source: String) throws(OutputIntentError) {
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
    self.source = source
    self.identifier = description.isEmpty ? "Custom" : description
    self.profile = profile
  }
}

/// Why an output intent was refused. `value` is the name or path as given.
public struct OutputIntentError: Error, Equatable, CustomStringConvertible, Sendable {
  public let value: String
  public let reason: String

  public var description: String { "'\(value)': \(reason)" }
}

/// ICC profiles the renderer writes.
public enum ColorProfiles {
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
    var length: cmsUInt32Number = 0
    _ = cms.cmsSaveProfileToMem(profile, nil, &length)
    var bytes = [UInt8](repeating: 0, count: Int(length))
    _ = cms.cmsSaveProfileToMem(profile, &bytes, &length)
    // dateTimeNumber: year, month, day, hour, minute, second as big-endian UInt16.
    let date: [UInt16] = [2020, 1, 1, 0, 0, 0]
    for (index, value) in date.enumerated() {
      bytes[24 + 2 * index] = UInt8(value >> 8)
      bytes[25 + 2 * index] = UInt8(value & 0xFF)
    }
    return bytes
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
