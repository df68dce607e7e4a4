import AppStoreCommerce
import LifecycleSimulator

/// `commerce ...` setup lines: App Store settings of the scenario's world (see docs/scenarios.md).
public enum CommerceSetting: Hashable, Sendable {
  /// `commerce grace-period 3d|16d|28d|off`
  case gracePeriod(GracePeriodDuration?)
  /// `commerce renewal-rate CUSTOMER 3m|5m|15m|30m|1h`: a sandbox tester's renewal rate.
  case renewalRate(customer: String, SandboxRenewalRate)
  /// `commerce failing-renewals CUSTOMER`: a tester whose first purchase succeeds and whose renewals fail.
  case failingRenewals(customer: String)
}

/// A step about Apple purchases, acted on the scenario's customers and devices.
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

/// Subscription statuses as scenario lines spell them (SPEC-APPSTORE 3.3 numbers 1 to 5).
enum StatusName {
  static let names: [SubscriptionStatus: String] = [
    .active: "active", .expired: "expired", .billingRetry: "billing-retry",
    .billingGracePeriod: "grace-period", .revoked: "revoked",
  ]
  static let ordered = SubscriptionStatus.allCases.map { names[$0]! }

  static func status(_ name: String) -> SubscriptionStatus? { names.first { $0.value == name }?.key }
}
