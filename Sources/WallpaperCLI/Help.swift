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

  /// The page wrapped to `width` columns (at least 40): prose at spaces, each option's or
  /// argument's description in its column, example commands at spaces with a trailing `\`.
  func text(width: Int) -> String {
    let width = max(40, width)
    var lines = wrap("OVERVIEW: \(overview)", width: width, indent: 2)
    lines += [""] + wrap("USAGE: \(usage)", width: width, indent: 7)
    func section(_ title: String, _ rows: [(String, String)]) {
      guard !rows.isEmpty else { return }
      lines += ["", "\(title):"]
      let column = min(30, width * 3 / 8, rows.map(\.0.count).max()! + 2)
      let indent = String(repeating: " ", count: column + 2)
      for (left, right) in rows {
        var description = wrap(right, width: width - column - 2, indent: 0)
        if left.count + 2 > column {
          lines.append("  " + left)
        } else {
          lines.append("  " + left.padded(toWidth: column) + description.removeFirst())
        }
        lines += description.map { indent + $0 }
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
    if let footer {
      for paragraph in footer.split(separator: "\n\n") {
        lines +=
          [""]
          + wrap(
            paragraph.split(separator: "\n").map { $0.trimmingSpaces() }.joined(separator: " "), width: width, indent: 0
          )
      }
    }
    if !examples.isEmpty {
      lines += ["", "EXAMPLES:"]
      for (command, what) in examples {
        lines += wrap(what, width: width - 4, indent: 0).map { "  # " + $0 }
        lines += wrapCommand(command, width: width)
      }
    }
    if options.contains(where: { $0.field != nil }) { lines += [""] + wrap(Self.limits, width: width, indent: 0) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` broken at spaces into lines of at most `width` characters, the lines after the first
  /// indented by `indent` spaces; a word longer than a line stands alone on its line.
  private func wrap(_ text: String, width: Int, indent: Int) -> [String] {
    wrap(words: text.split(separator: " ").map(String.init), width: width, indent: indent)
  }

  /// `words` joined by spaces into lines of at most `width` characters (see `wrap(_:width:indent:)`).
  private func wrap(words: [String], width: Int, indent: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in words {
      let prefix = lines.isEmpty ? "" : String(repeating: " ", count: indent)
      if !line.isEmpty, prefix.count + line.count + 1 + word.count > width {
        lines.append(prefix + line)
        line = String(word)
      } else {
        line += (line.isEmpty ? "" : " ") + word
      }
    }
    lines.append((lines.isEmpty ? "" : String(repeating: " ", count: indent)) + line)
    return lines
  }

  /// An example command, indented by two spaces, continued with ` \` on lines indented by six
  /// so that it can still be pasted into a shell: never broken inside a quoted argument.
  private func wrapCommand(_ command: String, width: Int) -> [String] {
    var words: [String] = []
    var quote: Character? = nil
    for word in command.split(separator: " ") {
      if quote != nil {
        words[words.count - 1] += " " + word
      } else {
        words.append(String(word))
      }
      for character in word where character == "'" || character == "\"" {
        if quote == nil { quote = character } else if quote == character { quote = nil }
      }
    }
    let lines = wrap(words: words, width: width - 4, indent: 4)
    return lines.indices.map { "  " + lines[$0] + ($0 < lines.count - 1 ? " \\" : "") }
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
