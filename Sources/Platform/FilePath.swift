#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file path as the user wrote it, with the few operations the tool needs, done on the bytes
/// of the string: no Foundation path methods (the toolchain's `deletingLastPathComponent`
/// traps on one-character paths) and no normalisation the user did not ask for.
///
/// Components are separated by `/`; repeated and trailing slashes are ignored when splitting.
public struct FilePath: Hashable, Sendable, CustomStringConvertible {
  /// The path exactly as given.
  public let string: String

  public init(_ string: String) { self.string = string }

  public var description: String { string }

  /// `-`, which output options take to mean standard output.
  public var isStandardStream: Bool { string == "-" }

  public var isAbsolute: Bool { string.hasPrefix("/") }

  /// The non-empty components: `a//b/` → `["a", "b"]`; `/` → `[]`.
  public var components: [String] { string.split(separator: "/").map(String.init) }

  /// The last component (`b.png` for `a/b.png`), or "" for `/` and "".
  public var lastComponent: String { components.last ?? "" }

  /// The folder that holds the last component: `a` for `a/b`, `/` for `/b`, "" for `b`.
  public var folder: String {
    var parts = components
    guard !parts.isEmpty else { return isAbsolute ? "/" : "" }
    parts.removeLast()
    return (isAbsolute ? "/" : "") + parts.joined(separator: "/")
  }

  /// The folder, or `.` when the path has none.
  public var folderOrCurrent: String {
    let folder = self.folder
    return folder.isEmpty ? "." : folder
  }

  /// The extension of the last component without the dot (`png`), or "" when it has none; a
  /// leading dot (`.hidden`) does not start an extension.
  public var pathExtension: String {
    let name = lastComponent
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// The last component without its extension: `d` for `a/d.json`.
  public var stem: String {
    let name = lastComponent
    let ext = pathExtension
    return ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
  }

  /// `other` below this path, or `other` itself when it is absolute or this path is empty.
  public func appending(_ other: String) -> FilePath {
    if other.hasPrefix("/") || string.isEmpty { return FilePath(other) }
    return FilePath(string.hasSuffix("/") ? string + other : string + "/" + other)
  }

  /// The path with `.` components and `x/..` pairs removed, without looking at the disk; nil
  /// when `..` climbs above the start of a relative path.
  public var lexicallyNormalized: FilePath? {
    var parts: [String] = []
    for part in components {
      switch part {
      case ".": continue
      case "..":
        if parts.isEmpty {
          if isAbsolute { continue }
          return nil
        }
        parts.removeLast()
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    if isAbsolute { return FilePath("/" + joined) }
    return FilePath(joined.isEmpty ? "." : joined)
  }
}
