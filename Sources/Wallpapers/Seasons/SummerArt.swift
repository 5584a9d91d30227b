import Platform
import SceneGraph

extension SeasonArt {
  /// Summer: a blazing sun with a warm glow and light rays in a deep blue sky, a few puffy
  /// clouds and gulls, and layered ocean waves with foam and glitter at the bottom.
  enum Summer {
    static func nodes(in frame: Frame, seed: UInt64) throws(SceneError) -> [Node] {
      var rng = Random(seed: seed, stream: "summer.sun")
      let (v, u) = (frame.visible, frame.unit)
      let horizon = v.y(frame.visible.height > frame.visible.width ? 0.66 : 0.6)
      let radius = u * 0.11
      // The sun and its halo ring must clear the status bar and stay above the sea.
      let reach = radius * 1.42
      let room = frame.focal.flatMap {
        $0.inset(top: 0, left: 0, bottom: max(0, $0.maxY - (horizon - radius * 0.6)), right: 0)
      }
      let sun =
        scatter([reach], in: room.map(upperPart), keepOut: frame.keepOut, rng: &rng).first
        ?? scatter([reach], in: room, keepOut: frame.keepOut, rng: &rng).first
      let center = sun.map { ($0.x, $0.y) } ?? (v.x(0.7), v.minY - radius * 2)

      var layers: [Node] = [
        try sky(
          frame, [(0, 0x2F9BD8), (0.35, 0x5DB8E6), (0.62, 0xA8DDF2), (0.7, 0xFFE9B8), (1, 0xFFE9B8)]),
        try glow(frame, center: center),
        try rays(frame, center: center, seed: seed),
      ]
      var sunNodes: [Node] = []
      if let sun { sunNodes = try disc(sun.x, sun.y, radius) }
      layers.append(try layer("sun", sunNodes))
      let taken = sun.map { [Disc(x: $0.x, y: $0.y, r: u * 0.3)] } ?? []
      layers.append(try clouds(frame, horizon: horizon, avoiding: taken, seed: seed))
      layers.append(try gulls(frame, horizon: horizon, avoiding: taken, seed: seed))
      layers.append(try sea(frame, horizon: horizon, sunX: center.0, seed: seed))
      return layers
    }

    /// The upper two thirds of a box, where the sun sits best.
    private static func upperPart(_ box: Box) -> Box {
      var part = box
      part.maxY = box.minY + box.height * 0.72
      return part
    }

    /// The warm light around the sun, fading into the sky.
    private static func glow(_ frame: Frame, center: (Double, Double)) throws(SceneError) -> Node {
      let r = frame.unit * 0.75
      return try layer(
        "glow",
        [
          try oval(
            center.0, center.1, r, r,
            fill: radial(
              center.0, center.1, r,
              [
                (0, rgb(0xFFF8D8, 0.95)), (0.2, rgb(0xFFEFA8, 0.6)), (0.5, rgb(0xFFE6A0, 0.18)),
                (1, rgb(0xFFE6A0, 0)),
              ]))
        ])
    }

    /// Long, soft wedges of light radiating from the sun, fading outwards.
    private static func rays(_ frame: Frame, center: (Double, Double), seed: UInt64)
      throws(SceneError) -> Node
    {
      var rng = Random(seed: seed, stream: "summer.rays")
      let u = frame.unit
      let count = 14
      let turn = rng.range(0, 2 * .pi)
      var children: [Node] = []
      for k in 0..<count {
        let a = turn + Double(k) * 2 * .pi / Double(count)
        let length = u * (k % 2 == 0 ? rng.range(0.85, 1.1) : rng.range(0.5, 0.7))
        let spread = k % 2 == 0 ? 0.07 : 0.045
        var pen = Pen()
        try pen.move(center.0 + cos(a - spread) * u * 0.05, center.1 + sin(a - spread) * u * 0.05)
        try pen.line(center.0 + cos(a - spread) * length, center.1 + sin(a - spread) * length)
        try pen.quad(
          center.0 + cos(a) * length * 1.04, center.1 + sin(a) * length * 1.04,
          center.0 + cos(a + spread) * length, center.1 + sin(a + spread) * length)
        try pen.line(center.0 + cos(a + spread) * u * 0.05, center.1 + sin(a + spread) * u * 0.05)
        pen.close()
        children.append(
          shape(
            pen.geometry,
            fill: try linear(
              center.0, center.1, center.0 + cos(a) * length, center.1 + sin(a) * length,
              [(0, rgb(0xFFFDF0, 0.5)), (0.35, rgb(0xFFFBE6, 0.22)), (1, rgb(0xFFFFFF, 0))])))
      }
      return try layer("rays", children)
    }

