import Foundation

/// A fontconfig configuration of a test's own, so what the test sees does not depend on the fonts
/// the machine has: fontconfig reads exactly the font files named, and the fallback for text the
/// label's font lacks is the family the test names first.
///
/// ```swift
/// let fonts = try TestFonts(in: folder, files: [TestFonts.droidSansFallback])
/// let result = try Processes.run(binary, arguments, environment: fonts.environment)
/// ```
public struct TestFonts {
  /// Debian's `fonts-droid-fallback` (the quick tier installs it): a CJK font for fallback tests.
  public static let droidSansFallback = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

  /// The `fonts.conf` written.
  public let configuration: String

  /// The variables that point fontconfig at `configuration` (`FONTCONFIG_FILE`).
  public var environment: [String: String] { ["FONTCONFIG_FILE": configuration] }

  /// Writes `folder/fontconfig/fonts.conf` reading only `files` (linked into
  /// `folder/fontconfig/fonts/`, with a cache in the same folder), and preferring `preferred`
  /// (family names, first first) for characters the requested font lacks.
  ///
  /// - Parameters:
  ///   - files: font files by absolute path; each must exist.
  ///   - preferred: families appended to every pattern, so the fallback is named, not chosen by
  ///     fontconfig's scoring among whatever is installed.
  public init(in folder: String, files: [String], preferred: [String] = ["Droid Sans Fallback"]) throws {
    let root = "\(folder)/fontconfig"
    let fonts = "\(root)/fonts"
    try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
    for file in files {
      guard FileManager.default.fileExists(atPath: file) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: file])
      }
      let link = "\(fonts)/\((file as NSString).lastPathComponent)"
      try? FileManager.default.removeItem(atPath: link)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    }
    let families = preferred.map { "<string>\($0)</string>" }.joined()
    configuration = "\(root)/fonts.conf"
    try """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
    <fontconfig>
      <dir>\(fonts)</dir>
      <cachedir>\(root)/cache</cachedir>
      <match target="pattern"><edit name="family" mode="append_last">\(families)</edit></match>
    </fontconfig>
    """.write(toFile: configuration, atomically: true, encoding: .utf8)
  }

  /// A copy of the font at `path` whose names say `replacement` where they said `original`
  /// (both of the same length, ASCII): another family with the same glyphs, to stand for a second
  /// font of the same script that another machine might have (WenQuanYi beside Droid, say).
  ///
  /// The `name` table's strings are rewritten in place, in both the one-byte (Macintosh) and
  /// the UTF-16BE (Windows) records, so no offset or length changes.
  public static func renamedCopy(
    of path: String, replacing original: String, with replacement: String, to copy: String
  ) throws {
    precondition(original.utf8.count == replacement.utf8.count, "names of the same length")
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func integer(_ offset: Int, _ width: Int) -> Int {
      (0..<width).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }
    let tables = integer(4, 2)
    guard
      let record = (0..<tables).map({ 12 + 16 * $0 }).first(where: { bytes[$0..<$0 + 4].elementsEqual("name".utf8) })
    else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path]) }
    let start = integer(record + 8, 4)
    let end = start + integer(record + 12, 4)
    func wide(_ text: String) -> [UInt8] { text.utf8.flatMap { [0, $0] as [UInt8] } }
    let pairs: [([UInt8], [UInt8])] = [
      (Array(original.utf8), Array(replacement.utf8)), (wide(original), wide(replacement)),
    ]
    var replaced = 0
    for (from, to) in pairs {
      var offset = start
      while offset + from.count <= end {
        if bytes[offset..<offset + from.count].elementsEqual(from) {
          bytes.replaceSubrange(offset..<offset + from.count, with: to)
          replaced += 1
          offset += from.count
        } else {
          offset += 1
        }
      }
    }
    guard replaced > 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path]) }
    try Data(bytes).write(to: URL(fileURLWithPath: copy))
  }
}
