/// One transaction (or a correction of one) in a `LINE_ITEM` report (SPEC 7).
///
/// Amounts are in milli-units of the currency (1.99 is 1990). Optional fields are left out
/// of the JSON when nil.
public struct LineItem: Codable, Hashable, Sendable {
  /// Chosen by the developer; unique across the app's reports.
  public var lineItemId: String
  /// When the customer authorized the transaction, UNIX ms.
  public var creationDate: Int64
  public var eventType: LineItemEventType
  public var productType: LineItemProductType?
  public var subscriptionEvent: SubscriptionEvent?
  /// The `lineItemId` a refund (or a subscription change) refers to.
  public var referenceLineItemId: String?
  /// Required on a purchase; Apple's RefundLineItem has none (nor `quantity`, `productType`).
  public var productIdentifier: String?
  public var quantity: Int64?
  public var amountTaxInclusive: Int64
  public var amountTaxExclusive: Int64
  public var taxAmount: Int64
  public var netAmountTaxExclusive: Int64?
  /// ISO 4217 code, three letters.
  public var reportingCurrency: String
  public var pricingCurrency: String
  public var exchangeRate: Double?
  /// ISO 3166-1 alpha-3 code, three letters.
  public var taxCountry: String
  /// True when this line item corrects an earlier one with the same `lineItemId`.
  public var restatement: Bool?
  /// True (with `restatement`) to retract an earlier line item sent by mistake.
  public var erroneouslySubmitted: Bool?

  public init(
    lineItemId: String, creationDate: Int64, eventType: LineItemEventType,
    productType: LineItemProductType? = .oneTimeBuy, subscriptionEvent: SubscriptionEvent? = nil,
    referenceLineItemId: String? = nil, productIdentifier: String?, quantity: Int64? = 1,
    amountTaxInclusive: Int64, amountTaxExclusive: Int64, taxAmount: Int64,
    netAmountTaxExclusive: Int64? = nil, reportingCurrency: String, pricingCurrency: String,
    exchangeRate: Double? = nil, taxCountry: String, restatement: Bool? = nil,
    erroneouslySubmitted: Bool? = nil
  ) {
    self.lineItemId = lineItemId
    self.creationDate = creationDate
    self.eventType = eventType
    self.productType = productType
    self.subscriptionEvent = subscriptionEvent
    self.referenceLineItemId = referenceLineItemId
    self.productIdentifier = productIdentifier
    self.quantity = quantity
    self.amountTaxInclusive = amountTaxInclusive
    self.amountTaxExclusive = amountTaxExclusive
    self.taxAmount = taxAmount
    self.netAmountTaxExclusive = netAmountTaxExclusive
    self.reportingCurrency = reportingCurrency
    self.pricingCurrency = pricingCurrency
    self.exchangeRate = exchangeRate
    self.taxCountry = taxCountry
    self.restatement = restatement
    self.erroneouslySubmitted = erroneouslySubmitted
  }

  /// Whether this line item corrects an earlier one.
  public var isRestatement: Bool { restatement == true }
  /// Whether this line item retracts an earlier one.
  public var isErroneouslySubmitted: Bool { erroneouslySubmitted == true }
}
