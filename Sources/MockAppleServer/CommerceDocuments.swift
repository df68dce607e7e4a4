import AppStoreCommerce

/// A catalog product as the control API shows it.
struct ProductDocument: Encodable {
  var productId: String
  var type: String
  var prices: [String: Price]
  var familyShareable: Bool
  var forSale: Bool
  var subscriptionGroupIdentifier: String?
  var level: Int?
  var duration: String?
  var offers: [OfferDocument]

  init(_ product: Product) {
    productId = product.id
    type = product.type.rawValue
    prices = product.prices
    familyShareable = product.familyShareable
    forSale = product.isForSale
    subscriptionGroupIdentifier = product.subscription?.groupId
    level = product.subscription?.level
    duration = product.subscription?.duration.rawValue
    offers = product.offers.map(OfferDocument.init)
  }
}

/// A subscription offer as the control API shows it.
struct OfferDocument: Encodable {
  var id: String
  var offerType: Int
  var offerDiscountType: String
  var period: String
  var periodCount: Int
  var prices: [String: Int64]

  init(_ offer: Offer) {
    id = offer.id
    offerType = offer.type.rawValue
    offerDiscountType = offer.discount.rawValue
    period = offer.period.rawValue
    periodCount = offer.periodCount
    prices = offer.prices
  }
}

/// A customer's transaction: the decoded payload Apple would sign now, with its order id and
/// what the App Store Server API has been told about it.
struct TransactionDocument: Encodable {
  var orderId: String?
  var finished: Bool
  var consumed: Int
  var consumptionInformation: [String: String]?
  var payload: TransactionPayload
}

/// One subscription of a customer: its status, latest transaction and renewal info, decoded.
struct SubscriptionDocument: Encodable {
  var subscriptionGroupIdentifier: String
  var originalTransactionId: String
  var status: Int
  var familyShared: Bool
  var transaction: TransactionPayload
  var renewalInfo: RenewalInfoPayload
}

/// One App Store event as the control API reports it.
struct CommerceEventDocument: Encodable {
  var time: Int64
  var customer: String?
  var notificationType: String?
  var subtype: String?
  var summary: String
  var status: Int?
  var transaction: TransactionPayload?

  init(_ event: CommerceDomainEvent, in state: CommerceState) {
    time = event.time
    customer =
      event.customer >= 0 && Int(event.customer) < state.customers.count
      ? state.customers[Int(event.customer)].id : nil
    notificationType = event.notification?.type.rawValue
    subtype = event.notification?.subtype?.rawValue
    summary = event.summary
    status = event.status?.rawValue
    transaction = event.transaction.map { state.payload(of: $0, signedDate: event.time) }
  }
}
