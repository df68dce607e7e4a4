extension Base64URL {
  /// What decoding found besides the bytes: facts strict mode needs to judge the form.
  struct DecodedText {
    /// How many bytes were written.
    var count: Int
    /// Every byte written is below 0x80, so the text is UTF-8 without further checks.
    var isASCII: Bool
    /// Where `=` padding starts in the input, if there is any.
    var paddingOffset: Int?
    /// Where the last character carries non-zero bits that encode nothing, if it does.
    var nonZeroTrailingBitsOffset: Int?
  }

  /// 6-bit value of each byte, `invalid` for bytes outside the Base64URL alphabet.
  /// A table rather than range checks: the input is random letters, so branches mispredict.
  static let decodingTable: [UInt8] = {
    var table = [UInt8](repeating: invalid, count: 256)
    for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
    return table
  }()

  static let invalid: UInt8 = 0xFF

  /// The two tables the hot loop reads, as plain pointers to memory that lives as long as the
  /// process: reaching an array inside the loop's caller costs an atomic retain and release
  /// per token. Written once during initialization and only read after that, so sharing
  /// them between threads is safe, which is why `nonisolated(unsafe)` is sound here.
  nonisolated(unsafe) static let decodingTables:
    (bytes: UnsafeBufferPointer<UInt8>, shifted: UnsafeBufferPointer<UInt32>) = (
      permanentCopy(of: decodingTable), permanentCopy(of: shiftedDecodingTable)
    )

  /// Four tables of 256 in one: entry `256 * k + byte` is the byte's value already shifted
  /// to its place among four characters' 24 bits (18, 12, 6, 0 bits for k = 0...3), or
  /// bit 31 for an invalid byte. ORing four entries yields three bytes and a validity flag.
  static let shiftedDecodingTable: [UInt32] = (0..<4).flatMap { position in
    decodingTable.map { value -> UInt32 in
      value == invalid ? invalidShifted : UInt32(value) << (18 - 6 * position)
    }
  }

  private static func permanentCopy<Element>(of array: [Element]) -> UnsafeBufferPointer<Element> {
    let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
    _ = memory.initialize(from: array)
    return UnsafeBufferPointer(memory)
  }

  static let invalidShifted: UInt32 = 0x8000_0000

  /// The most bytes `length` characters of Base64URL text can decode to; size buffers with it.
  static func decodedCapacity(forTextLength length: Int) -> Int {
    length / 4 * 3 + 2
  }

  /// Decodes `input[start..<end]`, padded or not, into `output`.
  ///
  /// Errors come in input order: the first bad character wins, then the length, then the
  /// padding count. `output` must hold `decodedCapacity(forTextLength: end - start)` bytes.
  static func decode(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    into output: UnsafeMutableBufferPointer<UInt8>
  ) throws(TokenDecodingError) -> DecodedText {
    let equals = UInt8(ascii: "=")
    var dataEnd = end
    while dataEnd > start && input[dataEnd - 1] == equals { dataEnd -= 1 }
    let length = dataEnd - start

    let tables = decodingTables
    let (written, highBits, failure) = decodeQuads(
      input, from: start, to: dataEnd, table: tables.bytes, shifted: tables.shifted, into: output)
    if let failure {
      if input[failure] == equals { throw TokenDecodingError(.misplacedPadding(offset: failure)) }
      throw TokenDecodingError(
        .invalidBase64Character(offset: failure, character: scalar(in: input, at: failure)))
    }
    let remainder = length % 4
    if remainder == 1 { throw TokenDecodingError(.impossibleBase64Length(length: length)) }

    let paddingCount = end - dataEnd
    if paddingCount > 0 {
      let expected = (4 - remainder) % 4
      if paddingCount != expected {
        throw TokenDecodingError(
          .wrongPaddingCount(offset: dataEnd, expected: expected, found: paddingCount))
      }
    }
    // Unused low bits of the last character: 4 of them after 2 characters, 2 after 3.
    var nonZeroBits: Int?
    if remainder != 0 {
      let last = tables.bytes[Int(input[dataEnd - 1])]
      let unusedMask: UInt8 = remainder == 2 ? 0x0F : 0x03
      if last & unusedMask != 0 { nonZeroBits = dataEnd - 1 }
    }
    return DecodedText(
      count: written, isASCII: highBits == 0, paddingOffset: paddingCount > 0 ? dataEnd : nil,
      nonZeroTrailingBitsOffset: nonZeroBits)
  }

  /// The hot loop: returns the bytes written, the OR of their high bits (so the caller can
  /// skip UTF-8 validation for ASCII), or the offset of the first invalid character.
  private static func decodeQuads(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    table: UnsafeBufferPointer<UInt8>, shifted: UnsafeBufferPointer<UInt32>,
    into output: UnsafeMutableBufferPointer<UInt8>
  ) -> (written: Int, highBits: UInt32, failure: Int?) {
    var index = start
    var written = 0
    var allBytes: UInt32 = 0
    if let source = input.baseAddress, let target = output.baseAddress {
      var allWide: UInt64 = 0
      // Eight characters (six bytes) a round: one 8-byte load and one 8-byte store instead
      // of eight and six. The store writes two bytes past the six; `decodedCapacity` leaves
      // room for them and later rounds overwrite them.
      while index + 8 <= end {
        let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self).littleEndian
        let high =
          shifted[Int(truncatingIfNeeded: word & 0xFF)]
          | shifted[256 + Int(truncatingIfNeeded: word >> 8 & 0xFF)]
          | shifted[512 + Int(truncatingIfNeeded: word >> 16 & 0xFF)]
          | shifted[768 + Int(truncatingIfNeeded: word >> 24 & 0xFF)]
        let low =
          shifted[Int(truncatingIfNeeded: word >> 32 & 0xFF)]
          | shifted[256 + Int(truncatingIfNeeded: word >> 40 & 0xFF)]
          | shifted[512 + Int(truncatingIfNeeded: word >> 48 & 0xFF)]
          | shifted[768 + Int(truncatingIfNeeded: word >> 56)]
        // The four-character loop below finds the culprit.
        if (high | low) & invalidShifted != 0 { break }
        let bits = UInt64(high) << 24 | UInt64(low)
        UnsafeMutableRawPointer(target + written).storeBytes(of: (bits << 16).bigEndian, as: UInt64.self)
        allWide |= bits
        written += 6
        index += 8
      }
      allBytes = allWide & 0x8080_8080_8080 == 0 ? 0 : 0x80
    }
    while index + 4 <= end {
      let a = table[Int(input[index])]
      let b = table[Int(input[index + 1])]
      let c = table[Int(input[index + 2])]
      let d = table[Int(input[index + 3])]
      // Valid values are below 64, so one test of the high bit covers all four.
      if (a | b | c | d) & 0x80 != 0 {
        return (written, 0, firstInvalid(input, from: index, to: index + 4, table: table))
      }
      let chunk = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
      allBytes |= chunk
      output[written] = UInt8(truncatingIfNeeded: chunk >> 16)
      output[written + 1] = UInt8(truncatingIfNeeded: chunk >> 8)
      output[written + 2] = UInt8(truncatingIfNeeded: chunk)
      written += 3
      index += 4
    }
    if index == end { return (written, allBytes & 0x80_8080, nil) }
    if let bad = firstInvalid(input, from: index, to: end, table: table) { return (written, 0, bad) }
    // Two or three characters left give one or two bytes; one character alone is an
    // impossible length that the caller reports.
    var chunk: UInt32 = 0
    for offset in index..<end { chunk |= UInt32(table[Int(input[offset])]) << (18 - 6 * (offset - index)) }
    let remaining = end - index
    allBytes |= remaining == 2 ? chunk & 0xFF_0000 : chunk & 0xFF_FF00
    if remaining >= 2 {
      output[written] = UInt8(truncatingIfNeeded: chunk >> 16)
      written += 1
    }
    if remaining == 3 {
      output[written] = UInt8(truncatingIfNeeded: chunk >> 8)
      written += 1
    }
    return (written, allBytes & 0x80_8080, nil)
  }

  private static func firstInvalid(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, table: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    (start..<end).first { table[Int(input[$0])] == invalid }
  }

  /// The Unicode scalar that starts at byte `offset` of valid UTF-8 `input`, for error messages.
  private static func scalar(in input: UnsafeBufferPointer<UInt8>, at offset: Int) -> Unicode.Scalar {
    let slice = UnsafeBufferPointer(rebasing: input[offset..<min(offset + 4, input.count)])
    return String(decoding: slice, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
  }
}
