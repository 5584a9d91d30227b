import Platform
import SceneGraph

extension SeasonArt {
  /// Spring: cherry branches in blossom reaching in from the sides against a pale sky, petals
  /// drifting on the wind, soft green hills dotted with daisies.
  enum Spring {
    /// Blossom gradients, centre to rim: deep, middle, pale.
    private static let blossomColors: [(UInt32, UInt32, UInt32)] = [
      (0xEC6F9C, 0xF8BBD0, 0xFFF3F7),
      (0xE0588A, 0xF5A3C0, 0xFDE3EC),
      (0xF29BBA, 0xFCE1EA, 0xFFFFFF),
    ]

    static func nodes(in frame: Frame, seed: UInt64) throws(SceneError) -> [Node] {
      let v = frame.visible
      let farHill = v.y(0.8)
      var layers: [Node] = [
        try sky(frame, [(0, 0xBFE0F5), (0.55, 0xFCE8EF), (1, 0xF3F8E8)]),
        try light(frame, seed: seed),
      ]
      layers += try hills(frame, top: farHill, seed: seed)
      let region = frame.focal(above: farHill)
      let (wood, blossoms) = try branches(frame, region: region, seed: seed)
      layers.append(wood)
      layers.append(blossoms)
      layers.append(try petals(frame, stream: region ?? v, seed: seed))
      return layers
    }

    /// Soft sunlight from one upper corner and out-of-focus bokeh discs.
    private static func light(_ frame: Frame, seed: UInt64) throws(SceneError) -> Node {
      var rng = Random(seed: seed, stream: "spring.light")
      let (v, u) = (frame.visible, frame.unit)
      let corner = rng.chance(0.5) ? v.minX : v.maxX
      var children = [
        try oval(
          corner, v.minY, u * 1.1, u * 1.1,
          fill: radial(
            corner, v.minY, u * 1.1,
            [(0, rgb(0xFFFFFF, 0.75)), (0.5, rgb(0xFFF6E8, 0.3)), (1, rgb(0xFFFFFF, 0))]))
      ]
      for _ in 0..<frame.count(3.5, 4, 12) {
        let (x, y) = (rng.range(v.minX, v.maxX), rng.range(v.minY, v.y(0.75)))
        let r = u * rng.range(0.04, 0.12)
        let tint = rng.chance(0.5) ? 0xFFFFFF : 0xFFE4EE as UInt32
        children.append(
          try oval(
            x, y, r, r,
            fill: radial(
              x, y, r,
              [(0, rgb(tint, 0.65)), (0.75, rgb(tint, 0.45)), (1, rgb(tint, 0))])))
      }
      return try layer("light", children)
    }

