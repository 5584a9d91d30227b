import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Temporary files removed when the process is ended by SIGINT or SIGTERM (Ctrl-C, `kill`,
/// a batch system's cancel), so a signalled run leaves none behind (the next run's sweep
/// only removes a killed run's files once they are 10 s old).
///
/// A file is registered while it exists (`register(_:)` … `unregister(_:)`); the handler
/// (`removeOnSignal()`) unlinks every registered path with `unlink`, which is async-signal-
/// safe, then ends the process by the same signal with its default action. The paths live in
/// fixed slots allocated once, so the handler reads no Swift object. SIGKILL cannot be caught:
/// its files are left to the sweep.
public enum SignalCleanup {
  /// How many temporary files can be registered at once (an export with `--jobs` writes a
  /// few at a time); a file past them is simply not registered.
  public static let slots = 64
  /// The longest path a slot holds, its terminating NUL included.
  public static let pathBytes = Int(PATH_MAX)

  /// Each slot's path, NUL-terminated.
  nonisolated(unsafe) private static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slots * pathBytes)
  /// 1 where a slot holds a live path, 0 where it is free; read by the handler.
  nonisolated(unsafe) private static let live: UnsafeMutablePointer<sig_atomic_t> = {
    let flags = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: slots)
    flags.initialize(repeating: 0, count: slots)
    return flags
  }()
  private static let claims = Mutex([Bool](repeating: false, count: slots))

  /// Registers `path` (made absolute by the caller or relative to a working directory that
  /// does not change); returns its slot, or nil when every slot is taken or the path is too
  /// long.
  public static func register(_ path: String) -> Int? {
    let bytes = Array(path.utf8)
    guard bytes.count < pathBytes, !bytes.contains(0) else { return nil }
    guard
      let slot = claims.withLock({ claims -> Int? in
        guard let free = claims.firstIndex(of: false) else { return nil }
        claims[free] = true
        return free
      })
    else { return nil }
    let start = paths + slot * pathBytes
    for (index, byte) in bytes.enumerated() { start[index] = CChar(bitPattern: byte) }
    start[bytes.count] = 0
    live[slot] = 1
    return slot
  }

  /// Frees `slot` once its file is renamed or removed.
  public static func unregister(_ slot: Int?) {
    guard let slot else { return }
    live[slot] = 0
    claims.withLock { $0[slot] = false }
  }

  /// Installs the handler for SIGINT and SIGTERM (once; for the executable, not a library).
  public static func removeOnSignal() {
    _ = live  // allocated before any signal can arrive
    let handler: @convention(c) (Int32) -> Void = { number in
      for slot in 0..<SignalCleanup.slots where SignalCleanup.live[slot] == 1 {
        unlink(SignalCleanup.paths + slot * SignalCleanup.pathBytes)
      }
      // End as the signal would have: the parent sees "killed by SIGINT/SIGTERM".
      _ = signal(number, SIG_DFL)
      raise(number)
    }
    for number in [SIGINT, SIGTERM] { _ = signal(number, handler) }
  }
}
