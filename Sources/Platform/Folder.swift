#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FilePath {
  /// The names in the folder at this path (not `.` and `..`), in the order the file system
  /// gives them; nil when it cannot be opened as a folder. Read with `opendir`/`readdir`.
  /// With `hiddenOnly`, only names that start with a dot (checked before a string is made, so
  /// a large folder costs little when few of its files are hidden).
  public func folderEntries(hiddenOnly: Bool = false) -> [String]? {
    guard let folder = opendir(string) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        guard !hiddenOnly || raw.first == UInt8(ascii: ".") else { return nil }
        return String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let name, name != ".", name != ".." { names.append(name) }
    }
    return names
  }
}
