import ExternalPurchaseTokens

/// The valid tokens every crafted row starts from, drawn from one seed.
///
/// Only ids, app ids and dates come from the seed, always with the same number of digits, so
/// every payload's length (and hence its Base64 padding) is the same for every seed. The bundle
/// ids are chosen so that each padded quirk row really ends in `=`.
struct CraftBases {
  /// The first day of 2025, UTC, in ms: creation dates fall in the year after it.
  static let creationRangeStart: Int64 = 1_735_689_600_000
  static let hour: Int64 = 3_600_000
  static let day: Int64 = 24 * hour
  /// epsim's assumed production lifetime of custom link tokens (SPEC 10).
  static let productionLifetime: Int64 = 365 * day
  /// Sandbox custom link tokens expire one hour after creation (SPEC 2).
  static let sandboxLifetime: Int64 = hour

  let plainProduction: ExternalPurchaseToken
  let plainSandbox: ExternalPurchaseToken
  let customLinkProduction: ExternalPurchaseToken
  let customLinkSandbox: ExternalPurchaseToken
  let inAppSandbox: ExternalPurchaseToken
  let linkOutSandbox: ExternalPurchaseToken

  /// The four bases the quirk rows repeat over, with their label suffixes.
  var quirkBases: [(name: String, token: ExternalPurchaseToken)] {
    [
      ("plain-production", plainProduction), ("plain-sandbox", plainSandbox),
      ("custom-link-production", customLinkProduction), ("custom-link-sandbox", customLinkSandbox),
    ]
  }

  init(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    func make(
      _ bundleId: String, _ environment: TokenEnvironment, _ type: CustomLinkTokenType?
    ) -> ExternalPurchaseToken {
      let creation = generator.int64(in: Self.creationRangeStart..<(Self.creationRangeStart + 365 * Self.day))
      let lifetime = environment == .sandbox ? Self.sandboxLifetime : Self.productionLifetime
      let prefix = environment == .sandbox ? TokenEnvironment.sandboxIdPrefix + "_" : ""
      return ExternalPurchaseToken(
        appAppleId: generator.int64(in: 1_000_000_000..<10_000_000_000), bundleId: bundleId,
        tokenCreationDate: creation, externalPurchaseId: prefix + generator.uuidString(),
        tokenType: type, tokenExpirationDate: type.map { _ in creation + lifetime })
    }
    plainProduction = make("com.example.app", .production, nil)
    plainSandbox = make("com.example.music", .sandbox, nil)
    customLinkProduction = make("com.example.music", .production, .acquisition)
    customLinkSandbox = make("com.example.app", .sandbox, .services)
    inAppSandbox = make("com.example.app", .sandbox, .inApp)
    linkOutSandbox = make("com.example.app", .sandbox, .linkOut)
  }
}
