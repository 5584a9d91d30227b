import Foundation
import XCTest

/// Golden-image testing. References live in `__Snapshots__/` beside the test file. They are
/// recorded only when `RECORD_GOLDENS=1` is set (and never when `CI` is set); a mismatch
/// writes expected, actual and diff images to a folder and names it in the failure.
public enum Golden {
  /// How close an image must be to its reference.
  public struct Tolerance: Sendable {
    /// A pixel counts as different when a channel differs by more than this (0…255).
    public var channel: Int
    /// The fraction of pixels allowed to differ.
    public var fraction: Double

    public init(channel: Int, fraction: Double) {
      self.channel = channel
      self.fraction = fraction
    }

    /// The same Cairo build gives the same pixels; this absorbs rounding across machines.
    public static let exactRender = Tolerance(channel: 2, fraction: 0.001)
  }

  /// Compares `text` with `__Snapshots__/<name>.txt`, showing the first differing line.
  public static func assertText(
    _ text: String, matches name: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let reference = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/\(name).txt")
    let environment = ProcessInfo.processInfo.environment
    if environment["RECORD_GOLDENS"] == "1" && environment["CI"] == nil {
      try? FileManager.default.createDirectory(
        at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? text.write(to: reference, atomically: true, encoding: .utf8)
      XCTFail("recorded \(reference.path); unset RECORD_GOLDENS and run again", file: file, line: line)
      return
    }
    guard let expected = try? String(contentsOf: reference, encoding: .utf8) else {
      XCTFail(
        "no reference \(reference.path); run `RECORD_GOLDENS=1 swift test` once, review it, commit it", file: file,
        line: line)
      return
    }
    guard expected != text else { return }
    let (old, new) = (
      expected.split(separator: "\n", omittingEmptySubsequences: false),
      text.split(separator: "\n", omittingEmptySubsequences: false)
    )
    let index = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    XCTFail(
      "\(name) differs at line \(index + 1):\n  expected: \(index < old.count ? String(old[index]) : "(end)")\n  actual:   \(index < new.count ? String(new[index]) : "(end)")\n"
        + "If intended, run `RECORD_GOLDENS=1 swift test` and commit \(reference.path).",
      file: file, line: line)
  }

  /// The repository's root folder, found from a test file's path.
  public static func repositoryRoot(file: StaticString = #filePath) -> URL {
    var folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
    while folder.path != "/",
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder
  }

  public static func assertImage(
    _ png: [UInt8], matches name: String, tolerance: Tolerance = .exactRender,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
    let reference = folder.appendingPathComponent(name + ".png")
    let environment = ProcessInfo.processInfo.environment
    let recording = environment["RECORD_GOLDENS"] == "1" && environment["CI"] == nil
    if recording {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try? Data(png).write(to: reference)
      XCTFail("recorded \(reference.path); unset RECORD_GOLDENS and run again", file: file, line: line)
      return
    }
    guard let expectedData = FileManager.default.contents(atPath: reference.path) else {
      XCTFail(
        "no reference image \(reference.path); run `RECORD_GOLDENS=1 swift test` once, check the image, commit it",
        file: file, line: line)
      return
    }
    do {
      let expected = try RGBAImage(png: Array(expectedData))
      let actual = try RGBAImage(png: png)
      guard expected.width == actual.width, expected.height == actual.height else {
        let out = try writeArtifacts(name, expected: expected, actual: actual, diff: nil)
        XCTFail(
          "\(name): size \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height); images in \(out)",
          file: file, line: line)
        return
      }
      let difference = ImageDifference(expected, actual, threshold: tolerance.channel)
      if difference.fractionOverThreshold > tolerance.fraction {
        let out = try writeArtifacts(name, expected: expected, actual: actual, diff: difference.diff)
        XCTFail(
          "\(name) differs from its reference: \(difference); expected/actual/diff images in \(out). "
            + "If the change is intended, run `RECORD_GOLDENS=1 swift test` and commit the new reference.",
          file: file, line: line)
      }
    } catch {
      XCTFail("\(name): \(error)", file: file, line: line)
    }
  }

  private static func writeArtifacts(_ name: String, expected: RGBAImage, actual: RGBAImage, diff: RGBAImage?) throws
    -> String
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-failures/\(name)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(expected.pngData()).write(to: folder.appendingPathComponent("expected.png"))
    try Data(actual.pngData()).write(to: folder.appendingPathComponent("actual.png"))
    if let diff { try Data(diff.pngData()).write(to: folder.appendingPathComponent("diff.png")) }
    return folder.path
  }
}
