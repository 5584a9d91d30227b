#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FilePath {
  /// The names in the folder at this path (not `.` and `..`), in the order the file system
  /// gives them; nil when it cannot be opened as a folder. Read with `opendir`/`readdir`.
  public func folderEntries() -> [String]? {
    guard let folder = opendir(string) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
