import ExternalPurchaseTokens

/// Realistic tokens built from a seed, for benchmarks and round-trip tests.
///
/// The mix follows what a backend sees: plain and custom link tokens, sandbox and
/// production ids, and about a quarter of the strings in one of Apple's sample quirks
/// (padding, trailing newline, pretty JSON, or several at once).
public struct TokenCorpus: Sendable {
  /// One corpus entry: the token and the string it was encoded to.
  public struct Entry: Sendable {
    public var token: ExternalPurchaseToken
    public var string: String
    public var quirks: TokenEncoder.Quirks
  }

  public var entries: [Entry]

  /// `count` entries from `seed`; the same arguments always give the same corpus.
  public init(count: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    entries = (0..<count).map { _ in
      let token = Self.randomToken(using: &random)
      let quirks: TokenEncoder.Quirks =
        random.next(below: 4) == 0 ? TokenEncoder.Quirks(rawValue: random.next(below: 7) + 1) : []
      return Entry(token: token, string: TokenEncoder(quirks: quirks).encode(token), quirks: quirks)
    }
  }

  private static let bundleIds = [
    "com.example.app", "com.example.music", "de.shop.checkout", "jp.co.games.puzzle", "fr.news.reader",
  ]

  /// A token as StoreKit could hand it out: dates in 2024-2027, ids as upper-case UUIDs.
  public static func randomToken(using random: inout SplitMix64) -> ExternalPurchaseToken {
    let sandbox = random.next(below: 2) == 0
    let uuid = randomUUID(using: &random)
    let creation = 1_704_067_200_000 + Int64(random.next(below: 4 * 365 * 86_400_000))
    var token = ExternalPurchaseToken(
      appAppleId: 1_000_000_000 + Int64(random.next(below: 8_999_999_999)),
      bundleId: bundleIds[random.next(below: bundleIds.count)],
      tokenCreationDate: creation,
      externalPurchaseId: sandbox ? TokenEnvironment.sandboxIdPrefix + "_" + uuid : uuid)
    if random.next(below: 2) == 0 {
      let types = CustomLinkTokenType.allCases
      token.tokenType = types[random.next(below: types.count)]
      token.tokenExpirationDate = creation + (sandbox ? 3_600_000 : 365 * 86_400_000)
    }
    return token
  }

  /// An upper-case UUID string (version 4 layout), as `UUID().uuidString` writes them.
  public static func randomUUID(using random: inout SplitMix64) -> String {
    let hexDigits = Array("0123456789ABCDEF")
    var text = ""
    for index in 0..<32 {
      if [8, 12, 16, 20].contains(index) { text.append("-") }
      switch index {
      case 12: text.append("4")  // the version nibble
      case 16: text.append(hexDigits[8 + random.next(below: 4)])  // the variant: 8, 9, A or B
      default: text.append(hexDigits[random.next(below: 16)])
      }
    }
    return text
  }
}