    /// Three rolling hills, far to near, and daisies on the nearest.
    private static func hills(_ frame: Frame, top: Double, seed: UInt64) throws(SceneError)
      -> [Node]
    {
      var rng = Random(seed: seed, stream: "spring.hills")
      let (v, u) = (frame.visible, frame.unit)
      let (x0, x1, bottom) = (v.minX - 2, v.maxX + 2, frame.groundBottom)
      let (lo, hi) = frame.edgeReach()
      let tones: [(UInt32, UInt32)] = [(0xD3EBB9, 0xC2E1A6), (0xAEDA8C, 0x9CCF7A), (0x8CC66A, 0x6FAE52)]
      var ridges: [Ridge] = []
      var shapes: [Node] = []
      for (i, tone) in tones.enumerated() {
        let base = top + (v.maxY - top) * Double(i) * 0.3
        let ridge = Ridge.hills(
          base: base, amplitude: u * 0.035, unit: u, origin: v.minX, rng: &rng)
        ridges.append(ridge)
        shapes.append(
          shape(
            try ridge.outline(from: x0, to: x1, reaching: lo, hi, bottom: bottom),
            fill: try linear(
              v.midX, base - u * 0.04, v.midX, v.maxY, [(0, rgb(tone.0)), (1, rgb(tone.1))])))
      }
      // Daisies: five white petals round a yellow heart, larger nearer the bottom.
      let near = ridges[ridges.count - 1]
      func daisy(_ x: Double, _ y: Double, size s: Double, turn: Double, petals: inout Pen, hearts: inout Pen)
        throws(SceneError)
      {
        for k in 0..<5 {
          let a = turn + Double(k) * 2 * .pi / 5
          try petals.circle(x + cos(a) * s, y + sin(a) * s * 0.8, s * 0.62)
        }
        try hearts.circle(x, y, s * 0.5)
      }
      var petals = Pen()
      var hearts = Pen()
      let count = frame.count(10, 10, 40)
      for _ in 0..<count {
        let x = rng.range(v.minX, v.maxX)
        let ground = near.y(x) + u * 0.02
        guard ground < v.maxY else { continue }
        let y = rng.range(ground, v.maxY)
        let depth = (y - ground) / max(1, v.maxY - ground)
        try daisy(
          x, y, size: u * (0.007 + 0.008 * depth), turn: rng.range(0, .pi), petals: &petals,
          hearts: &hearts)
      }
      var meadow: [Node] = []
      if !petals.isEmpty {
        meadow.append(shape(petals.geometry, fill: .solid(rgb(0xFFFFFF, 0.92))))
        meadow.append(shape(hearts.geometry, fill: .solid(rgb(0xF6C945))))
      }
      // More daisies in the print bleed beside and below the screen, as dense as on it.
      var spare = Random(seed: seed, stream: "spring.hills.bleed")
      let meadowTop = near.base - u * 0.06
      var extraPetals = Pen()
      var extraHearts = Pen()
      for (x, y) in bleedSpots(
        in: frame.bleed(top: meadowTop),
        density: Double(count) / (v.width * max(1, v.maxY - meadowTop)), cap: 20, rng: &spare)
      {
        let ground = near.y(x) + u * 0.02
        let s = u * (0.007 + 0.008 * min(1, max(0, (y - ground) / max(1, v.maxY - ground))))
        let turn = spare.range(0, .pi)
        let reach = s * 1.62
        let box = Box(minX: x - reach, minY: y - reach, maxX: x + reach, maxY: y + reach)
        guard y > ground, frame.clearsVisible(box) else { continue }
        try daisy(x, y, size: s, turn: turn, petals: &extraPetals, hearts: &extraHearts)
      }
      if !extraPetals.isEmpty {
        meadow.append(shape(extraPetals.geometry, fill: .solid(rgb(0xFFFFFF, 0.92))))
        meadow.append(shape(extraHearts.geometry, fill: .solid(rgb(0xF6C945))))
      }
      return [try layer("hills", shapes), try layer("meadow", meadow)]
    }

    /// One blossom site: a disc (points) the flower must fill and its colour scheme.
    private struct Site {
      var disc: Disc
      var colors: (UInt32, UInt32, UInt32)
      var turn: Double
    }

