import ExternalPurchaseTokens
import LifecycleSimulator

/// The report one token needs, with why, by when, and the ready request body.
public struct PlannedReport: Hashable, Sendable {
  /// Index of the token in `WorldState.tokens`.
  public var tokenIndex: Int
  public var customerId: String
  public var tokenType: CustomLinkTokenType?
  public var status: ReportStatus
  /// Why this status, in a sentence.
  public var reason: String
  /// When Apple expects the report at the latest: its UNREPORTED notification follows (SPEC 8).
  /// A custom link token's expiry; 10 days after creation for a plain token.
  public var dueBy: VirtualTime
  /// Whether the token's period is over (a custom link token has expired), so nothing more can
  /// be added to it. Plain tokens are complete at once.
  public var isComplete: Bool
  /// The body for `PUT /externalPurchase/v1/reports`.
  public var report: ExternalPurchaseReport
  /// The typed request of 27.2 the token came from (SPEC 5); nil for the String form and plain tokens.
  public var typedRequest: TypedTokenRequest? = nil

  public var externalPurchaseId: String { report.externalPurchaseId }
}
