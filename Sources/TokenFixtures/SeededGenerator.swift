/// A SplitMix64 generator: the same seed gives the same table on every platform and toolchain.
///
/// The standard library's `random(in:using:)` may change its mapping between releases, so ranges
/// are mapped here by hand too.
struct SeededGenerator {
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

  /// A value in `lower..<upper`; the modulo bias is irrelevant for test data.
  mutating func int64(in range: Range<Int64>) -> Int64 {
    range.lowerBound + Int64(next() % UInt64(range.upperBound - range.lowerBound))
  }

  /// An upper-case version 4 UUID string, as Swift's `UUID().uuidString` prints (SPEC 10).
  mutating func uuidString() -> String {
    var bytes = [UInt8]()
    for word in [next(), next()] {
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: word >> shift))
      }
    }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    let hex = bytes.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
  }
}
