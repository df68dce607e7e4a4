/// One external purchase token as Apple's StoreKit hands it out, decoded.
///
/// Every token carries the four base fields. Custom link tokens
/// (`ExternalPurchaseCustomLink`) add `tokenType` and `tokenExpirationDate`;
/// plain tokens (notice sheet, link-out) have neither. See SPEC section 1.
public struct ExternalPurchaseToken: Hashable, Sendable {
  /// The app's Apple ID.
  public var appAppleId: Int64
  /// The app's bundle identifier.
  public var bundleId: String
  /// When the token was created, UNIX time in milliseconds.
  public var tokenCreationDate: Int64
  /// The identifier that gets reported; unique per token. `SANDBOX`-prefixed in sandbox.
  public var externalPurchaseId: String
  /// The custom link token type; `nil` for plain tokens.
  public var tokenType: CustomLinkTokenType?
  /// When a custom link token expires, UNIX time in milliseconds; `nil` for plain tokens.
  public var tokenExpirationDate: Int64?
  /// Fields Apple may add later, kept in the order they were read so a token round-trips.
  public var extraFields: [JSONMember]

  public init(
    appAppleId: Int64,
    bundleId: String,
    tokenCreationDate: Int64,
    externalPurchaseId: String,
    tokenType: CustomLinkTokenType? = nil,
    tokenExpirationDate: Int64? = nil,
    extraFields: [JSONMember] = []
  ) {
    self.appAppleId = appAppleId
    self.bundleId = bundleId
    self.tokenCreationDate = tokenCreationDate
    self.externalPurchaseId = externalPurchaseId
    self.tokenType = tokenType
    self.tokenExpirationDate = tokenExpirationDate
    self.extraFields = extraFields
  }

  /// The environment the token belongs to; the id prefix is the only place it is recorded (SPEC 2).
  public var environment: TokenEnvironment {
    // The first byte asked first: a production id (a UUID) never starts with `S`, and the full
    // prefix test cost more than writing the rest of a generated line's environment (issue 26).
    externalPurchaseId.utf8.first == UInt8(ascii: "S")
      && externalPurchaseId.hasPrefix(TokenEnvironment.sandboxIdPrefix)
      ? .sandbox : .production
  }

  /// Whether this is a custom link token or a plain one.
  public var kind: TokenKind {
    (tokenType != nil || tokenExpirationDate != nil) ? .customLink : .plain
  }

  /// Whether the token is active at `time` (ms). Plain tokens have no expiry and are active from creation.
  /// Active periods are half-open: at exactly the expiration millisecond the token is expired (SPEC 10).
  public func isActive(at time: Int64) -> Bool {
    guard time >= tokenCreationDate else { return false }
    guard let expiration = tokenExpirationDate else { return true }
    return time < expiration
  }
}

/// The four token types of `ExternalPurchaseCustomLink.token(for:)`.
public enum CustomLinkTokenType: String, CaseIterable, Hashable, Sendable, Codable {
  case acquisition = "ACQUISITION"
  case services = "SERVICES"
  case inApp = "IN_APP"
  case linkOut = "LINK_OUT"
}

/// Production or sandbox; tokens of one never go to the other.
public enum TokenEnvironment: String, CaseIterable, Hashable, Sendable, Codable {
  case production
  case sandbox

  /// Sandbox ids begin with this (Apple's example: `SANDBOX_` and a UUID).
  public static let sandboxIdPrefix = "SANDBOX"

  /// The environment as the App Store Server API and notifications V2 write it: `Sandbox` or
  /// `Production` (SPEC-APPSTORE 2.2). One environment type serves tokens and the App Store alike.
  public var appleName: String {
    switch self {
    case .production: "Production"
    case .sandbox: "Sandbox"
    }
  }
}

/// Whether a token came from the custom link API (type and expiry) or from the older APIs.
public enum TokenKind: String, CaseIterable, Hashable, Sendable, Codable {
  case plain
  case customLink = "custom-link"
}
