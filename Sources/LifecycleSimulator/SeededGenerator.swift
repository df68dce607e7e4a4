/// A small, fast, seedable random number generator (SplitMix64), so that a scenario and a seed
/// always give byte-identical tokens. Its whole state is one integer, stored in the world.
public struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A version 4 UUID in upper case, as Swift's `UUID().uuidString` writes it (SPEC 10).
  public mutating func uuidString() -> String {
    var bytes = [UInt8](repeating: 0, count: 16)
    for half in 0..<2 {
      let word = next()
      for index in 0..<8 { bytes[half * 8 + index] = UInt8(truncatingIfNeeded: word >> (8 * index)) }
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let hex = Array("0123456789ABCDEF".utf8)
    var text = [UInt8]()
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
      text.append(hex[Int(byte >> 4)])
      text.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// A uniformly distributed Double in [0, 1).
  public mutating func unitInterval() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }
}
