import CLCMS2

/// What a registered printing condition's characterisation data say its paper and its solids
/// measure: CIELAB, D50, 2° observer, as the data set gives them (ISO 13655, white backing).
///
/// Eight patches: the paper (CMYK 0 0 0 0), the four solids (C, M, Y, K 100 %) and the three
/// two-colour overprints red (M+Y), green (C+Y) and blue (C+M), all 100 %. These are the
/// "colorant description" every characterisation data set carries (ISO 12647-2's paper and
/// solid aims); a profile made from the data set reproduces them within a few tenths of a
/// ΔE00, a profile made for another condition does not (Docs/proof.md, "How a match is judged").
public struct CharacterisationAims: Sendable, Hashable {
  /// One measured patch: its name in messages, its CMYK in percent, its CIELAB D50.
  public struct Patch: Sendable, Hashable {
    public let name: String
    public let cmyk: [Double]
    public let lab: [Double]
  }

  /// The eight patches, in the order of `patchNames`.
  public let patches: [Patch]
  /// Where the numbers come from, for messages and the docs.
  public let source: String

  /// The patches' names and CMYK values (percent), in the order the aims are given.
  public static let patchNames: [(name: String, cmyk: [Double])] = [
    ("paper white", [0, 0, 0, 0]), ("cyan solid", [100, 0, 0, 0]), ("magenta solid", [0, 100, 0, 0]),
    ("yellow solid", [0, 0, 100, 0]), ("black solid", [0, 0, 0, 100]), ("red overprint (M+Y)", [0, 100, 100, 0]),
    ("green overprint (C+Y)", [100, 0, 100, 0]), ("blue overprint (C+M)", [100, 100, 0, 0]),
  ]

  /// `labs`: L*, a*, b* of paper, C, M, Y, K, R, G, B in that order.
  init(source: String, _ labs: [[Double]]) {
    precondition(labs.count == Self.patchNames.count && labs.allSatisfy { $0.count == 3 })
    self.source = source
    self.patches = zip(Self.patchNames, labs).map { Patch(name: $0.name, cmyk: $0.cmyk, lab: $1) }
  }

  /// The aims of each built-in condition with numbers we could trace to the data set itself,
  /// keyed by `OutputCondition.identifier`. JapanColor2011Coated has none: no copy of its
  /// characterisation data (or of its paper and solid aims) that we could trace to the Japan
  /// Printing Machinery Association was found, so that condition is not checked.
  static let registered: [String: CharacterisationAims] = [
    // FOGRA39L.ti3 (Fogra, December 2006, "Offset printing, according to ISO 12647-2:2004/Amd 1,
    // OFCOM, paper type 1 or 2"), its patches of those eight CMYK values; the same file is shipped in Debian's icc-profiles-free (/usr/share/color/icc/FOGRA39L.ti3) and embedded
    // as the 'targ' tag of ECI's ISOcoated_v2_eci.icc.
    "FOGRA39": CharacterisationAims(
      source: "Fogra's FOGRA39L characterisation data (2006)",
      [
        [95, 0, -2], [55, -37, -50], [48, 74, -3], [89, -5, 93], [16, 0, 0], [47, 68, 48], [50, -65, 27],
        [24, 22, -46],
      ]),
    // FOGRA51 characterisation data (Fogra, May 2015, ISO 12647-2:2013 PS1 premium coated, M1),
    // as embedded in the 'targ' tag of ECI's PSOcoated_v3.icc.
    "FOGRA51": CharacterisationAims(
      source: "Fogra's FOGRA51 characterisation data (2015, M1)",
      [
        [95, 1.5, -6], [56.12, -34.9, -52.52], [48.06, 75.29, -5.18], [88.94, -4.04, 92.37], [16, 0.07, -0.33],
        [47.99, 69.33, 45.87], [49.45, -65.93, 24.34], [24.74, 21.12, -47.45],
      ]),
    // FOGRA52 characterisation data (Fogra, May 2015, ISO 12647-2:2013 PS5 wood-free uncoated,
    // M1), as embedded in the 'targ' tag of ECI's PSOuncoated_v3_FOGRA52.icc.
    "FOGRA52": CharacterisationAims(
      source: "Fogra's FOGRA52 characterisation data (2015, M1)",
      [
        [93.5, 2.5, -10], [58.7, -22.35, -48.12], [54.54, 60.07, -4.3], [87.66, -2.65, 72.38], [32.69, 1.24, 0.11],
        [52.59, 55.96, 25.52], [51.97, -41.41, 11.25], [38.47, 9.76, -31.96],
      ]),
    // The CGATS21-2-CRPC6 data set (M1) embedded as CxF3 in IDEAlliance's GRACoL2013_CRPC6.icc;
    // the same values are IDEAlliance's "GRACoL 2013 Introduction" (2013), figure 2.
    "CGATS21_CRPC6": CharacterisationAims(
      source: "the CGATS.21-2 CRPC6 (GRACoL 2013) data set (M1)",
      [
        [95, 1, -4], [56, -37, -50], [48, 75, -4], [89, -4, 93], [16, 0, 0], [47, 68, 48], [50, -66, 26],
        [25, 20, -46],
      ]),
    // TR003.ti3 ("ANSI CGATS and SWOP Committee", "Color Characterization Data for SWOP proofing
    // on Grade 3 coated paper", 2006), shipped in Debian's icc-profiles-free; rounded, the same
    // as IDEAlliance's "IDEAlliance Introduces SWOP 2013", figure 2 (SWOP 2006).
    "CGATS TR 003": CharacterisationAims(
      source: "the CGATS TR 003 (SWOP 2006 grade 3) data set",
      [
        [92.5, 0, 0], [56.99, -37.23, -44.95], [47.84, 72.08, -3.11], [87.97, -5.03, 88.1], [18.06, 0.01, -0.11],
        [46.86, 66.21, 45.03], [52.12, -64.75, 24.83], [26.85, 18.1, -44.32],
      ]),
  ]
}

