import ExternalPurchaseTokens

/// The typed `ExternalPurchaseCustomLink.token(for: TokenType)` of iOS 27.2 (SPEC 5):
/// `.withinApp` for an alternative payment provider inside the app, `.outOfApp` for a
/// transaction the customer completes outside the app.
public enum TypedTokenRequest: String, CaseIterable, Hashable, Sendable, Codable {
  case withinApp
  case outOfApp

  /// The call as Swift code writes it, for logs and refusals: `token(for: .withinApp)`.
  public var call: String { "token(for: .\(rawValue))" }

  /// Reads `withinApp` or `outOfApp`, case-insensitively.
  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
      return nil
    }
    self = match
  }
}

/// Which `tokenType` the token of each typed request carries. Apple does not publish it
/// (SPEC 5); epsim assumes the matching per-transaction type of the String form: IN_APP for
/// `.withinApp`, LINK_OUT for `.outOfApp` (docs/rules.md), and lets users choose otherwise.
public struct TypedTokenTypes: Hashable, Sendable, Codable {
  public var withinApp: CustomLinkTokenType
  public var outOfApp: CustomLinkTokenType

  public init(withinApp: CustomLinkTokenType = .inApp, outOfApp: CustomLinkTokenType = .linkOut) {
    self.withinApp = withinApp
    self.outOfApp = outOfApp
  }

  /// epsim's assumption: IN_APP for `.withinApp`, LINK_OUT for `.outOfApp`.
  public static let assumed = TypedTokenTypes()

  /// The types a typed request may be set to carry: the per-transaction ones, because a typed
  /// request is made before every potential transaction and gets a new token each time (SPEC 5).
  public static let allowed: [CustomLinkTokenType] = [.inApp, .linkOut]

  public subscript(request: TypedTokenRequest) -> CustomLinkTokenType {
    get { request == .withinApp ? withinApp : outOfApp }
    set {
      if request == .withinApp { withinApp = newValue } else { outOfApp = newValue }
    }
  }
}
