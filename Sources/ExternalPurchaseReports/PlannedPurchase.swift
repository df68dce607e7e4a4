import LifecycleSimulator

/// A transaction the planner should place on the right token: the customer bought something at
/// a virtual time. The simulator has no purchases of its own, so callers supply them.
public struct PlannedPurchase: Hashable, Sendable {
  public var customerId: String
  public var lineItemId: String
  public var creationDate: VirtualTime
  public var productIdentifier: String
  public var productType: LineItemProductType
  public var subscriptionEvent: SubscriptionEvent?
  public var amountTaxExclusive: Int64
  public var taxAmount: Int64
  public var currency: String
  public var taxCountry: String

  public init(
    customerId: String, lineItemId: String, creationDate: VirtualTime, productIdentifier: String,
    productType: LineItemProductType = .oneTimeBuy, subscriptionEvent: SubscriptionEvent? = nil,
    amountTaxExclusive: Int64, taxAmount: Int64, currency: String = "EUR", taxCountry: String = "NLD"
  ) {
    self.customerId = customerId
    self.lineItemId = lineItemId
    self.creationDate = creationDate
    self.productIdentifier = productIdentifier
    self.productType = productType
    self.subscriptionEvent = subscriptionEvent
    self.amountTaxExclusive = amountTaxExclusive
    self.taxAmount = taxAmount
    self.currency = currency
    self.taxCountry = taxCountry
  }

  /// The line item that reports this purchase.
  public var lineItem: LineItem {
    LineItem(
      lineItemId: lineItemId, creationDate: creationDate, eventType: .buy, productType: productType,
      subscriptionEvent: subscriptionEvent, productIdentifier: productIdentifier, quantity: 1,
      amountTaxInclusive: amountTaxExclusive + taxAmount, amountTaxExclusive: amountTaxExclusive,
      taxAmount: taxAmount, reportingCurrency: currency, pricingCurrency: currency, taxCountry: taxCountry)
  }

  /// One sample purchase a minute after each token that would carry transactions was created
  /// (plain tokens, IN_APP, LINK_OUT, and the first token of each SERVICES period), for
  /// `epsim report plan --sample-line-items`: ready LINE_ITEM bodies to try against the server.
  public static func samples(for world: WorldState, at time: VirtualTime) -> [PlannedPurchase] {
    var purchases: [PlannedPurchase] = []
    for issued in world.tokens where !issued.isRefresh && issued.token.tokenType != .acquisition {
      let date = issued.token.tokenCreationDate + Milliseconds.minute
      guard date <= time, issued.token.isActive(at: date) else { continue }
      purchases.append(
        PlannedPurchase(
          customerId: issued.customerId, lineItemId: "sample-\(issued.id + 1)", creationDate: date,
          productIdentifier: "com.example.sample", amountTaxExclusive: 1_000, taxAmount: 210))
    }
    return purchases
  }
}
