import Dispatch
import FilePaths
import FoundationEssentials
import Glibc

/// The write end of the pipe that wakes `Watcher` on SIGINT/SIGTERM; -1 when not watching.
nonisolated(unsafe) private var wakePipe: Int32 = -1

/// `--watch`: renders once, then again whenever a watched file changes, until Ctrl-C.
///
/// Watches the files' folders through inotify (not the files), so that editors and tools that
/// save by writing a new file and renaming it over the old one are seen: a change is a file
/// closed after writing (`IN_CLOSE_WRITE`) or moved into place (`IN_MOVED_TO`). Events within
/// `settle` of each other make one render.
struct Watcher {
  let console: WallpaperTool.Console
  /// Quiet time after an event before rendering, in milliseconds.
  var settle: Int32 = 80

  /// One render: returns the files it read (to watch from then on) and what it wrote.
  typealias Render = () throws(CLIError) -> (inputs: [String], output: String)

  /// Renders, then watches `initial` plus every file a render names, printing one line per
  /// render (`HH:MM:SS rendered PATH in N ms`) on stdout or one `error:` line on stderr; a
  /// failed render leaves the last good file as it was. Returns on SIGINT or SIGTERM.
  ///
  /// - Throws: `CLIError.failure` when inotify cannot be set up or a folder cannot be watched.
  func run(initial: [String], render: Render) throws(CLIError) {
    let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard inotify >= 0 else { throw .failure("--watch: inotify is not available (\(errnoText()))") }
    defer { close(inotify) }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw .failure("--watch: cannot create a pipe (\(errnoText()))") }
    for end in pipeEnds {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    defer {
      close(pipeEnds[0])
      close(pipeEnds[1])
    }
    wakePipe = pipeEnds[1]
    let handler: @convention(c) (Int32) -> Void = { _ in
      var byte: UInt8 = 1
      _ = write(wakePipe, &byte, 1)
    }
    let previousInt = signal(SIGINT, handler)
    let previousTerm = signal(SIGTERM, handler)
    defer {
      signal(SIGINT, previousInt)
      signal(SIGTERM, previousTerm)
      wakePipe = -1
    }

    var watched = Set(initial.map(Self.absolute))
    var folders: [Int32: String] = [:]
    func watchFolders() throws(CLIError) {
      for folder in Set(watched.map { FilePath($0).folderOrCurrent })
      where !folders.values.contains(folder) {
        let descriptor = inotify_add_watch(inotify, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO))
        guard descriptor >= 0 else { throw .failure("--watch: cannot watch '\(folder)' (\(errnoText()))") }
        folders[descriptor] = folder
      }
    }
    func once() throws(CLIError) {
      let start = DispatchTime.now().uptimeNanoseconds
      do {
        let result = try render()
        let ms = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        console.out("\(Self.clock()) rendered \(result.output) in \(ms) ms\n")
        watched.formUnion(result.inputs.map(Self.absolute))
      } catch {
        console.err("error: \(error.description)\n")
      }
      try watchFolders()
    }
    try watchFolders()
    try once()

    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var fds = [
      pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
      pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0),
    ]
    while true {
      fds[0].revents = 0
      fds[1].revents = 0
      let ready = poll(&fds, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        throw .failure("--watch: poll failed (\(errnoText()))")
      }
      if fds[1].revents != 0 { return }
      guard fds[0].revents != 0 else { continue }
      var changed = readEvents(inotify, &buffer, folders: folders, watched: watched)
      // Let a burst of events (write, then rename; several files saved at once) settle.
      var quiet = [fds[0], fds[1]]
      while poll(&quiet, 2, settle) > 0 {
        if quiet[1].revents != 0 { return }
        changed = readEvents(inotify, &buffer, folders: folders, watched: watched) || changed
        quiet[0].revents = 0
      }
      if changed { try once() }
    }
  }

  /// Reads every pending event; true when one names a watched file.
  private func readEvents(_ inotify: Int32, _ buffer: inout [UInt8], folders: [Int32: String], watched: Set<String>)
    -> Bool
  {
    var changed = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
      guard count > 0 else { return changed }
      var offset = 0
      let headerSize = MemoryLayout<inotify_event>.size
      while offset + headerSize <= count {
        let (descriptor, nameLength) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          return (event.wd, Int(event.len))
        }
        let nameBytes = buffer[(offset + headerSize)..<(offset + headerSize + nameLength)].prefix { $0 != 0 }
        let name = String(decoding: nameBytes, as: UTF8.self)
        if let folder = folders[descriptor], watched.contains(folder + "/" + name) { changed = true }
        offset += headerSize + nameLength
      }
    }
  }

  /// An absolute, standardized path, so events and names compare equal.
  static func absolute(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return FilePath(full).lexicallyNormalized?.string ?? full
  }

  /// The local time of day, `HH:MM:SS`.
  static func clock() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }

  private func errnoText() -> String { String(cString: strerror(errno)) }
}
