import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator

/// The App Store beside the token world: a `CommerceState` on the same virtual clock, acted on
/// through the token world's customers and devices.
///
/// Customers join it the first time a purchase step concerns them, with the storefront of their
/// first device. Shared by `epsim run`, the terminal UI and `epsim serve`.
public struct CommerceWorld: Sendable {
  public var state: CommerceState
  /// Sandbox testers' renewal rates, applied when the customer joins.
  public var rates: [String: SandboxRenewalRate] = [:]
  /// Testers whose renewals fail: their first purchase goes through, then billing fails.
  public var failing: Set<String> = []
  /// The renewal rate of every tester without one of their own (a `.storekit` file's `_timeRate`);
  /// nil keeps the sandbox default.
  public var defaultRate: SandboxRenewalRate?
  /// Every customer's renewals fail, as if each were in `failing` when they join (a `.storekit`
  /// file's `_renewalBillingIssuesEnabled`).
  public var failingByDefault = false
  /// Customers whose billing fails only because of `failingByDefault`: Xcode's setting fails
  /// renewals, not purchases, so their later purchases still go through.
  public var renewalsOnlyFail: Set<String> = []

  /// An App Store with `products` for the token world's app, in its environment, at its time.
  public init(products: [Product], world: WorldState, configure: (inout CommerceSettings) -> Void = { _ in })
  {
    var settings: CommerceSettings = world.rules.environment == .sandbox ? .sandbox : .production
    settings.bundleId = world.app.bundleId
    configure(&settings)
    state = CommerceState(now: world.now, settings: settings, seed: world.seed)
    // Products come checked by their source (parser, catalog); a duplicate is skipped.
    for product in products { _ = try? state.apply(.addProduct(product)) }
  }

  /// Storefronts as devices write them (ISO 3166-1 alpha-2, lower case) and as the App Store does (alpha-3).
  /// **Assumption:** a customer's App Store storefront is their first device's; other codes need a table entry.
  public static let alpha3: [String: String] = [
    "us": "USA", "fr": "FRA", "de": "DEU", "gb": "GBR", "at": "AUT", "be": "BEL", "fi": "FIN", "gr": "GRC",
    "ie": "IRL", "it": "ITA", "lu": "LUX", "nl": "NLD", "pt": "PRT", "es": "ESP", "ca": "CAN", "se": "SWE",
    "no": "NOR", "dk": "DNK", "ch": "CHE", "au": "AUS", "nz": "NZL", "jp": "JPN",
  ]

  public static func storefront(of device: String) throws(SimulationError) -> String {
    guard let code = alpha3[device.lowercased()] else {
      throw SimulationError(
        "storefront \(device) has no App Store storefront in epsim; use one of "
          + alpha3.keys.sorted().joined(separator: ", "))
    }
    return code
  }

  /// Adds a scenario customer to the App Store the first time a purchase line concerns them.
  public mutating func ensure(_ customer: String, world: WorldState) throws(SimulationError) {
    guard state.customer(customer) == nil else { return }
    let device = world.devices.first { $0.customerId == customer }
    let storefront = try device.map { (device) throws(SimulationError) in
      try Self.storefront(of: device.storefront)
    }
    var added = CommerceCustomer(id: customer, storefront: storefront ?? "USA")
    added.renewalRate = rates[customer] ?? defaultRate ?? added.renewalRate
    if failingByDefault { failing.insert(customer) }
    _ = try state.apply(.addCustomer(added))
  }

  /// Refuses a purchase (a `buy`, or a `change` of plan, which StoreKit makes as a purchase of the
  /// other product) by a customer whose account cannot make payments, before anything changes:
  /// StoreKit's `purchase()` then fails with `purchaseNotAllowed`, with no transaction and no
  /// notification (docs/rules.md, "In-app purchases through Apple"). Renewals of what they hold go on.
  static func checkPayments(for step: CommerceStep, world: WorldState) throws(SimulationError) {
    let customer: String
    switch step {
    case .buy(_, let deviceId, _, _, _, _):
      guard let device = world.device(deviceId) else { return }
      customer = device.customerId
    case .change(let changing, _): customer = changing
    default: return
    }
    guard world.customer(customer)?.canMakePayments == false else { return }
    throw SimulationError(
      "customer \(customer) cannot make payments (Screen Time or a device management profile blocks "
        + "purchases): StoreKit's purchase() fails with purchaseNotAllowed and nothing is bought")
  }

