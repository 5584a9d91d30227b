#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A short-lived helper process run with a wall-clock deadline: how untrusted work (a
/// designer's SVG through librsvg) is tried where a crash, a hang or runaway memory cannot
/// take the tool down with it.
public enum ChildProcess {
  /// How the child ended.
  public enum Ending: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (SIGABRT for a panic or a failed allocation, SIGXCPU or SIGKILL at
    /// its CPU limit).
    case signalled(Int32)
    /// It ran past the deadline and was killed (SIGKILL).
    case timedOut
  }

  /// What the child said and how it ended.
  public struct Result: Sendable {
    public let ending: Ending
    /// Its standard error, at most `maxErrorBytes`.
    public let standardError: String
  }

  /// The most of the child's standard error that is kept: 64 KiB.
  public static let maxErrorBytes = 64 << 10

  /// This process's executable (the target of `/proc/self/exe`), nil where there is none.
  public static var currentExecutable: String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Runs `executable` with `arguments` (the executable's own name is prepended), `input` on
  /// its standard input (an unlinked temporary file, so no pipe can block or raise SIGPIPE),
  /// its standard output discarded, its standard error collected; killed with SIGKILL when it
  /// runs `timeout` seconds of wall-clock time. It inherits this process's environment with
  /// `environment`'s variables set.
  ///
  /// - Returns: how it ended, or nil when it could not start.
  public static func run(
    _ executable: String, _ arguments: [String], input: [UInt8], timeout: Double, environment: [String: String] = [:]
  ) -> Result? {
    guard let file = tmpfile() else { return nil }
    defer { fclose(file) }
    let inputDescriptor = fileno(file)
    guard Descriptor.writeAll(input, to: inputDescriptor) == nil, lseek(inputDescriptor, 0, SEEK_SET) == 0 else {
      return nil
    }
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&errorPipe) == 0 else { return nil }
    defer { close(errorPipe[0]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputDescriptor, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, errorPipe[0])
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var inherited: [String] = []
    var entry = environ
    while let variable = entry.pointee {
      let text = String(cString: variable)
      if !environment.keys.contains(where: { text.hasPrefix($0 + "=") }) { inherited.append(text) }
      entry += 1
    }
    let envp = (inherited + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).map { strdup($0) }
    defer { envp.forEach { free($0) } }
    var pid = pid_t()
    let status = (argv + [nil]).withUnsafeBufferPointer { pointers in
      (envp + [nil]).withUnsafeBufferPointer { variables in
        posix_spawn(
          &pid, executable, &actions, nil, UnsafeMutablePointer(mutating: pointers.baseAddress!),
          UnsafeMutablePointer(mutating: variables.baseAddress!))
      }
    }
    close(errorPipe[1])
    guard status == 0 else { return nil }

    var collected: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    let deadline = monotonicSeconds() + timeout
    var open = true
    var ending: Ending?
    while ending == nil {
      let left = deadline - monotonicSeconds()
      if left <= 0 {
        kill(pid, SIGKILL)
        var waited: Int32 = 0
        while waitpid(pid, &waited, 0) < 0 && errno == EINTR {}
        ending = .timedOut
        break
      }
      if open {
        var poller = pollfd(fd: errorPipe[0], events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(left, 0.05) * 1000) + 1)
        if ready > 0 {
          let got = chunk.withUnsafeMutableBytes { read(errorPipe[0], $0.baseAddress!, $0.count) }
          if got > 0 {
            if collected.count < maxErrorBytes { collected += chunk[..<min(got, maxErrorBytes - collected.count)] }
          } else if got == 0 || errno != EINTR {
            open = false
          }
        }
      } else {
        usleep(10_000)
      }
      var waited: Int32 = 0
      let done = waitpid(pid, &waited, WNOHANG)
      if done == pid {
        // Whatever the child wrote before it ended.
        while open {
          let got = chunk.withUnsafeMutableBytes { read(errorPipe[0], $0.baseAddress!, $0.count) }
          guard got > 0 else { break }
          if collected.count < maxErrorBytes { collected += chunk[..<min(got, maxErrorBytes - collected.count)] }
        }
        let signal = waited & 0x7F
        ending = signal == 0 ? .exited((waited >> 8) & 0xFF) : .signalled(signal)
      }
    }
    return Result(ending: ending!, standardError: String(decoding: collected, as: UTF8.self))
  }

  /// Seconds on the monotonic clock.
  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// Limits this process puts on itself (`setrlimit`), for a helper that runs untrusted work.
public enum ResourceLimits {
  /// Caps the process's writable private memory (`RLIMIT_DATA`: the heap and anonymous
  /// mappings, which is where decoded images and rendered surfaces live; shared libraries'
  /// code is not counted) at `dataBytes`, and its CPU time (`RLIMIT_CPU`: SIGXCPU, then
  /// SIGKILL a second later) at `cpuSeconds`. Also turns core dumps off, so a crash leaves no
  /// file behind.
  ///
  /// - Returns: false when the system refused a limit.
  @discardableResult
  public static func limitSelf(dataBytes: Int, cpuSeconds: Int) -> Bool {
    var data = rlimit(rlim_cur: rlim_t(dataBytes), rlim_max: rlim_t(dataBytes))
    var cpu = rlimit(rlim_cur: rlim_t(cpuSeconds), rlim_max: rlim_t(cpuSeconds + 1))
    var core = rlimit(rlim_cur: 0, rlim_max: 0)
    #if canImport(Glibc)
      let dataResource = __rlimit_resource_t(RLIMIT_DATA.rawValue)
      let cpuResource = __rlimit_resource_t(RLIMIT_CPU.rawValue)
      let coreResource = __rlimit_resource_t(RLIMIT_CORE.rawValue)
    #else
      let (dataResource, cpuResource, coreResource) = (RLIMIT_DATA, RLIMIT_CPU, RLIMIT_CORE)
    #endif
    return setrlimit(dataResource, &data) == 0 && setrlimit(cpuResource, &cpu) == 0
      && setrlimit(coreResource, &core) == 0
  }
}
