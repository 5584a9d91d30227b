#if canImport(Glibc)
  import Glibc
  import CPlatform
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Getting written files onto storage, once for many files rather than with an `fsync` each.
public enum Durability {
  /// Writes every file on the file system holding `descriptor` (an open file or folder) to
  /// storage: `syncfs(2)` with glibc; elsewhere `fsync` of the descriptor after `sync(2)`, which
  /// schedules every file system's writes.
  ///
  /// - Returns: 0, or -1 with `errno` set.
  public static func flushFileSystem(holding descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      return syncfs(descriptor)
    #else
      sync()
      return fsync(descriptor)
    #endif
  }
}
