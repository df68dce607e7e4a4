import AppStoreCommerce
import AppleWireTypes
import CommerceSimulation
import LifecycleSimulator

/// Subscription statuses as scenario lines spell them (SPEC-APPSTORE 3.3 numbers 1 to 5).
enum StatusName {
  static let names: [SubscriptionStatus: String] = [
    .active: "active", .expired: "expired", .billingRetry: "billing-retry",
    .billingGracePeriod: "grace-period", .revoked: "revoked",
  ]
  static let ordered = SubscriptionStatus.allCases.map { names[$0]! }

  static func status(_ name: String) -> SubscriptionStatus? { names.first { $0.value == name }?.key }
}
