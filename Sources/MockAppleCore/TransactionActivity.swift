import LifecycleSimulator

/// The App Store API calls the server handled, noted per transaction at the virtual time of the
/// call, so the terminal UI can show them beside each transaction (at least the newest `limit`).
public struct TransactionActivity: Sendable {
  /// One call: when it was made, what it was, and the transactions it named.
  public struct Note: Hashable, Sendable {
    public var at: VirtualTime
    public var text: String
    public var transactionIds: [String]
  }

  public private(set) var notes: [Note] = []
  public static let limit = 1_000

  public init() {}

  /// Remembers one call about these transactions. Past `limit` notes plus a quarter, the oldest
  /// go down to `limit`: trimming in batches keeps a busy server (a history benchmark) from
  /// shifting the whole list on every call.
  public mutating func note(_ text: String, transactionIds: [String], at time: VirtualTime) {
    guard !transactionIds.isEmpty else { return }
    notes.append(Note(at: time, text: text, transactionIds: transactionIds))
    if notes.count > Self.limit + Self.limit / 4 { notes.removeFirst(notes.count - Self.limit) }
  }
}
