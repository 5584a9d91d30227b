import SceneGraph

extension SeasonArt {
  /// Autumn: a low evening sun behind layered russet hills with round trees, and maple and
  /// oval leaves with veins falling in warm reds, oranges and golds.
  enum Autumn {
    /// Leaf gradients, base to tip.
    private static let leafColors: [(UInt32, UInt32)] = [
      (0xB71C1C, 0xE64A19), (0xD2401F, 0xF57C00), (0xE8701E, 0xF9B233), (0xC62828, 0xF2A23D),
      (0xF29D1F, 0xFBC94A), (0x8F3B22, 0xD2601F),
    ]

    static func nodes(in frame: Frame, seed: UInt64) throws(SceneError) -> [Node] {
      let v = frame.visible
      let farHill = v.y(0.7)
      var layers: [Node] = [
        try sky(frame, [(0, 0xFCEBD2), (0.45, 0xF9D6A8), (0.75, 0xF4B27A), (1, 0xEE9A62)]),
        try sun(frame, horizon: farHill, seed: seed),
      ]
      layers += try hills(frame, top: farHill, seed: seed)
      let region = frame.focal(above: v.y(0.78))
      let big = try mapleLeaves(frame, region: region, seed: seed)
      layers.append(try fallingLeaves(frame, avoiding: big.discs, seed: seed))
      layers.append(big.node)
      return layers
    }

    /// A pale sun sinking towards the far hills, in a wide warm glow.
    private static func sun(_ frame: Frame, horizon: Double, seed: UInt64) throws(SceneError)
      -> Node
    {
      var rng = Random(seed: seed, stream: "autumn.sun")
      let (v, u) = (frame.visible, frame.unit)
      let x = v.x(rng.range(0.25, 0.75))
      let y = horizon - u * rng.range(0.02, 0.08)
      let r = u * 0.1
      return try layer(
        "glow",
        [
          try oval(
            x, y, u * 0.9, u * 0.9,
            fill: radial(
              x, y, u * 0.9,
              [(0, rgb(0xFFF4DC, 0.9)), (0.3, rgb(0xFFE2B0, 0.45)), (1, rgb(0xFFE2B0, 0))])),
          try oval(
            x, y, r, r,
            fill: radial(x, y, r, [(0, rgb(0xFFFBEF)), (0.8, rgb(0xFFEBC4)), (1, rgb(0xFFDCA0))])),
        ])
    }

    /// Four hills in warm tones, hazier in the distance, round trees on the middle two.
    private static func hills(_ frame: Frame, top: Double, seed: UInt64) throws(SceneError)
      -> [Node]
    {
      var rng = Random(seed: seed, stream: "autumn.hills")
      var spare = Random(seed: seed, stream: "autumn.hills.bleed")
      let (v, u) = (frame.visible, frame.unit)
      let (x0, x1, bottom) = (v.minX - 2, v.maxX + 2, frame.groundBottom)
      let (lo, hi) = frame.edgeReach()
      let tones: [(UInt32, UInt32)] = [
        (0xE9B68C, 0xE2A578), (0xDB8E5A, 0xCF7A48), (0xC2653A, 0xAE5430), (0x93452A, 0x7A3621),
      ]
      let crowns: [[UInt32]] = [
        [], [0xE8A04A, 0xD9773A, 0xEFBC5A], [0xE0552A, 0xF29D1F, 0xB8401F], [],
      ]
      var nodes: [Node] = []
      for (i, tone) in tones.enumerated() {
        let base = top + (v.maxY - top) * Double(i) * 0.26
        let ridge = Ridge.hills(
          base: base, amplitude: u * 0.04, unit: u, origin: v.minX, rng: &rng)
        var children = [
          shape(
            try ridge.outline(from: x0, to: x1, reaching: lo, hi, bottom: bottom),
            fill: try linear(
              v.midX, base - u * 0.05, v.midX, v.maxY, [(0, rgb(tone.0)), (1, rgb(tone.1))]))
        ]
        if !crowns[i].isEmpty {
          children += try trees(
            on: ridge, frame: frame, scale: u * (0.022 + 0.012 * Double(i)), colors: crowns[i],
            rng: &rng, spare: &spare)
        }
        nodes.append(try layer("hill", children))
      }
      return [try layer("hills", nodes)]
    }

