import Testing

@testable import ExternalPurchaseTokens

/// The fast writers of issue 26 (`CanonicalTokenJSON`, `ByteCursor`, the pair-table Base64URL)
/// against the general encoder and a plain reference, on many tokens and byte strings.
@Suite("Fast token writing")
struct FastTokenWritingTests {
  /// Tokens of every shape: plain and custom link, each type, sandbox ids, negative and extreme
  /// integers, strings that need escapes, non-ASCII, empty strings, extra fields.
  static func tokens(count: Int) -> [ExternalPurchaseToken] {
    var random = SeededGenerator(seed: 26)
    let bundles = ["com.example.epsim", "", "a\"b", "back\\slash", "tab\there", "é日本", "x\u{01}y", "plain"]
    let integers: [Int64] = [0, 1, -1, 9, 10, 1_772_323_200_000, .max, .min, -1_234_567]
    return (0..<count).map { index in
      let id = index % 5 == 0 ? "SANDBOX_\(random.uuidString())" : random.uuidString()
      var token = ExternalPurchaseToken(
        appAppleId: integers[random.below(integers.count)], bundleId: bundles[random.below(bundles.count)],
        tokenCreationDate: integers[random.below(integers.count)] &+ Int64(index),
        externalPurchaseId: index % 11 == 0 ? id + "\n\"" : id)
      if random.below(3) > 0 { token.tokenType = CustomLinkTokenType.allCases[random.below(4)] }
      if random.below(3) > 0 { token.tokenExpirationDate = integers[random.below(integers.count)] }
      if index % 13 == 0 { token.extraFields = [JSONMember(name: "future", value: .number("1.5"))] }
      return token
    }
  }

