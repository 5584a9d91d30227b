import CLCMS2
import Foundation

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
      for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
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
    let handle: cmsHPROFILE? = profile.withUnsafeBytes { raw in
      cmsOpenProfileFromMem(raw.baseAddress, cmsUInt32Number(raw.count))
    }
    guard let handle else { throw OutputIntentError(value: source, reason: "not an ICC profile lcms2 can read") }
    defer { cmsCloseProfile(handle) }
    guard cmsGetDeviceClass(handle) == cmsSigOutputClass else {
      throw OutputIntentError(value: source, reason: "not an output (printer, 'prtr') profile")
    }
    guard cmsGetColorSpace(handle) == cmsSigCmykData else {
      throw OutputIntentError(value: source, reason: "not a CMYK profile")
    }
    // Only profiles lcms2 can build a transform from are any use for proofing.
    guard
      cmsIsIntentSupported(handle, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(LCMS_USED_AS_OUTPUT))
        != 0
    else {
      throw OutputIntentError(value: source, reason: "a profile without a relative colorimetric output table")
    }
    var buffer = [CChar](repeating: 0, count: 256)
    let length = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
    let description = length > 1 ? String(cString: buffer).trimmingCharacters(in: .whitespaces) : ""
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
    let profile = cmsCreate_sRGBProfile()!
    defer { cmsCloseProfile(profile) }
    var length: cmsUInt32Number = 0
    cmsSaveProfileToMem(profile, nil, &length)
    var bytes = [UInt8](repeating: 0, count: Int(length))
    cmsSaveProfileToMem(profile, &bytes, &length)
    // dateTimeNumber: year, month, day, hour, minute, second as big-endian UInt16.
    let date: [UInt16] = [2020, 1, 1, 0, 0, 0]
    for (index, value) in date.enumerated() {
      bytes[24 + 2 * index] = UInt8(value >> 8)
      bytes[25 + 2 * index] = UInt8(value & 0xFF)
    }
    return bytes
  }()
}
