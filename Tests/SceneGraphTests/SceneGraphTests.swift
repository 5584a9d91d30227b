import SceneGraph
import TestSupport
import XCTest

final class ValidationTests: XCTestCase {
  func testNegativeAndNonFiniteSizesAreRejectedNamingTheValue() {
    XCTAssertThrowsError(try Size(width: -1, height: 10)) { error in
      XCTAssertEqual((error as? SceneError)?.field, "size.width")
      XCTAssertEqual((error as? SceneError)?.value, "-1.0")
    }
    XCTAssertThrowsError(try Size(width: 10, height: .nan)) { error in
      XCTAssertEqual((error as? SceneError)?.field, "size.height")
    }
    XCTAssertThrowsError(try Point(x: .infinity, y: 0)) { error in
      XCTAssertEqual((error as? SceneError)?.field, "point.x")
    }
    XCTAssertThrowsError(try Scene(size: Size(width: 0, height: 10), nodes: []))
  }

  func testOpacityAndColoursMustBeInUnitRange() {
    // An opacity is made by a throwing initialiser only: no literal, so `design.season.alpha = 1.5`
    // does not compile, and `try Opacity(1.5)` throws instead of trapping.
    XCTAssertFalse(Opacity.self is any ExpressibleByFloatLiteral.Type)
    XCTAssertFalse(Opacity.self is any ExpressibleByIntegerLiteral.Type)
    let (tooHigh, tooLow, zero, one) = (Double("1.5")!, Double("-0.1")!, Double("0")!, Double("1")!)
    XCTAssertThrowsError(try Opacity(tooHigh)) { error in
      XCTAssertEqual(String(describing: error), "opacity: 1.5 is not allowed (a number in 0…1)")
    }
    XCTAssertThrowsError(try Opacity(tooLow))
    XCTAssertThrowsError(try Opacity(.nan))
    XCTAssertNoThrow(try Opacity(zero))
    XCTAssertNoThrow(try Opacity(one))
    XCTAssertEqual(try Opacity(one), .opaque)
    XCTAssertThrowsError(try Color(red: 1.2, green: 0, blue: 0)) { error in
      XCTAssertEqual((error as? SceneError)?.field, "color.red")
    }
  }

  func testGradientsNeedTwoAscendingStopsAndPositiveRadius() throws {
    let red = try GradientStop(offset: 0, color: .black)
    let blue = try GradientStop(offset: 1, color: .white)
    XCTAssertThrowsError(try Paint.linear(from: .zero, to: Point(x: 1, y: 1), stops: [red]))
    XCTAssertThrowsError(try Paint.linear(from: .zero, to: Point(x: 1, y: 1), stops: [blue, red]))
    XCTAssertThrowsError(try Paint.radial(center: .zero, radius: 0, stops: [red, blue]))
    XCTAssertThrowsError(try GradientStop(offset: 1.01, color: .black))
    XCTAssertNoThrow(try Paint.radial(center: .zero, radius: 3, stops: [red, blue]))
  }

  func testStrokesTextAndTransformsRejectBadValues() throws {
    XCTAssertThrowsError(try Stroke(.solid(.black), width: 0))
    XCTAssertThrowsError(try Stroke(.solid(.black), width: .devicePixels(0)))
    let font = FontReference(path: "x.ttf")
    XCTAssertThrowsError(try TextNode("", font: font, size: 10, color: .black, position: .zero))
    XCTAssertThrowsError(try TextNode("a\nb", font: font, size: 10, color: .black, position: .zero)) { error in
      XCTAssertEqual((error as? SceneError)?.value, "U+000A")
    }
    XCTAssertThrowsError(try TextNode("a", font: font, size: -3, color: .black, position: .zero))
    XCTAssertThrowsError(try Transform.scale(0, 1))
    XCTAssertThrowsError(try Geometry.rounded(Rect(x: 0, y: 0, width: 1, height: 1), radius: -1))
    XCTAssertThrowsError(try Path([.line(to: .zero)]))
  }

  func testTransformsComposeInOrder() throws {
    let t = try Transform.scale(2, 2).then(.translation(Vector(dx: 10, dy: 0)))
    XCTAssertEqual(t.apply(to: try Point(x: 1, y: 1)), try Point(x: 12, y: 2))
  }
}

