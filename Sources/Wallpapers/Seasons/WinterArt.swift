import Foundation
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

    /// Faint stars in the upper sky.
    private static func stars(_ frame: Frame, seed: UInt64) throws(SceneError) -> Node {
      var rng = Random(seed: seed, stream: "winter.stars")
      let (c, v, u) = (frame.canvas, frame.visible, frame.unit)
      var pen = Pen()
      for _ in 0..<frame.count(14, 16, 50) {
        let y = c.minY + (v.y(0.5) - c.minY) * pow(rng.unit(), 1.5)
        try pen.circle(rng.range(c.minX, c.maxX), y, u * rng.range(0.0018, 0.004))
      }
      return try layer("stars", [shape(pen.geometry, fill: .solid(rgb(0xFFFFFF, 0.8)))])
    }

    /// Three snowy hills, bluer in the distance, with rows of snow-capped pines on the two
    /// far ones.
    private static func hills(_ frame: Frame, top: Double, seed: UInt64) throws(SceneError)
      -> Node
    {
      var rng = Random(seed: seed, stream: "winter.hills")
      let (c, v, u) = (frame.canvas, frame.visible, frame.unit)
      let (x0, x1, bottom) = (c.minX - 2, c.maxX + 2, c.maxY + 2)
      let tones: [(UInt32, UInt32)] = [(0xB7CFE8, 0xA3C0DE), (0xDCE8F5, 0xC6D9EE), (0xFFFFFF, 0xE3EEF8)]
      let pines: [UInt32?] = [0x3C5F86, 0x2A4868, nil]
      var children: [Node] = []
      for (i, tone) in tones.enumerated() {
        let base = top + (v.maxY - top) * Double(i) * 0.3
        let ridge = Ridge.hills(base: base, amplitude: u * 0.035, unit: u, rng: &rng)
        if let color = pines[i] {
          children += try trees(
            on: ridge, frame: frame, scale: u * (0.06 + 0.03 * Double(i)), color: color,
            rng: &rng)
        }
        children.append(
          shape(
            try ridge.outline(from: x0, to: x1, bottom: bottom),
            fill: try linear(
              v.midX, base - u * 0.04, v.midX, v.maxY, [(0, rgb(tone.0)), (1, rgb(tone.1))])))
        // A soft blue shadow under the crest line.
        var crest = Pen()
        try ridge.trace(&crest, from: x0, to: x1, start: true)
        children.append(
          shape(
            crest.geometry, fill: nil,
            stroke: try Stroke(.solid(rgb(0xFFFFFF, 0.7)), width: u * 0.004, join: .round)))
      }
      return try layer("hills", children)
    }

    /// Clusters of pines standing on `ridge`: one path for the trees, one for their snow.
    private static func trees(
      on ridge: Ridge, frame: Frame, scale: Double, color: UInt32, rng: inout Random
    ) throws(SceneError) -> [Node] {
      let c = frame.canvas
      var green = Pen()
      var snow = Pen()
      var x = c.minX + rng.range(0, 2) * scale
      var clusters = 0
      // At most 60 clusters, however wide the canvas is against the screen.
      while x < c.maxX, clusters < 60 {
        clusters += 1
        let count = rng.int(1, 4)
        for k in 0..<count {
          let tx = x + Double(k) * scale * 0.45 + rng.range(-0.1, 0.1) * scale
          let place = Place(
            x: tx, y: ridge.y(tx) + scale * 0.12, scale: scale * rng.range(0.7, 1.15))
          green.place = place
          snow.place = place
          try pine(green: &green, snow: &snow)
        }
        x += scale * (Double(count) * 0.45 + rng.range(1, 3.5))
      }
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

    /// Falling snow: soft dots, one path, with radii in `sizes` (fractions of the unit).
    private static func snow(
      _ frame: Frame, name: String, sizes: (Double, Double), alpha: Double, seed: UInt64
    ) throws(SceneError) -> Node {
      var rng = Random(seed: seed, stream: "winter." + name)
      let (c, u) = (frame.canvas, frame.unit)
      var pen = Pen()
      for _ in 0..<frame.count(22, 24, 80) {
        try pen.circle(
          rng.range(c.minX, c.maxX), rng.range(c.minY, c.maxY), u * rng.range(sizes.0, sizes.1))
      }
      return try layer(name, [shape(pen.geometry, fill: .solid(rgb(0xFFFFFF, alpha)))])
    }

    /// Small six-armed flakes all over the canvas, clear of the big ones.
    private static func flurries(_ frame: Frame, avoiding taken: [Disc], seed: UInt64)
      throws(SceneError) -> Node
    {
      var rng = Random(seed: seed, stream: "winter.flurries")
      let (c, u) = (frame.canvas, frame.unit)
      let spots = scatter(
        (0..<frame.count(6, 8, 20)).map { _ in u * rng.range(0.02, 0.045) }, in: c,
        avoiding: taken, gap: 1.4, attempts: 20, rng: &rng)
      var children: [Node] = []
      for spot in spots {
        var pen = Pen(Place(x: spot.x, y: spot.y, angle: rng.range(0, .pi / 3), scale: spot.r))
        try Motif.snowflake(into: &pen, detail: spot.r > u * 0.03 ? 1 : 0)
        children.append(
          shape(
            pen.geometry, fill: nil,
            stroke: try Stroke(
              .solid(rgb(0xFFFFFF, rng.range(0.6, 0.9))), width: max(0.6, spot.r * 0.1),
              join: .round, cap: .round)))
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
      let discs = scatter(sizes, in: region, gap: 1.2, rng: &rng)
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
