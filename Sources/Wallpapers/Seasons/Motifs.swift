import Platform
import SceneGraph

// Motif outlines shared by the seasons, each drawn in its own coordinates: the base at the
// origin, pointing up (towards −y), one unit long. A `Pen`'s placement turns, sizes and
// moves them.

extension SeasonArt {
  enum Motif {
    /// A cherry-blossom petal with a notched tip, about 0.94 units wide and 1 long.
    static func petal(into pen: inout Pen) throws(SceneError) {
      try pen.move(0, 0)
      try pen.curve(-0.32, -0.14, -0.56, -0.56, -0.36, -0.9)
      try pen.curve(-0.28, -1.02, -0.1, -1.04, 0, -0.88)
      try pen.curve(0.1, -1.04, 0.28, -1.02, 0.36, -0.9)
      try pen.curve(0.56, -0.56, 0.32, -0.14, 0, 0)
      pen.close()
    }

    /// A pointed oval leaf, about 0.6 units wide and 1 long.
    static func almond(into pen: inout Pen) throws(SceneError) {
      try pen.move(0, 0)
      try pen.curve(-0.42, -0.2, -0.34, -0.72, 0, -1)
      try pen.curve(0.34, -0.72, 0.42, -0.2, 0, 0)
      pen.close()
    }

    /// The veins of `almond`: a midrib from `stem` units below the base to near the tip and
    /// `pairs` pairs of side veins.
    static func almondVeins(into pen: inout Pen, pairs: Int, stem: Double) throws(SceneError) {
      try pen.move(0, stem)
      try pen.line(0, -0.9)
      for i in 0..<pairs {
        let y = -0.18 - 0.6 * Double(i) / Double(max(1, pairs))
        let reach = 0.24 - 0.05 * Double(i)
        try pen.move(-reach, y - 0.2)
        try pen.quad(-reach * 0.4, y - 0.04, 0, y)
        try pen.quad(reach * 0.4, y - 0.04, reach, y - 0.2)
      }
    }

    /// The lobes of a maple leaf: (angle clockwise from straight up in degrees, length in
    /// units, half-width in degrees) for the five lobes, left to right.
    private static let mapleLobes: [(Double, Double, Double)] = [
      (-102, 0.58, 19), (-52, 0.88, 21), (0, 1, 22), (52, 0.88, 21), (102, 0.58, 19),
    ]

    /// A five-lobed maple leaf centred on the origin, its top lobe reaching 1 unit up; the
    /// outline stays within 1 unit of the centre. Toothed lobes, rounded sinuses.
    static func maple(into pen: inout Pen) throws(SceneError) {
      func polar(_ degrees: Double, _ r: Double) -> (Double, Double) {
        let a = degrees * .pi / 180
        return (r * sin(a), -r * cos(a))
      }
      let base = polar(-150, 0.2)
      try pen.move(base.0, base.1)
      var previous: Double = -150
      for (angle, length, width) in mapleLobes {
        // A rounded sinus from the previous lobe to this one.
        let sinus = polar((previous + angle - width) / 2, previous == -150 ? 0.2 : length * 0.4)
        let shoulder = polar(angle - width, length * 0.52)
        try pen.quad(sinus.0, sinus.1, shoulder.0, shoulder.1)
        for (da, r) in [
          (-0.78, 0.8), (-0.5, 0.74), (-0.36, 0.88), (-0.2, 0.82), (0, 1), (0.2, 0.82),
          (0.36, 0.88), (0.5, 0.74), (0.78, 0.8), (1, 0.52),
        ] as [(Double, Double)] {
          let p = polar(angle + width * da, length * r)
          try pen.line(p.0, p.1)
        }
        previous = angle + width
      }
      let end = polar(150, 0.2)
      let sinus = polar((previous + 150) / 2, 0.22)
      try pen.quad(sinus.0, sinus.1, end.0, end.1)
      try pen.quad(0, 0.08, base.0, base.1)
      pen.close()
    }

    /// The veins of `maple`: from the centre to each lobe tip, and the stem down to `stem`.
    static func mapleVeins(into pen: inout Pen, stem: Double) throws(SceneError) {
      for (angle, length, _) in mapleLobes {
        let a = angle * .pi / 180
        try pen.move(0, 0.04)
        try pen.line(length * 0.86 * sin(a), -length * 0.86 * cos(a))
      }
      try pen.move(0, 0.04)
      try pen.quad(0.02, stem * 0.6, 0.08, stem)
    }

    /// A six-armed snowflake of radius 1: arms with two pairs of side branches and a forked
    /// tip (`detail` 2), or with one pair (`detail` 1), or plain (`detail` 0). For stroking.
    static func snowflake(into pen: inout Pen, detail: Int) throws(SceneError) {
      for arm in 0..<6 {
        let a = Double(arm) * .pi / 3
        let (s, c) = (sin(a), cos(a))
        // Arm-local (along, across) to flake coordinates; arm 0 points straight up.
        func at(_ along: Double, _ across: Double) -> (Double, Double) {
          (along * s + across * c, -along * c + across * s)
        }
        let inner = at(detail == 2 ? 0.16 : 0, 0)
        let tip = at(1, 0)
        try pen.move(inner.0, inner.1)
        try pen.line(tip.0, tip.1)
        let branches: [(Double, Double)] =
          detail == 2 ? [(0.38, 0.3), (0.64, 0.22)] : detail == 1 ? [(0.5, 0.28)] : []
        for (along, length) in branches {
          let root = at(along, 0)
          for side in [-1.0, 1.0] {
            // Side branches leave at 60° to the arm, towards the tip.
            let end = at(along + length * 0.5, side * length * 0.866)
            try pen.move(root.0, root.1)
            try pen.line(end.0, end.1)
          }
        }
        if detail == 2 {
          for side in [-1.0, 1.0] {
            let end = at(0.96, side * 0.1)
            let root = at(0.84, 0)
            try pen.move(root.0, root.1)
            try pen.line(end.0, end.1)
          }
        }
      }
      if detail == 2 {
        // A small hexagon at the heart.
        var ring: [(Double, Double)] = []
        for k in 0..<6 {
          let a = Double(k) * .pi / 3
          ring.append((0.16 * sin(a), -0.16 * cos(a)))
        }
        try pen.polygon(ring)
      }
    }
  }
}
