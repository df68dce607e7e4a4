import AppStoreCommerce

/// The `settings` of a `.storekit` file that have a counterpart in epsim, as written (nil when the
/// key is absent: epsim then keeps its own default), and the keys it ignores.
public struct StoreKitSettings: Hashable, Sendable {
  /// `_storefront`: ISO 3166-1 alpha-3, the storefront the file's prices are for.
  public var storefront: String?
  /// `_locale`: read, but epsim's catalog holds no display names, so it changes nothing.
  public var locale: String?
  /// `_timeRate` as written (SPEC-STOREKIT-CONFIG 1.2).
  public var timeRate: Int?
  /// `_renewalBillingIssuesEnabled`: every customer's renewals fail into billing retry.
  public var renewalBillingIssues: Bool?
  /// `_billingGracePeriodEnabled`: billing retry starts with a grace period.
  public var billingGracePeriod: Bool?
  /// `_askToBuyEnabled`: epsim does not model Ask to Buy, so it is only noted.
  public var askToBuy: Bool?
  /// Setting keys with no server-side counterpart, as written, in file order.
  public var ignored: [String]

  public init(
    storefront: String? = nil, locale: String? = nil, timeRate: Int? = nil, renewalBillingIssues: Bool? = nil,
    billingGracePeriod: Bool? = nil, askToBuy: Bool? = nil, ignored: [String] = []
  ) {
    self.storefront = storefront
    self.locale = locale
    self.timeRate = timeRate
    self.renewalBillingIssues = renewalBillingIssues
    self.billingGracePeriod = billingGracePeriod
    self.askToBuy = askToBuy
    self.ignored = ignored
  }

  /// The sandbox renewal rate `_timeRate` stands for; nil when the key is absent.
  public var renewalRate: SandboxRenewalRate? { timeRate.map { StoreKitTimeRate.rate(for: $0) ?? .realTime } }
}
