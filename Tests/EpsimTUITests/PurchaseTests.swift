import AppStoreCommerce
import CommerceSimulation
import EpsimTUI
import LifecycleSimulator
import ScenarioLanguage
import Testing
import TextFrame

extension TUIState {
  /// The UI on the demo world with the demo App Store (as `swift run epsim` opens it), the app
  /// installed on alice's iPhone (`i`, the first step of history): a purchase is made in the app.
  static func store(width: Int = 80, height: Int = 24) -> TUIState {
    var state = TUIState(
      world: DemoWorld.world(), products: DemoCatalog.products, width: width, height: height)
    state.type("i")
    return state
  }

  /// Opens the buy form, picks the `productIndex`-th product and submits it.
  mutating func buy(productIndex: Int = 0) {
    type("b")
    for _ in 0..<productIndex { press(.right) }
    press(.enter)
  }
}

/// The App Store in the terminal UI: purchases as steps of history, the keys, saving (issue 11).
@Suite("Purchases")
struct PurchaseTests {
  /// alice buys the monthly plan, it renews twice, her billing fails, the next renewal fails.
  static func session() -> TUIState {
    var state = TUIState.store()
    state.type("p")
    state.buy()
    state.type("vv")  // two renewals (sandbox: a month is 5 minutes)
    state.type("B")  // billing fails
    state.type("v")  // the third renewal fails: billing retry
    return state
  }

  @Test func buyingRenewingAndFailingShowStatusAndChain() throws {
    let state = Self.session()
    let chain = try #require(state.store.state.chain(of: "alice", groupId: "premium"))
    #expect(state.store.state.transactions(ofChain: chain).count == 3)
    #expect(state.store.state.status(of: chain) == .billingRetry)
    let screen = state.screen
    #expect(screen.contains("Purchases of alice (3)"))
    #expect(screen.contains("3 billing retry"))
    #expect(screen.contains("RENEWAL"))
    // Six steps of history: the install, the purchase, two renewals, billing, the failed renewal.
    #expect(state.simulation.position == 6)
  }

