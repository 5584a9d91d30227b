/// Why an export, a merge, a proof (PrintProof's `Proof`), a design render or a file write did
/// not happen. The message is one line naming the file, field or option, the value and what is
/// allowed, ready to show as is (`wallpaper` prints it after `error: `).
///
/// ```swift
/// do {
///   let export = try Export(designFiles: ["autumn.json"], options: ExportOptions())
///   _ = export.run(into: "out")
/// } catch .invalidInput(let message) {
///   print("fix the design or the options: \(message)")
/// } catch {
///   print("could not export: \(error)")
/// }
/// ```
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The input cannot be used: a bad value in a design or the options, a design that fits
  /// none of the devices, a font or photo that cannot be read. Nothing was written. The
  /// `wallpaper` tool exits 2 for these.
  case invalidInput(String)
  /// The work failed: rendering, reading a manifest or writing a file. The `wallpaper` tool
  /// exits 1 for these.
  case failed(String)

  /// The one-line message.
  public var message: String {
    switch self {
    case .invalidInput(let message), .failed(let message): return message
    }
  }

  public var description: String { message }
}
