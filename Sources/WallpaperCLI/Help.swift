import CairoRendering
import Foundation
import Wallpapers

/// Help text in the OVERVIEW / USAGE / ARGUMENTS / OPTIONS layout.
struct HelpPage {
  let overview: String
  let usage: String
  var arguments: [(String, String)] = []
  var options: [OptionSpec] = []
  var subcommands: [(String, String)] = []
  var footer: String? = nil

  var text: String {
    var lines = ["OVERVIEW: \(overview)", "", "USAGE: \(usage)"]
    func section(_ title: String, _ rows: [(String, String)]) {
      guard !rows.isEmpty else { return }
      lines += ["", "\(title):"]
      let width = min(30, rows.map(\.0.count).max()! + 2)
      for (left, right) in rows {
        let padded =
          left.count + 2 > width
          ? left + "\n" + String(repeating: " ", count: width + 2)
          : left.padding(toLength: width, withPad: " ", startingAt: 0)
        lines.append("  " + padded + right)
      }
    }
    section("ARGUMENTS", arguments)
    section(
      "OPTIONS",
      options.map { spec in
        let names = spec.names.reversed().joined(separator: ", ")
        return (spec.valueName.map { "\(names) \($0)" } ?? names, spec.help)
      } + [("-h, --help", "Show help information.")])
    section("SUBCOMMANDS", subcommands)
    if let footer { lines += ["", footer] }
    if options.contains(where: { $0.field != nil }) { lines += ["", Self.limits] }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The input limits, for every command that reads a design.
  static let limits =
    String(DesignLimits.summary.dropLast()) + "; images ≤ \(ImageLimits.maxPixelsPerSide) px per side and "
    + "\(ImageLimits.maxPixelsDescription) megapixels. Each exceeded limit is an error (exit 2)."
}