    /// Round-crowned trees standing on `ridge`: one trunk path, and one crown path per colour.
    /// A row across the screen drawn from `rng`, and clusters in the print bleed beside it
    /// drawn from `spare`, kept off the screen.
    private static func trees(
      on ridge: Ridge, frame: Frame, scale: Double, colors: [UInt32], rng: inout Random,
      spare: inout Random
    ) throws(SceneError) -> [Node] {
      let (c, v) = (frame.canvas, frame.visible)
      var trunks = Pen()
      var crowns = [Pen](repeating: Pen(), count: colors.count)
      /// Adds a cluster of one to three trees at `x`; returns where the next one goes.
      func cluster(at x: Double, rng: inout Random, trunks: inout Pen, crowns: inout [Pen])
        throws(SceneError) -> Double
      {
        let count = rng.int(1, 3)
        for k in 0..<count {
          let tx = x + Double(k) * scale * 1.3
          let ground = ridge.y(tx) + scale * 0.4
          let s = scale * rng.range(0.8, 1.25)
          try trunks.move(tx, ground)
          try trunks.line(tx, ground - s * 1.6)
          let crown = rng.int(0, colors.count - 1)
          try crowns[crown].ellipse(tx, ground - s * 1.9, s * 0.85, s)
        }
        return x + scale * (Double(count) * 1.3 + rng.range(4, 12))
      }
      /// A cluster in the print bleed, left out where it would reach the screen.
      func extra(at x: Double) throws(SceneError) -> Double {
        var t = Pen()
        var cs = [Pen](repeating: Pen(), count: colors.count)
        let next = try cluster(at: x, rng: &spare, trunks: &t, crowns: &cs)
        let boxes = [t.bounds(stroke: scale * 0.11)] + cs.map { $0.bounds() }
        if boxes.allSatisfy(frame.clearsVisible) {
          trunks.append(t)
          for k in crowns.indices { crowns[k].append(cs[k]) }
        }
        return next
      }
      try frame.row(
        from: v.minX + rng.range(0, 3) * scale, step: scale,
        leftStart: { c.minX - scale * spare.range(1, 4) },
        cluster: { x throws(SceneError) in try cluster(at: x, rng: &rng, trunks: &trunks, crowns: &crowns) },
        extra: { x throws(SceneError) in try extra(at: x) })
      var nodes = [
        shape(
          trunks.geometry, fill: nil,
          stroke: try Stroke(.solid(rgb(0x5D3020, 0.85)), width: scale * 0.22, cap: .round))
      ]
      for (pen, color) in zip(crowns, colors) where !pen.isEmpty {
        nodes.append(shape(pen.geometry, fill: .solid(rgb(color))))
      }
      return nodes
    }

    /// Three or four big maple leaves, the focal motifs, wholly inside `region`.
    private static func mapleLeaves(_ frame: Frame, region: Box?, seed: UInt64)
      throws(SceneError) -> (node: Node, discs: [Disc])
    {
      var rng = Random(seed: seed, stream: "autumn.maple")
      let u = frame.unit
      let sizes = (0..<(frame.density > 1.8 ? 4 : 3)).map { i in
        u * (i == 0 ? rng.range(0.17, 0.2) : rng.range(0.11, 0.15))
      }
      let discs = scatter(sizes, in: region, keepOut: frame.keepOut, gap: 1.15, rng: &rng)
      var children: [Node] = []
      for disc in discs {
        // The outline and stem reach at most 1 unit from the centre; the stroke a bit more.
        children += try leaf(
          maple: true,
          at: Place(x: disc.x, y: disc.y, angle: rng.range(-0.9, 0.9), scale: disc.r / 1.04),
          colors: rng.pick(leafColors), frame: frame)
      }
      return (try layer("maple-leaves", children), discs)
    }

