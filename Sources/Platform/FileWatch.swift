#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells when watched files change, including files that editors save by writing a new file and
/// renaming it over the old one. One type, three mechanisms:
/// - Linux: inotify on the files' folders (`IN_CLOSE_WRITE`, `IN_MOVED_TO`), so a save is seen
///   once it is complete, and `IN_DELETE`, `IN_MOVED_FROM`, `IN_ATTRIB`, so a file that goes
///   away or becomes unreadable is seen too;
/// - Darwin: kqueue `EVFILT_VNODE` on the folders and the files, each wake-up confirmed by
///   comparing the files' `stat` (device, inode, size, modification time);
/// - elsewhere (and with `polling: true`): that `stat` comparison every `pollInterval`.
///
/// Not `Sendable`: one thread owns it. Paths are compared as given: pass absolute, normalised
/// paths.
public final class FileWatch {
  /// What ended a wait.
  public enum Event: Equatable, Sendable {
    /// A watched file was written, replaced, created or removed.
    case changed
    /// `wake` became readable (a signal handler wrote to its pipe).
    case woken
  }

  /// Why watching failed: the system's call and reason.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// How often the stat comparison runs where no kernel notification is used, in milliseconds.
  public static let pollInterval: Int32 = 250

  private let wake: Int32
  private let polling: Bool
  private var files = Set<String>()
  private var folders: [Int32: String] = [:]
  private var signatures: [String: FileSignature] = [:]
  /// inotify's or kqueue's descriptor; -1 when polling.
  private var notifier: Int32 = -1
  #if canImport(Darwin)
    /// Descriptors opened for kqueue (folders and files), closed when re-armed.
    private var vnodes: [Int32] = []
  #endif

  /// - Parameters:
  ///   - wake: a descriptor whose readability ends a wait with `.woken` (the read end of a pipe).
  ///   - polling: compare `stat` every `pollInterval` instead of using the kernel's notifications.
  /// - Throws: `Failure` when the kernel's notification queue cannot be created.
  public init(wake: Int32, polling: Bool = false) throws(Failure) {
    self.wake = wake
    #if os(Linux)
      self.polling = polling
      if !polling {
        notifier = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard notifier >= 0 else { throw Failure(description: "inotify is not available (\(Self.reason()))") }
      }
    #elseif canImport(Darwin)
      self.polling = polling
      if !polling {
        notifier = kqueue()
        guard notifier >= 0 else { throw Failure(description: "kqueue is not available (\(Self.reason()))") }
      }
    #else
      self.polling = true
    #endif
  }

  deinit {
    #if canImport(Darwin)
      for descriptor in vnodes { close(descriptor) }
    #endif
    if notifier >= 0 { close(notifier) }
  }

