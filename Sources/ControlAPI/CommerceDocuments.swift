import AppStoreCommerce

/// A catalog product as the control API shows it.
package struct ProductDocument: Encodable {
  package var productId: String
  package var type: String
  package var prices: [String: Price]
  package var familyShareable: Bool
  package var forSale: Bool
  package var subscriptionGroupIdentifier: String?
  package var level: Int?
  package var duration: String?
  package var offers: [OfferDocument]

  package init(_ product: Product) {
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

/// An offer as the control API shows it.
package struct OfferDocument: Encodable {
  package var id: String
  package var offerType: Int
  package var offerDiscountType: String
  /// Absent for a one-time product's offer code.
  package var period: String?
  package var periodCount: Int
  package var prices: [String: Int64]

  package init(_ offer: Offer) {
    id = offer.id
    offerType = offer.type.rawValue
    offerDiscountType = offer.discount.rawValue
    period = offer.period?.rawValue
    periodCount = offer.periodCount
    prices = offer.prices
  }
}

/// A customer's transaction: the decoded payload Apple would sign now, with its order id and
/// what the App Store Server API has been told about it.
package struct TransactionDocument: Encodable {
  package var orderId: String?
  package var finished: Bool
  package var consumed: Int
  package var consumptionInformation: [String: String]?
  package var payload: TransactionPayload
}

/// One subscription of a customer: its status, latest transaction and renewal info, decoded.
package struct SubscriptionDocument: Encodable {
  package var subscriptionGroupIdentifier: String
  package var originalTransactionId: String
  package var status: Int
  package var familyShared: Bool
  package var transaction: TransactionPayload
  package var renewalInfo: RenewalInfoPayload
}

/// One App Store event as the control API reports it.
package struct CommerceEventDocument: Encodable {
  package var time: Int64
  package var customer: String?
  package var notificationType: String?
  package var subtype: String?
  package var summary: String
  package var status: Int?
  package var transaction: TransactionPayload?

  package init(_ event: CommerceDomainEvent, in state: CommerceState) {
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
