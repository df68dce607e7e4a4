import LifecycleSimulator

/// The JSON form of a plan, shared by `epsim report plan --json` and the control API.
extension PlannedReport: Encodable {
  private enum CodingKeys: String, CodingKey {
    case externalPurchaseId, customer, tokenType, typedRequest, status, reason, dueBy, dueByText, complete,
      report
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(externalPurchaseId, forKey: .externalPurchaseId)
    try container.encode(customerId, forKey: .customer)
    try container.encode(tokenType?.rawValue ?? "plain", forKey: .tokenType)
    // Only for tokens of a typed request, so plans of older worlds read as before.
    try container.encodeIfPresent(typedRequest?.rawValue, forKey: .typedRequest)
    try container.encode(status, forKey: .status)
    try container.encode(reason, forKey: .reason)
    try container.encode(dueBy, forKey: .dueBy)
    try container.encode(ISOTime.string(dueBy), forKey: .dueByText)
    try container.encode(isComplete, forKey: .complete)
    try container.encode(report, forKey: .report)
  }
}
