/// A line item Apple accepted, with the token it was reported on.
public struct AcceptedLineItem: Hashable, Sendable {
  public var item: LineItem
  public var externalPurchaseId: String
  public var requestIdentifier: String
}
