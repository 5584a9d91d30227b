import Platform
import SceneGraph

// Small drawing tools shared by the four seasons' art: plain-number rectangles and discs for
// layout, a pen that builds paths through a placement (move, turn, scale), wavy ridges for
// hills and waves, and a deterministic scatter for motifs that must not collide.

extension SeasonArt {
  /// A rectangle in plain numbers (points, y down), for layout arithmetic that cannot fail.
  struct Box: Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
      self.minX = minX
      self.minY = minY
      self.maxX = maxX
      self.maxY = maxY
    }

    init(_ rect: Rect) {
      self.init(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
    }

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var midX: Double { (minX + maxX) / 2 }
    var midY: Double { (minY + maxY) / 2 }
    var area: Double { width * height }

    /// The x coordinate a fraction `t` (0 = left edge, 1 = right edge) across.
    func x(_ t: Double) -> Double { minX + width * t }
    /// The y coordinate a fraction `t` (0 = top edge, 1 = bottom edge) down.
    func y(_ t: Double) -> Double { minY + height * t }

    /// The box shrunk by the given distances in points, or nil when nothing is left.
    func inset(top: Double, left: Double, bottom: Double, right: Double) -> Box? {
      let box = Box(minX: minX + left, minY: minY + top, maxX: maxX - right, maxY: maxY - bottom)
      return box.width > 0 && box.height > 0 ? box : nil
    }

    /// The box shrunk by `amount` points on every side, or nil when nothing is left.
    func inset(by amount: Double) -> Box? {
      inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// Whether the two boxes share more than an edge.
    func intersects(_ other: Box) -> Bool {
      minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The square around `disc`.
    init(around disc: Disc) {
      self.init(minX: disc.x - disc.r, minY: disc.y - disc.r, maxX: disc.x + disc.r, maxY: disc.y + disc.r)
    }

    /// Whether the disc lies wholly inside.
    func contains(_ disc: Disc) -> Bool {
      disc.x - disc.r >= minX && disc.x + disc.r <= maxX && disc.y - disc.r >= minY
        && disc.y + disc.r <= maxY
    }

    func rect() throws(SceneError) -> Rect {
      try Rect(x: minX, y: minY, width: width, height: height)
    }
  }

  /// A circle, in points, reserved by a placed motif.
  struct Disc: Equatable {
    var x: Double
    var y: Double
    var r: Double

    /// How far the two discs overlap, in points, once each is grown by `gap` times its
    /// radius; ≤ 0 when they stay apart.
    func overlap(_ other: Disc, gap: Double) -> Double {
      (r + other.r) * gap - hypot(x - other.x, y - other.y)
    }
  }

  /// Where the art goes: the canvas to cover, the visible screen, the room for focal motifs,
  /// and the unit every motif is sized from.
  ///
  /// Every motif is placed, sized and counted from the visible screen alone, so the art inside
  /// it is the same however far the canvas reaches beyond (print bleed). The bleed is covered
  /// by the sky, by scenery edges that carry on (`Ridge.trace`) and by extra particles drawn
  /// from streams of their own (`bleed(top:bottom:)`, `bleedSpots`).
  struct Frame {
    /// The rectangle the art must cover, possibly larger than the screen (print bleed).
    let canvas: Box
    /// The screen.
    let visible: Box
    /// `min(visible width, visible height)` in points. Motifs are sized from it, never from
    /// one side alone, so they keep their proportions at every aspect ratio.
    let unit: Double
    /// The visible area minus the safe-area insets minus `SeasonArt.focalMargin`: where the
    /// focal motifs (sun, big blossoms, leaves and flakes) stay. Nil when nothing is left.
    let focal: Box?
    /// Boxes no focal motif may reach into (the label, the lock-screen clock), in points.
    let keepOut: [Box]

    init(canvas: Rect, visible: Rect, safeArea: EdgeInsets, keepOut: [Box] = []) throws(SceneError) {
      guard canvas.width > 0, canvas.height > 0 else {
        throw SceneError(
          field: "season.canvas", value: "\(canvas.width)x\(canvas.height)",
          allowed: "both sides > 0")
      }
      guard visible.width > 0, visible.height > 0 else {
        throw SceneError(
          field: "season.visible", value: "\(visible.width)x\(visible.height)",
          allowed: "both sides > 0")
      }
      self.canvas = Box(canvas)
      self.visible = Box(visible)
      unit = min(visible.width, visible.height)
      focal = SeasonArt.focalBox(visible: visible, safeArea: safeArea)
      self.keepOut = keepOut
    }

    /// Whether a motif filling `disc` keeps out of every `keepOut` box.
    func allows(_ disc: Disc) -> Bool {
      let square = Box(around: disc)
      return !keepOut.contains { $0.intersects(square) }
    }

    /// How many screen-units of area the visible screen holds (its area / unit²), to scale the
    /// number of scattered particles with the screen.
    var density: Double { visible.area / (unit * unit) }

    /// `base` particles per unit² of the visible screen, kept within `low…high`.
    func count(_ base: Double, _ low: Int, _ high: Int) -> Int {
      let wanted = (base * density).rounded()
      return wanted.isFinite ? min(high, max(low, Int(min(wanted, Double(high))))) : high
    }

    /// The x range a scenery edge (hill or wave) must span, in points: the canvas, or the
    /// visible screen where that reaches farther, and 2 pt more on each side, or `halfWidth`
    /// more for a stroke that is wider (so its ends stay clear of the screen).
    func edgeReach(halfWidth: Double = 0) -> (lo: Double, hi: Double) {
      let margin = max(2, halfWidth)
      return (min(canvas.minX, visible.minX) - margin, max(canvas.maxX, visible.maxX) + margin)
    }

    /// The bottom of the filled scenery, in points: 2 pt below the canvas (or the screen).
    var groundBottom: Double { max(canvas.maxY, visible.maxY) + 2 }

    /// The canvas outside the visible screen (the print bleed) between the heights `top` and
    /// `bottom`, as up to four boxes: bands across the whole canvas above and below the
    /// screen, and beside it on the left and right. Empty when the canvas is the screen.
    func bleed(top: Double = -.infinity, bottom: Double = .infinity) -> [Box] {
      let c = canvas
      // The screen clamped into the canvas, so a screen poking out of it leaves no bands.
      let v = Box(
        minX: min(max(visible.minX, c.minX), c.maxX), minY: min(max(visible.minY, c.minY), c.maxY),
        maxX: max(min(visible.maxX, c.maxX), c.minX), maxY: max(min(visible.maxY, c.maxY), c.minY))
      let bands = [
        Box(minX: c.minX, minY: c.minY, maxX: c.maxX, maxY: v.minY),
        Box(minX: c.minX, minY: v.maxY, maxX: c.maxX, maxY: c.maxY),
        Box(minX: c.minX, minY: v.minY, maxX: v.minX, maxY: v.maxY),
        Box(minX: v.maxX, minY: v.minY, maxX: c.maxX, maxY: v.maxY),
      ]
      return bands.compactMap { band in
        let cut = Box(
          minX: band.minX, minY: max(band.minY, top), maxX: band.maxX, maxY: min(band.maxY, bottom))
        return cut.width > 0 && cut.height > 0 ? cut : nil
      }
    }

    /// Whether the canvas reaches beyond the visible screen on the left, on the right.
    var bleedsLeft: Bool { canvas.minX < visible.minX }
    var bleedsRight: Bool { canvas.maxX > visible.maxX }

    /// Walks a row of clusters across the screen from `start` (at most 60 clusters, however
    /// wide the screen is against its shorter side), then on into the print bleed: rightwards
    /// from where it stopped, and in from the left at `leftStart()` (only asked for when the
    /// canvas bleeds left). `cluster` and `extra` place one cluster on the screen or in the
    /// bleed at an x in points and return where the next one goes; `step` is the distance
    /// past the canvas edge the bleed row may reach.
    func row(
      from start: Double, step: Double, leftStart: () -> Double,
      cluster: (Double) throws(SceneError) -> Double, extra: (Double) throws(SceneError) -> Double
    ) throws(SceneError) {
      var x = start
      var clusters = 0
      while x < visible.maxX, clusters < 60 {
        clusters += 1
        x = try cluster(x)
      }
      if bleedsRight {
        for _ in 0..<60 where x < canvas.maxX + step { x = try extra(x) }
      }
      if bleedsLeft {
        x = leftStart()
        for _ in 0..<60 where x < visible.minX { x = try extra(x) }
      }
    }

    /// Whether `box` (a motif's extent, strokes included) keeps wholly out of the visible
    /// screen, so a motif added for the bleed cannot change what the screen shows.
    func clearsVisible(_ box: Box?) -> Bool {
      guard let box else { return true }
      return box.maxX <= visible.minX || box.minX >= visible.maxX || box.maxY <= visible.minY
        || box.minY >= visible.maxY
    }

    /// The focal box, cut off at `bottom` (a y in points) when that leaves room, so focal
    /// motifs stay above the scenery. Nil when there is no focal box.
    func focal(above bottom: Double) -> Box? {
      guard var box = focal else { return nil }
      if bottom - box.minY > box.height * 0.35 { box.maxY = min(box.maxY, bottom) }
      return box
    }
  }

  /// Where a motif drawn in its own unit-sized coordinates lands: squashed horizontally (a
  /// leaf seen at an angle), scaled by `scale` points per unit, turned by `angle` radians
  /// (clockwise on screen), then moved to (`x`, `y`) in points.
  struct Place {
    var x = 0.0
    var y = 0.0
    var angle = 0.0
    var scale = 1.0
    var squash = 1.0

    func map(_ lx: Double, _ ly: Double) -> (x: Double, y: Double) {
      let sx = lx * scale * squash
      let sy = ly * scale
      let (s, c) = (sin(angle), cos(angle))
      return (x + c * sx - s * sy, y + s * sx + c * sy)
    }
  }

  /// Builds a path in a motif's own coordinates, placed by `place`.
  struct Pen {
    private(set) var path = Path()
    /// Applies to the points added from now on; change it between sub-paths to draw several
    /// placed copies of a motif into one path.
    var place: Place
    private var current = (x: 0.0, y: 0.0)

    init(_ place: Place = Place()) { self.place = place }

    var geometry: Geometry { .path(path) }
    var isEmpty: Bool { path.isEmpty }

    /// The box around every point and control point of the path (so around everything it
    /// fills), grown by `stroke` points on each side; nil when the path is empty.
    func bounds(stroke: Double = 0) -> Box? {
      var box: Box?
      func add(_ p: Point) {
        guard let old = box else {
          box = Box(minX: p.x - stroke, minY: p.y - stroke, maxX: p.x + stroke, maxY: p.y + stroke)
          return
        }
        box = Box(
          minX: min(old.minX, p.x - stroke), minY: min(old.minY, p.y - stroke),
          maxX: max(old.maxX, p.x + stroke), maxY: max(old.maxY, p.y + stroke))
      }
      for element in path.elements {
        switch element {
        case .move(let p), .line(let p): add(p)
        case .curve(let p, let c1, let c2):
          add(c1)
          add(c2)
          add(p)
        case .close: break
        }
      }
      return box
    }

    /// Adds the sub-paths of `other` (already placed) after this pen's.
    mutating func append(_ other: Pen) {
      guard !other.isEmpty else { return }
      path = (try? Path(path.elements + other.path.elements)) ?? path
      current = other.current
    }

    private func point(_ x: Double, _ y: Double) throws(SceneError) -> Point {
      let p = place.map(x, y)
      return try Point(x: p.x, y: p.y)
    }

    mutating func move(_ x: Double, _ y: Double) throws(SceneError) {
      path.move(to: try point(x, y))
      current = (x, y)
    }

    mutating func line(_ x: Double, _ y: Double) throws(SceneError) {
      path.line(to: try point(x, y))
      current = (x, y)
    }

    mutating func curve(
      _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double, _ y: Double
    ) throws(SceneError) {
      path.curve(to: try point(x, y), control1: try point(c1x, c1y), control2: try point(c2x, c2y))
      current = (x, y)
    }

    /// A quadratic curve from the current point, drawn as the equivalent cubic.
    mutating func quad(_ cx: Double, _ cy: Double, _ x: Double, _ y: Double) throws(SceneError) {
      let (x0, y0) = current
      try curve(
        x0 + (cx - x0) * 2 / 3, y0 + (cy - y0) * 2 / 3, x + (cx - x) * 2 / 3, y + (cy - y) * 2 / 3,
        x, y)
    }

    mutating func close() { path.close() }

    /// An ellipse as a closed sub-path, clockwise on screen (so overlapping ones merge).
    mutating func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double)
      throws(SceneError)
    {
      let k = 0.552_284_749_8
      try move(cx + rx, cy)
      try curve(cx + rx, cy + ry * k, cx + rx * k, cy + ry, cx, cy + ry)
      try curve(cx - rx * k, cy + ry, cx - rx, cy + ry * k, cx - rx, cy)
      try curve(cx - rx, cy - ry * k, cx - rx * k, cy - ry, cx, cy - ry)
      try curve(cx + rx * k, cy - ry, cx + rx, cy - ry * k, cx + rx, cy)
      close()
    }

    mutating func circle(_ cx: Double, _ cy: Double, _ r: Double) throws(SceneError) {
      try ellipse(cx, cy, r, r)
    }

    /// A closed polygon through `points`.
    mutating func polygon(_ points: [(Double, Double)]) throws(SceneError) {
      guard let first = points.first else { return }
      try move(first.0, first.1)
      for p in points.dropFirst() { try line(p.0, p.1) }
      close()
    }
  }

  /// A wavy horizontal edge, `y(x) = base − Σ amplitude·cos(2π(x − origin) / wavelength +
  /// phase)`, all in points: the top of a hill or a wave. A term with a harmonic sharpens
  /// crests. `origin` is the screen's left edge, so the edge moves with the screen.
  struct Ridge {
    struct Term {
      var amplitude: Double
      var wavelength: Double
      var phase: Double
    }

    var base: Double
    var terms: [Term]
    var origin = 0.0

    func y(_ x: Double) -> Double {
      let x = x - origin
      var y = base
      for t in terms { y -= t.amplitude * cos(2 * .pi * x / t.wavelength + t.phase) }
      return y
    }

    func slope(_ x: Double) -> Double {
      let x = x - origin
      var s = 0.0
      for t in terms {
        let k = 2 * .pi / t.wavelength
        s += t.amplitude * k * sin(k * x + t.phase)
      }
      return s
    }

    /// Rolling hills around `base`: a long swell, a shorter one and a ripple, each up to
    /// `amplitude` points high.
    static func hills(
      base: Double, amplitude: Double, unit: Double, origin: Double, rng: inout Random
    ) -> Ridge {
      Ridge(
        base: base,
        terms: [
          Term(
            amplitude: amplitude * rng.range(0.6, 1), wavelength: unit * rng.range(1.3, 2.4),
            phase: rng.range(0, 2 * .pi)),
          Term(
            amplitude: amplitude * rng.range(0.25, 0.45), wavelength: unit * rng.range(0.55, 0.9),
            phase: rng.range(0, 2 * .pi)),
          Term(
            amplitude: amplitude * 0.08, wavelength: unit * rng.range(0.22, 0.3),
            phase: rng.range(0, 2 * .pi)),
        ], origin: origin)
    }

    /// Ocean swell with peaked crests: a wave and its half-wavelength harmonic.
    static func waves(
      base: Double, amplitude: Double, wavelength: Double, phase: Double, origin: Double
    ) -> Ridge {
      Ridge(
        base: base,
        terms: [
          Term(amplitude: amplitude, wavelength: wavelength, phase: phase),
          Term(amplitude: amplitude * 0.28, wavelength: wavelength / 2, phase: 2 * phase),
        ], origin: origin)
    }

    /// Adds the edge to `pen` as a new sub-path of cubic Hermite segments: the span from `x0`
    /// to `x1` cut into equal steps, then more steps of the same length outward until `lo`
    /// and `hi` are reached. The steps depend only on `x0…x1`, so reaching farther (a canvas
    /// with print bleed) adds segments at the ends without moving those in between. Returns
    /// the x range drawn, which covers `lo…hi` and `x0…x1`.
    @discardableResult
    func trace(_ pen: inout Pen, from x0: Double, to x1: Double, reaching lo: Double, _ hi: Double)
      throws(SceneError) -> (start: Double, end: Double)
    {
      let shortest = terms.filter { $0.amplitude != 0 }.map(\.wavelength).min() ?? abs(x1 - x0)
      let segments = min(800, max(4, Int((abs(x1 - x0) / max(1e-6, shortest / 8)).rounded(.up))))
      let dx = (x1 - x0) / Double(segments)
      func segment(_ a: Double, _ b: Double) throws(SceneError) {
        try pen.curve(
          a + dx / 3, y(a) + slope(a) * dx / 3, b - dx / 3, y(b) - slope(b) * dx / 3, b, y(b))
      }
      // Steps beyond the span, at most `cap` a side; a canvas reaching farther still (far
      // larger than the screen) gets a level stretch to its edge.
      let cap = 400
      func steps(_ length: Double) -> Int {
        guard length > 0, dx > 0 else { return 0 }
        let wanted = (length / dx).rounded(.up)
        return wanted.isFinite ? Int(min(wanted, Double(cap + 1))) : cap + 1
      }
      let left = steps(x0 - lo)
      let right = steps(hi - x1)
      var start = x0 - dx * Double(min(left, cap))
      if left > cap {
        try pen.move(lo, y(start))
        try pen.line(start, y(start))
        start = lo
      } else {
        try pen.move(start, y(start))
      }
      for j in stride(from: min(left, cap), to: 0, by: -1) {
        try segment(x0 - dx * Double(j), j == 1 ? x0 : x0 - dx * Double(j - 1))
      }
      for i in 0..<segments {
        let a = x0 + dx * Double(i)
        try segment(a, i == segments - 1 ? x1 : a + dx)
      }
      var end = x1
      for j in 0..<min(right, cap) {
        end = x1 + dx * Double(j + 1)
        try segment(j == 0 ? x1 : x1 + dx * Double(j), end)
      }
      if right > cap {
        try pen.line(hi, y(end))
        end = hi
      }
      return (start, end)
    }

    /// The closed shape under the edge, traced as by `trace` from `x0` to `x1` reaching `lo`
    /// and `hi`, and down to `bottom` (a y in points).
    func outline(from x0: Double, to x1: Double, reaching lo: Double, _ hi: Double, bottom: Double)
      throws(SceneError) -> Geometry
    {
      var pen = Pen()
      let (start, end) = try trace(&pen, from: x0, to: x1, reaching: lo, hi)
      try pen.line(end, bottom)
      try pen.line(start, bottom)
      pen.close()
      return pen.geometry
    }
  }

  /// A cubic Bézier curve in plain numbers (points), for branches and twigs.
  struct Cubic {
    var p0: (x: Double, y: Double)
    var p1: (x: Double, y: Double)
    var p2: (x: Double, y: Double)
    var p3: (x: Double, y: Double)

    func at(_ t: Double) -> (x: Double, y: Double) {
      let u = 1 - t
      let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
      return (
        a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y
      )
    }

    /// The unit direction of travel at `t`.
    func tangent(_ t: Double) -> (x: Double, y: Double) {
      let u = 1 - t
      let dx = 3 * u * u * (p1.x - p0.x) + 6 * u * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x)
      let dy = 3 * u * u * (p1.y - p0.y) + 6 * u * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y)
      let length = max(1e-9, hypot(dx, dy))
      return (dx / length, dy / length)
    }

    /// Adds the curve as a closed outline to `pen`, `startWidth` points wide at the start
    /// tapering to `endWidth` at the end, with a rounded tip.
    func taper(into pen: inout Pen, startWidth: Double, endWidth: Double) throws(SceneError) {
      let samples = 18
      var left: [(Double, Double)] = []
      var right: [(Double, Double)] = []
      for i in 0...samples {
        let t = Double(i) / Double(samples)
        let p = at(t)
        let d = tangent(t)
        let half = (startWidth + (endWidth - startWidth) * t) / 2
        left.append((p.x - d.y * half, p.y + d.x * half))
        right.append((p.x + d.y * half, p.y - d.x * half))
      }
      try pen.move(left[0].0, left[0].1)
      for p in left.dropFirst() { try pen.line(p.0, p.1) }
      let d = tangent(1)
      let tip = (p3.x + d.x * endWidth, p3.y + d.y * endWidth)
      try pen.quad(tip.0, tip.1, right[samples].0, right[samples].1)
      for p in right.reversed().dropFirst() { try pen.line(p.0, p.1) }
      pen.close()
    }
  }

  // MARK: - Paint and nodes

  /// An art colour: `0xRRGGBB` at `alpha`, with its Display P3 variant when it is one of the
  /// seasons' wide accents (`Season.wideGamutAccents`), which only P3 output draws.
  static func rgb(_ value: UInt32, _ alpha: Double = 1) -> Color {
    Season.artColor(value).fading(by: alpha)
  }

  static func stops(_ list: [(Double, Color)]) throws(SceneError) -> [GradientStop] {
    var result: [GradientStop] = []
    for (offset, color) in list { result.append(try GradientStop(offset: offset, color: color)) }
    return result
  }

  static func linear(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ list: [(Double, Color)]
  ) throws(SceneError) -> Paint {
    try .linear(from: Point(x: x0, y: y0), to: Point(x: x1, y: y1), stops: stops(list))
  }

  static func radial(_ cx: Double, _ cy: Double, _ r: Double, _ list: [(Double, Color)])
    throws(SceneError) -> Paint
  {
    try .radial(center: Point(x: cx, y: cy), radius: r, stops: stops(list))
  }

  /// An ellipse node centred on (`cx`, `cy`) with radii `rx`, `ry`, in points.
  static func oval(
    _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, fill: Paint?, stroke: Stroke? = nil
  ) throws(SceneError) -> Node {
    .shape(
      ShapeNode(
        .ellipse(try Rect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry)), fill: fill,
        stroke: stroke))
  }

  static func shape(_ geometry: Geometry, fill: Paint?, stroke: Stroke? = nil) -> Node {
    .shape(ShapeNode(geometry, fill: fill, stroke: stroke))
  }

  /// A named group of motifs.
  static func layer(_ name: String, _ children: [Node], opacity: Double = 1) throws(SceneError)
    -> Node
  {
    .group(Group(name: name, opacity: try Opacity(opacity), children: children))
  }

  /// The full-canvas background: a vertical gradient spanning the visible screen (so bleed
  /// continues the end colours instead of changing the picture).
  static func sky(_ frame: Frame, _ colors: [(Double, UInt32)]) throws(SceneError) -> Node {
    let v = frame.visible
    let paint = try linear(v.midX, v.minY, v.midX, v.maxY, colors.map { ($0.0, rgb($0.1)) })
    return try layer("sky", [shape(.rectangle(frame.canvas.rect()), fill: paint)])
  }

  // MARK: - Layout

  /// Random spots for particles in the print bleed, `boxes` (from `Frame.bleed`): about
  /// `density` per pt² (the density of the same particles on the screen), at most `cap`,
  /// spread evenly. Draw them from a stream of their own, so they leave the screen's
  /// particles where they are.
  static func bleedSpots(in boxes: [Box], density: Double, cap: Int, rng: inout Random)
    -> [(x: Double, y: Double)]
  {
    let area = boxes.reduce(0) { $0 + $1.area }
    let wanted = density * area
    guard area > 0, wanted > 0, wanted.isFinite, cap > 0 else { return [] }
    var count = Int(min(wanted, Double(cap)))
    if count < cap, rng.chance(wanted - Double(count)) { count += 1 }
    var spots: [(x: Double, y: Double)] = []
    for _ in 0..<count {
      var pick = rng.range(0, area)
      var box = boxes[boxes.count - 1]
      for candidate in boxes {
        if pick < candidate.area {
          box = candidate
          break
        }
        pick -= candidate.area
      }
      spots.append((rng.range(box.minX, box.maxX), rng.range(box.minY, box.maxY)))
    }
    return spots
  }

  /// Places discs of the wanted radii (points) wholly inside `region`, at least `gap` × the
  /// sum of radii apart from each other and from `taken`, and never reaching into a
  /// `keepOut` box (a disc that finds no such spot is left out).
  ///
  /// Each disc tries `attempts` random spots and keeps the first free one, else the one
  /// with the least overlap. A disc larger than the region is shrunk to fit, or left out
  /// when that would halve it. Deterministic for a given generator state.
  static func scatter(
    _ radii: [Double], in region: Box?, avoiding taken: [Disc] = [], keepOut: [Box] = [], gap: Double = 1,
    attempts: Int = 60, rng: inout Random
  ) -> [Disc] {
    guard let region else { return [] }
    var placed: [Disc] = []
    for wanted in radii {
      let r = min(wanted, region.width / 2, region.height / 2)
      guard r >= wanted / 2, r > 0 else { continue }
      var best: Disc?
      var bestOverlap = Double.infinity
      for _ in 0..<attempts {
        let disc = Disc(
          x: rng.range(region.minX + r, region.maxX - r),
          y: rng.range(region.minY + r, region.maxY - r), r: r)
        let square = Box(around: disc)
        guard !keepOut.contains(where: { $0.intersects(square) }) else { continue }
        let overlap = (taken + placed).map { disc.overlap($0, gap: gap) }.max() ?? -1
        if overlap < bestOverlap {
          best = disc
          bestOverlap = overlap
        }
        if overlap <= 0 { break }
      }
      if let best { placed.append(best) }
    }
    return placed
  }
}
