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
    var random = SeededGenerator(seed: seed)
    entries = (0..<count).map { _ in
      let token = Self.randomToken(using: &random)
      let quirks: TokenEncoder.Quirks =
        random.below(4) == 0 ? TokenEncoder.Quirks(rawValue: random.below(7) + 1) : []
      return Entry(token: token, string: TokenEncoder(quirks: quirks).encode(token), quirks: quirks)
    }
  }

  private static let bundleIds = [
    "com.example.app", "com.example.music", "de.shop.checkout", "jp.co.games.puzzle", "fr.news.reader",
  ]

  /// A token as StoreKit could hand it out: dates in 2024-2027, ids as upper-case UUIDs.
  public static func randomToken(using random: inout SeededGenerator) -> ExternalPurchaseToken {
    let sandbox = random.below(2) == 0
    let uuid = random.uuidString()
    let creation = 1_704_067_200_000 + Int64(random.below(4 * 365 * 86_400_000))
    var token = ExternalPurchaseToken(
      appAppleId: 1_000_000_000 + Int64(random.below(8_999_999_999)),
      bundleId: bundleIds[random.below(bundleIds.count)],
      tokenCreationDate: creation,
      externalPurchaseId: sandbox ? TokenEnvironment.sandboxIdPrefix + "_" + uuid : uuid)
    if random.below(2) == 0 {
      let types = CustomLinkTokenType.allCases
      token.tokenType = types[random.below(types.count)]
      token.tokenExpirationDate = creation + (sandbox ? 3_600_000 : 365 * 86_400_000)
    }
    return token
  }
}
