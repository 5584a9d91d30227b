import DesignFiles
import Wallpapers

/// One command-line option: its names, its value, its help, and the design field it sets.
struct OptionSpec {
  /// Long name first (`--output`), then any short alias (`-o`).
  let names: [String]
  /// The placeholder shown in help (`PATH`); nil for a switch.
  let valueName: String?
  /// The help text, made only when help, completions or the man page show it: the texts list
  /// the values of enumerations and limits, and building them for every option of the tables
  /// on every run cost more than parsing the arguments.
  private let makeHelp: @Sendable () -> String
  /// The design field the option sets, so flags and design files share one set of rules.
  let field: [String]?
  /// The value a switch puts into its field (`--no-label` → false).
  var switchValue: JSONValue.Kind?
  var repeatable: Bool
  /// What the value can be, for shell completions, when the option sets no design field (a
  /// field's own kind, from the loader's field table, is used otherwise).
  var values: FieldSpec.Kind?

  init(
    names: [String], valueName: String?, help: @autoclosure @escaping @Sendable () -> String, field: [String]?,
    switchValue: JSONValue.Kind? = nil, repeatable: Bool = false, values: FieldSpec.Kind? = nil
  ) {
    self.names = names
    self.valueName = valueName
    self.makeHelp = help
    self.field = field
    self.switchValue = switchValue
    self.repeatable = repeatable
    self.values = values
  }

  var name: String { names[0] }
  var help: String { makeHelp() }
}

/// The options given on a command line, split into design overrides and the command's own.
struct ParsedArguments {
  var positional: [String] = []
  var overrides: [DesignOverride] = []
  /// Options that are not design fields, by long name; switches map to "".
  var values: [String: String] = [:]

  func has(_ name: String) -> Bool { values[name] != nil }
}

enum ArgumentParser {
  /// Splits `arguments` by `specs`. `--name=value` and `--name value` are both accepted.
  ///
  /// - Throws: `CLIError.usage` for an unknown option (with the closest names), a missing
  ///   value, too many positional arguments, or an option given twice.
  static func parse(_ arguments: [String], specs: [OptionSpec], maxPositional: Int) throws(CLIError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var seen = Set<String>()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-"), argument != "-" else {
        guard parsed.positional.count < maxPositional else {
          throw .usage("unexpected argument '\(argument)'")
        }
        parsed.positional.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = specs.first(where: { $0.names.contains(name) }) else {
        let candidates = specs.flatMap(\.names).filter { $0.hasPrefix("--") }
        let hint = closest(to: name, in: candidates).first.map { "; did you mean '\($0)'?" } ?? ""
        throw .usage("unknown option '\(name)'\(hint)")
      }
      guard spec.repeatable || seen.insert(spec.name).inserted else {
        throw .usage("\(spec.name) is given more than once")
      }
      let value: String?
      if let valueName = spec.valueName {
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count, !looksLikeOption(arguments[index], specs: specs) {
          value = arguments[index]
          index += 1
        } else if index < arguments.count {
          throw .usage(
            "\(name) needs a value (\(valueName)) but is followed by the option '\(arguments[index])'; "
              + "write \(spec.name)=VALUE for a value that starts with '-'")
        } else {
          throw .usage("\(name) needs a value (\(valueName))")
        }
        guard value!.utf8.count <= DesignLimits.maxStringBytes else {
          throw .usage(
            "\(name): a value of \(value!.utf8.count) bytes is not allowed (at most \(DesignLimits.maxStringBytes) bytes)"
          )
        }
      } else {
        guard inlineValue == nil else { throw .usage("\(spec.name) takes no value") }
        value = nil
      }
      if let field = spec.field {
        let kind = spec.switchValue ?? .string(value ?? "")
        parsed.overrides.append(
          DesignOverride(
            path: field, value: JSONValue(kind, origin: .flag(name)), appends: spec.repeatable))
      } else {
        parsed.values[spec.name] = value ?? ""
      }
    }
    return parsed
  }

  /// Whether `argument`, found where a value belongs, is rather the next option: any `--word`,
  /// or a short option of this command (`-o`). `-` and negative numbers are values.
  static func looksLikeOption(_ argument: String, specs: [OptionSpec]) -> Bool {
    if argument.hasPrefix("--") { return argument.count > 2 }
    let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
    return specs.contains { $0.names.contains(name) }
  }
}