extension OutputCondition {
  /// The condition's paper and solid aims, or nil when none is built in (then a profile named
  /// for it is not checked).
  public var aims: CharacterisationAims? { CharacterisationAims.registered[identifier] }
}

/// How far an output profile is from a condition's characterisation, patch by patch.
public struct ConditionComparison: Sendable {
  /// One patch: the aim, what the profile gives for it, and their CIEDE2000 difference.
  public struct Difference: Sendable {
    public let patch: CharacterisationAims.Patch
    public let profileLab: [Double]
    public let deltaE00: Double
  }

  public let condition: OutputCondition
  public let differences: [Difference]

  /// The patch furthest from its aim.
  public var worst: Difference { differences.max { $0.deltaE00 < $1.deltaE00 }! }

  /// Whether every patch is within `PrintingConditionCheck.tolerance`.
  public var matches: Bool { worst.deltaE00 <= PrintingConditionCheck.tolerance }
}

/// Whether an output profile was made for the printing condition it is named for
/// (`--output-condition` with `--output-intent`).
///
/// The profile's paper white and solids (`CharacterisationAims.patchNames`) go through its
/// device-to-PCS table with lcms2, absolute colorimetric (the paper's own colour, not mapped to
/// the PCS white), into CIELAB D50; each is compared with the condition's aim by CIEDE2000.
/// The profile matches when the largest difference is at most `tolerance`.
public enum PrintingConditionCheck {
  /// The largest ΔE00 (CIEDE2000, kL = kC = kH = 1) any patch may differ by: 1.5.
  ///
  /// Measured (Docs/proof.md): profiles made from a condition's own data set are within 0.47
  /// of it on every patch (ECI's ISO Coated v2 0.10, PSO Coated v3 0.06, PSO Uncoated v3 0.08,
  /// IDEAlliance's GRACoL2013_CRPC6 0.04 and SWOP2006_Coated3v2 0.22, ArgyllCMS profiles of
  /// FOGRA39L and TR003 0.47 and 0.11); the closest two different built-in conditions,
  /// GRACoL 2013 against FOGRA51, are 1.72 apart, and Ghostscript's SWOP profile is 6.64
  /// from FOGRA39.
  public static let tolerance = 1.5

  /// The comparison of `profile` (an output-class CMYK profile's bytes) with `condition`'s
  /// aims, or nil when the condition has none built in.
  ///
  /// - Throws: `OutputIntentError` (value `source`) when lcms2 cannot be loaded or cannot
  ///   make an absolute colorimetric transform from the profile.
  public static func compare(_ profile: [UInt8], source: String, with condition: OutputCondition)
    throws(OutputIntentError) -> ConditionComparison?
  {
    guard let aims = condition.aims else { return nil }
    let labs = try labValues(of: aims.patches.map(\.cmyk), profile: profile, source: source)
    let cms = try LittleCMS.functions { OutputIntentError(value: source, reason: $0) }
    let differences = zip(aims.patches, labs).map { patch, lab in
      var aim = cmsCIELab(L: patch.lab[0], a: patch.lab[1], b: patch.lab[2])
      var got = cmsCIELab(L: lab[0], a: lab[1], b: lab[2])
      return ConditionComparison.Difference(
        patch: patch, profileLab: lab, deltaE00: cms.cmsCIE2000DeltaE(&aim, &got, 1, 1, 1))
    }
    return ConditionComparison(condition: condition, differences: differences)
  }

  /// The one `note:` line for an intent named for a condition that has no aims built in
  /// (JapanColor2011Coated), whose profile is therefore taken on trust; nil otherwise.
  public static func uncheckedNote(for intent: OutputIntent?) -> String? {
    guard let intent, let condition = intent.condition, condition.aims == nil else { return nil }
    return
      "note: --output-condition: '\(intent.source)' is taken as made for \(condition.identifier) unchecked: no characterisation aims for \(condition.identifier) are built in (Docs/proof.md, \"How a match is judged\")"
  }

  /// CIELAB D50 of each CMYK (percent) through `profile`, absolute colorimetric.
  static func labValues(of colours: [[Double]], profile: [UInt8], source: String) throws(OutputIntentError)
    -> [[Double]]
  {
    let cms = try LittleCMS.functions { OutputIntentError(value: source, reason: $0) }
    let device = profile.withUnsafeBytes { cms.cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
    let lab = cms.cmsCreateLab4Profile(nil)
    defer {
      for handle in [device, lab] where handle != nil { _ = cms.cmsCloseProfile(handle) }
    }
    guard let device, let lab,
      let transform = cms.cmsCreateTransformTHR(
        nil, device, clcms2_type_cmyk_dbl(), lab, clcms2_type_lab_dbl(),
        cmsUInt32Number(INTENT_ABSOLUTE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_NOCACHE | cmsFLAGS_NOOPTIMIZE))
    else {
      throw OutputIntentError(value: source, reason: "lcms2 cannot convert its CMYK to CIELAB (absolute colorimetric)")
    }
    defer { cms.cmsDeleteTransform(transform) }
    return colours.map { cmyk in
      var input = cmyk
      var output = [Double](repeating: 0, count: 3)
      cms.cmsDoTransform(transform, &input, &output, 1)
      return output
    }
  }
}
