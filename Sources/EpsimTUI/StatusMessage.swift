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

  public init(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
  }
}