  /// Adds `paths` to the watched files (their folders must exist).
  ///
  /// - Throws: `Failure` naming a folder that cannot be watched.
  public func watch(_ paths: some Sequence<String>) throws(Failure) {
    let added = Set(paths).subtracting(files)
    guard !added.isEmpty else { return }
    files.formUnion(added)
    for path in added { signatures[path] = FileSignature(path) }
    #if os(Linux)
      if !polling {
        for folder in Set(added.map { FilePath($0).folderOrCurrent }) where !folders.values.contains(folder) {
          let descriptor = inotify_add_watch(
            notifier, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB))
          guard descriptor >= 0 else { throw Failure(description: "cannot watch '\(folder)' (\(Self.reason()))") }
          folders[descriptor] = folder
        }
      }
    #elseif canImport(Darwin)
      if !polling { try rearm() }
    #endif
  }

  /// Blocks until a watched file changes or `wake` is readable. Changes within `settle`
  /// milliseconds of each other (a write, then a rename; several files saved at once) make one
  /// `.changed`.
  ///
  /// - Throws: `Failure` when waiting fails.
  public func next(settle: Int32) throws(Failure) -> Event {
    while true {
      switch try wait(timeout: polling ? Self.pollInterval : -1) {
      case .woken: return .woken
      case .ready, .quiet: guard drain() else { continue }
      }
      // Let the burst settle: another change restarts the quiet time.
      while true {
        switch try wait(timeout: settle) {
        case .woken: return .woken
        case .ready: _ = drain()
        case .quiet:
          if polling && drain() { continue }
          return .changed
        }
      }
    }
  }

  private enum Wait { case woken, ready, quiet }

  /// Waits up to `timeout` milliseconds (-1: no limit) for `wake` or the notifier.
  private func wait(timeout: Int32) throws(Failure) -> Wait {
    var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
    if notifier >= 0 { descriptors.append(pollfd(fd: notifier, events: Int16(POLLIN), revents: 0)) }
    while true {
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        throw Failure(description: "poll failed (\(Self.reason()))")
      }
      if descriptors[0].revents != 0 { return .woken }
      return ready == 0 ? .quiet : .ready
    }
  }

  /// Reads what the notifier has queued; true when a watched file changed.
  private func drain() -> Bool {
    #if os(Linux)
      if !polling { return readInotifyEvents() }
    #elseif canImport(Darwin)
      if !polling {
        var event = kevent()
        var timeout = timespec(tv_sec: 0, tv_nsec: 0)
        while kevent(notifier, nil, 0, &event, 1, &timeout) > 0 {}
        let changed = compareSignatures()
        try? rearm()
        return changed
      }
    #endif
    return compareSignatures()
  }

  /// Whether any watched file's `stat` differs from the last look; remembers the new ones.
  private func compareSignatures() -> Bool {
    var changed = false
    for path in files {
      let now = FileSignature(path)
      if now != signatures[path] {
        signatures[path] = now
        changed = true
      }
    }
    return changed
  }

  #if os(Linux)
    private func readInotifyEvents() -> Bool {
      var changed = false
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      let headerSize = MemoryLayout<inotify_event>.size
      while true {
        let count = buffer.withUnsafeMutableBytes { read(notifier, $0.baseAddress, $0.count) }
        guard count > 0 else { return changed }
        var offset = 0
        while offset + headerSize <= count {
          let (descriptor, nameLength) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
            let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            return (event.wd, Int(event.len))
          }
          let nameBytes = buffer[(offset + headerSize)..<(offset + headerSize + nameLength)].prefix { $0 != 0 }
          let name = String(decoding: nameBytes, as: UTF8.self)
          if let folder = folders[descriptor], files.contains(folder + "/" + name) { changed = true }
          offset += headerSize + nameLength
        }
      }
    }
  #endif

  #if canImport(Darwin)
    /// Registers every folder and file anew: a file replaced by a rename is a new vnode.
    private func rearm() throws(Failure) {
      for descriptor in vnodes { close(descriptor) }
      vnodes = []
      let folders = Set(files.map { FilePath($0).folderOrCurrent })
      for path in folders.sorted() + files.sorted() {
        let descriptor = open(path, O_EVTONLY | O_CLOEXEC)
        if descriptor < 0 {
          if folders.contains(path) { throw Failure(description: "cannot watch '\(path)' (\(Self.reason()))") }
          continue  // a file not there yet: its folder's events tell when it comes
        }
        vnodes.append(descriptor)
        let flags = UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_RENAME | NOTE_DELETE | NOTE_ATTRIB)
        var change = kevent(
          ident: UInt(descriptor), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR), fflags: flags,
          data: 0, udata: nil)
        guard kevent(notifier, &change, 1, nil, 0, nil) == 0 else {
          throw Failure(description: "cannot watch '\(path)' (\(Self.reason()))")
        }
      }
    }
  #endif

  private static func reason() -> String { String(cString: strerror(errno)) }
}

/// What `stat` says of a file that a change alters; a missing file keeps the defaults (size -1).
struct FileSignature: Equatable {
  var device: UInt64 = 0
  var inode: UInt64 = 0
  var size: Int64 = -1
  var modified: Int64 = 0
  var modifiedNanoseconds: Int = 0

  init(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
    size = Int64(truncatingIfNeeded: info.st_size)
    modified = Int64(info.modificationTime.tv_sec)
    modifiedNanoseconds = Int(info.modificationTime.tv_nsec)
  }
}
