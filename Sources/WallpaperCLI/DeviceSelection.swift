import Platform
import Wallpapers

/// The `--devices` value of every command: `all`, `iphone`, `ipad` or device ids, separated by
/// commas, in any case. One parser, so `export` and `proof` accept exactly the same lists.
enum DeviceSelection {
  static let allowed = "all, iphone, ipad, or device ids from `wallpaper devices`, separated by commas"

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
  ///   (`a,,b`) or an unknown id, with the closest ids.
  static func parse(_ text: String, groups: Groups) throws(CLIError) -> [Device] {
    let tokens = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingSpaces().lowercased() }
    guard !tokens.contains("") else {
      let problem = tokens.allSatisfy(\.isEmpty) ? "no devices named" : "an empty entry"
      throw .usage("--devices: '\(text)' is not allowed (\(problem); \(allowed))")
    }
    func group(_ family: DeviceFamily?) -> [Device] {
      switch groups {
      case .everyModel:
        return DeviceCatalog.devices.filter { family == nil || $0.family == family }
      case .firstOfEachClass:
        return DeviceCatalog.screenClasses.filter { family == nil || $0.family == family }
          .compactMap { DeviceCatalog.models(of: $0).first }
      }
    }
    var devices: [Device] = []
    for token in tokens {
      let named: [Device]
      switch token {
      case "all": named = group(nil)
      case "iphone": named = group(.iphone)
      case "ipad": named = group(.ipad)
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
}
