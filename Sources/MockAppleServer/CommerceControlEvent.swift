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
  var family: String?

  static let types = ["buy", "autoRenew", "change", "billing", "refund", "joinFamily", "consume"]

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
      return .refund(
        product: try need(product, "product"), customer: try need(customer, "customer"), reason: why)
    case "joinFamily":
      return .joinFamily(customer: try need(customer, "customer"), family: try need(family, "family"))
    case "consume":
      return .consume(
        product: try need(product, "product"), customer: try need(customer, "customer"),
        quantity: quantity ?? 1)
    default:
      throw ControlError(
        "unknown purchase step '\(type)'; one of \(Self.types.joined(separator: ", "))", "type")
    }
  }

  private func need<T>(_ value: T?, _ field: String) throws(ControlError) -> T {
    guard let value else { throw ControlError("\(type) needs \(field)", field) }
    return value
  }
}
