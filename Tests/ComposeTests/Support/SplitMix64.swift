/// SplitMix64: a tiny generator whose sequence depends only on its seed, for the randomized tests.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// True with the given probability.
  mutating func chance(_ probability: Double) -> Bool {
    Double(next() >> 11) / Double(UInt64(1) << 53) < probability
  }

  /// One of the elements; the collection must not be empty.
  mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[below(elements.count)]
  }

  /// A number in `0..<bound`; 0 when `bound` is 0.
  mutating func below(_ bound: Int) -> Int {
    bound <= 0 ? 0 : Int(next() % UInt64(bound))
  }
}