    /// Two branches from opposite sides, leaves and buds on them (`branches`), and the
    /// blossoms (`blossoms`, kept inside `region`).
    private static func branches(_ frame: Frame, region: Box?, seed: UInt64) throws(SceneError)
      -> (Node, Node)
    {
      var rng = Random(seed: seed, stream: "spring.branches")
      var spare = Random(seed: seed, stream: "spring.branches.bleed")
      let (c, v, u) = (frame.canvas, frame.visible, frame.unit)
      // The branches start below what the screen keeps clear at its top (the clock, a label
      // under it), so their blossoms can open; when that leaves too little, they keep the region.
      var area = region ?? v
      let cleared = frame.keepOut.filter { $0.minY < area.y(0.35) }.map(\.maxY).max() ?? area.minY
      if cleared > area.minY, area.maxY - cleared > area.height * 0.55 { area.minY = cleared }
      let side = rng.sign()
      var wood = Pen()
      var leaves = Pen()
      var veins = Pen()
      var buds = Pen()
      var extraBuds = Pen()
      var accepted: [Site] = []

      // The upper branch is long and carries most flowers; the lower one is shorter and sits
      // lower on taller screens, so the two share the height.
      let lower = 0.5 + 0.22 * min(1, max(0, (area.height / area.width - 0.6) / 1.1))
      let plans: [(side: Double, y: Double, length: Double, width: Double)] = [
        (side, area.y(rng.range(0.08, 0.16)), min(v.width * 0.74, u * 1.35), u * 0.046),
        (-side, area.y(lower + rng.range(-0.04, 0.04)), min(v.width * 0.52, u * 0.95), u * 0.034),
      ]
      for plan in plans {
        let s = plan.side
        let x0 = s > 0 ? v.minX - u * 0.02 : v.maxX + u * 0.02
        let x3 = (s > 0 ? v.minX : v.maxX) + s * plan.length
        let d = abs(x3 - x0)
        let y3 = plan.y + d * rng.range(0.04, 0.16)
        let main = Cubic(
          p0: (x0, plan.y), p1: (x0 + s * d * 0.35, plan.y - d * rng.range(0.02, 0.08)),
          p2: (x0 + s * d * 0.68, y3 - d * rng.range(0, 0.08)), p3: (x3, y3))
        try main.taper(into: &wood, startWidth: plan.width, endWidth: u * 0.005)
        // In a print bleed the branch carries on straight out past the canvas edge, from the
        // end of the taper (just off the screen) so the branch on the screen stays the same.
        if s > 0 ? frame.bleedsLeft : frame.bleedsRight {
          let dir = main.tangent(0)
          let half = plan.width / 2
          let edge = s > 0 ? c.minX : c.maxX
          let length = (abs(x0 - edge) + half + u * 0.02) / max(0.2, abs(dir.x))
          let (lx, ly) = (x0 - dir.y * half, plan.y + dir.x * half)
          let (rx, ry) = (x0 + dir.y * half, plan.y - dir.x * half)
          // Wound like the taper, so the shared edge leaves no seam.
          try wood.polygon([
            (lx, ly), (rx, ry), (rx - dir.x * length, ry - dir.y * length),
            (lx - dir.x * length, ly - dir.y * length),
          ])
        }

        let big = u * rng.range(0.09, 0.11)
        var sites: [(x: Double, y: Double, r: Double)] = []
        let tip = main.tangent(1)
        sites.append((x3 + tip.x * big * 0.3, y3 + tip.y * big * 0.3, big))

        for (i, t) in [0.34, 0.56, 0.78].enumerated() {
          let start = main.at(t)
          let dir = main.tangent(t)
          // Alternate up and down; an upward twig that would reach the status bar turns down.
          var bend = (i % 2 == 0 ? -1.0 : 1.0) * s * rng.range(0.5, 0.85)
          let length = d * rng.range(0.13, 0.2) * (1.15 - 0.4 * t)
          func end(_ bend: Double) -> (x: Double, y: Double) {
            let (sb, cb) = (sin(bend), cos(bend))
            return (
              start.x + (dir.x * cb - dir.y * sb) * length,
              start.y + (dir.x * sb + dir.y * cb) * length
            )
          }
          if end(bend).y < area.minY + big { bend = -bend }
          let e = end(bend)
          let twig = Cubic(
            p0: start,
            p1: (
              start.x + (e.x - start.x) * 0.3 + dir.x * length * 0.2,
              start.y + (e.y - start.y) * 0.3 + dir.y * length * 0.2
            ),
            p2: (start.x + (e.x - start.x) * 0.7, start.y + (e.y - start.y) * 0.7 - length * 0.05),
            p3: e)
          try twig.taper(into: &wood, startWidth: plan.width * 0.42, endWidth: u * 0.004)
          sites.append((e.x, e.y, u * rng.range(0.065, 0.09)))
          let mid = twig.at(0.5)
          sites.append((mid.x, mid.y - u * 0.01, u * rng.range(0.045, 0.058)))
        }
        // Flowers all along the branch, alternating sides, in mixed sizes.
        let spacing = u * 0.11
        let steps = max(2, Int(d / spacing))
        for k in 0..<steps {
          let t = 0.22 + 0.74 * Double(k) / Double(steps - 1)
          let p = main.at(t)
          let n = main.tangent(t)
          let r = u * rng.pick([0.05, 0.06, 0.07, 0.08]) * rng.range(0.9, 1.1)
          let off = (k % 2 == 0 ? 1.0 : -1.0) * r * rng.range(0.2, 0.6)
          sites.append((p.x - n.y * off, p.y + n.x * off, r))
        }

        // Keep the flowers that fit the region without crowding; the rest become buds.
        for site in sites {
          let disc = Disc(x: site.x, y: site.y, r: site.r * 1.05)
          let free = accepted.allSatisfy { disc.overlap($0.disc, gap: 0.66) <= 0 }
          if area.contains(disc), free, region != nil, frame.allows(disc) {
            accepted.append(
              Site(disc: disc, colors: rng.pick(blossomColors), turn: rng.range(0, 2 * .pi)))
            // A young leaf or two tucked behind the flower.
            for _ in 0..<rng.int(0, 2) {
              let a = rng.range(0, 2 * .pi)
              let place = Place(
                x: site.x + cos(a) * site.r * 0.6, y: site.y + sin(a) * site.r * 0.6,
                angle: a + .pi / 2, scale: site.r * rng.range(0.75, 1))
              leaves.place = place
              try Motif.almond(into: &leaves)
              veins.place = place
              try Motif.almondVeins(into: &veins, pairs: 2, stem: 0.05)
            }
          } else if v.contains(site.x, site.y) {
            try bud(into: &buds, site.x, site.y, angle: rng.range(-0.6, 0.6), scale: u * 0.028)
          } else if c.contains(site.x, site.y) {
            // A site in the print bleed: a bud there too, if it keeps off the screen.
            var extra = Pen()
            try bud(into: &extra, site.x, site.y, angle: spare.range(-0.6, 0.6), scale: u * 0.028)
            if frame.clearsVisible(extra.bounds()) { extraBuds.append(extra) }
          }
        }
      }

      // The outline first, then the fill over it, so only the silhouette is outlined.
      var woodNodes = [
        shape(
          wood.geometry, fill: nil,
          stroke: try Stroke(.solid(rgb(0x3E2723, 0.6)), width: u * 0.006, join: .round)),
        shape(
          wood.geometry,
          fill: try linear(
            v.midX, v.minY, v.midX, v.maxY, [(0, rgb(0x795548)), (1, rgb(0x5D4037))])),
      ]
      if !leaves.isEmpty {
        woodNodes.append(
          shape(
            leaves.geometry,
            fill: try linear(
              v.minX, v.minY, v.maxX, v.maxY, [(0, rgb(0x9CCC65)), (1, rgb(0x7CB342))])))
        woodNodes.append(
          shape(
            veins.geometry, fill: nil,
            stroke: try Stroke(.solid(rgb(0x558B2F, 0.7)), width: u * 0.0025, cap: .round)))
      }
      if !buds.isEmpty { woodNodes.append(shape(buds.geometry, fill: .solid(rgb(0xE0588A)))) }
      if !extraBuds.isEmpty {
        woodNodes.append(shape(extraBuds.geometry, fill: .solid(rgb(0xE0588A))))
      }

      var flowers: [Node] = []
      for site in accepted { flowers += try blossom(site) }
      return (try layer("branches", woodNodes), try layer("blossoms", flowers))
    }

