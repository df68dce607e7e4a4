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
  /// `commerce default-renewal-rate 3m|5m|15m|30m|1h|real`: the rate of every tester without a
  /// `renewal-rate` line of their own (a `.storekit` file's `_timeRate`).
  case defaultRenewalRate(SandboxRenewalRate)
  /// `commerce default-failing-renewals on|off`: every customer's renewals fail after their first
  /// purchase (a `.storekit` file's `_renewalBillingIssuesEnabled`).
  case defaultFailingRenewals(Bool)
  /// `commerce change-renews on|off`: whether changing product while auto-renew is off turns it
  /// back on (`CommerceSettings.changeTurnsAutoRenewOn`).
  case changeRenews(Bool)
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
