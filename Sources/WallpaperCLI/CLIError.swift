/// A command's failure, carrying its exit status.
public enum CLIError: Error, Equatable, CustomStringConvertible {
  /// Exit 2: an unknown command or flag, a bad value, a bad design.
  case usage(String)
  /// Exit 1: rendering or writing failed.
  case failure(String)

  public var exitCode: Int32 {
    switch self {
    case .usage: return 2
    case .failure: return 1
    }
  }

  public var description: String {
    switch self {
    case .usage(let message), .failure(let message): return message
    }
  }
}

extension String {
  /// The text with control characters (and the Unicode line and paragraph separators) written
  /// as escapes (`\n`, `\t`, `\u{1B}`), so a value from the user can't split a one-line
  /// message or drive the terminal.
  var escapingControlCharacters: String {
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}":
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