  /// Moves the App Store clock to `time`: renewals, retries and expiries due on the way happen.
  public mutating func advance(to time: VirtualTime) throws(SimulationError) -> [CommerceDomainEvent] {
    guard time > state.now else { return [] }
    return try state.apply(.advanceClock(to: time))
  }

  /// Applies one purchase step on the scenario's world and returns what the App Store did.
  public mutating func perform(_ step: CommerceStep, world: WorldState) throws(SimulationError)
    -> [CommerceDomainEvent]
  {
    do { try step.checkLimits() } catch { throw SimulationError(error.message) }
    try Self.checkPayments(for: step, world: world)
    var out = try advance(to: world.now)
    switch step {
    case .buy(let product, let deviceId, let quantity, let offer, let token, let allowIntroductoryOffer):
      guard let device = world.device(deviceId) else { throw SimulationError("unknown device \(deviceId)") }
      // A purchase is a StoreKit call of the running app (`Product.purchase()`), as token
      // requests are: without the app on the device there is nothing to buy in (docs/rules.md).
      guard device.isAppInstalled else {
        throw SimulationError(
          "the app is not installed on \(deviceId); a purchase is made in the app: install it first")
      }
      try ensure(device.customerId, world: world)
      let storefront = try Self.storefront(of: device.storefront)
      if state.customer(device.customerId)?.storefront != storefront {
        out += try state.apply(
          .setStorefront(customer: device.customerId, storefront: storefront, storefrontId: nil))
      }
      let customer = device.customerId
      let request = PurchaseRequest(
        customer: customer, productId: product, quantity: quantity, offerId: offer, appAccountToken: token,
        allowIntroductoryOffer: allowIntroductoryOffer)
      if renewalsOnlyFail.contains(customer) && state.customer(customer)?.billingFails == true {
        // Billing works for the purchase itself, then fails again for renewals.
        out += try state.apply(.setBillingFails(customer: customer, fails: false))
        defer { _ = try? state.apply(.setBillingFails(customer: customer, fails: true)) }
        out += try state.apply(.purchase(request))
      } else {
        out += try state.apply(.purchase(request))
      }
      // A tester set to fail renewals can still buy; the failing starts once they hold a purchase.
      if failing.remove(customer) != nil {
        out += try state.apply(.setBillingFails(customer: customer, fails: true))
        if failingByDefault { renewalsOnlyFail.insert(customer) }
      }
    case .autoRenew(let customer, let group, let enabled):
      try ensure(customer, world: world)
      out += try state.apply(.setAutoRenew(customer: customer, groupId: group, enabled: enabled))
    case .change(let customer, let product):
      try ensure(customer, world: world)
      out += try state.apply(.changeProduct(customer: customer, productId: product))
    case .billing(let customer, let fails):
      try ensure(customer, world: world)
      // A step about this customer's billing replaces the file's setting for them.
      renewalsOnlyFail.remove(customer)
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
    case .leaveFamily(let customer):
      try ensure(customer, world: world)
      out += try state.apply(.leaveFamily(customer: customer))
    case .partialRefund(let product, let customer, let reason, let milliunits):
      let id = try latestTransaction(of: product, customer: customer, world: world)
      out += try state.apply(.refund(transactionId: id, reason: reason, percentage: milliunits))
    case .requestRefund(let product, let customer, let reason):
      let id = try latestTransaction(of: product, customer: customer, world: world)
      out += try state.apply(.requestRefund(transactionId: id, reason: reason))
    case .reverseRefund(let product, let customer):
      try ensure(customer, world: world)
      let match = state.lastTransaction(of: customer) {
        state.products[Int($0.product)].id == product && $0.ownership == .purchased
          && $0.revocation != nil && $0.revocation?.type != .familyRevoke
      }
      guard let match else { throw SimulationError("\(customer) has no refunded \(product) to reinstate") }
      out += try state.apply(.reverseRefund(transactionId: String(match.transactionId)))
    case .rescindConsent(let customer):
      try ensure(customer, world: world)
      out += try state.apply(.rescindConsent(customer: customer))
    case .declineRefund(let product, let customer):
      let id = try latestTransaction(of: product, customer: customer, world: world)
      out += try state.apply(.declineRefund(transactionId: id))
    case .setPrice(let product, let storefront, let milliunits, let needsConsent):
      out += try state.apply(
        .raisePrice(
          productId: product, storefront: storefront, milliunits: milliunits, needsConsent: needsConsent))
    case .consentToPriceIncrease(let customer, let group):
      try ensure(customer, world: world)
      out += try state.apply(.consentToPriceIncrease(customer: customer, groupId: group))
    case .sale(let product, let forSale):
      out += try state.apply(.setForSale(productId: product, forSale: forSale))
    case .clearHistory(let customer):
      try ensure(customer, world: world)
      out += try state.apply(.clearPurchaseHistory(customer: customer))
    case .setting(let setting):
      out += try apply(setting, world: world)
    }
    return out
  }