    /// A closed bud, its base at (`x`, `y`), `scale` points long.
    private static func bud(
      into pen: inout Pen, _ x: Double, _ y: Double, angle: Double, scale: Double
    ) throws(SceneError) {
      pen.place = Place(x: x, y: y, angle: angle, scale: scale)
      try pen.move(0, 0.4)
      try pen.curve(-0.5, 0.2, -0.45, -0.5, 0, -1)
      try pen.curve(0.45, -0.5, 0.5, 0.2, 0, 0.4)
      pen.close()
    }

    /// A five-petal cherry blossom filling `site.disc`: petals with a radial blush and a
    /// fine rim, a deep-pink heart, stamens with yellow anthers.
    private static func blossom(_ site: Site) throws(SceneError) -> [Node] {
      let (x, y) = (site.disc.x, site.disc.y)
      let r = site.disc.r / 1.05
      var petals = Pen()
      for k in 0..<5 {
        petals.place = Place(x: x, y: y, angle: site.turn + Double(k) * 2 * .pi / 5, scale: r)
        try Motif.petal(into: &petals)
      }
      var stamens = Pen()
      var anthers = Pen()
      for k in 0..<12 {
        let a = site.turn + Double(k) * 2 * .pi / 12 + 0.13
        let reach = r * (k % 2 == 0 ? 0.42 : 0.33)
        try stamens.move(x + cos(a) * r * 0.08, y + sin(a) * r * 0.08)
        try stamens.line(x + cos(a) * reach, y + sin(a) * reach)
        try anthers.circle(x + cos(a) * reach, y + sin(a) * reach, r * 0.04)
      }
      let (deep, middle, pale) = site.colors
      return [
        shape(
          petals.geometry,
          fill: try radial(
            x, y, r, [(0, rgb(deep)), (0.32, rgb(middle)), (0.75, rgb(pale)), (1, rgb(pale))]),
          stroke: try Stroke(
            .solid(rgb(0xD9668F, 0.45)), width: max(0.4, r * 0.016), join: .round)),
        shape(
          stamens.geometry, fill: nil,
          stroke: try Stroke(.solid(rgb(0xC2185B, 0.85)), width: r * 0.022, cap: .round)),
        try oval(x, y, r * 0.12, r * 0.12, fill: .solid(rgb(0xC2185B))),
        shape(anthers.geometry, fill: .solid(rgb(0xF6C945))),
      ]
    }

