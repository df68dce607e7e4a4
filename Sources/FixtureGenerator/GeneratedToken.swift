import ExternalPurchaseTokens
import LifecycleSimulator

/// One output line's worth: a token the engine issued to a generated customer, as written.
public struct GeneratedToken: Hashable, Sendable {
  public var customerId: String
  public var deviceId: String
  public var token: ExternalPurchaseToken
  /// The token string when quirks were drawn for it; nil when it is Apple's canonical encoding
  /// of `token`, which the line writer encodes straight into its line (issue 26).
  public var encodedWithQuirks: String?
  /// The quirks that make `raw` differ from the canonical encoding; empty when it does not.
  public var quirks: TokenEncoder.Quirks
  public var source: TokenSource
  /// The typed request of 27.2 that asked for it; nil for the String form and plain tokens.
  public var typedRequest: TypedTokenRequest? = nil
  /// The ordinal of the token's period among the customer's periods of its type; nil for plain tokens.
  public var periodOrdinal: Int?
  public var isRefresh: Bool
  public var issuedAt: VirtualTime
  public var state: TokenState

  /// The token string as written: the engine's canonical one, or a quirky encoding of it.
  public var raw: String { encodedWithQuirks ?? TokenEncoder().encode(token) }
}

extension GeneratedToken {
  /// The engine's token `issued` with what its generated line adds to it.
  init(_ issued: IssuedToken, _ extras: JSONLineWriter.LineExtras) {
    self.init(
      customerId: issued.customerId, deviceId: issued.deviceId, token: issued.token,
      encodedWithQuirks: extras.encodedWithQuirks, quirks: extras.quirks, source: issued.source,
      typedRequest: issued.typedRequest, periodOrdinal: extras.periodOrdinal, isRefresh: issued.isRefresh,
      issuedAt: issued.issuedAt, state: extras.state)
  }
}

extension TokenSource {
  /// The API name used in generated JSON: `custom-link`, `notice-sheet` or `link-out`.
  public var apiName: String {
    switch self {
    case .customLink: return "custom-link"
    case .noticeSheet: return "notice-sheet"
    case .linkOut: return "link-out"
    }
  }
}