  @Test func duringBillingRetryVReachesTheNextAttemptAndTheLogSaysItFailed() throws {
    var state = Self.session()
    let chain = try #require(state.store.state.chain(of: "alice", groupId: "premium"))
    let next = try #require(
      try? state.store.state.resolve(CommerceClockTarget(kind: .retry, customer: "alice")))
    state.type("v")
    #expect(state.world.now == next, "v goes to the next retry attempt: \(state.status?.text ?? "")")
    let retrying = try #require(state.store.state.chain(of: "alice", groupId: "premium"))
    #expect(state.store.state.status(of: retrying) == .billingRetry)
    #expect(retrying.originalTransactionId == chain.originalTransactionId)
    #expect(
      state.status?.text.contains("billing retry attempt failed") == true, "\(state.status?.text ?? "")")
    state.type("B")  // billing works again
    state.type("v")
    let recovered = try #require(state.store.state.chain(of: "alice", groupId: "premium"))
    #expect(state.store.state.status(of: recovered) == .active, "the next attempt recovers it")
    #expect(state.status?.text.contains("DID_RENEW") == true, "\(state.status?.text ?? "")")
  }

  /// SPEC-APPSTORE-2026 3 in the buy form: premium.yearly's free trial comes without naming it,
  /// and the form's signed claim of "refuse" makes the next newcomer pay in full.
  @Test func theBuyFormLeavesTheIntroductoryOfferToTheAppStoreOrToASignedClaim() throws {
    var state = TUIState.store()
    state.type("p")
    state.buy(productIndex: 1)  // premium.yearly
    let commerce = state.store.state
    let trial = try #require(commerce.transactions.last)
    #expect(commerce.payload(of: trial, signedDate: 0).offerType == .introductory && trial.price == 0)
    state.type("[")  // undo: alice is new to the group again
    state.type("b")
    state.press(.right)  // premium.yearly
    for _ in 0..<5 { state.press(.tab) }  // the intro offer's field
    state.press(.right)
    state.press(.right)  // "signed: refuse"
    state.press(.enter)
    let full = try #require(state.store.state.transactions.last)
    let payload = state.store.state.payload(of: full, signedDate: 0)
    // In euros: alice's device is in the Netherlands.
    #expect(payload.productId == "premium.yearly" && payload.offerType == nil && full.price == 109_990)
  }

  /// Issue 44's pickers that inform: the product's group, period and price in the device's
  /// storefront beside it, its offers as the offer field's choices, its introductory offer named.
  @Test func theBuyFormSaysWhatTheProductCostsAndOffersItsOffersAsChoices() throws {
    var state = TUIState.store()
    state.type("p")
    state.type("b")
    #expect(state.screen.contains("premium L2 P1M · 10.99 EUR"), "\(state.screen)")
    state.press(.right)  // premium.yearly
    #expect(state.screen.contains("premium L2 P1Y · 109.99 EUR"), "\(state.screen)")
    #expect(state.screen.contains("trial: FREE_TRIAL P1W"), "\(state.screen)")
    state.press(.left)  // back to premium.monthly
    for _ in 0..<3 { state.press(.tab) }  // the offer field
    state.press(.right)
    #expect(state.screen.contains("◂ promo.half ▸"), "\(state.screen)")
    state.press(.enter)
    let bought = try #require(state.store.state.transactions.last)
    #expect(state.store.state.payload(of: bought, signedDate: 0).offerIdentifier == "promo.half")
  }

  /// Issue 44: after renewals the selection follows the subscription's newest transaction.
  @Test func theSelectionFollowsTheSubscriptionsNewestTransaction() throws {
    var state = TUIState.store(width: 120, height: 40)
    state.type("p")
    state.buy()
    let first = try #require(state.store.state.transactions.last)
    state.type("vv")  // two renewals
    let chain = try #require(state.store.state.chain(of: "alice", groupId: "premium"))
    let newest = try #require(state.store.state.transactions(ofChain: chain).last)
    #expect(newest.transactionId != first.transactionId)
    // `Y` copies the selected transaction's id (its menu's first entry): the newest renewal's.
    _ = state.handle(.key(.character("Y")))
    state.press(.enter)
    #expect(state.status?.text == "copied the transactionId \(newest.transactionId)")
  }

  @Test func theChangePlanFormSaysWhatEachPlanCosts() throws {
    var state = Self.session()
    state.type("U")
    #expect(state.screen.contains("premium L2 P1M · 10.99 EUR"), "\(state.screen)")
    state.press(.right)  // premium.yearly, in alice's storefront (the Netherlands)
    #expect(state.screen.contains("premium L2 P1Y · 109.99 EUR"), "\(state.screen)")
  }

  @Test func undoRemovesAPurchaseAndRedoReplaysIt() {
    var state = TUIState.store()
    state.type("p")
    state.buy()
    #expect(state.store.state.transactions.count == 1)
    state.type("[")
    #expect(state.store.state.transactions.isEmpty)
    #expect(state.simulation.position == 1, "the install stays")
    #expect(state.screen.contains("No purchases yet"))
    state.type("]")
    #expect(state.store.state.transactions.count == 1)
    #expect(state.status?.text.hasPrefix("redid buy premium.monthly on alice.iphone") == true)
  }

  /// Undo, redo and rewind land on the App Store a replay of the same steps gives.
  @Test func historyMovesGiveTheStoreOfAReplay() {
    let full = Self.session()
    var moved = Self.session()
    moved.type("[[[[[")
    #expect(moved.store.state == TUIState.store().store.state)
    moved.type("]]]]]")
    #expect(moved.store.state == full.store.state)
    // Rewound to after the first renewal: as if only the purchase and one renewal happened.
    var replay = TUIState.store()
    replay.type("p")
    replay.buy()
    replay.type("v")
    moved.type("H")
    moved.press(.home)
    moved.type("jjj")
    moved.press(.enter)
    #expect(moved.simulation.position == 3)
    #expect(moved.store.state == replay.store.state)
    // A new step after the rewind drops the undone purchases' future.
    moved.type("t")  // auto-renew off
    replay.type("t")
    #expect(moved.store.state == replay.store.state)
    #expect(
      moved.simulation.appliedSteps.filter { if case .purchase = $0 { true } else { false } }.count == 2)
  }

  /// The App Store follows the clock keys: the next-expiry keys land on renewals too.
  @Test func clockTargetsIncludeRenewals() throws {
    var state = TUIState.store()
    state.type("p")
    state.buy()
    let chain = try #require(state.store.state.chain(of: "alice", groupId: "premium"))
    state.type("<")
    #expect(state.world.now == chain.expiresDate - 1)
    #expect(state.store.state.transactions.count == 1)
    state.type(">")
    #expect(state.world.now == chain.expiresDate + 1)
    #expect(state.store.state.transactions.count == 2)
  }

  @Test func purchaseKeysShowOnlyWhereTheyApply() {
    var state = TUIState.store(width: 200, height: 40)
    let labels = { (state: TUIState) in Set(state.footerBindings().map(\.label)) }
    #expect(labels(state).contains("purchases"))
    #expect(!labels(state).contains("buy"))
    state.type("p")
    #expect(labels(state).contains("buy"))
    #expect(!labels(state).contains("refund"))
    state.buy()
    #expect(labels(state).isSuperset(of: ["refund", "auto-renew", "change plan", "renew now", "billing"]))
    #expect(!TUIState.demo().footerBindings().map(\.label).contains("purchases"))
  }

  /// A purchase's event is a clock move to where the clock was: after a save, another purchase
  /// in its place still counts as unsaved.
  @Test func anotherPurchaseInPlaceOfASavedOneIsUnsaved() throws {
    var state = TUIState.store()
    state.type("p")
    state.buy()
    state.type("w")
    let effects = state.press(.enter)
    guard case .writeFile(let path, _) = try #require(effects.first) else {
      Issue.record("no file written")
      return
    }
    state.handle(.fileWritten(path: path, error: nil))
    #expect(state.unsavedStepCount == 0)
    state.type("[")
    state.buy(productIndex: 7)
    #expect(state.unsavedStepCount == 1)
  }

  @Test func aNewWorldKeepsTheCatalogAndForgetsThePurchases() {
    var state = TUIState.store()
    state.type("p")
    state.buy()
    state.type("W")
    state.press(.enter)
    #expect(state.store.state.transactions.isEmpty)
    #expect(state.store.state.products == TUIState.store().store.state.products)
    #expect(state.simulation.stepCount == 0)
  }

  @Test func refundAutoRenewAndUpgrade() throws {
    var state = TUIState.store()
    state.type("p")
    state.buy()
    state.type("t")
    #expect(state.store.state.chain(of: "alice", groupId: "premium")?.autoRenew == false)
    state.type("t")
    state.type("U")
    // premium.pro.monthly is level 1 of the group: an upgrade, at once.
    let options = DemoCatalog.products.filter { $0.subscription?.groupId == "premium" }.map(\.id)
    let current = try #require(options.firstIndex(of: "premium.monthly"))
    let pro = try #require(options.firstIndex(of: "premium.pro.monthly"))
    for _ in 0..<(pro - current) { state.press(.right) }
    state.press(.enter)
    let chain = try #require(state.store.state.chain(of: "alice", groupId: "premium"))
    #expect(state.store.state.products[Int(chain.product)].id == "premium.pro.monthly")
    #expect(state.store.state.transactions.first?.isUpgraded == true)
    state.type("z")
    #expect(state.store.state.transactions.last?.revocation != nil)
  }

  @Test func detailsShowTheDecodedTransactionAndRenewalInfo() {
    var state = TUIState.store(width: 100, height: 60)
    state.type("p")
    state.buy()
    state.press(.enter)
    let screen = state.screen
    #expect(screen.contains("Transaction details"))
    #expect(screen.contains("\"originalTransactionId\""))
    #expect(screen.contains("\"webOrderLineItemId\""))
    #expect(screen.contains("Renewal info"))
    #expect(screen.contains("\"autoRenewStatus\" : 1"))
  }

  /// The demo's bruno cannot make payments: `b` on his iPhone is refused with the reason the
  /// scenario runner and the control API give, and nothing changes.
  @Test func aCustomerWhoCannotMakePaymentsCannotBuy() {
    var state = TUIState(world: DemoWorld.worldWithAppInstalled(), products: DemoCatalog.products)
    state.type("jjj")  // down to bruno.iphone
    #expect(state.selectedDevice?.id == "bruno.iphone")
    state.type("p")
    state.buy()
    #expect(state.context == .dialog, "the form stays open")
    #expect(state.screen.contains("customer bruno cannot make payments"), "\(state.screen)")
    #expect(state.simulation.position == 0)
    #expect(state.store.state.transactions.isEmpty)
  }

  /// A purchase is made in the app: `b` on a device without it is refused with the reason the
  /// scenario runner and the control API give, and nothing changes (issue 29, point 2).
  @Test func buyingWithoutTheAppIsRefused() {
    var state = TUIState(world: DemoWorld.world(), products: DemoCatalog.products)
    state.type("p")
    state.buy()
    #expect(state.context == .dialog, "the form stays open")
    #expect(state.screen.contains("the app is not installed on alice.iphone"), "\(state.screen)")
    #expect(state.simulation.position == 0)
    #expect(state.store.state.transactions.isEmpty)
    state.press(.escape)
    state.type("i")
    state.buy()
    #expect(state.store.state.transactions.count == 1)
  }

  @Test func aRefusedPurchaseKeepsTheFormOpenAndChangesNothing() {
    var state = TUIState.store()
    state.open("pb", atField: 2)  // quantity
    state.submit("x")
    #expect(state.screen.contains("quantity 'x': expected a quantity from 1 to 10"))
    #expect(state.simulation.position == 1, "only the install")
  }

  /// `w` writes the used products' lines and purchase lines; `epsim run` of the file does what the session did.
  @Test func savedSessionReplaysToTheSameStore() throws {
    var state = Self.session()
    state.type("w")
    let effects = state.press(.enter)
    guard case .writeFile(_, let text) = try #require(effects.first) else {
      Issue.record("no file written")
      return
    }
    #expect(text.contains("product premium.monthly"))
    // Only what the session used: the demo catalog's other nine products stay out of a bug report.
    let productLines = text.split(separator: "\n").filter { $0.hasPrefix("product ") }
    #expect(productLines.count == 1, "\(productLines)")
    #expect(!text.contains("premium.yearly"))
    #expect(text.contains("buy premium.monthly on alice.iphone"))
    #expect(text.contains("billing alice fails"))
    #expect(text.contains("buy premium.monthly on alice.iphone  expect notification SUBSCRIBED/INITIAL_BUY"))
    #expect(text.contains("expect notification DID_RENEW"))
    #expect(text.contains("billing alice fails  expect notification none"))
    let scenario = try ScenarioParser.parse(text, file: "saved.epsim")
    let transcript = ScenarioRunner().run(scenario, file: "saved.epsim")
    #expect(transcript.passed, "\(transcript.failure?.message ?? "") \(transcript.failedExpectations)")
    let replayed = transcript.entries.flatMap(\.commerce).map {
      "\($0.time) \($0.customer) \($0.notification ?? "-") \($0.summary) \($0.transaction?.transactionId ?? "-")"
    }
    let session = state.simulation.appliedStoreEvents.map { event in
      let customer = state.store.state.customers[Int(event.customer)].id
      return
        "\(event.time) \(customer) \(event.notification?.text ?? "-") \(event.summary) \(event.transactionId.map { String($0) } ?? "-")"
    }
    #expect(!session.isEmpty)
    #expect(replayed == session)
  }
}

/// A device moving to another storefront moves its customer's App Store account there, so the
/// next renewal is charged in the new storefront: the same steps as the `epsim run` and `epsim
/// serve` tests of the same name, through the UI's keys.
@Suite("Storefront following: the terminal UI")
struct StorefrontFollowingTests {
  @Test func theNextRenewalIsChargedInTheDevicesNewStorefront() throws {
    var state = TUIState.store()
    state.buy()  // premium.monthly on alice.iphone, in the Netherlands
    state.type("E")  // edit alice.iphone
    state.press(.tab)
    state.submit("jp")
    #expect(state.world.device("alice.iphone")?.storefront == "jp")
    #expect(state.store.state.customer("alice")?.storefront == "JPN")
    state.type("v")  // to the next renewal
    let store = state.store.state
    #expect(store.transactions(of: "alice").count == 2)
    let renewal = try #require(store.transactions(of: "alice").last)
    #expect(store.storefronts[Int(renewal.storefrontIndex)].code == "JPN")
    #expect(store.currencies[Int(renewal.currencyIndex)] == "JPY")
    // Undo takes the move back with the renewal; the App Store is Dutch again.
    state.type("[[")
    #expect(state.store.state.customer("alice")?.storefront == "NLD")
  }
}
