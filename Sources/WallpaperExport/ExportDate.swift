import Platform
import Wallpapers

/// The date an export is made with: `SOURCE_DATE_EPOCH` for the PDFs' dates, and the day that
/// picks the season of a design naming neither a season nor a date (`--date` names one in the
/// design itself). A sharded run records it in its partial manifest, so `manifest merge` and a
/// re-run with `--incremental` use the date the shards used, not their own environment or clock.
///
/// ```swift
/// let date = try ExportDate(environment: ["SOURCE_DATE_EPOCH": "1764547200"])
/// // date.day == 2025-12-01 (the UTC day of the epoch), date.sourceDateEpoch == 1764547200
/// ```
public struct ExportDate: Equatable, Sendable, CustomStringConvertible {
  /// Whole seconds since 1970-01-01 UTC, written as every PDF's creation and modification
  /// date; nil: `DocumentInfo.defaultDate`, fixed so renders are reproducible.
  public var sourceDateEpoch: Int64?
  /// The day that picks the season when a design names neither a season nor a date.
  public var day: CalendarDate

  /// A date as given: the PDFs' `sourceDateEpoch` (whole seconds since 1970, or nil) and the
  /// season-picking `day`, which need not be the epoch's (a merge takes both from its parts).
  public init(sourceDateEpoch: Int64?, day: CalendarDate) {
    self.sourceDateEpoch = sourceDateEpoch
    self.day = day
  }

  /// `SOURCE_DATE_EPOCH` from `environment` and its UTC day; without it no epoch and `today`.
  ///
  /// - Throws: `ExportError.invalidInput` naming `SOURCE_DATE_EPOCH` when it is not a whole
  ///   number ≥ 0.
  public init(environment: Environment, today: () -> CalendarDate = { CalendarDate.today() }) throws(ExportError) {
    if let seconds = try Self.sourceDateEpoch(environment) {
      self.init(sourceDateEpoch: seconds, day: CalendarDate(utcDayOf: seconds))
    } else {
      self.init(sourceDateEpoch: nil, day: today())
    }
  }

  /// `SOURCE_DATE_EPOCH` of `environment`, nil when unset: the one place it is read.
  ///
  /// - Throws: `ExportError.invalidInput` naming it when it is not a whole number ≥ 0.
  public static func sourceDateEpoch(_ environment: Environment) throws(ExportError) -> Int64? {
    guard let text = environment["SOURCE_DATE_EPOCH"] else { return nil }
    guard let seconds = Int64(text), seconds >= 0 else {
      throw .invalidInput("SOURCE_DATE_EPOCH: '\(text)' is not allowed (whole seconds since 1970-01-01, ≥ 0)")
    }
    return seconds
  }

  /// `SOURCE_DATE_EPOCH=1764547200 (2025-12-01)`, or `day 2026-12-03 (no SOURCE_DATE_EPOCH)`:
  /// how an error names the date.
  public var description: String {
    if let sourceDateEpoch { return "SOURCE_DATE_EPOCH=\(sourceDateEpoch) (\(day))" }
    return "day \(day) (no SOURCE_DATE_EPOCH)"
  }

  /// As a partial manifest records it: `{"day": "2026-12-03"}` plus `sourceDateEpoch` when set.
  var json: [String: Any] {
    var object: [String: Any] = ["day": day.description]
    if let sourceDateEpoch { object["sourceDateEpoch"] = Int(sourceDateEpoch) }
    return object
  }
}
