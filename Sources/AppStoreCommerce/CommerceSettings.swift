import ExternalPurchaseTokens
import SimulationTime

/// Billing Grace Period lengths an app can choose (SPEC-APPSTORE 6, production).
public enum GracePeriodDuration: Int, Hashable, Sendable, CaseIterable, Codable {
  case threeDays = 3
  case sixteenDays = 16
  case twentyEightDays = 28
}

/// Which failed renewals get a grace period (`renewalType`, SPEC-APPSTORE 6).
public enum GracePeriodRenewals: String, Hashable, Sendable, CaseIterable, Codable {
  case allRenewals = "ALL_RENEWALS"
  case paidToPaidOnly = "PAID_TO_PAID_ONLY"
}

/// The app's Billing Grace Period opt-in; off unless enabled, as at Apple.
public struct GracePeriodSetting: Hashable, Sendable {
  public var enabled: Bool
  public var duration: GracePeriodDuration
  public var renewals: GracePeriodRenewals

  public init(
    enabled: Bool = false, duration: GracePeriodDuration = .sixteenDays,
    renewals: GracePeriodRenewals = .allRenewals
  ) {
    self.enabled = enabled
    self.duration = duration
    self.renewals = renewals
  }
}

/// Every rule of the commerce engine that a user may want to change. Assumptions are marked.
public struct CommerceSettings: Hashable, Sendable {
  /// Where the simulated App Store runs: the same environment type as the token world's; its
  /// `environment` string on the wire is `appleName` (SPEC-APPSTORE 2.2).
  public var environment: TokenEnvironment
  public var bundleId: String
  public var gracePeriod: GracePeriodSetting
  /// How long Apple keeps retrying a failed renewal: up to 60 days (SPEC-APPSTORE 6).
  public var billingRetryLength: VirtualDuration
  /// **Assumption:** Apple does not say how often it retries; one attempt a day by default.
  public var billingRetryInterval: VirtualDuration
  /// Renewals after the first purchase before sandbox turns auto-renew off: 12 (SPEC-APPSTORE 6).
  public var sandboxRenewalLimit: Int
  /// **Assumption:** sandbox grace period and billing retry are production lengths shortened by the
  /// tester's renewal rate (30 days become one accelerated month); false keeps production lengths.
  public var sandboxScalesBillingWindows: Bool
  /// Lapses shorter than this keep `recentSubscriptionStartDate` (SPEC-APPSTORE 3.2: 60 days).
  public var recentStartLapse: VirtualDuration
  /// **Assumption** (Apple is silent): changing product while auto-renew is off turns it back on,
  /// since the customer chose to be billed for the new plan; false keeps it off, so the new product
  /// expires at the period's end as VOLUNTARY.
  public var changeTurnsAutoRenewOn: Bool
  /// The most people in one family: the organizer and up to five members (Apple, "Supporting
  /// Family Sharing in your app": a customer shares "with up to five family members").
  public var familySizeLimit: Int = 6
  /// First digits of transaction ids. **Assumption:** Apple's shape is a 15-16 digit string; epsim
  /// starts sandbox ids with 1 and production ids with 2 so the two never mix.
  public var idPrefix: UInt64 { environment == .sandbox ? 1 : 2 }

  public init(
    environment: TokenEnvironment, bundleId: String = "com.example.app",
    gracePeriod: GracePeriodSetting = GracePeriodSetting(),
    billingRetryLength: VirtualDuration = 60 * Milliseconds.day,
    billingRetryInterval: VirtualDuration = Milliseconds.day, sandboxRenewalLimit: Int = 12,
    sandboxScalesBillingWindows: Bool = true, recentStartLapse: VirtualDuration = 60 * Milliseconds.day,
    changeTurnsAutoRenewOn: Bool = true
  ) {
    self.environment = environment
    self.bundleId = bundleId
    self.gracePeriod = gracePeriod
    self.billingRetryLength = billingRetryLength
    self.billingRetryInterval = billingRetryInterval
    self.sandboxRenewalLimit = sandboxRenewalLimit
    self.sandboxScalesBillingWindows = sandboxScalesBillingWindows
    self.recentStartLapse = recentStartLapse
    self.changeTurnsAutoRenewOn = changeTurnsAutoRenewOn
  }

  public static let production = CommerceSettings(environment: .production)
  public static let sandbox = CommerceSettings(environment: .sandbox)
}
