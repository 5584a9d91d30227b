import Dispatch
import Platform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The write end of the pipe that wakes `Watcher` on SIGINT/SIGTERM; -1 when not watching.
nonisolated(unsafe) private var wakePipe: Int32 = -1

/// `--watch`: renders once, then again whenever a watched file changes, until Ctrl-C.
///
/// The files are watched through `FileWatch` (Platform): inotify on Linux, kqueue on Darwin, a
/// `stat` poll elsewhere; saves that write a new file and rename it into place are seen. Events
/// within `settle` of each other make one render.
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
  /// - Throws: `CLIError.failure` when the files cannot be watched.
  func run(initial: [String], render: Render) throws(CLIError) {
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

    do throws(FileWatch.Failure) {
      let files = try FileWatch(wake: pipeEnds[0])
      try files.watch(initial.map(Self.absolute))
      func once() throws(FileWatch.Failure) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result: (inputs: [String], output: String)
        do throws(CLIError) {
          result = try render()
        } catch {
          console.err("error: \(error.description)\n")
          return
        }
        let ms = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        console.out("\(Self.clock()) rendered \(result.output) in \(ms) ms\n")
        try files.watch(result.inputs.map(Self.absolute))
      }
      try once()
      while try files.next(settle: settle) == .changed { try once() }
    } catch {
      throw .failure("--watch: \(error.description)")
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
