import ExternalPurchaseTokens

/// The range draw the crafted table needs, on top of the shared seeded generator.
extension SeededGenerator {
  /// A value in `range`; the modulo bias is irrelevant for test data.
  mutating func int64(in range: Range<Int64>) -> Int64 {
    range.lowerBound + Int64(next() % UInt64(range.upperBound - range.lowerBound))
  }
}
