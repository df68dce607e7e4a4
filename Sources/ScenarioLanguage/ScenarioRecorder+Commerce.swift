import AppStoreCommerce
import CommerceSimulation
import SimulatedWorld

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
    if state.settings.changeTurnsAutoRenewOn != preset.changeTurnsAutoRenewOn {
      kinds.append(.commerceSetting(.changeRenews(state.settings.changeTurnsAutoRenewOn)))
    }
    for customer in store.rates.keys.sorted() {
      kinds.append(.commerceSetting(.renewalRate(customer: customer, store.rates[customer]!)))
    }
    if let rate = store.defaultRate { kinds.append(.commerceSetting(.defaultRenewalRate(rate))) }
    if store.failingByDefault { kinds.append(.commerceSetting(.defaultFailingRenewals(true))) }
    for customer in store.failing.sorted() {
      kinds.append(.commerceSetting(.failingRenewals(customer: customer)))
    }
    return kinds
  }

  /// `statements` without the `product` lines of products no purchase line names.
  ///
  /// A session on the demo world starts with its whole catalog (ten products, lines of up to 578
  /// characters); a saved session is meant for a bug report, so it keeps only what the steps used.
  /// Steps naming a group (`auto-renew`, `price-consent`) need no line of their own: they act on a
  /// subscription the customer bought, whose product is kept.
  static func onlyUsedProducts(_ statements: [Statement]) -> [Statement] {
    var used: Set<String> = []
    for statement in statements {
      guard case .command(.commerce(let step)) = statement.kind, let product = productNamed(by: step) else {
        continue
      }
      used.insert(product)
    }
    return statements.filter {
      guard case .product(let product) = $0.kind else { return true }
      return used.contains(product.id)
    }
  }

  /// `expect notification ...` for a step that made the App Store do `events`: the last
  /// notification it sent, `none` when it sent none.
  static func notificationHeard(in events: [StoreEventRecord]) -> ExpectationKind {
    return .notification(events.last { $0.notification != nil }?.notification?.text ?? "none")
  }

  /// The product a purchase step names, if it names one.
  private static func productNamed(by step: CommerceStep) -> String? {
    switch step {
    case .buy(let product, _, _, _, _, _), .change(_, let product), .refund(let product, _, _),
      .consume(let product, _, _), .partialRefund(let product, _, _, _), .requestRefund(let product, _, _),
      .declineRefund(let product, _), .reverseRefund(let product, _), .setPrice(let product, _, _, _),
      .sale(let product, _):
      return product
    case .autoRenew, .billing, .joinFamily, .leaveFamily, .consentToPriceIncrease, .clearHistory,
      .rescindConsent, .setting:
      return nil
    }
  }
}
