import LifecycleSimulator

/// The App Store API calls the server handled, noted per transaction at the virtual time of the
/// call, so the terminal UI can show them beside each transaction (the newest `limit` are kept).
public struct TransactionActivity: Sendable {
  public struct Note: Hashable, Sendable {
    public var at: VirtualTime
    public var text: String
    public var transactionIds: [String]
  }

  public private(set) var notes: [Note] = []
  public static let limit = 1_000

  public init() {}

  /// Remembers one call about these transactions (the oldest notes go once there are `limit`).
  public mutating func note(_ text: String, transactionIds: [String], at time: VirtualTime) {
    guard !transactionIds.isEmpty else { return }
    notes.append(Note(at: time, text: text, transactionIds: transactionIds))
    if notes.count > Self.limit { notes.removeFirst(notes.count - Self.limit) }
  }
}
