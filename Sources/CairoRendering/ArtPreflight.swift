import CCairo
import Platform
import SceneGraph
import Synchronization

/// The cage around librsvg for untrusted art: before the tool draws a designer's SVG itself,
/// a helper process (this same executable, run as `wallpaper __art-preflight`) draws it once at
/// the size the device needs, under `setrlimit` limits of its own. A panic (librsvg aborts on
/// some filters), a hang or runaway memory ends the helper, not the tool, and the art is
/// refused in one line saying which limit it passed. Art the helper drew within the limits is
/// then drawn by the tool as before (the same bytes, the same librsvg).
///
/// The sanitiser (`VectorArt(parsing:reference:)`) refuses the known unbounded features first,
/// with a precise message; this is the bound for whatever it does not know.
///
/// Off until an executable enables it (`enable(helper:)`): the `wallpaper` tool does, at
/// start-up. A program using the library without it relies on the sanitiser's limits alone.
public enum ArtPreflight {
  /// The hidden subcommand that runs the helper side (`runHelper(_:)`).
  public static let helperCommand = "__art-preflight"
  /// The helper's writable memory (`RLIMIT_DATA`): 160 MiB, so that with the executable's
  /// own pages it stays within 256 MiB of resident memory. Enough for a full-screen iPad Pro
  /// 13″ (2064×2752 px, 22 MiB a surface) with a few filter layers.
  public static let maxMemoryBytes = 160 << 20
  /// The helper's CPU time (`RLIMIT_CPU`): 3 s. Art within it is drawn again by the tool, so
  /// a run stays within 10 s.
  public static let maxCPUSeconds = 3
  /// The helper's wall-clock time, after which it is killed: 5 s (on a busy machine a helper
  /// may wait for a core).
  public static let timeoutSeconds = 5.0

  private struct Key: Hashable {
    let art: VectorArt
    let width: Int
    let height: Int
  }

  private struct State {
    var helper: String?
    /// Art already tried at a size, with the refusal when it was refused (an export draws
    /// the same art for many files).
    var tried: [Key: RenderError?] = [:]
  }

  private static let state = Mutex(State())

  /// Turns the preflight on: `helper` is an executable that runs `runHelper(_:)` when its first
  /// argument is `helperCommand`.
  public static func enable(helper: String) {
    state.withLock { $0.helper = helper }
  }

  /// Draws `art` covering `width` × `height` device pixels in the helper process (once per art
  /// and size per process); does nothing when the preflight is off.
  ///
  /// - Throws: `RenderError.art` naming the limit the art passed, or librsvg's reason.
  static func check(_ art: VectorArt, width: Int, height: Int) throws(RenderError) {
    let key = Key(art: art, width: width, height: height)
    let (helper, known) = state.withLock { ($0.helper, $0.tried[key]) }
    guard let helper else { return }
    if let known {
      if let known { throw known }
      return
    }
    let refusal = tryInHelper(helper, art, width: width, height: height)
    state.withLock { $0.tried[key] = .some(refusal) }
    if let refusal { throw refusal }
  }

  private static func tryInHelper(_ helper: String, _ art: VectorArt, width: Int, height: Int) -> RenderError? {
    let arguments = [helperCommand, "\(width)", "\(height)", "\(art.size.width)", "\(art.size.height)"]
    // No Swift backtrace for a crash in the helper: it is expected there, and slow to print.
    guard
      let result = ChildProcess.run(
        helper, arguments, input: art.document, timeout: timeoutSeconds, environment: ["SWIFT_BACKTRACE": "enable=no"])
    else {
      return .art(reason: "cannot start the helper that tries it (\(helper))")
    }
    let said = result.standardError.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let memory = "librsvg needs more than \(maxMemoryBytes >> 20) MiB to draw it (the limit for untrusted art)"
    let time =
      "librsvg takes more than \(maxCPUSeconds) s to draw it (the limit for untrusted art; simplify its filters, text or repeats)"
    switch result.ending {
    case .exited(0): return nil
    // librsvg says NoMemory when Cairo cannot make a layer within the limit.
    case .exited(1) where said.contains("NoMemory"): return .art(reason: memory)
    case .exited(1): return .art(reason: said.isEmpty ? "librsvg cannot draw it" : said)
    case .timedOut: return .art(reason: time)
    case .signalled(let signal) where signal == SIGXCPU || signal == SIGKILL: return .art(reason: time)
    case .exited, .signalled:
      // Rust reports a failed allocation as "memory allocation of N bytes failed" and aborts.
      if result.standardError.contains("memory allocation") || result.standardError.contains("out of memory") {
        return .art(reason: memory)
      }
      let ending: String
      if case .signalled(let signal) = result.ending { ending = "signal \(signal)" } else { ending = "a failure" }
      let panic = said.contains("panicked") ? ": \(said.prefix(120))" : ""
      return .art(reason: "librsvg crashed drawing it (\(ending) in the helper process\(panic))")
    }
  }

  /// The helper side, run as `wallpaper __art-preflight W H ARTW ARTH` with the art's
  /// document (`VectorArt.document`) on standard input: limits itself, then draws the art to
  /// cover W × H pixels as the renderer does.
  ///
  /// - Returns: the exit status: 0 drawn, 1 librsvg refused it (its reason on standard error),
  ///   2 bad arguments.
  public static func runHelper(_ arguments: [String]) -> Int32 {
    ResourceLimits.limitSelf(dataBytes: maxMemoryBytes, cpuSeconds: maxCPUSeconds)
    let numbers = arguments.compactMap { Double($0) }
    guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite && $0 > 0 }), numbers[0] <= 1e5, numbers[1] <= 1e5,
      let size = try? Size(width: numbers[2], height: numbers[3])
    else {
      Descriptor.writeAll("usage: wallpaper \(helperCommand) WIDTH HEIGHT ART-WIDTH ART-HEIGHT < art.svg\n", to: 2)
      return 2
    }
    let (width, height) = (Int32(numbers[0]), Int32(numbers[1]))
    do throws(RenderError) {
      let bytes: [UInt8]
      do {
        bytes = try FilePath("/dev/stdin").readRegularFile(limit: maxMemoryBytes)
      } catch {
        throw .art(reason: "the helper cannot read the art (\(error.description))")
      }
      let document = try LibRSVG.Document(document: bytes, size: size)
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
      defer { cairo_surface_destroy(surface) }
      guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
        throw .art(reason: "a surface of \(width)×\(height) px cannot be made")
      }
      let cr = cairo_create(surface)!
      defer { cairo_destroy(cr) }
      // As `VectorNode.placement`: a uniform scale that covers the surface, centred.
      let scale = max(numbers[0] / size.width, numbers[1] / size.height)
      var matrix = cairo_matrix_t(
        xx: scale, yx: 0, xy: 0, yy: scale, x0: (numbers[0] - size.width * scale) / 2,
        y0: (numbers[1] - size.height * scale) / 2)
      cairo_transform(cr, &matrix)
      try document.draw(into: cr)
      return 0
    } catch {
      let reason: String
      if case .art(let text) = error { reason = text } else { reason = error.description }
      Descriptor.writeAll(reason + "\n", to: 2)
      return 1
    }
  }
}
