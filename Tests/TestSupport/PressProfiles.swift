import Foundation

/// Real CMYK output profiles of registered printing conditions, for the tests that check a
/// condition against its profile: ArgyllCMS's `colprof` (Debian `argyll`) builds each from the
/// condition's own characterisation data set as Debian's `icc-profiles-free` ships it
/// (`/usr/share/color/icc/FOGRA39L.ti3`: Fogra's 1,617 measured patches of FOGRA39;
/// `TR003.ti3`: the CGATS TR 003 / SWOP grade 3 data set). Built once per test process, at
/// colprof's low quality (`-ql`, about 10 s each), in a temporary folder.
public enum PressProfiles {
  /// The data sets, by the name the tests use.
  public enum DataSet: String, CaseIterable, Sendable {
    case fogra39 = "FOGRA39L"
    case cgatsTR003 = "TR003"
  }

  /// Where Debian's `icc-profiles-free` puts the data sets.
  public static let dataFolder = "/usr/share/color/icc"

  nonisolated(unsafe) private static var made: [DataSet: String] = [:]
  private static let lock = NSLock()

  /// The path of an output profile built from `dataSet`.
  ///
  /// - Throws: when `colprof` or the data set is missing (`Scripts/install-deps.sh test`
  ///   installs both), or colprof fails.
  public static func profile(_ dataSet: DataSet) throws -> String {
    lock.lock()
    defer { lock.unlock() }
    if let path = made[dataSet] { return path }
    let colprof = try Processes.which("colprof")
    let data = "\(dataFolder)/\(dataSet.rawValue).ti3"
    guard FileManager.default.fileExists(atPath: data) else {
      throw TestFailure("\(data) is missing; `make test` installs it (Scripts/install-deps.sh: icc-profiles-free)")
    }
    let folder = try Processes.temporaryFolder()
    try FileManager.default.copyItem(atPath: data, toPath: "\(folder)/\(dataSet.rawValue).ti3")
    // -kr: black generation from the data; -l: the data set's total ink limit (FOGRA39 330 %,
    // SWOP 300 %), which only shapes the B2A tables; the check reads the A2B tables.
    let limit = dataSet == .fogra39 ? "330" : "300"
    let result = try Processes.run(
      colprof,
      [
        "-ql", "-kr", "-l\(limit)", "-D", "\(dataSet.rawValue) (ArgyllCMS colprof)", "-O", "press.icc",
        dataSet.rawValue,
      ],
      in: folder)
    guard result.status == 0 else {
      throw TestFailure("colprof failed on \(data): \(result.stderr)")
    }
    let path = "\(folder)/press.icc"
    made[dataSet] = path
    return path
  }
}
