import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator

/// The App Store world of a run, kept beside the token `Simulation` on the same virtual clock.
///
/// Built from the `product` and `commerce` setup lines at the first step; scenario customers join it
/// the first time a purchase line concerns them, with the storefront of their first device.
struct CommerceWorld {
  var state: CommerceState
  /// Tester settings from `commerce` lines, applied when the customer joins.
  var rates: [String: SandboxRenewalRate] = [:]
  /// Testers whose renewals fail: their first purchase goes through, then billing fails.
  var failing: Set<String> = []

  /// The commerce world of a setup, or nil when the setup declares no product and no setting.
  init?(setup: [Statement], world: WorldState) {
    let lines = setup.filter {
      switch $0.kind {
      case .product, .commerceSetting: return true
      default: return false
      }
    }
    guard !lines.isEmpty else { return nil }
    var settings: CommerceSettings = world.rules.environment == .sandbox ? .sandbox : .production
    settings.bundleId = world.app.bundleId
    var products: [Product] = []
    for line in lines {
      switch line.kind {
      case .product(let product): products.append(product)
      case .commerceSetting(.gracePeriod(let duration)):
        settings.gracePeriod.enabled = duration != nil
        if let duration { settings.gracePeriod.duration = duration }
      case .commerceSetting(.renewalRate(let customer, let rate)): rates[customer] = rate
      case .commerceSetting(.failingRenewals(let customer)): failing.insert(customer)
      default: break
      }
    }
    state = CommerceState(now: world.now, settings: settings, seed: world.seed)
    // The parser has checked every product, so the engine accepts them all.
    for product in products { _ = try? state.apply(.addProduct(product)) }
  }

  /// Storefronts as devices write them (ISO 3166-1 alpha-2, lower case) and as the App Store does (alpha-3).
  /// **Assumption:** a customer's App Store storefront is their first device's; other codes need a table entry.
  static let alpha3: [String: String] = [
    "us": "USA", "fr": "FRA", "de": "DEU", "gb": "GBR", "at": "AUT", "be": "BEL", "fi": "FIN", "gr": "GRC",
    "ie": "IRL", "it": "ITA", "lu": "LUX", "nl": "NLD", "pt": "PRT", "es": "ESP", "ca": "CAN", "se": "SWE",
    "no": "NOR", "dk": "DNK", "ch": "CHE", "au": "AUS", "nz": "NZL", "jp": "JPN",
  ]

  static func storefront(of device: String) throws(SimulationError) -> String {
    guard let code = alpha3[device.lowercased()] else {
      throw SimulationError(
        "storefront \(device) has no App Store storefront in epsim; use one of "
          + alpha3.keys.sorted().joined(separator: ", "))
    }
    return code
  }

  /// Adds a scenario customer to the App Store the first time a purchase line concerns them.
  mutating func ensure(_ customer: String, world: WorldState) throws(SimulationError) {
    guard state.customer(customer) == nil else { return }
    let device = world.devices.first { $0.customerId == customer }
    let storefront = try device.map { (device) throws(SimulationError) in
      try Self.storefront(of: device.storefront)
    }
    var added = CommerceCustomer(id: customer, storefront: storefront ?? "USA")
    added.renewalRate = rates[customer] ?? added.renewalRate
    _ = try state.apply(.addCustomer(added))
  }

  /// Moves the App Store clock to `time`: renewals, retries and expiries due on the way happen.
  mutating func advance(to time: VirtualTime) throws(SimulationError) -> [CommerceDomainEvent] {
    guard time > state.now else { return [] }
    return try state.apply(.advanceClock(to: time))
  }

  /// Applies one purchase step on the scenario's world and returns what the App Store did.
  mutating func perform(_ step: CommerceStep, world: WorldState) throws(SimulationError)
    -> [CommerceDomainEvent]
  {
    var out = try advance(to: world.now)
    switch step {
    case .buy(let product, let deviceId, let quantity, let offer, let token):
      guard let device = world.device(deviceId) else { throw SimulationError("unknown device \(deviceId)") }
      try ensure(device.customerId, world: world)
      let storefront = try Self.storefront(of: device.storefront)
      if state.customer(device.customerId)?.storefront != storefront {
        out += try state.apply(
          .setStorefront(customer: device.customerId, storefront: storefront, storefrontId: nil))
      }
      out += try state.apply(
        .purchase(
          PurchaseRequest(
            customer: device.customerId, productId: product, quantity: quantity, offerId: offer,
            appAccountToken: token)))
      // A tester set to fail renewals can still buy; the failing starts once they hold a purchase.
      if failing.remove(device.customerId) != nil {
        out += try state.apply(.setBillingFails(customer: device.customerId, fails: true))
      }
    case .autoRenew(let customer, let group, let enabled):
      try ensure(customer, world: world)
      out += try state.apply(.setAutoRenew(customer: customer, groupId: group, enabled: enabled))
    case .change(let customer, let product):
      try ensure(customer, world: world)
      out += try state.apply(.changeProduct(customer: customer, productId: product))
    case .billing(let customer, let fails):
      try ensure(customer, world: world)
      out += try state.apply(.setBillingFails(customer: customer, fails: fails))
    case .refund(let product, let customer, let reason):
      let id = try latestTransaction(of: product, customer: customer, world: world)
      out += try state.apply(.refund(transactionId: id, reason: reason, percentage: 100_000))
    case .joinFamily(let customer, let family):
      try ensure(customer, world: world)
      out += try state.apply(.joinFamily(customer: customer, familyId: family))
    case .consume(let product, let customer, let quantity):
      let id = try latestTransaction(of: product, customer: customer, world: world)
      out += try state.apply(.consume(transactionId: id, quantity: quantity))
    }
    return out
  }

  /// The id of the customer's newest purchased, unrevoked transaction of a product.
  private mutating func latestTransaction(of product: String, customer: String, world: WorldState)
    throws(SimulationError) -> String
  {
    try ensure(customer, world: world)
    let match = state.transactions(of: customer).last {
      state.products[Int($0.product)].id == product && $0.ownership == .purchased && $0.revocation == nil
    }
    guard let match else { throw SimulationError("\(customer) has no transaction of \(product) to act on") }
    return String(match.transactionId)
  }

  /// The customer's subscription in a group: their own chain, or the one a family member shares.
  func subscription(of customer: String, group: String) -> (chain: SubscriptionChain, shared: SharedChain?)? {
    if let chain = state.chain(of: customer, groupId: group) { return (chain, nil) }
    for shared in state.sharedChains(of: customer).reversed() {
      let chain = state.chains[Int(shared.purchaserChain)]
      if chain.groupId == group { return (chain, shared) }
    }
    return nil
  }
}