    /// The sun: a bright disc shading from white-gold to orange, and a thin halo ring; all
    /// within 1.42 × `r` of the centre.
    private static func disc(_ x: Double, _ y: Double, _ r: Double) throws(SceneError) -> [Node] {
      [
        try oval(
          x, y, r * 1.35, r * 1.35, fill: nil,
          stroke: try Stroke(.solid(rgb(0xFFFFFF, 0.4)), width: r * 0.05)),
        try oval(
          x, y, r * 1.14, r * 1.14,
          fill: radial(x, y, r * 1.14, [(0, rgb(0xFFF3B0, 0.5)), (1, rgb(0xFFD866, 0.15))])),
        try oval(
          x, y, r, r,
          fill: radial(
            x - r * 0.25, y - r * 0.25, r * 1.3,
            [(0, rgb(0xFFFDF0)), (0.35, rgb(0xFFE066)), (0.85, rgb(0xFFC53A)), (1, rgb(0xFFB627))])),
      ]
    }

    /// Two or three puffy clouds above the horizon, clear of the sun.
    private static func clouds(
      _ frame: Frame, horizon: Double, avoiding taken: [Disc], seed: UInt64
    ) throws(SceneError) -> Node {
      var rng = Random(seed: seed, stream: "summer.clouds")
      let (v, u) = (frame.visible, frame.unit)
      let count = v.width > v.height ? 3 : 2
      let region = frame.focal.flatMap {
        $0.inset(top: 0, left: -u * 0.25, bottom: max(0, $0.maxY - horizon + u * 0.08), right: -u * 0.25)
      }
      let spots = scatter(
        (0..<count).map { _ in u * rng.range(0.13, 0.2) }, in: region, avoiding: taken, keepOut: frame.keepOut,
        gap: 1.1, rng: &rng)
      var children: [Node] = []
      for spot in spots {
        let w = spot.r
        var pen = Pen(Place(x: spot.x, y: spot.y, scale: w, squash: rng.range(1, 1.3)))
        // Overlapping puffs, highest in the middle, cut flat at the base by a clip.
        let puffs: [(Double, Double, Double)] = [
          (-0.55, 0.05, 0.32), (-0.18, -0.12, 0.42), (0.25, -0.2, 0.46), (0.62, 0, 0.32),
          (0, 0.1, 0.35),
        ]
        for (px, py, pr) in puffs {
          try pen.circle(px + rng.range(-0.04, 0.04), py + rng.range(-0.03, 0.03), pr)
        }
        let baseline = spot.y + w * 0.22
        let cloud = shape(
          pen.geometry,
          fill: try linear(
            spot.x, spot.y - w * 0.6, spot.x, baseline,
            [(0, rgb(0xFFFFFF)), (0.55, rgb(0xFBFDFF)), (1, rgb(0xD6E7F5))]))
        let clip = try Rect(x: spot.x - 2 * w, y: spot.y - 2 * w, width: 4 * w, height: 2.22 * w)
        children.append(.group(Group(name: "cloud", clip: .rectangle(clip), children: [cloud])))
      }
      return try layer("clouds", children, opacity: 0.95)
    }

