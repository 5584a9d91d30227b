import Foundation

/// The result of running a program.
public struct ProcessResult {
  public let status: Int32
  public let stdout: String
  public let stderr: String
  /// Standard output byte for byte, for binary output.
  public var stdoutBytes: [UInt8] = []
}

public enum Processes {
  /// The interpreter of the Python test helpers: Debian's own, which has the python3-* packages
  /// `make check` installs, whatever `python3` comes first on `PATH`.
  public static let python =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

  /// The folder holding the test bundle and the built products (`.build/debug`).
  public static var productsFolder: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// The built `wallpaper` binary.
  public static var wallpaperBinary: String {
    var folder = productsFolder
    // The test runner may be inside a `.xctest` bundle.
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("wallpaper").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return productsFolder.appendingPathComponent("wallpaper").path
  }

  /// The shared objects one process opened, from the `LD_DEBUG=files` trace on its stderr
  /// (`  PID:\tfile=NAME [0];  needed by …` or `dynamically loaded by …`), dlopen included. Only
  /// the traced program's own lines count (the first process in the trace): a process it starts
  /// inherits LD_DEBUG too, as AddressSanitizer's llvm-symbolizer does, which maps libxml2.
  public static func loadedLibraries(trace stderr: String) -> [String] {
    var program: Substring?
    return stderr.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: "file="), let colon = line.firstIndex(of: ":") else { return nil }
      let process = line[..<colon].drop { $0 == " " }
      if program == nil { program = process }
      guard process == program else { return nil }
      return String(line[range.upperBound...].prefix { $0 != " " && $0 != "\t" })
    }
  }

  /// Runs `executable` with `arguments`, optionally in `directory` and with extra environment.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: String? = nil,
    environment: [String: String] = [:]
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : try which(executable))
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes while the process runs, so neither can fill up and block it.
    let group = DispatchGroup()
    // nonisolated(unsafe): each variable is written by one reader block and read only after
    // group.wait(), which orders the accesses.
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: Array(outData))
  }

  /// The full path of a program on PATH; fails with the package to install when missing.
  public static func which(_ program: String) throws -> String {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      let candidate = "\(folder)/\(program)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw TestFailure(
      "'\(program)' is not installed; `make test` or `make check` installs it (Scripts/install-deps.sh)")
  }

  /// Every file below `root` (not folders), by path relative to it, with its bytes.
  public static func files(under root: String) -> [String: Data] {
    var result: [String: Data] = [:]
    for case let path as String in FileManager.default.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator() {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: "\(root)/\(path)", isDirectory: &isDirectory)
      if !isDirectory.boolValue { result[path] = FileManager.default.contents(atPath: "\(root)/\(path)") }
    }
    return result
  }

  /// A fresh temporary folder, removed by the caller.
  public static func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "wallpaper-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}

extension Processes {
  /// Runs `executable` (an absolute path) with `arguments` in `directory`, and returns its exit
  /// status and its peak resident memory in bytes.
  ///
  /// `/usr/bin/time` starts the program with fork(2) and reports its `ru_maxrss` (GNU time's
  /// `%M` in KiB on Linux, from Debian's `time`; BSD time's `-l` line in bytes on macOS). The
  /// test runner's own `wait4` would not do: posix_spawn shares the runner's memory until the
  /// exec, and Linux carries the runner's peak into the child's `ru_maxrss` at that exec.
  public static func peakMemory(
    _ executable: String, _ arguments: [String], in directory: String
  ) throws -> (status: Int32, bytes: Int) {
    let (result, bytes) = try measured(executable, arguments, in: directory)
    return (result.status, bytes)
  }

  /// Runs `executable` as `peakMemory(_:_:in:)` does, and returns what it wrote with its peak
  /// resident memory in bytes (the largest of the program and any child it waited for).
  public static func measured(
    _ executable: String, _ arguments: [String], in directory: String
  ) throws -> (result: ProcessResult, bytes: Int) {
    #if os(macOS)
      let result = try run("/usr/bin/time", ["-l", executable] + arguments, in: directory)
      let line = result.stderr.split(separator: "\n").last { $0.hasSuffix("maximum resident set size") }
      let bytes = line.flatMap { Int($0.split(separator: " ").first ?? "") }
      let text = result.stderr
    #else
      let report = try temporaryFolder()
      defer { try? FileManager.default.removeItem(atPath: report) }
      let result = try run(
        "/usr/bin/time", ["-f", "%M", "-o", "\(report)/peak", executable] + arguments, in: directory)
      let text = (try? String(contentsOfFile: "\(report)/peak", encoding: .utf8)) ?? ""
      // A failing program makes time write "Command exited with non-zero status N" first.
      let bytes = text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map {
        $0 * 1024
      }
    #endif
    guard let bytes else {
      throw NSError(domain: "time", code: 1, userInfo: [NSLocalizedDescriptionKey: "no peak memory in '\(text)'"])
    }
    return (result, bytes)
  }
}
