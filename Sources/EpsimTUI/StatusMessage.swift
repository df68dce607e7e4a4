/// The one-line message under the panes: what the last action did, or why it was refused.
public struct StatusMessage: Hashable, Sendable {
  /// How the message reads: neutral, good news, or a refusal.
  public enum Kind: Hashable, Sendable {
    case info
    case success
    case error
  }

  public var kind: Kind
  public var text: String
  /// Whether the message gives a reason: why something was refused or did not happen, why
  /// custom links fail on a device. Such a message also goes to the log whole (one line can cut
  /// it), where Enter opens it. A refusal gives one unless said otherwise.
  public var givesReason: Bool

  public init(_ kind: Kind, _ text: String, givesReason: Bool? = nil) {
    self.kind = kind
    self.text = text
    self.givesReason = givesReason ?? (kind == .error)
  }
}
