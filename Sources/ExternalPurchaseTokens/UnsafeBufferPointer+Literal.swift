extension UnsafeBufferPointer where Element == UInt8 {
  /// Whether the bytes at `offset` spell `literal`, compared eight bytes at a time.
  ///
  /// Field names and the fixed parts of canonical token JSON are matched this way,
  /// without making strings.
  @inline(__always)
  func hasLiteral(_ literal: StaticString, at offset: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset >= 0, offset + count <= self.count, let base = baseAddress else { return false }
    let ours = UnsafeRawPointer(base + offset)
    let theirs = UnsafeRawPointer(literal.utf8Start)
    var index = 0
    while index + 8 <= count {
      if ours.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        != theirs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      {
        return false
      }
      index += 8
    }
    while index < count {
      if ours.load(fromByteOffset: index, as: UInt8.self)
        != theirs.load(fromByteOffset: index, as: UInt8.self)
      {
        return false
      }
      index += 1
    }
    return true
  }

  /// Whether the bytes are exactly `literal`.
  func equals(_ literal: StaticString) -> Bool {
    count == literal.utf8CodeUnitCount && hasLiteral(literal, at: 0)
  }
}