final class SceneDumpTests: XCTestCase {
  func testDumpIsStableAndShowsEveryNodeKind() throws {
    var path = Path()
    path.move(to: try Point(x: 0, y: 0))
    path.line(to: try Point(x: 10, y: 0))
    path.curve(to: try Point(x: 10, y: 10), control1: try Point(x: 12, y: 2), control2: try Point(x: 12, y: 8))
    path.close()
    let gradient = try Paint.linear(
      from: .zero, to: Point(x: 0, y: 100),
      stops: [GradientStop(offset: 0, color: Color(rgb: 0xFF8800)), GradientStop(offset: 1, color: .white)])
    let scene = try Scene(
      size: Size(width: 375, height: 667.5),
      nodes: [
        .group(
          Group(
            name: "background", transform: .translation(Vector(dx: 1.25, dy: 0)), opacity: try Opacity(0.5),
            clip: .rectangle(Rect(x: 0, y: 0, width: 100, height: 100)),
            children: [
              .shape(ShapeNode(.rectangle(Rect(x: 0, y: 0, width: 375, height: 667.5)), fill: gradient)),
              .shape(
                ShapeNode(
                  .path(path), fill: nil,
                  stroke: try Stroke(.solid(Color(rgb: 0x112233, alpha: 0x80)), width: .devicePixels(1), cap: .round))),
            ])),
        .text(
          try TextNode(
            "Autumn", font: FontReference(path: "/x/Quicksand-Bold.ttf"), size: 48, color: .black,
            position: Point(x: 187.5, y: 120), anchor: TextAnchor(.center, .top))),
        .image(ImageNode(data: [1, 2, 3], frame: Rect(x: 0, y: 0, width: 10, height: 20), mode: .fit)),
      ])
    Golden.assertText(scene.dump(), matches: "dump")
  }
}

/// The initialisers that cannot fail, for constants: valid values kept, others clamped.
final class ClampingTests: XCTestCase {
  func testValidValuesAreKeptAndOthersClamped() throws {
    XCTAssertEqual(Size(clampingWidth: 612, height: 792), try Size(width: 612, height: 792))
    XCTAssertEqual(Size(clampingWidth: -3, height: .nan), try Size(width: 0, height: 0))
    XCTAssertEqual(Size(clampingWidth: .infinity, height: 1).width, .greatestFiniteMagnitude)
    XCTAssertEqual(Point(clampingX: -.infinity, y: .nan), try Point(x: -.greatestFiniteMagnitude, y: 0))
    XCTAssertEqual(
      Rect(clampingX: 1.5, y: -2, width: 10, height: 20), try Rect(x: 1.5, y: -2, width: 10, height: 20))
    XCTAssertEqual(
      EdgeInsets(clampingTop: 62, left: -1, bottom: 34, right: 0),
      try EdgeInsets(top: 62, left: 0, bottom: 34, right: 0))
    XCTAssertEqual(Opacity(clamping: 0.5), try Opacity(0.5))
    XCTAssertEqual([1.5, -1, .nan].map { Opacity(clamping: $0).value }, [1, 0, 0])
    XCTAssertEqual(
      Color(clampingRed: 0.001, green: 0.002, blue: 0.003), try Color(red: 0.001, green: 0.002, blue: 0.003))
    XCTAssertEqual(
      Color(clampingRed: 2, green: -1, blue: .nan, alpha: 0.5), try Color(red: 1, green: 0, blue: 0, alpha: 0.5))
  }
}

/// The pixel grid every backend places device-pixel strokes on (`PixelSnapping`).
final class PixelSnappingTests: XCTestCase {
  func testOddWidthsGoToPixelCentresAndEvenWidthsToPixelEdges() throws {
    XCTAssertNil(PixelSnapping(strokeWidth: .points(1)), "widths in points are not snapped")
    let odd = try XCTUnwrap(PixelSnapping(strokeWidth: .devicePixels(1)))
    let even = try XCTUnwrap(PixelSnapping(strokeWidth: .devicePixels(2)))
    XCTAssertEqual([0.2, 3, 2.9999999, -0.4].map(odd.snap), [0.5, 3.5, 3.5, -0.5])
    XCTAssertEqual([0.2, 3, 2.6, -0.4].map(even.snap), [0, 3, 3, 0])
  }

  func testPointsSnapInDeviceSpaceAndComeBackInUserSpace() throws {
    let odd = try XCTUnwrap(PixelSnapping(strokeWidth: .devicePixels(3)))
    // 2 px per point, moved by 10 pt: (1.1, 2.3) pt is (22.2, 24.6) px, snapped to (22.5, 24.5).
    let toDevice = try Transform.translation(Vector(dx: 10, dy: 10)).then(.scale(2, 2))
    let snapped = odd.snap(try Point(x: 1.1, y: 2.3), toDevice: toDevice)
    XCTAssertEqual(snapped.x, 1.25, accuracy: 1e-12)
    XCTAssertEqual(snapped.y, 2.25, accuracy: 1e-12)
  }
}
