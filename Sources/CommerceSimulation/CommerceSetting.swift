import AppStoreCommerce
import LifecycleSimulator

/// An App Store setting of a world: what a scenario's `commerce ...` line states (in the setup,
/// or among the steps from then on) and what the terminal UI's App Store settings form changes.
/// Every door applies it with `CommerceWorld.apply(_:world:)` (see docs/scenarios.md).
public enum CommerceSetting: Hashable, Sendable, Codable {
  /// `commerce grace-period 3d|16d|28d|off`
  case gracePeriod(GracePeriodDuration?)
  /// `commerce renewal-rate CUSTOMER 3m|5m|15m|30m|1h`: a sandbox tester's renewal rate.
  case renewalRate(customer: String, SandboxRenewalRate)
  /// `commerce failing-renewals CUSTOMER`: a tester whose first purchase succeeds and whose renewals fail.
  case failingRenewals(customer: String)
  /// `commerce change-renews on|off`: whether changing product while auto-renew is off turns it
  /// back on (`CommerceSettings.changeTurnsAutoRenewOn`).
  case changeRenews(Bool)
  /// `commerce default-renewal-rate 3m|5m|15m|30m|1h|real`: the rate of every tester without a
  /// `renewal-rate` of their own (a `.storekit` file's `_timeRate`).
  case defaultRenewalRate(SandboxRenewalRate)
  /// `commerce default-failing-renewals on|off`: every customer's renewals fail after their first
  /// purchase (a `.storekit` file's `_renewalBillingIssuesEnabled`).
  case defaultFailingRenewals(Bool)

  /// The customer the setting is about, if any.
  public var customer: String? {
    switch self {
    case .renewalRate(let customer, _), .failingRenewals(let customer): return customer
    case .gracePeriod, .changeRenews, .defaultRenewalRate, .defaultFailingRenewals: return nil
    }
  }

  /// The grace periods by the names the scenario language and the UI use: `3d`, `16d`, `28d`.
  public static func gracePeriodName(_ duration: GracePeriodDuration?) -> String {
    duration.map { "\($0.rawValue)d" } ?? "off"
  }
}

extension CommerceWorld {
  /// Applies a setting from now on: the one path of the setup's `commerce` lines, those among a
  /// scenario's steps, the terminal UI's form and the control API. A customer it names must be
  /// one of the world's.
  @discardableResult
  public mutating func apply(_ setting: CommerceSetting, world: WorldState) throws(SimulationError)
    -> [CommerceDomainEvent]
  {
    if let customer = setting.customer, world.customer(customer) == nil {
      let known = world.customers.map(\.id).joined(separator: ", ")
      throw SimulationError("unknown customer '\(customer)'" + (known.isEmpty ? "" : " (known: \(known))"))
    }
    var settings = state.settings
    switch setting {
    case .gracePeriod(let duration):
      settings.gracePeriod.enabled = duration != nil
      if let duration { settings.gracePeriod.duration = duration }
    case .changeRenews(let on):
      settings.changeTurnsAutoRenewOn = on
    case .defaultRenewalRate(let rate):
      // Testers who join from now on; one already in the App Store keeps the rate they have.
      defaultRate = rate
      return []
    case .defaultFailingRenewals(let on):
      failingByDefault = on
      return []
    case .renewalRate(let customer, let rate):
      rates[customer] = rate
      // A tester already in the App Store renews at the new rate from the next renewal on.
      if state.customer(customer) != nil {
        _ = try state.apply(.setRenewalRate(customer: customer, rate: rate))
      }
      return []
    case .failingRenewals(let customer):
      // Before their first purchase the failing starts with it; once they hold one, at once.
      guard state.customer(customer) != nil, !state.transactions(of: customer).isEmpty else {
        failing.insert(customer)
        return []
      }
      failing.remove(customer)
      return try state.apply(.setBillingFails(customer: customer, fails: true))
    }
    guard settings != state.settings else { return [] }
    return try state.apply(.setSettings(settings))
  }
}