    /// Medium and small leaves, maple and oval, falling across the whole screen; more small
    /// ones in the print bleed.
    private static func fallingLeaves(_ frame: Frame, avoiding taken: [Disc], seed: UInt64)
      throws(SceneError) -> Node
    {
      var rng = Random(seed: seed, stream: "autumn.leaves")
      let (v, u) = (frame.visible, frame.unit)
      var children: [Node] = []
      let area = Box(minX: v.minX - u * 0.05, minY: v.minY - u * 0.05, maxX: v.maxX + u * 0.05, maxY: v.maxY)
      let medium = scatter(
        (0..<frame.count(4, 5, 12)).map { _ in u * rng.range(0.05, 0.085) }, in: area,
        avoiding: taken, keepOut: frame.keepOut, gap: 1.3, attempts: 30, rng: &rng)
      for disc in medium {
        children += try leaf(
          maple: rng.chance(0.5),
          at: Place(
            x: disc.x, y: disc.y, angle: rng.range(-.pi, .pi), scale: disc.r,
            squash: rng.range(0.55, 1)),
          colors: rng.pick(leafColors), frame: frame)
      }
      // Small leaves: one node each, no veins.
      func small(at x: Double, _ y: Double, rng: inout Random) throws(SceneError) -> (Pen, Paint) {
        var pen = Pen(
          Place(
            x: x, y: y, angle: rng.range(-.pi, .pi), scale: u * rng.range(0.02, 0.038),
            squash: rng.range(0.5, 1)))
        if rng.chance(0.4) { try Motif.maple(into: &pen) } else { try Motif.almond(into: &pen) }
        return (pen, .solid(rgb(rng.pick(leafColors).1, rng.range(0.65, 0.95))))
      }
      let count = frame.count(12, 14, 44)
      for _ in 0..<count {
        let (x, y) = (rng.range(v.minX, v.maxX), rng.range(v.minY, v.maxY))
        let (pen, fill) = try small(at: x, y, rng: &rng)
        children.append(shape(pen.geometry, fill: fill))
      }
      // In the print bleed, as dense as on the screen and clear of it.
      var spare = Random(seed: seed, stream: "autumn.leaves.bleed")
      for (x, y) in bleedSpots(
        in: frame.bleed(), density: Double(count) / v.area, cap: 22, rng: &spare)
      {
        let (pen, fill) = try small(at: x, y, rng: &spare)
        if frame.clearsVisible(pen.bounds()) { children.append(shape(pen.geometry, fill: fill)) }
      }
      return try layer("leaves", children)
    }

    /// One leaf with a gradient from base to tip and darker veins (and stem).
    private static func leaf(
      maple: Bool, at place: Place, colors: (UInt32, UInt32), frame: Frame
    ) throws(SceneError) -> [Node] {
      var outline = Pen(place)
      var veins = Pen(place)
      if maple {
        try Motif.maple(into: &outline)
        try Motif.mapleVeins(into: &veins, stem: 0.55)
      } else {
        // The oval leaf's base sits at its centre's 0.5 units below, so it centres like a maple.
        var shifted = place
        let lift = place.map(0, 0.5)
        shifted.x = lift.x
        shifted.y = lift.y
        outline = Pen(shifted)
        veins = Pen(shifted)
        try Motif.almond(into: &outline)
        try Motif.almondVeins(into: &veins, pairs: 3, stem: 0.2)
      }
      let base = place.map(0, 0.6)
      let tip = place.map(0, -1)
      return [
        shape(
          outline.geometry,
          fill: try linear(
            base.x, base.y, tip.x, tip.y, [(0, rgb(colors.0)), (1, rgb(colors.1))])),
        shape(
          veins.geometry, fill: nil,
          stroke: try Stroke(
            .solid(rgb(0x6D2412, 0.55)), width: max(0.5, place.scale * 0.035), join: .round,
            cap: .round)),
      ]
    }
  }
}
