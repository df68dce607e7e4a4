import AppStoreCommerce
import CommerceSimulation

extension ScenarioRecorder {
  /// The setup lines of an App Store as it was before any step: its products, and the settings a
  /// scenario can state (grace period, sandbox testers' renewal rates and failing renewals).
  static func storeSetup(of store: CommerceWorld) -> [StatementKind] {
    let state = store.state
    var kinds: [StatementKind] = state.products.map { .product($0) }
    let preset: CommerceSettings = state.settings.environment == .sandbox ? .sandbox : .production
    let grace = state.settings.gracePeriod
    if grace != preset.gracePeriod {
      kinds.append(.commerceSetting(.gracePeriod(grace.enabled ? grace.duration : nil)))
    }
    for customer in store.rates.keys.sorted() {
      kinds.append(.commerceSetting(.renewalRate(customer: customer, store.rates[customer]!)))
    }
    for customer in store.failing.sorted() {
      kinds.append(.commerceSetting(.failingRenewals(customer: customer)))
    }
    return kinds
  }

  /// `expect notification ...` for the step that led to `position`: the last notification the App
  /// Store sent during it, `none` when it sent none.
  static func notificationHeard(at position: Int, in commerce: CommerceHistory) -> ExpectationKind {
    let events = commerce.change(at: position)?.events ?? []
    return .notification(events.last { $0.notification != nil }?.notification?.text ?? "none")
  }
}
