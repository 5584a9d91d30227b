import Platform
import Wallpapers

/// The `--devices` value of every command: `all`, `iphone`, `ipad`, `current`, `since:YEAR` or
/// device ids, separated by commas, in any case. One parser, so `export` and `proof` accept
/// exactly the same lists.
enum DeviceSelection {
  static let allowed =
    "all, iphone, ipad, current (what iOS 26 and iPadOS 26 support), since:YEAR (released in YEAR or later), "
    + "or device ids from `wallpaper devices`, separated by commas"

  /// The words `--devices` completes to, before the device ids: the groups, and `since:` with
  /// every release year in the catalogue.
  static var groupWords: [String] {
    let years = Set(DeviceCatalog.devices.compactMap(\.released)).sorted()
    return ["all", "iphone", "ipad", "current"] + years.map { "since:\($0)" }
  }

  /// What `all`, `iphone` and `ipad` stand for.
  enum Groups {
    /// Every model of the family (export groups them by screen class itself).
    case everyModel
    /// The first model of each screen class of the family (one proof page per class).
    case firstOfEachClass
  }

  /// The devices `text` names, in the order given, each once.
  ///
  /// - Throws: `CLIError.usage` naming `--devices` for an empty list, an empty entry
  ///   (`a,,b`), a `since:` without a year from 2007 to 2100, or an unknown id, with the closest ids.
  static func parse(_ text: String, groups: Groups) throws(CLIError) -> [Device] {
    let tokens = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingSpaces().lowercased() }
    guard !tokens.contains("") else {
      let problem = tokens.allSatisfy(\.isEmpty) ? "no devices named" : "an empty entry"
      throw .usage("--devices: '\(text)' is not allowed (\(problem); \(allowed))")
    }
    func group(_ include: (Device) -> Bool) -> [Device] {
      switch groups {
      case .everyModel:
        return DeviceCatalog.devices.filter(include)
      case .firstOfEachClass:
        return DeviceCatalog.screenClasses.compactMap { DeviceCatalog.models(of: $0).first(where: include) }
      }
    }
    var devices: [Device] = []
    for token in tokens {
      let named: [Device]
      switch token {
      case "all": named = group { _ in true }
      case "iphone": named = group { $0.family == .iphone }
      case "ipad": named = group { $0.family == .ipad }
      case "current": named = group(\.runsCurrentOS)
      case _ where token.hasPrefix("since:"):
        let year = try Self.year(String(token.dropFirst("since:".count)), in: token)
        named = group { ($0.released ?? 0) >= year }
      default:
        guard let device = DeviceCatalog.device(id: token) else {
          let suggestions = DeviceCatalog.suggestions(for: token)
          let hint = suggestions.isEmpty ? "" : "; closest: " + suggestions.joined(separator: ", ")
          throw .usage("--devices: '\(token)' is not allowed (\(allowed))\(hint)")
        }
        named = [device]
      }
      for device in named where !devices.contains(device) { devices.append(device) }
    }
    return devices
  }

  /// The year of `since:YEAR`: four digits from 2007 (the first iPhone) to 2100.
  private static func year(_ text: String, in token: String) throws(CLIError) -> Int {
    guard text.count == 4, text.allSatisfy(\.isASCII), let year = Int(text), (2007...2100).contains(year) else {
      throw .usage("--devices: '\(token)' is not allowed (since:YEAR takes a year from 2007 to 2100, like since:2020)")
    }
    return year
  }
}
