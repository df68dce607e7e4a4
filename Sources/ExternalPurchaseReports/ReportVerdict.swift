/// What a submitted report came to.
public enum ReportVerdict: Hashable, Sendable {
  /// Accepted and recorded.
  case accepted(ExternalPurchaseReport)
  /// The same report sent again under its `requestIdentifier`: answered as before, nothing changed.
  case resent(ExternalPurchaseReport)
  /// Refused whole: nothing of the report was recorded.
  case rejected([ReportError])

  /// The errors of a rejection; empty otherwise.
  public var errors: [ReportError] {
    if case .rejected(let errors) = self { return errors }
    return []
  }
}