  /// Follows a token-world event the App Store cares about: a device moving to another storefront
  /// moves its customer's App Store account there (renewals are then priced in it).
  public mutating func follow(_ event: WorldEvent, world: WorldState) throws(SimulationError)
    -> [CommerceDomainEvent]
  {
    guard case .setStorefront(let deviceId, let code) = event, let device = world.device(deviceId),
      state.customer(device.customerId) != nil
    else { return [] }
    var out = try advance(to: world.now)
    out += try state.apply(
      .setStorefront(
        customer: device.customerId, storefront: try Self.storefront(of: code), storefrontId: nil))
    return out
  }

  /// Refuses, before anything changes, a token-world event the App Store could not follow (a
  /// storefront it has no code for), so that `follow` cannot fail once the token world took it.
  public func checkFollow(_ event: WorldEvent, world: WorldState) throws(SimulationError) {
    guard case .setStorefront(let deviceId, let code) = event, let device = world.device(deviceId),
      state.customer(device.customerId) != nil
    else { return }
    _ = try Self.storefront(of: code)
  }

  /// Applies a change a backend asked for through Apple's API (an app account token, an extension)
  /// at `now`, after what fell due before it; a refused change changes nothing.
  public mutating func applyBackend(_ event: CommerceEvent, at now: VirtualTime) throws(SimulationError)
    -> [CommerceDomainEvent]
  {
    var changed = self
    var events = try changed.advance(to: now)
    events += try changed.state.apply(event)
    self = changed
    return events
  }

  /// The id of the customer's newest purchased, unrevoked transaction of a product.
  private mutating func latestTransaction(of product: String, customer: String, world: WorldState)
    throws(SimulationError) -> String
  {
    try ensure(customer, world: world)
    let match = state.lastTransaction(of: customer) {
      state.products[Int($0.product)].id == product && $0.ownership == .purchased && $0.revocation == nil
    }
    guard let match else { throw SimulationError("\(customer) has no transaction of \(product) to act on") }
    return String(match.transactionId)
  }

  /// The customer's subscription in a group: their own chain, or the one a family member shares.
  public func subscription(of customer: String, group: String) -> (
    chain: SubscriptionChain, shared: SharedChain?
  )? {
    if let chain = state.chain(of: customer, groupId: group) { return (chain, nil) }
    for shared in state.sharedChains(of: customer).reversed() {
      let chain = state.chains[Int(shared.purchaserChain)]
      if chain.groupId == group { return (chain, shared) }
    }
    return nil
  }
}
