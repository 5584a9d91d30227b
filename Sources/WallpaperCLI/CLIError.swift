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
