#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The environment variables a command reads (`WALLPAPER_FONTS`, `SOURCE_DATE_EPOCH`, the job
/// array's index variables): the process's own, each read when asked for, or a fixed set that
/// a test or a program using the library passes instead.
///
/// The process's variables are looked up one at a time with `getenv`: copying the whole
/// environment into a dictionary (as `ProcessInfo.environment` does) cost about a fifth of the
/// start-up of `wallpaper --version`.
///
/// ```swift
/// let fixed: Environment = ["SOURCE_DATE_EPOCH": "1700000000"]
/// let fonts = Environment.process["WALLPAPER_FONTS"]
/// ```
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
  /// nil for the process's environment.
  private let fixed: [String: String]?

  /// The running process's environment variables.
  public static let process = Environment(fixed: nil)

  private init(fixed: [String: String]?) { self.fixed = fixed }

  /// Exactly `variables`, and nothing of the process's.
  public init(_ variables: [String: String]) { fixed = variables }

  public init(dictionaryLiteral elements: (String, String)...) {
    fixed = Dictionary(elements, uniquingKeysWith: { $1 })
  }

  /// The variable's value, or nil when it is not set.
  public subscript(name: String) -> String? {
    if let fixed { return fixed[name] }
    return getenv(name).map { String(cString: $0) }
  }
}
