import AppStoreCommerce

/// A step about Apple purchases, acted on the world's customers and devices: what a scenario line,
/// a key in the terminal UI or a control API request asks the App Store to do.
public enum CommerceStep: Hashable, Sendable {
  /// `buy PRODUCT on DEVICE [quantity N] [offer ID] [account-token UUID]`
  case buy(product: String, device: String, quantity: Int, offer: String?, accountToken: String?)
  /// `auto-renew CUSTOMER GROUP on|off`
  case autoRenew(customer: String, group: String, enabled: Bool)
  /// `change CUSTOMER to PRODUCT`: upgrade, downgrade or crossgrade within the product's group.
  case change(customer: String, product: String)
  /// `billing CUSTOMER fails|recovers`
  case billing(customer: String, fails: Bool)
  /// `refund PRODUCT of CUSTOMER [reason other|app-issue]`: a full refund of the customer's latest
  /// transaction of the product.
  case refund(product: String, customer: String, reason: RevocationReason)
  /// `family CUSTOMER joins FAMILY`
  case joinFamily(customer: String, family: String)
  /// `consume PRODUCT of CUSTOMER [quantity N]`: the latest transaction of a consumable.
  case consume(product: String, customer: String, quantity: Int)

  /// The customer the step acts on when it names one (a `buy` names a device instead).
  public var customer: String? {
    switch self {
    case .buy: return nil
    case .autoRenew(let customer, _, _), .change(let customer, _), .billing(let customer, _),
      .refund(_, let customer, _), .joinFamily(let customer, _), .consume(_, let customer, _):
      return customer
    }
  }
}
