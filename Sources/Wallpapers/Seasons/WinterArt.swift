import Platform
import SceneGraph

extension SeasonArt {
  /// Winter: a cool dusk sky with faint stars, snowy hills with snow-capped pines, big
  /// six-armed snowflakes and falling snow.
  enum Winter {
    static func nodes(in frame: Frame, seed: UInt64) throws(SceneError) -> [Node] {
      let v = frame.visible
      let farHill = v.y(0.72)
      var layers: [Node] = [
        try sky(frame, [(0, 0x1E3F72), (0.5, 0x4F7FB8), (0.8, 0xA9C9E8), (1, 0xCFE2F3)]),
        try stars(frame, seed: seed),
      ]
      layers.append(try hills(frame, top: farHill, seed: seed))
      layers.append(try snow(frame, name: "snow-far", sizes: (0.003, 0.007), alpha: 0.55, seed: seed))
      let region = frame.focal(above: farHill - frame.unit * 0.02)
      let big = try flakes(frame, region: region, seed: seed)
      layers.append(try flurries(frame, avoiding: big.discs, seed: seed))
      layers.append(big.glow)
      layers.append(big.node)
      layers.append(try snow(frame, name: "snow-near", sizes: (0.006, 0.012), alpha: 0.85, seed: seed))
      return layers
    }

    /// Faint stars in the upper sky, and more in the print bleed beside and above it.
    private static func stars(_ frame: Frame, seed: UInt64) throws(SceneError) -> Node {
      var rng = Random(seed: seed, stream: "winter.stars")
      let (v, u) = (frame.visible, frame.unit)
      let fill = Paint.solid(rgb(0xFFFFFF, 0.8))
      var pen = Pen()
      let count = frame.count(14, 16, 50)
      for _ in 0..<count {
        let y = v.minY + (v.y(0.5) - v.minY) * pow(rng.unit(), 1.5)
        try pen.circle(rng.range(v.minX, v.maxX), y, u * rng.range(0.0018, 0.004))
      }
      var children = [shape(pen.geometry, fill: fill)]
      var spare = Random(seed: seed, stream: "winter.stars.bleed")
      var extra = Pen()
      for (x, y) in bleedSpots(
        in: frame.bleed(bottom: v.y(0.5)), density: Double(count) / (v.area / 2), cap: 25,
        rng: &spare)
      {
        let r = u * spare.range(0.0018, 0.004)
        if frame.clearsVisible(Box(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r)) {
          try extra.circle(x, y, r)
        }
      }
      if !extra.isEmpty { children.append(shape(extra.geometry, fill: fill)) }
      return try layer("stars", children)
    }

    /// Three snowy hills, bluer in the distance, with rows of snow-capped pines on the two
    /// far ones.
    private static func hills(_ frame: Frame, top: Double, seed: UInt64) throws(SceneError)
      -> Node
    {
      var rng = Random(seed: seed, stream: "winter.hills")
      var spare = Random(seed: seed, stream: "winter.hills.bleed")
      let (v, u) = (frame.visible, frame.unit)
      let (x0, x1, bottom) = (v.minX - 2, v.maxX + 2, frame.groundBottom)
      let (lo, hi) = frame.edgeReach()
      let crestWidth = u * 0.004
      let crestReach = frame.edgeReach(halfWidth: crestWidth / 2)
      let tones: [(UInt32, UInt32)] = [(0xB7CFE8, 0xA3C0DE), (0xDCE8F5, 0xC6D9EE), (0xFFFFFF, 0xE3EEF8)]
      let pines: [UInt32?] = [0x3C5F86, 0x2A4868, nil]
      var children: [Node] = []
      for (i, tone) in tones.enumerated() {
        let base = top + (v.maxY - top) * Double(i) * 0.3
        let ridge = Ridge.hills(
          base: base, amplitude: u * 0.035, unit: u, origin: v.minX, rng: &rng)
        if let color = pines[i] {
          children += try trees(
            on: ridge, frame: frame, scale: u * (0.06 + 0.03 * Double(i)), color: color,
            rng: &rng, spare: &spare)
        }
        children.append(
          shape(
            try ridge.outline(from: x0, to: x1, reaching: lo, hi, bottom: bottom),
            fill: try linear(
              v.midX, base - u * 0.04, v.midX, v.maxY, [(0, rgb(tone.0)), (1, rgb(tone.1))])))
        // A soft blue shadow under the crest line.
        var crest = Pen()
        try ridge.trace(&crest, from: x0, to: x1, reaching: crestReach.lo, crestReach.hi)
        // Named, so that the SVG's `ridge` elements can be found and judged one by one.
        children.append(
          .group(
            Group(
              name: "ridge",
              children: [
                shape(
                  crest.geometry, fill: nil,
                  stroke: try Stroke(.solid(rgb(0xFFFFFF, 0.7)), width: crestWidth, join: .round))
              ])))
      }
      return try layer("hills", children)
    }

