import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// One thing that happened on the server, typed: a step of the one history (with its door), a
/// move through the history, a report accepted, a request refused, a notification made or
/// attempted, an App Store API call. Readers format it; nothing here is display text but the
/// summaries and reasons the engines give.
public enum ActivityEvent: Hashable, Sendable {
  /// A step landed: its position in the history and the door that made it.
  case step(position: Int, origin: StepOrigin, summary: String)
  /// Undo, redo or rewind moved the history's cursor.
  case historyMoved(from: Int, to: Int)
  /// The history started over on a new world (the terminal UI's `W`).
  case startedOver
  /// The External Purchase Server API accepted a report.
  case reportAccepted(
    requestIdentifier: String, externalPurchaseId: String, status: String, environment: TokenEnvironment)
  /// A request was refused before it changed anything (a bad JWT, a body, a rate limit, a report).
  case requestRefused(reason: String, externalPurchaseId: String?)
  /// A notification was made (signed, and due to be sent or logged).
  case notificationMade(
    key: String, type: String, subtype: String?, externalPurchaseId: String?, transactionId: String?)
  /// One attempt to deliver a notification to the webhook.
  case deliveryAttempt(key: String, succeeded: Bool, result: String, status: Int?)
  /// An App Store Server API call named these transactions.
  case apiCall(description: String, transactionIds: [String])
}

/// An event with its place in the feed: `sequence` counts up from 1 for the life of the process,
/// and `at` is the virtual time it happened at.
public struct ActivityEntry: Hashable, Sendable {
  public var sequence: UInt64
  public var at: VirtualTime
  public var event: ActivityEvent
}

/// The server's activity in order, the newest `limit` entries kept: what a watcher reads after
/// the sequence number it saw last (the terminal UI under `--serve`, `GET /epsim/v1/activity`).
/// Runtime only: a restart begins a new feed (the history and the ledgers are what is kept).
public struct ActivityFeed: Sendable {
  public static let limit = 10_000
  public private(set) var entries: [ActivityEntry] = []
  /// The sequence number the next entry gets.
  public private(set) var nextSequence: UInt64 = 1

  public init() {}

  /// The newest sequence number handed out (0 before the first entry).
  public var lastSequence: UInt64 { nextSequence - 1 }

  mutating func append(_ event: ActivityEvent, at time: VirtualTime) {
    entries.append(ActivityEntry(sequence: nextSequence, at: time, event: event))
    nextSequence += 1
    // Trimmed in batches, so a busy server does not shift the whole list on every entry.
    if entries.count > Self.limit + Self.limit / 4 { entries.removeFirst(entries.count - Self.limit) }
  }

  /// The entries after `sequence`, oldest first, at most `limit`; and whether older entries
  /// the reader had not seen were already dropped.
  public func entries(after sequence: UInt64, limit: Int = Self.limit) -> (
    entries: [ActivityEntry], missed: Bool
  ) {
    // Any UInt64 a reader sends is safe here: no arithmetic on it can overflow.
    let first = entries.first?.sequence ?? nextSequence
    let start = sequence < first ? 0 : sequence >= lastSequence ? entries.count : Int(sequence - first + 1)
    let slice = entries[start...].prefix(max(0, limit))
    return (Array(slice), first > 1 && sequence < first - 1)
  }
}
