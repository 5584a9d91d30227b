import CairoRendering
import DesignFiles
import Platform

/// Help text in the OVERVIEW / USAGE / ARGUMENTS / OPTIONS / EXAMPLES layout. Options are
/// grouped by the part of the design they set (`OptionSpec.group`).
struct HelpPage {
  let overview: String
  let usage: String
  var arguments: [(String, String)] = []
  var options: [OptionSpec] = []
  var subcommands: [(String, String)] = []
  var footer: String? = nil
  /// Command lines with what each does.
  var examples: [(String, String)] = []

  /// The options in sections: the command's own first, then one per group, in table order.
  var optionGroups: [(title: String, options: [OptionSpec])] {
    var groups: [(title: String, options: [OptionSpec])] = []
    for spec in options {
      let title = spec.group
      if let index = groups.firstIndex(where: { $0.title == title }) {
        groups[index].options.append(spec)
      } else {
        groups.append((title, [spec]))
      }
    }
    return groups.filter { $0.title == "OPTIONS" } + groups.filter { $0.title != "OPTIONS" }
  }

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
          : left.padded(toWidth: width)
        lines.append("  " + padded + right)
      }
    }
    section("ARGUMENTS", arguments)
    for (index, group) in optionGroups.enumerated() {
      section(
        group.title,
        group.options.map { spec in (spec.synopsis, spec.help) }
          + (index == 0 && group.title == "OPTIONS" ? [("-h, --help", "Show help information.")] : []))
    }
    if !options.contains(where: { $0.group == "OPTIONS" }) {
      section("OPTIONS", [("-h, --help", "Show help information.")])
    }
    section("SUBCOMMANDS", subcommands)
    if let footer { lines += ["", footer] }
    if !examples.isEmpty {
      lines += ["", "EXAMPLES:"]
      for (command, what) in examples { lines += ["  # " + what, "  " + command] }
    }
    if options.contains(where: { $0.field != nil }) { lines += ["", Self.limits] }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The input limits, for every command that reads a design.
  static let limits =
    String(DesignLimits.summary.dropLast()) + "; images ≤ \(ImageLimits.maxPixelsPerSide) px per side and "
    + "\(ImageLimits.maxPixelsDescription) megapixels. Each exceeded limit is an error (exit 2)."
}

extension OptionSpec {
  /// `-o, --output PATH`: the names, short first, and the value's placeholder.
  var synopsis: String {
    let names = names.reversed().joined(separator: ", ")
    return valueName.map { "\(names) \($0)" } ?? names
  }

  /// The help section an option is listed in: by the part of the design its field sets, or
  /// OPTIONS for the command's own.
  var group: String {
    guard let field else { return "OPTIONS" }
    switch field[0] {
    case "background": return "BACKGROUND OPTIONS"
    case "season", "art": return "SEASON OPTIONS"
    case "label": return "LABEL OPTIONS"
    case "grid": return "GRID OPTIONS"
    case "device", "name", "orientation": return "DESIGN OPTIONS"
    default: return "OUTPUT OPTIONS"
    }
  }
}