    /// Clusters of pines standing on `ridge`: one path for the trees, one for their snow. A
    /// row across the screen drawn from `rng`, and clusters in the print bleed beside it drawn
    /// from `spare`, kept off the screen.
    private static func trees(
      on ridge: Ridge, frame: Frame, scale: Double, color: UInt32, rng: inout Random,
      spare: inout Random
    ) throws(SceneError) -> [Node] {
      let (c, v) = (frame.canvas, frame.visible)
      var green = Pen()
      var snow = Pen()
      /// Adds a cluster of one to four pines at `x`; returns where the next one goes.
      func cluster(at x: Double, rng: inout Random, green: inout Pen, snow: inout Pen)
        throws(SceneError) -> Double
      {
        let count = rng.int(1, 4)
        for k in 0..<count {
          let tx = x + Double(k) * scale * 0.45 + rng.range(-0.1, 0.1) * scale
          let place = Place(
            x: tx, y: ridge.y(tx) + scale * 0.12, scale: scale * rng.range(0.7, 1.15))
          green.place = place
          snow.place = place
          try pine(green: &green, snow: &snow)
        }
        return x + scale * (Double(count) * 0.45 + rng.range(1, 3.5))
      }
      /// A cluster in the print bleed, left out where it would reach the screen.
      func extra(at x: Double) throws(SceneError) -> Double {
        var (g, s) = (Pen(), Pen())
        let next = try cluster(at: x, rng: &spare, green: &g, snow: &s)
        if frame.clearsVisible(g.bounds()), frame.clearsVisible(s.bounds()) {
          green.append(g)
          snow.append(s)
        }
        return next
      }
      try frame.row(
        from: v.minX + rng.range(0, 2) * scale, step: scale,
        leftStart: { c.minX - scale * spare.range(0.5, 2) },
        cluster: { x throws(SceneError) in try cluster(at: x, rng: &rng, green: &green, snow: &snow) },
        extra: { x throws(SceneError) in try extra(at: x) })
      return [
        shape(green.geometry, fill: .solid(rgb(color))),
        shape(snow.geometry, fill: .solid(rgb(0xF4F8FC))),
      ]
    }

    /// A three-tier pine one unit tall standing on the origin, and the snow on each tier.
    private static func pine(green: inout Pen, snow: inout Pen) throws(SceneError) {
      let tiers: [(apex: Double, base: Double, half: Double)] = [
        (-1, -0.58, 0.2), (-0.78, -0.3, 0.29), (-0.52, 0, 0.38),
      ]
      try green.polygon([(-0.035, 0.04), (0.035, 0.04), (0.035, -0.1), (-0.035, -0.1)])
      for tier in tiers {
        try green.polygon([(0, tier.apex), (tier.half, tier.base), (-tier.half, tier.base)])
        let h = tier.base - tier.apex
        let w = tier.half * 0.5
        try snow.move(0, tier.apex)
        try snow.line(w, tier.apex + h * 0.5)
        try snow.quad(w * 0.5, tier.apex + h * 0.38, w * 0.1, tier.apex + h * 0.48)
        try snow.quad(-w * 0.4, tier.apex + h * 0.36, -w, tier.apex + h * 0.5)
        snow.close()
      }
    }

    /// Falling snow: soft dots, one path, with radii in `sizes` (fractions of the unit); and
    /// another path of them in the print bleed.
    private static func snow(
      _ frame: Frame, name: String, sizes: (Double, Double), alpha: Double, seed: UInt64
    ) throws(SceneError) -> Node {
      var rng = Random(seed: seed, stream: "winter." + name)
      let (v, u) = (frame.visible, frame.unit)
      let fill = Paint.solid(rgb(0xFFFFFF, alpha))
      var pen = Pen()
      let count = frame.count(22, 24, 80)
      for _ in 0..<count {
        try pen.circle(
          rng.range(v.minX, v.maxX), rng.range(v.minY, v.maxY), u * rng.range(sizes.0, sizes.1))
      }
      var children = [shape(pen.geometry, fill: fill)]
      var spare = Random(seed: seed, stream: "winter." + name + ".bleed")
      var extra = Pen()
      for (x, y) in bleedSpots(
        in: frame.bleed(), density: Double(count) / v.area, cap: 40, rng: &spare)
      {
        let r = u * spare.range(sizes.0, sizes.1)
        if frame.clearsVisible(Box(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r)) {
          try extra.circle(x, y, r)
        }
      }
      if !extra.isEmpty { children.append(shape(extra.geometry, fill: fill)) }
      return try layer(name, children)
    }

