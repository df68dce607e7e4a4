import ExternalPurchaseTokens

/// One active token period of a customer and a custom link token type: its dates and every
/// token handed out for it (the original first, then refreshes). SPEC 4 calls the span of one
/// token's dates its "active token period".
public struct TokenPeriod: Hashable, Sendable, Identifiable {
  /// Position in `WorldState.periods`; stable for the life of the world.
  public var id: Int
  public var customerId: String
  public var type: CustomLinkTokenType
  /// 1 for the customer's first period of this type, 2 for the next, ...
  public var ordinal: Int
  public var creationDate: VirtualTime
  public var expirationDate: VirtualTime
  /// Indexes into `WorldState.tokens`, in the order they were handed out.
  public var tokenIndexes: [Int]
  /// `token(for:)` requests answered from this period, used by `RefreshPolicy.everyNth`.
  public var requestCount: Int

  /// Active periods are half-open: the expiration millisecond itself is expired (SPEC 10).
  public func isActive(at time: VirtualTime) -> Bool {
    creationDate <= time && time < expirationDate
  }
}

/// Where an issued token came from.
public enum TokenSource: Hashable, Sendable {
  /// `ExternalPurchaseCustomLink.token(for:)`, for the period with this id.
  case customLink(periodId: Int)
  /// `ExternalPurchase.presentNoticeSheet()`: a plain token.
  case noticeSheet
  /// `ExternalPurchaseLink.open()`: a plain token, for the app to open this destination with the
  /// token appended (the full URL is `IssuedToken.linkOutURL`).
  case linkOut(destination: String)
}

/// A token the simulated StoreKit handed to the app, with the context QA and backends need.
public struct IssuedToken: Hashable, Sendable, Identifiable {
  /// Position in `WorldState.tokens`.
  public var id: Int
  public var token: ExternalPurchaseToken
  public var customerId: String
  public var deviceId: String
  public var source: TokenSource
  /// True when this token replaced an earlier one of the same period (same dates, new id).
  public var isRefresh: Bool
  /// The virtual time it was handed out; equals the creation date except for refreshes
  /// and tokens created by an event before the app asked for them.
  public var issuedAt: VirtualTime
  /// The typed request that asked for it; nil for the String form and the older APIs.
  public var typedRequest: TypedTokenRequest? = nil

  /// The token string exactly as handed out: Apple's canonical encoding of `token`. Encoded when
  /// asked, not kept: most bulk runs write it once, straight from the token (issue 26).
  public var raw: String { TokenEncoder().encode(token) }

  /// The URL a link-out token opened: its destination with `externalPurchaseToken` and `bundleId`
  /// appended (SPEC 3); nil for other tokens. Built when asked, as `raw` is: bulk runs never
  /// read it, and building it cost as much as minting the token (issue 26).
  public var linkOutURL: String? {
    guard case .linkOut(let destination) = source else { return nil }
    return WorldState.linkOutURL(destination: destination, token: raw, bundleId: token.bundleId)
  }

  public var periodId: Int? {
    if case .customLink(let periodId) = source { return periodId }
    return nil
  }
}
