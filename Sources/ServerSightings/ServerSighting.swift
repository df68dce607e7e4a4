import ExternalPurchaseTokens
import SimulationTime

/// One thing the mock server saw of a token or an App Store transaction, as data: the server
/// keeps it, the terminal UI beside it (`epsim tui --serve`) words it. Nothing here is display
/// text but the reasons and call descriptions the server's routes give.
public enum ServerSighting: Hashable, Sendable {
  /// A report the External Purchase Server API accepted for the token (`status` is Apple's
  /// report status, `LINE_ITEM` or `NO_LINE_ITEM`).
  case report(status: String, environment: TokenEnvironment, requestIdentifier: String)
  /// A notification about it (Apple's `notificationType` and `subtype`), due at `dueAt`, and how
  /// its delivery stands.
  case notification(type: String, subtype: String?, dueAt: VirtualTime, delivery: DeliveryStanding)
  /// A report request that named it and was refused, with the reason.
  case refusal(reason: String)
  /// An App Store Server API call that named it, at the virtual time it was answered.
  case apiCall(description: String, at: VirtualTime)

  /// The virtual time the sighting is ordered by, where it has one.
  public var time: VirtualTime? {
    switch self {
    case .notification(_, _, let dueAt, _): dueAt
    case .apiCall(_, let at): at
    case .report, .refusal: nil
    }
  }
}

/// How a notification's delivery stands.
public enum DeliveryStanding: Hashable, Sendable {
  /// The webhook answered the last attempt with success.
  case delivered
  /// The last attempt failed: Apple's `sendAttemptResult`, the HTTP status or error, and whether
  /// another attempt is scheduled.
  case failed(result: String, failure: String, retrying: Bool)
  /// Signed and kept, with no webhook to send it to (`--webhook` not given).
  case logged
  /// Not attempted yet.
  case due
}

/// A request the server refused before it changed anything, numbered as the activity feed
/// numbers it, so a reader tells a new refusal from one it has seen without comparing text.
public struct ServerRefusal: Hashable, Sendable {
  /// The activity feed's sequence number of the refusal.
  public var sequence: UInt64
  /// Why it was refused, as the route said it.
  public var reason: String
  /// The token the request named, when it named one.
  public var externalPurchaseId: String?

  public init(sequence: UInt64, reason: String, externalPurchaseId: String?) {
    self.sequence = sequence
    self.reason = reason
    self.externalPurchaseId = externalPurchaseId
  }
}