    /// Small six-armed flakes all over the screen, clear of the big ones; more in the print
    /// bleed.
    private static func flurries(_ frame: Frame, avoiding taken: [Disc], seed: UInt64)
      throws(SceneError) -> Node
    {
      var rng = Random(seed: seed, stream: "winter.flurries")
      let (v, u) = (frame.visible, frame.unit)
      let count = frame.count(6, 8, 20)
      let spots = scatter(
        (0..<count).map { _ in u * rng.range(0.02, 0.045) }, in: v,
        avoiding: taken, keepOut: frame.keepOut, gap: 1.4, attempts: 20, rng: &rng)
      func flurry(_ spot: Disc, rng: inout Random) throws(SceneError) -> (Pen, Stroke) {
        var pen = Pen(Place(x: spot.x, y: spot.y, angle: rng.range(0, .pi / 3), scale: spot.r))
        try Motif.snowflake(into: &pen, detail: spot.r > u * 0.03 ? 1 : 0)
        let stroke = try Stroke(
          .solid(rgb(0xFFFFFF, rng.range(0.6, 0.9))), width: max(0.6, spot.r * 0.1),
          join: .round, cap: .round)
        return (pen, stroke)
      }
      var children: [Node] = []
      for spot in spots {
        let (pen, stroke) = try flurry(spot, rng: &rng)
        children.append(shape(pen.geometry, fill: nil, stroke: stroke))
      }
      var spare = Random(seed: seed, stream: "winter.flurries.bleed")
      for (x, y) in bleedSpots(
        in: frame.bleed(), density: Double(count) / v.area, cap: 10, rng: &spare)
      {
        let spot = Disc(x: x, y: y, r: u * spare.range(0.02, 0.045))
        let (pen, stroke) = try flurry(spot, rng: &spare)
        if frame.clearsVisible(pen.bounds(stroke: max(0.6, spot.r * 0.1) / 2)) {
          children.append(shape(pen.geometry, fill: nil, stroke: stroke))
        }
      }
      return try layer("flurries", children)
    }

    /// Three to five big detailed flakes, the focal motifs, wholly inside `region`, and a
    /// soft glow behind each (`glow`, which may spread wider).
    private static func flakes(_ frame: Frame, region: Box?, seed: UInt64)
      throws(SceneError) -> (node: Node, glow: Node, discs: [Disc])
    {
      var rng = Random(seed: seed, stream: "winter.flakes")
      let u = frame.unit
      let count = frame.density > 1.8 ? 5 : 4
      let sizes = (0..<count).map { i in
        u * (i == 0 ? rng.range(0.14, 0.17) : rng.range(0.07, 0.12))
      }
      let discs = scatter(sizes, in: region, keepOut: frame.keepOut, gap: 1.2, rng: &rng)
      var flakes: [Node] = []
      var glows: [Node] = []
      for disc in discs {
        let width = disc.r * 0.055
        // Arms reach 1 unit; round caps add half the stroke width.
        let r = disc.r - width / 2
        var pen = Pen(Place(x: disc.x, y: disc.y, angle: rng.range(0, .pi / 3), scale: r))
        try Motif.snowflake(into: &pen, detail: 2)
        glows.append(
          try oval(
            disc.x, disc.y, disc.r * 1.4, disc.r * 1.4,
            fill: radial(
              disc.x, disc.y, disc.r * 1.4,
              [(0, rgb(0xFFFFFF, 0.3)), (0.5, rgb(0xE3F0FF, 0.12)), (1, rgb(0xE3F0FF, 0))])))
        flakes.append(
          shape(
            pen.geometry, fill: nil,
            stroke: try Stroke(
              .solid(rgb(0xFFFFFF, 0.95)), width: width, join: .round, cap: .round)))
      }
      return (try layer("snowflakes", flakes), try layer("flake-glow", glows), discs)
    }
  }
}
