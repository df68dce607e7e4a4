import Foundation

/// The body of `PUT /externalPurchase/v1/reports`: one token's report (SPEC 7).
public struct ExternalPurchaseReport: Codable, Hashable, Sendable {
  /// A UUID, new for every report; reused only to resend a report that failed.
  public var requestIdentifier: String
  public var externalPurchaseId: String
  public var status: ReportStatus
  /// Present (and not empty) only with `LINE_ITEM`.
  public var lineItems: [LineItem]?

  public init(
    requestIdentifier: String, externalPurchaseId: String, status: ReportStatus, lineItems: [LineItem]? = nil
  ) {
    self.requestIdentifier = requestIdentifier
    self.externalPurchaseId = externalPurchaseId
    self.status = status
    self.lineItems = lineItems
  }

  /// Compact JSON with sorted keys: the same report always gives the same bytes.
  public func jsonData(pretty: Bool = false) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
    // Every member is a string, integer, Double or enum: encoding cannot fail.
    return (try? encoder.encode(self)) ?? Data()
  }
}
