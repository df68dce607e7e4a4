/// A file write the UI asked its host for, and what the status line says when it is done.
struct PendingWrite: Hashable, Sendable {
  /// Leads the error: "export to", "saving to".
  var failure: String
  /// Leads the path on success: "exported 3 tokens to".
  var success: String

  static func export(tokenCount: Int) -> PendingWrite {
    PendingWrite(failure: "export to", success: "exported \(tokenCount) tokens to")
  }
}
