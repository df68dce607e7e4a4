import ExternalPurchaseTokens
import Testing
import TokenCorpus

/// Seeded random inputs: the decoder must never crash, and whatever it accepts must obey
/// the round-trip laws. A failure prints the seed's iteration, so it can be replayed.
@Suite("Token decoder: random inputs")
struct TokenDecoderFuzzTests {
  static let interestingBytes =
    Array(#"{}[]",:\ -+.eE0123456789tfnaul"#.utf8) + [0x00, 0x0A, 0x09, 0x80, 0xC3, 0xFF]

  /// Decodes `string` in both modes and checks the laws that link them.
  func check(_ string: String, context: @autoclosure () -> String) {
    let lenient = Result { () throws(TokenDecodingError) in try TokenDecoder().decode(string) }
    let strict = Result { () throws(TokenDecodingError) in try TokenDecoder(mode: .strict).decode(string) }
    if case .success(let token) = lenient {
      // Extra fields are never canonical, so only tokens without them must pass strict mode.
      let canonical = TokenEncoder().encode(token)
      let mode: TokenDecoder.Mode = token.extraFields.isEmpty ? .strict : .lenient
      #expect(
        (try? TokenDecoder(mode: mode).decode(canonical)) == token, "canonical re-encoding, \(context())")
    }
    if case .success(let token) = strict {
      #expect((try? lenient.get()) == token, "strict implies lenient, \(context())")
      #expect(TokenEncoder().encode(token) == string, "strict means byte-identical, \(context())")
    }
    for case .failure(let error) in [lenient, strict] {
      #expect(!error.description.isEmpty)
      checkOffsets(error.reason, inputLength: string.utf8.count, context: context())
    }
  }

  func checkOffsets(_ reason: TokenDecodingError.Reason, inputLength: Int, context: @autoclosure () -> String)
  {
    switch reason {
    case .invalidBase64Character(let offset, _), .misplacedPadding(let offset),
      .wrongPaddingCount(let offset, _, _):
      #expect(offset >= 0 && offset < inputLength, "offset inside the input, \(context())")
    case .jsonSyntax(let offset, _, _), .notUTF8(let offset), .nestingTooDeep(let offset, _):
      #expect(offset >= 0 && offset <= inputLength, "offset inside the JSON, \(context())")
    default: break
    }
  }

  @Test func randomTextNeverCrashes() {
    var random = SeededGenerator(seed: 0xF022)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    let others: [Character] = ["=", " ", "\n", "\t", "+", "/", "%", "é", "😀", "\u{0}", ".", "\r"]
    for iteration in 0..<3_000 {
      var text = ""
      for _ in 0..<random.below(400) {
        text.append(
          random.below(10) < 8
            ? alphabet[random.below(alphabet.count)] : others[random.below(others.count)])
      }
      check(text, context: "random text \(iteration)")
    }
  }

  @Test func mutatedJSONNeverCrashes() {
    var random = SeededGenerator(seed: 0xBAD_50)
    let corpus = TokenCorpus(count: 200, seed: 11)
    for iteration in 0..<3_000 {
      let entry = corpus.entries[random.below(corpus.entries.count)]
      var json = Array(TokenEncoder(quirks: entry.quirks.subtracting(.padding)).json(for: entry.token).utf8)
      for _ in 0...random.below(4) { mutate(&json, using: &random) }
      check(Base64URL.encode(json, padded: random.below(2) == 0), context: "JSON mutation \(iteration)")
    }
  }

  @Test func mutatedTokenTextNeverCrashes() {
    var random = SeededGenerator(seed: 0x7E47)
    let corpus = TokenCorpus(count: 200, seed: 12)
    for iteration in 0..<2_000 {
      var text = Array(corpus.entries[random.below(corpus.entries.count)].string.utf8)
      for _ in 0...random.below(3) { mutate(&text, using: &random) }
      check(String(decoding: text, as: UTF8.self), context: "text mutation \(iteration)")
    }
  }

  /// One random edit: replace, insert or delete a byte, or repeat a slice.
  func mutate(_ bytes: inout [UInt8], using random: inout SeededGenerator) {
    let byte =
      random.below(2) == 0
      ? Self.interestingBytes[random.below(Self.interestingBytes.count)]
      : UInt8(random.below(256))
    let index = random.below(bytes.count + 1)
    switch random.below(4) {
    case 0 where index < bytes.count: bytes[index] = byte
    case 1: bytes.insert(byte, at: index)
    case 2 where index < bytes.count: bytes.remove(at: index)
    default:
      let end = min(bytes.count, index + random.below(20))
      bytes.insert(contentsOf: bytes[index..<end], at: index)
    }
  }
}
