extension SeasonArt {
  /// SplitMix64 (Steele, Lea & Flood 2014): a tiny, fast, seedable generator.
  ///
  /// The art uses it instead of the standard library's generators and `random(in:)` helpers so
  /// that the same seed gives the same picture on every platform and Swift version. Each motif
  /// layer draws from its own named stream, so adding a particle to one layer does not move
  /// the motifs of another.
  struct Random {
    private var state: UInt64

    /// A stream for `seed`, told apart from other streams of the same seed by `stream`.
    init(seed: UInt64, stream: String = "") {
      // FNV-1a of the stream name: stable across runs, unlike `Hasher`.
      var salt: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in stream.utf8 {
        salt ^= UInt64(byte)
        salt = salt &* 0x100_0000_01b3
      }
      state = seed ^ salt
      _ = next()
    }

    /// The bare generator started from `state`, as in the reference implementation.
    init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    /// A number in 0 ..< 1, with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A number in `low ..< high` (or `high` when they are equal).
    mutating func range(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    /// An integer in `low ... high`.
    mutating func int(_ low: Int, _ high: Int) -> Int {
      precondition(low <= high)
      return low + Int(next() % UInt64(high - low + 1))
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// -1 or +1, evenly.
    mutating func sign() -> Double { next() & 1 == 0 ? -1 : 1 }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[int(0, items.count - 1)] }
  }
}