    /// Single petals, turned and tilted at random: some scattered over the whole screen (and
    /// the print bleed), most riding an S-shaped breeze through `stream` (points), larger
    /// near its middle.
    private static func petals(_ frame: Frame, stream: Box, seed: UInt64) throws(SceneError)
      -> Node
    {
      var rng = Random(seed: seed, stream: "spring.petals")
      let (v, u) = (frame.visible, frame.unit)
      let tones: [UInt32] = [0xF8BBD0, 0xF48FB1, 0xF4A6C0, 0xF7B2C9, 0xFFFFFF, 0xEC6F9C]
      let dir = rng.sign()
      let breeze = Cubic(
        p0: (v.x(0.5 - 0.38 * dir), stream.y(0.22)), p1: (v.x(0.5 + 0.25 * dir), stream.y(0.3)),
        p2: (v.x(0.5 - 0.3 * dir), stream.y(0.72)), p3: (v.x(0.5 + 0.62 * dir), stream.y(1)))
      let band = u * 0.14
      var children: [Node] = []
      let count = frame.count(30, 26, 80)
      for i in 0..<count {
        var x: Double
        var y: Double
        var size = u * rng.range(0.02, 0.036)
        if i < count * 2 / 5 {
          (x, y) = (rng.range(v.minX, v.maxX), rng.range(v.minY, v.maxY))
        } else {
          let p = breeze.at(rng.unit())
          let n = breeze.tangent(rng.unit())
          let off = (rng.unit() + rng.unit() - 1) * band
          (x, y) = (p.x - n.y * off, p.y + n.x * off)
          size *= 1.35 - abs(off) / band * 0.6
        }
        var pen = Pen(
          Place(
            x: x, y: y, angle: rng.range(0, 2 * .pi), scale: size, squash: rng.range(0.45, 1)))
        try Motif.petal(into: &pen)
        children.append(
          shape(pen.geometry, fill: .solid(rgb(rng.pick(tones), rng.range(0.7, 0.95)))))
      }
      // Scattered petals in the print bleed, as dense as on the screen and clear of it.
      var spare = Random(seed: seed, stream: "spring.petals.bleed")
      for (x, y) in bleedSpots(
        in: frame.bleed(), density: Double(count * 2 / 5) / v.area, cap: 40, rng: &spare)
      {
        let size = u * spare.range(0.02, 0.036)
        var pen = Pen(
          Place(
            x: x, y: y, angle: spare.range(0, 2 * .pi), scale: size, squash: spare.range(0.45, 1)))
        try Motif.petal(into: &pen)
        let fill = Paint.solid(rgb(spare.pick(tones), spare.range(0.7, 0.95)))
        if frame.clearsVisible(pen.bounds()) { children.append(shape(pen.geometry, fill: fill)) }
      }
      return try layer("petals", children)
    }
  }
}

extension SeasonArt.Box {
  /// Whether the point lies inside or on the edge.
  func contains(_ x: Double, _ y: Double) -> Bool {
    x >= minX && x <= maxX && y >= minY && y <= maxY
  }
}
