import Foundation
import Synchronization
import XCTest

@testable import WallpaperExport

final class WorkersTests: XCTestCase {
  /// `--jobs 8` must run eight at a time even on a two-core machine: eight workers meet at a
  /// barrier that only opens when all eight are running. (`concurrentPerform` ran two.)
  func testEveryWorkerRunsAtTheSameTime() {
    let count = 8
    let arrived = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let met = Atomic(0)
    DispatchQueue.global().async {
      for _ in 0..<count { arrived.wait() }
      met.store(count, ordering: .sequentiallyConsistent)
      for _ in 0..<count { release.signal() }
    }
    Workers.run(count) { _ in
      arrived.signal()
      // A deadlock detector, not a time limit: all eight arrive within microseconds.
      if release.wait(timeout: .now() + 120) == .timedOut { return }
    }
    XCTAssertEqual(met.load(ordering: .sequentiallyConsistent), count)
  }
}
