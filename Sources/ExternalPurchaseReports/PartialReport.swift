/// What could be read from a report body that is not a whole report: the top-level fields that
/// parsed and the line items that are complete. The validator checks the rules on these too, so
/// a shape fault in one place does not hide a rule fault elsewhere (docs/server.md).
public struct PartialReport: Hashable, Sendable {
  public var requestIdentifier: String?
  public var externalPurchaseId: String?
  public var status: ReportStatus?
  /// The line items whose own fields all parsed; the shape errors name the others.
  public var lineItems: [LineItem]
  /// How many elements `lineItems` had, complete or not; nil when the field was present but not
  /// an array, so its count is unknown and no rule about the count can be checked.
  public var lineItemCount: Int?

  public init(
    requestIdentifier: String?, externalPurchaseId: String?, status: ReportStatus?, lineItems: [LineItem],
    lineItemCount: Int?
  ) {
    self.requestIdentifier = requestIdentifier
    self.externalPurchaseId = externalPurchaseId
    self.status = status
    self.lineItems = lineItems
    self.lineItemCount = lineItemCount
  }

  /// A whole report seen as a partial one with nothing missing.
  public init(_ report: ExternalPurchaseReport) {
    self.init(
      requestIdentifier: report.requestIdentifier, externalPurchaseId: report.externalPurchaseId,
      status: report.status, lineItems: report.lineItems ?? [], lineItemCount: report.lineItems?.count ?? 0)
  }
}

/// A body that is not a usable report: its shape errors (not JSON, missing fields, wrong types,
/// unknown enum values) and, when it was a JSON object, the parts that did parse.
public struct UnusableReportBody: Error, Hashable, Sendable {
  public var errors: [ReportError]
  /// Nil when the body was not a JSON object at all: then nothing else can be checked.
  public var partial: PartialReport?

  public init(errors: [ReportError], partial: PartialReport?) {
    self.errors = errors
    self.partial = partial
  }
}
