import AppStoreCommerce
import CommerceSimulation

/// A purchase step for the control API, as JSON: `{"type": "buy", "device": "alice.iphone",
/// "product": "premium.monthly"}`. Every member but `type` is optional here; `step()` says which
/// one a type needs.
struct CommerceControlEvent: Decodable, Sendable {
  var type: String
  var device: String?
  var customer: String?
  var product: String?
  var quantity: Int?
  var offer: String?
  var appAccountToken: String?
  var group: String?
  var enabled: Bool?
  var fails: Bool?
  /// `refund`: `other` (default) or `app-issue`.
  var reason: String?
  /// `refund`: the share refunded, above 0 and at most 100 (default 100); below 100 it is prorated.
  var percent: Double?
  var family: String?
  /// `setPrice`: the storefront (`USA`), the new price in milliunits (4990 for 4.99), and whether
  /// current subscribers must consent before renewing at it.
  var storefront: String?
  var price: Int64?
  var needsConsent: Bool?
  /// `sale`: whether the product is for sale.
  var forSale: Bool?

  /// Every `CommerceStep`, under its case name.
  static let types = [
    "buy", "autoRenew", "change", "billing", "refund", "requestRefund", "declineRefund", "joinFamily",
    "leaveFamily", "consume", "setPrice", "consentToPriceIncrease", "sale", "clearHistory",
  ]

  /// The `CommerceStep`, or which member is missing or wrong.
  func step() throws(ControlError) -> CommerceStep {
    switch type {
    case "buy":
      return .buy(
        product: try need(product, "product"), device: try need(device, "device"), quantity: quantity ?? 1,
        offer: offer, accountToken: appAccountToken)
    case "autoRenew":
      return .autoRenew(
        customer: try need(customer, "customer"), group: try need(group, "group"),
        enabled: try need(enabled, "enabled"))
    case "change":
      return .change(customer: try need(customer, "customer"), product: try need(product, "product"))
    case "billing": return .billing(customer: try need(customer, "customer"), fails: try need(fails, "fails"))
    case "refund":
      let why: RevocationReason
      switch reason ?? "other" {
      case "other": why = .other
      case "app-issue": why = .appIssue
      default: throw ControlError("reason must be other or app-issue, found '\(reason ?? "")'", "reason")
      }
      let product = try need(product, "product")
      let customer = try need(customer, "customer")
      let share = try refundedShare()
      return share == 100_000
        ? .refund(product: product, customer: customer, reason: why)
        : .partialRefund(product: product, customer: customer, reason: why, milliunits: share)
    case "requestRefund":
      return .requestRefund(product: try need(product, "product"), customer: try need(customer, "customer"))
    case "declineRefund":
      return .declineRefund(product: try need(product, "product"), customer: try need(customer, "customer"))
    case "joinFamily":
      return .joinFamily(customer: try need(customer, "customer"), family: try need(family, "family"))
    case "leaveFamily":
      return .leaveFamily(customer: try need(customer, "customer"))
    case "consume":
      return .consume(
        product: try need(product, "product"), customer: try need(customer, "customer"),
        quantity: quantity ?? 1)
    case "setPrice":
      let price = try need(price, "price")
      guard price > 0 else { throw ControlError("price must be above 0 milliunits, found \(price)", "price") }
      return .setPrice(
        product: try need(product, "product"), storefront: try need(storefront, "storefront"),
        milliunits: price, needsConsent: needsConsent ?? false)
    case "consentToPriceIncrease":
      return .consentToPriceIncrease(
        customer: try need(customer, "customer"), group: try need(group, "group"))
    case "sale":
      return .sale(product: try need(product, "product"), forSale: try need(forSale, "forSale"))
    case "clearHistory":
      return .clearHistory(customer: try need(customer, "customer"))
    default:
      throw ControlError(
        "unknown purchase step '\(type)'; one of \(Self.types.joined(separator: ", "))", "type")
    }
  }

  /// `percent` in thousandths of a percent, as Apple's `revocationPercentage` counts (50000 for
  /// 50), the scenario line `refund ... percent P` reads it: above 0, at most 100, three decimals.
  private func refundedShare() throws(ControlError) -> Int {
    guard let percent else { return 100_000 }
    let thousandths = (percent * 1000).rounded()
    guard percent > 0, percent <= 100, abs(percent * 1000 - thousandths) < 1e-6 else {
      throw ControlError(
        "percent must be above 0 and at most 100, with at most three decimals, found \(percent)", "percent")
    }
    return Int(thousandths)
  }

  private func need<T>(_ value: T?, _ field: String) throws(ControlError) -> T {
    guard let value else { throw ControlError("\(type) needs \(field)", field) }
    return value
  }
}
