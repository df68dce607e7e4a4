import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

/// The canonical text of the purchase lines and expectations.
extension ScenarioWriter {
  static func productLine(_ product: Product) -> String {
    let type = ScenarioParser.productTypes.first { $0.value == product.type }!.key
    var text = "product \(product.id) \(type)"
    if let info = product.subscription {
      text += " group \(info.groupId) level \(info.level) \(info.duration.rawValue)"
    }
    for storefront in product.prices.keys.sorted() {
      let price = product.prices[storefront]!
      text += " price \(storefront) \(amount(price.milliunits)) \(price.currency)"
    }
    if product.familyShareable { text += " family" }
    for offer in product.offers {
      let type = ScenarioParser.offerTypes.first { $0.value == offer.type }!.key
      let discount = ScenarioParser.discounts.first { $0.value == offer.discount }!.key
      text += " offer \(offer.id) \(type) \(discount)" + (offer.period.map { " \($0.rawValue)" } ?? "")
      if offer.periodCount != 1 { text += " periods \(offer.periodCount)" }
      for storefront in offer.prices.keys.sorted() {
        text += " price \(storefront) \(amount(offer.prices[storefront]!))"
      }
    }
    return text
  }

  /// Milliunits as a decimal price: 9990 is 9.99.
  public static func amount(_ milliunits: Int64) -> String {
    let fraction = milliunits % 1000
    guard fraction != 0 else { return String(milliunits / 1000) }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(milliunits / 1000).\(digits)"
  }

  static func commerceSetting(_ setting: CommerceSetting) -> String {
    switch setting {
    case .gracePeriod(let duration): return "grace-period " + CommerceSetting.gracePeriodName(duration)
    case .renewalRate(let customer, let rate): return "renewal-rate \(customer) \(rate.rawValue)"
    case .failingRenewals(let customer): return "failing-renewals \(customer)"
    case .changeRenews(let on): return "change-renews " + (on ? "on" : "off")
    case .defaultRenewalRate(let rate): return "default-renewal-rate \(rate.rawValue)"
    case .defaultFailingRenewals(let on): return "default-failing-renewals " + (on ? "on" : "off")
    }
  }

  public static func commerceStep(_ step: CommerceStep) -> String {
    switch step {
    case .buy(let product, let device, let quantity, let offer, let token, let allowIntroductoryOffer):
      return "buy \(product) on \(device)" + (quantity != 1 ? " quantity \(quantity)" : "")
        + (offer.map { " offer \($0)" } ?? "")
        + (allowIntroductoryOffer.map { " allow-introductory-offer \($0)" } ?? "")
        + (token.map { " account-token \($0)" } ?? "")
    case .autoRenew(let customer, let group, let enabled):
      return "auto-renew \(customer) \(group) " + onOff(enabled)
    case .change(let customer, let product): return "change \(customer) to \(product)"
    case .billing(let customer, let fails): return "billing \(customer) " + (fails ? "fails" : "recovers")
    case .refund(let product, let customer, let reason):
      return "refund \(product) of \(customer)" + (reason == .appIssue ? " reason app-issue" : "")
    case .joinFamily(let customer, let family): return "family \(customer) joins \(family)"
    case .consume(let product, let customer, let quantity):
      return "consume \(product) of \(customer)" + (quantity != 1 ? " quantity \(quantity)" : "")
    case .leaveFamily(let customer): return "family \(customer) leaves"
    case .partialRefund(let product, let customer, let reason, let milliunits):
      return commerceStep(.refund(product: product, customer: customer, reason: reason)) + " percent "
        + amount(Int64(milliunits))
    case .requestRefund(let product, let customer, let reason):
      return "refund-request \(product) of \(customer)" + (reason == .other ? "" : " reason \(reason.word)")
    case .declineRefund(let product, let customer): return "refund-decline \(product) of \(customer)"
    case .reverseRefund(let product, let customer): return "refund-reverse \(product) of \(customer)"
    case .setPrice(let product, let storefront, let milliunits, let needsConsent):
      return "price \(product) \(storefront) \(amount(milliunits))" + (needsConsent ? " consent" : "")
    case .consentToPriceIncrease(let customer, let group): return "price-consent \(customer) \(group)"
    case .sale(let product, let forSale): return "sale \(product) " + onOff(forSale)
    case .clearHistory(let customer): return "clear-history \(customer)"
    case .setting(let setting): return "commerce " + commerceSetting(setting)
    case .rescindConsent(let customer): return "rescind-consent \(customer)"
    }
  }

  /// A payload value as written in a file: dates (fields named `...Date`) as ISO times, the rest as is.
  static func payloadValue(_ value: String, of field: String) -> String {
    guard field.hasSuffix("Date"), let time = Int64(value) else { return value }
    return ISOTime.string(time)
  }

  static func commerceExpectation(_ kind: ExpectationKind) -> String {
    switch kind {
    case .subscriptionStatus(let group, let status, let customer):
      return "status \(group) = \(StatusName.names[status]!)" + scope(customer)
    case .chainLength(let group, let count, let customer):
      return "transactions \(group) = \(count)" + scope(customer)
    case .renewalField(let group, let field, let value, let customer):
      return "renewal \(group) \(field) = \(payloadValue(value, of: field))" + scope(customer)
    case .notification(let text): return "notification \(text)"
    case .transactionField(let field, let value):
      return "transaction \(field) = \(payloadValue(value, of: field))"
    default: preconditionFailure("not a commerce expectation")
    }
  }
}