    /// A small flock of gulls, each two curved wings.
    private static func gulls(
      _ frame: Frame, horizon: Double, avoiding taken: [Disc], seed: UInt64
    ) throws(SceneError) -> Node {
      var rng = Random(seed: seed, stream: "summer.gulls")
      let (v, u) = (frame.visible, frame.unit)
      var pen = Pen()
      let flock = Disc(
        x: v.x(rng.range(0.2, 0.8)), y: rng.range(v.y(0.2), horizon - u * 0.15), r: u * 0.12)
      for _ in 0..<rng.int(3, 5) {
        let x = flock.x + rng.range(-1, 1) * flock.r
        let y = flock.y + rng.range(-0.6, 0.6) * flock.r
        let angle = rng.range(-0.2, 0.2)
        let scale = u * rng.range(0.018, 0.03)
        guard taken.allSatisfy({ Disc(x: x, y: y, r: 0).overlap($0, gap: 1) <= 0 }),
          frame.allows(Disc(x: x, y: y, r: scale * 1.1))
        else { continue }
        pen.place = Place(x: x, y: y, angle: angle, scale: scale)
        try pen.move(-1, 0)
        try pen.curve(-0.65, -0.5, -0.2, -0.45, 0, 0.05)
        try pen.curve(0.2, -0.45, 0.65, -0.5, 1, 0)
      }
      let children =
        pen.isEmpty
        ? []
        : [
          shape(
            pen.geometry, fill: nil,
            stroke: try Stroke(
              .solid(rgb(0x1D4E6E, 0.7)), width: u * 0.005, join: .round, cap: .round))
        ]
      return try layer("gulls", children)
    }

    /// Layered waves from the horizon to the bottom of the canvas, lighter and flatter in
    /// the distance, each with a foam line on its crest, and glitter under the sun.
    private static func sea(_ frame: Frame, horizon: Double, sunX: Double, seed: UInt64)
      throws(SceneError) -> Node
    {
      var rng = Random(seed: seed, stream: "summer.sea")
      let (v, u) = (frame.visible, frame.unit)
      let (x0, x1, bottom) = (v.minX - 2, v.maxX + 2, frame.groundBottom)
      let (lo, hi) = frame.edgeReach()
      let depth = v.maxY - horizon
      let tones: [(UInt32, UInt32)] = [
        (0x7ED6DF, 0x5CC6D0), (0x48B8CC, 0x38A9C2), (0x2E98C0, 0x2387B0), (0x2380B5, 0x1B6C9C),
        (0x1A6AA0, 0x145582),
      ]
      var children: [Node] = []
      for (i, tone) in tones.enumerated() {
        let t = Double(i) / Double(tones.count)
        let base = horizon + depth * pow(t, 1.25) + u * 0.012 * Double(i)
        let ridge = Ridge.waves(
          base: base, amplitude: u * (0.004 + 0.022 * t), wavelength: u * (0.16 + 0.42 * t),
          phase: rng.range(0, 2 * .pi), origin: v.minX)
        children.append(
          shape(
            try ridge.outline(from: x0, to: x1, reaching: lo, hi, bottom: bottom),
            fill: try linear(
              v.midX, base - u * 0.03, v.midX, base + depth * 0.4,
              [(0, rgb(tone.0)), (1, rgb(tone.1))])))
        if i > 0 {
          let width = u * (0.003 + 0.005 * t)
          let reach = frame.edgeReach(halfWidth: width / 2)
          var foam = Pen()
          try ridge.trace(&foam, from: x0, to: x1, reaching: reach.lo, reach.hi)
          // Named, so that the SVG's `crest` elements can be found and judged one by one.
          children.append(
            .group(
              Group(
                name: "crest",
                children: [
                  shape(
                    foam.geometry, fill: nil,
                    stroke: try Stroke(
                      .solid(rgb(0xFFFFFF, 0.35 + 0.1 * t)), width: width, join: .round, cap: .round))
                ])))
        }
      }
      // Glitter: short bright dashes under the sun, widening towards the viewer.
      var glitter = Pen()
      for _ in 0..<frame.count(10, 14, 30) {
        let t = pow(rng.unit(), 1.6)
        let y = horizon + u * 0.01 + (v.maxY - horizon) * 0.75 * t
        let half = u * (0.03 + 0.12 * t) * rng.range(0.3, 1)
        let x = sunX + rng.range(-1, 1) * u * (0.05 + 0.14 * t)
        try glitter.ellipse(x, y, half, u * (0.003 + 0.004 * t))
      }
      children.append(shape(glitter.geometry, fill: .solid(rgb(0xFFF6D0, 0.7))))
      return try layer("waves", children)
    }
  }
}
