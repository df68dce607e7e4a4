import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator
import Testing

/// `CommerceWorld` on its own: the App Store beside the token world, acted on through the world's
/// customers and devices; what `perform` refuses, and how a customer joins (`ensure`).
@Suite("CommerceWorld: purchases through the token world's customers and devices")
struct CommerceWorldTests {
  /// The demo world with the app on every device: alice (nl), bruno who cannot make payments (fr),
  /// kenji (jp).
  static let world = DemoWorld.worldWithAppInstalled()

  static func store(_ world: WorldState = world) -> CommerceWorld {
    CommerceWorld(products: DemoCatalog.products, world: world)
  }

  static func buy(
    _ product: String = "premium.monthly", on device: String = "alice.iphone", quantity: Int = 1
  )
    -> CommerceStep
  {
    .buy(product: product, device: device, quantity: quantity, offer: nil, accountToken: nil)
  }

  @Test func aPurchaseJoinsTheCustomerInTheirDevicesStorefront() throws {
    var store = Self.store()
    let events = try store.perform(Self.buy(), world: Self.world)
    #expect(!events.isEmpty)
    #expect(store.state.customer("alice")?.storefront == "NLD")
    #expect(store.state.transactions(of: "alice").count == 1)
  }

  /// Refusals a purchase step meets, with the message every door shows.
  static let refusals: [(step: CommerceStep, message: String)] = [
    (buy(on: "nobody.iphone"), "unknown device nobody.iphone"),
    (
      buy(on: "bruno.iphone"),
      "customer bruno cannot make payments (Screen Time or a device management profile blocks "
        + "purchases): StoreKit's purchase() fails with purchaseNotAllowed and nothing is bought"
    ),
    (
      .change(customer: "bruno", product: "premium.yearly"),
      "customer bruno cannot make payments (Screen Time or a device management profile blocks "
        + "purchases): StoreKit's purchase() fails with purchaseNotAllowed and nothing is bought"
    ),
    (buy("coins.100", quantity: 11), "quantity: expected \(StepLimits.quantity.expected), found 11"),
    (
      .refund(product: "premium.monthly", customer: "alice", reason: .other),
      "alice has no transaction of premium.monthly to act on"
    ),
    (
      .reverseRefund(product: "premium.monthly", customer: "alice"),
      "alice has no refunded premium.monthly to reinstate"
    ),
  ]

  @Test(arguments: refusals.indices)
  func aRefusedStepSaysWhy(_ index: Int) {
    var store = Self.store()
    let (step, message) = Self.refusals[index]
    #expect(throws: SimulationError(message), "\(step)") { try store.perform(step, world: Self.world) }
    #expect(store.state.transactions.isEmpty)
  }

  /// Limits and payments are checked before anything changes: the customer does not even join.
  @Test func limitsAndPaymentsAreCheckedBeforeTheCustomerJoins() {
    var store = Self.store()
    let before = store.state
    _ = try? store.perform(Self.buy(on: "bruno.iphone"), world: Self.world)
    _ = try? store.perform(Self.buy("coins.100", quantity: 0), world: Self.world)
    #expect(store.state == before)
  }

  @Test func aPurchaseNeedsTheAppOnTheDevice() {
    var store = Self.store(DemoWorld.world())
    #expect(
      throws: SimulationError(
        "the app is not installed on alice.iphone; a purchase is made in the app: install it first")
    ) { try store.perform(Self.buy(), world: DemoWorld.world()) }
    #expect(store.state.customer("alice") == nil)
  }

  @Test func ensureAddsACustomerOnceWithTheirFirstDevicesStorefront() throws {
    var store = Self.store()
    try store.ensure("kenji", world: Self.world)
    #expect(store.state.customer("kenji")?.storefront == "JPN")
    let joined = store.state
    try store.ensure("kenji", world: Self.world)
    #expect(store.state == joined, "a customer already in the App Store is left as they are")
  }

  @Test func aCustomerWithoutADeviceJoinsInTheUnitedStates() throws {
    var world = Self.world
    world.customers.append(Customer(id: "dora"))
    var store = Self.store(world)
    try store.ensure("dora", world: world)
    #expect(store.state.customer("dora")?.storefront == "USA")
  }

  @Test func aTestersRenewalRateAndTheDefaultApplyWhenTheyJoin() throws {
    var store = Self.store()
    store.rates["alice"] = .oneHour
    store.defaultRate = .thirtyMinutes
    store.failingByDefault = true
    try store.ensure("alice", world: Self.world)
    try store.ensure("kenji", world: Self.world)
    #expect(store.state.customer("alice")?.renewalRate == .oneHour)
    #expect(store.state.customer("kenji")?.renewalRate == .thirtyMinutes)
    #expect(store.failing == ["alice", "kenji"], "their billing fails once they hold a purchase")
  }

  @Test func aStorefrontWithoutAnAppStoreCodeIsRefused() throws {
    var world = Self.world
    world.devices[0].storefront = "kr"
    var store = Self.store(world)
    let codes = CommerceWorld.alpha3.keys.sorted().joined(separator: ", ")
    let message = "storefront kr has no App Store storefront in epsim; use one of \(codes)"
    #expect(throws: SimulationError(message)) { try store.ensure("alice", world: world) }
    #expect(throws: SimulationError(message)) { try CommerceWorld.storefront(of: "kr") }
    #expect(try CommerceWorld.storefront(of: "NL") == "NLD")
  }

  @Test func aDevicesStorefrontMoveMovesItsCustomersAccount() throws {
    var store = Self.store()
    _ = try store.perform(Self.buy(), world: Self.world)
    var moved = Self.world
    moved.devices[0].storefront = "jp"
    _ = try store.follow(.setStorefront(device: "alice.iphone", storefront: "jp"), world: moved)
    #expect(store.state.customer("alice")?.storefront == "JPN")
    #expect(throws: SimulationError.self) {
      try store.checkFollow(.setStorefront(device: "alice.iphone", storefront: "kr"), world: moved)
    }
  }

  /// `commerce grace-period off` turns an enabled grace period off again, so a failed renewal goes
  /// straight to billing retry (Billing Grace Period is opt-in, SPEC-APPSTORE 6).
  @Test func gracePeriodOffTurnsAnEnabledGracePeriodOffAgain() throws {
    var store = Self.store()
    try store.apply(.gracePeriod(.sixteenDays), world: Self.world)
    try store.apply(.gracePeriod(nil), world: Self.world)
    #expect(!store.state.settings.gracePeriod.enabled)
    _ = try store.perform(Self.buy(), world: Self.world)
    try store.apply(.failingRenewals(customer: "alice"), world: Self.world)
    let renewal = try #require(store.state.chain(of: "alice", groupId: "premium")).expiresDate
    let events = try store.advance(to: renewal)
    #expect(events.compactMap(\.notification?.text) == ["DID_FAIL_TO_RENEW"])
    let chain = try #require(store.state.chain(of: "alice", groupId: "premium"))
    #expect(store.state.status(of: chain) == .billingRetry)
  }

  @Test func aSettingNamingSomeoneOutsideTheWorldIsRefused() {
    var store = Self.store()
    #expect(throws: SimulationError("unknown customer 'zoe' (known: alice, bruno, kenji)")) {
      try store.apply(.failingRenewals(customer: "zoe"), world: Self.world)
    }
  }
}
