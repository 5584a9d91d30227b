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
    // `d_name` is read where it lies: a record is only as long as its name (`d_reclen`), so
    // copying the whole `dirent` (`entry.pointee`) reads past the last record of readdir's
    // buffer (AddressSanitizer: heap-buffer-overflow).
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(folder) {
      let cName = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
      if hiddenOnly && UInt8(bitPattern: cName.pointee) != UInt8(ascii: ".") { continue }
      let name = String(decoding: UnsafeRawBufferPointer(start: cName, count: strlen(cName)), as: UTF8.self)
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }
}