  @Test func canonicalJSONMatchesTheGeneralEncoder() {
    var covered = 0
    for token in Self.tokens(count: 3_000) {
      guard let bound = CanonicalTokenJSON.maximumCount(of: token) else {
        // Only tokens the fast writer does not cover come here.
        #expect(
          !token.extraFields.isEmpty || JSONText.needsEscaping(token.bundleId)
            || JSONText.needsEscaping(token.externalPurchaseId))
        continue
      }
      covered += 1
      let written = [UInt8](unsafeUninitializedCapacity: bound) { memory, count in
        var cursor = ByteCursor(memory)
        CanonicalTokenJSON.write(token, to: &cursor)
        count = cursor.count
      }
      #expect(written == TokenEncoder().jsonBytes(for: token))
    }
    #expect(covered > 1_000)
  }

  /// A token written after its app's head (issue 26) is the token written whole; a head is
  /// refused exactly for a bundle id that needs escapes, and heads only its own app's tokens.
  @Test func aTokenWrittenAfterItsHeadIsTheWholeToken() throws {
    var covered = 0
    for token in Self.tokens(count: 3_000) {
      guard let head = CanonicalTokenJSON.Head(appAppleId: token.appAppleId, bundleId: token.bundleId) else {
        #expect(JSONText.needsEscaping(token.bundleId))
        continue
      }
      #expect(head.heads(token))
      var other = token
      other.appAppleId &+= 1
      #expect(!head.heads(other))
      let bound = CanonicalTokenJSON.maximumCount(of: token, after: head)
      #expect((bound == nil) == (CanonicalTokenJSON.maximumCount(of: token) == nil))
      guard let bound else { continue }
      covered += 1
      let written = [UInt8](unsafeUninitializedCapacity: bound) { memory, count in
        var cursor = ByteCursor(memory)
        CanonicalTokenJSON.write(token, after: head, to: &cursor)
        count = cursor.count
      }
      #expect(written == TokenEncoder().jsonBytes(for: token))
      #expect(written.starts(with: head.bytes))
    }
    #expect(covered > 1_000)
  }

  @Test func encodeMatchesBase64OfTheJSONUnderEveryQuirk() {
    let quirkSets = (0..<8).map { TokenEncoder.Quirks(rawValue: $0) }
    for (index, token) in Self.tokens(count: 1_600).enumerated() {
      let encoder = TokenEncoder(quirks: quirkSets[index % 8])
      let reference = Self.referenceBase64(
        encoder.jsonBytes(for: token), padded: encoder.quirks.contains(.padding))
      #expect(encoder.encode(token) == reference)
    }
  }

  @Test func base64URLMatchesAPlainEncoderOnEveryLength() {
    var random = SeededGenerator(seed: 7)
    for length in 0..<200 {
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.below(256)) }
      for padded in [false, true] {
        #expect(Base64URL.encode(bytes, padded: padded) == Self.referenceBase64(bytes, padded: padded))
      }
    }
  }

  @Test(arguments: [Int64(0), 7, 10, 99, 100, 1_772_323_200_000, -1, -10, .max, .min])
  func decimalsAsStringSpellsThem(value: Int64) {
    let written = [UInt8](unsafeUninitializedCapacity: ByteCursor.maximumDecimalCount) { memory, count in
      var cursor = ByteCursor(memory)
      cursor.write(decimal: value)
      count = cursor.count
    }
    #expect(String(decoding: written, as: UTF8.self) == String(value))
  }

  @Test(arguments: ["plain", "", "quote\"back\\slash", "tab\tnew\nline\u{01}", "é ü 日本", "c000001.iphone"])
  func quotedMatchesJSONText(text: String) {
    let written = [UInt8](unsafeUninitializedCapacity: 2 + 6 * text.utf8.count) { memory, count in
      var cursor = ByteCursor(memory)
      cursor.write(quoted: text)
      count = cursor.count
    }
    #expect(String(decoding: written, as: UTF8.self) == JSONText.quoted(text))
  }

  @Test func needsEscapingFindsEveryByteThatNeedsIt() {
    // Every ASCII byte and a few others, at every position of strings up to 19 bytes: the
    // eight-byte test and the byte loop agree with a plain check.
    let fillers: [Character] = ["a", "é", "~", "日"]
    for length in 1..<20 {
      for position in 0..<length {
        for scalar in (0..<128).map({ Unicode.Scalar(UInt8($0)) }) + ["é", "\u{7F}", "日"] {
          var characters = Array(repeating: fillers[length % 4], count: length)
          characters[position] = Character(scalar)
          let text = String(characters)
          let expected = text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
          #expect(JSONText.needsEscaping(text) == expected, "\(length) \(position) \(scalar.value)")
        }
      }
    }
  }

  @Test func typeTailsAreTheRawValuesAndAQuote() {
    for type in CustomLinkTokenType.allCases { #expect(type.quotedTail.description == type.rawValue + "\"") }
  }

  @Test func uuidStringsMatchTheByteByByteSpelling() {
    for seed in UInt64(0)..<500 {
      var fast = SeededGenerator(seed: seed &* 0x9E37_79B9)
      var reference = fast
      for _ in 0..<4 { #expect(fast.uuidString() == Self.referenceUUID(&reference)) }
      #expect(fast == reference)
    }
  }

  /// The version 4 UUID spelled one nibble at a time, the way the generator wrote it before.
  static func referenceUUID(_ random: inout SeededGenerator) -> String {
    let words = (random.next(), random.next())
    var text = ""
    for index in 0..<16 {
      var byte = UInt8(truncatingIfNeeded: (index < 8 ? words.0 : words.1) >> (8 * UInt64(index % 8)))
      if index == 6 { byte = (byte & 0x0F) | 0x40 }
      if index == 8 { byte = (byte & 0x3F) | 0x80 }
      if [4, 6, 8, 10].contains(index) { text += "-" }
      text += String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
    }
    return text
  }

  /// RFC 4648's URL alphabet one character at a time, the way the encoder worked before.
  static func referenceBase64(_ bytes: [UInt8], padded: Bool) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    var text = ""
    var index = 0
    while index < bytes.count {
      let available = min(3, bytes.count - index)
      var chunk = UInt32(bytes[index]) << 16
      if available > 1 { chunk |= UInt32(bytes[index + 1]) << 8 }
      if available > 2 { chunk |= UInt32(bytes[index + 2]) }
      for position in 0...available { text.append(alphabet[Int(chunk >> (18 - 6 * UInt32(position)) & 63)]) }
      if padded { text += String(repeating: "=", count: 3 - available) }
      index += 3
    }
    return text
  }
}
