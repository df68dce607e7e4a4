import AppStoreCommerce
import AppleWireTypes
import ExternalPurchaseTokens
import LifecycleSimulator

/// What an expectation claims. See docs/scenarios.md for the text form of each case.
public enum ExpectationKind: Hashable, Sendable {
  // About the answer of a StoreKit step.
  /// A token came back.
  case token
  /// `token(for:)` returned nil.
  case nothing
  /// `isEligible` was true.
  case eligible
  /// The call threw (or `isEligible` was false), optionally for the reason with this `Ineligibility.code`.
  case notEligible(reason: String?)
  /// The first answer from a period this customer had not been answered from before.
  case newPeriod
  /// The same creation and expiration dates as the previous answer for that type and customer.
  case samePeriod
  /// The same `externalPurchaseId` as the previous answer for that type and customer.
  case sameId
  /// Same dates as the previous answer, different id.
  case refreshedId
  /// One decoded field of the token.
  case field(TokenField, FieldValue)
  /// The URL link-out opened; `{token}` in the text stands for the raw token.
  case url(String)
  /// The token's environment (its id prefix).
  case environment(TokenEnvironment)

  // About the world.
  case state(type: CustomLinkTokenType, state: PeriodState, customer: CustomerScope)
  /// How many periods (of one type, or of all) exist.
  case periodCount(type: CustomLinkTokenType?, count: Int, customer: CustomerScope)
  /// How many tokens (of one type, or of all) were handed out.
  case tokenCount(type: CustomLinkTokenType?, count: Int, customer: CustomerScope)
  case now(VirtualTime)

  // About Apple purchases.
  /// `status GROUP = NAME [for C]`: the subscription status of a group for a customer.
  case subscriptionStatus(group: String, status: SubscriptionStatus, customer: CustomerScope)
  /// `transactions GROUP = N [for C]`: the number of transactions in the customer's chain of the group.
  case chainLength(group: String, count: Int, customer: CustomerScope)
  /// `renewal GROUP FIELD = VALUE [for C]`: one field of the chain's renewal info (`none` when absent).
  case renewalField(group: String, field: String, value: String, customer: CustomerScope)
  /// `notification TYPE[/SUBTYPE]`: the last notification the step produced (`none` for no notification).
  case notification(String)
  /// `transaction FIELD = VALUE`: one field of the last transaction the step produced.
  case transactionField(field: String, value: String)

  /// Whether the expectation examines a step's answer, and which answers it can examine.
  public var appliesTo: Set<AnswerKind>? {
    switch self {
    case .token, .field, .environment: return [.tokenRequest, .noticeSheet, .linkOut]
    case .nothing, .newPeriod, .samePeriod, .sameId, .refreshedId: return [.tokenRequest]
    case .eligible: return [.eligibility]
    case .notEligible: return [.tokenRequest, .eligibility, .noticeSheet, .linkOut]
    case .url: return [.linkOut]
    case .notification, .transactionField: return [.commerce]
    case .state, .periodCount, .tokenCount, .now, .subscriptionStatus, .chainLength, .renewalField: return nil
    }
  }

  /// The customer scope of world expectations, for resolving the default.
  var customerScope: CustomerScope? {
    switch self {
    case .state(_, _, let scope), .periodCount(_, _, let scope), .tokenCount(_, _, let scope),
      .subscriptionStatus(_, _, let scope), .chainLength(_, _, let scope), .renewalField(_, _, _, let scope):
      return scope
    default: return nil
    }
  }
}

/// Whether a customer has a period of a type active now.
public enum PeriodState: String, CaseIterable, Hashable, Sendable {
  case active
  /// Periods exist, none is active.
  case expired
  /// No period of the type was ever started.
  case none
}

/// Whose periods or tokens a world expectation looks at.
public enum CustomerScope: Hashable, Sendable {
  /// The customer of the last device a step used (the default when `for` is left out).
  case lastUsed
  case named(String)
  /// `for all`: every customer.
  case everyone
}

/// The value a field expectation compares with.
public enum FieldValue: Hashable, Sendable {
  case integer(Int64)
  case text(String)
  /// `none`: the token has no such field (a plain token's type and expiry).
  case absent
}
