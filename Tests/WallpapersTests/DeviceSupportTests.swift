import XCTest

@testable import Wallpapers

/// The catalogue's release years and last OS versions, and what `current` means.
final class DeviceSupportTests: XCTestCase {
  func testEveryModelHasAYearAndALastOSWithItsSource() {
    for device in DeviceCatalog.devices {
      let year = device.released ?? 0
      XCTAssertTrue((2010...2025).contains(year), "\(device.id) released \(year)")
      let lastOS = device.lastOS ?? 0
      XCTAssertTrue((7...DeviceCatalog.currentOS).contains(lastOS), "\(device.id) last OS \(lastOS)")
      XCTAssertEqual(
        device.lastOSSource, lastOS == DeviceCatalog.currentOS ? .currentOSSupport : .earlierOSSupport, device.id)
    }
  }

  /// Apple's lists: iOS 26 runs on the iPhone 11 and SE (2nd generation) and later; iPadOS 26
  /// on A12 and later (the iPad 7th generation is the one iPadOS 18 model it drops).
  func testCurrentIsWhatIOS26AndIPadOS26Support() {
    let current = Set(DeviceCatalog.current.map(\.id))
    let iPhonesBefore11 = [
      "iphone-4", "iphone-4s", "iphone-5", "iphone-5s", "iphone-5c", "iphone-se-1", "iphone-6", "iphone-6s",
      "iphone-7", "iphone-8", "iphone-6-plus", "iphone-6s-plus", "iphone-7-plus", "iphone-8-plus", "iphone-x",
      "iphone-xs", "iphone-xs-max", "iphone-xr",
    ]
    let oldIPads = ["ipad-9-7", "ipad-air-9-7", "ipad-pro-9-7"]
    let iPhones = DeviceCatalog.devices.filter { $0.family == .iphone }.map(\.id)
    XCTAssertEqual(
      current.filter { $0.hasPrefix("iphone") }, Set(iPhones).subtracting(iPhonesBefore11),
      "iPhone 11 and SE 2 and later")
    XCTAssertTrue(current.isSuperset(of: ["iphone-se-2", "iphone-se-3", "iphone-11", "iphone-11-pro-max"]))
    let iPads = DeviceCatalog.devices.filter { $0.family == .ipad }.map(\.id)
    XCTAssertEqual(current.filter { $0.hasPrefix("ipad") }, Set(iPads).subtracting(oldIPads))
    XCTAssertEqual(DeviceCatalog.device(id: "iphone-xr")?.lastOS, 18)
    XCTAssertEqual(DeviceCatalog.device(id: "iphone-x")?.lastOS, 16)
  }
}
