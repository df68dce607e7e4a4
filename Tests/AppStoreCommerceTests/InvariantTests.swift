import AppStoreCommerce
import AppleWireTypes
import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// Property checks over seeded random event sequences: every failure names its seed and step.
@Suite("Commerce invariants over random event sequences")
struct InvariantTests {
  static let customerIds = ["c0", "c1", "c2", "c3", "c4"]
  static let productIds = DemoCatalog.products.map(\.id)

  static func settings(_ index: Int) -> CommerceSettings {
    var settings: CommerceSettings = index % 2 == 0 ? .production : .sandbox
    settings.gracePeriod.enabled = index >= 2
    return settings
  }

  /// A random but reproducible event for the current state.
  static func randomEvent(_ state: CommerceState, _ random: inout SeededGenerator) -> CommerceEvent {
    func pick<T>(_ values: [T]) -> T { values[random.below(values.count)] }
    let customer = pick(customerIds)
    let transactionId =
      state.transactions.isEmpty
      ? "0" : String(state.transactions[random.below(state.transactions.count)].transactionId)
    let unit = state.settings.environment == .sandbox ? Milliseconds.minute : Milliseconds.day
    switch random.below(14) {
    case 0, 1, 2:
      let product = pick(productIds)
      let offers = DemoCatalog.products.first { $0.id == product }!.offers.map(\.id)
      let offer = offers.isEmpty || random.below(3) > 0 ? nil : pick(offers)
      let claim: Bool? = random.below(4) == 0 ? random.below(2) == 0 : nil
      return .purchase(
        PurchaseRequest(customer: customer, productId: product, offerId: offer, allowIntroductoryOffer: claim)
      )
    case 3, 4, 5:
      return .advanceClock(to: state.now + Int64(random.below(40)) * unit + Int64(random.below(1000)))
    case 6:
      return .setAutoRenew(
        customer: customer, groupId: pick(["premium", "family", "news"]), enabled: random.below(2) == 0)
    case 7: return .changeProduct(customer: customer, productId: pick(productIds))
    case 8: return .setBillingFails(customer: customer, fails: random.below(2) == 0)
    case 9:
      return .refund(
        transactionId: transactionId, reason: pick([.other, .appIssue]), percentage: pick([100_000, 40_000]))
    case 10:
      return random.below(2) == 0
        ? .requestRefund(transactionId: transactionId) : .declineRefund(transactionId: transactionId)
    case 11:
      return random.below(2) == 0
        ? .joinFamily(customer: customer, familyId: "f") : .leaveFamily(customer: customer)
    case 12:
      return .raisePrice(
        productId: pick(["premium.monthly", "family.monthly"]), storefront: "USA",
        milliunits: Int64(10_000 + random.below(5_000)), needsConsent: random.below(2) == 0)
    default: return .consentToPriceIncrease(customer: customer, groupId: pick(["premium", "family"]))
    }
  }

  struct Run {
    var state: CommerceState
    var events: [CommerceDomainEvent] = []
  }

  /// Applies `steps` random events, checking the step-level properties as it goes.
  static func run(settings: CommerceSettings, seed: UInt64, steps: Int) throws -> Run {
    var state = CommerceState(now: start, settings: settings, seed: seed)
    for event in DemoCatalog.events { try state.apply(event) }
    for id in customerIds {
      try state.apply(.addCustomer(CommerceCustomer(id: id, familyId: id < "c2" ? "f" : nil)))
    }
    var run = Run(state: state)
    var random = SeededGenerator(seed: seed &* 31 &+ 5)
    for step in 0..<steps {
      let event = randomEvent(run.state, &random)
      let before = run.state
      do {
        let produced = try run.state.apply(event)
        #expect(produced.allSatisfy { $0.time <= run.state.now }, "seed \(seed) step \(step)")
        #expect(
          zip(produced, produced.dropFirst()).allSatisfy { $0.time <= $1.time }, "seed \(seed) step \(step)")
        for domainEvent in produced { checkStatus(of: domainEvent, run.state, "seed \(seed) step \(step)") }
        if case .refund(let id, _, _) = event {
          checkRefund(of: id, before: before, after: run.state, seed, step)
        }
        run.events += produced
      } catch {
        #expect(run.state == before, "a refused event changed the state: seed \(seed) step \(step) \(event)")
      }
    }
    return run
  }

  /// The status a notification would carry agrees with what the notification says happened.
  static func checkStatus(of event: CommerceDomainEvent, _ state: CommerceState, _ context: String) {
    guard let notification = event.notification, let status = event.status else { return }
    let expected: SubscriptionStatus?
    switch (notification.type, notification.subtype) {
    case (.subscribed, _) where event.shared != nil:
      // A newcomer to a family shares what serves the purchaser now: active or in grace.
      expected = status == .billingGracePeriod ? .billingGracePeriod : .active
    case (.subscribed, _), (.didRenew, _), (.offerRedeemed, _), (.didChangeRenewalPref, .upgrade):
      expected = .active
    case (.didFailToRenew, .gracePeriod): expected = .billingGracePeriod
    case (.didFailToRenew, _), (.gracePeriodExpired, _): expected = .billingRetry
    case (.expired, _): expected = .expired
    case (.revoke, _): expected = .revoked
    case (.refund, _):
      let latest = event.chain.map { state.transactions[Int($0.latestTransaction)].transactionId }
      expected = latest == event.transaction?.transactionId ? .revoked : nil
    default: expected = nil
    }
    if let expected {
      #expect(status == expected, "\(context): \(notification.text) carries status \(status)")
    }
  }

  /// A refund revokes exactly the refunded transaction and family copies of it, nothing the customer owns besides.
  static func checkRefund(
    of id: String, before: CommerceState, after: CommerceState, _ seed: UInt64, _ step: Int
  ) {
    for (old, new) in zip(before.transactions, after.transactions) where old.revocation != new.revocation {
      let isTarget = String(new.transactionId) == id
      let isCopy = new.ownership == .familyShared && new.revocation?.type == .familyRevoke
      #expect(isTarget || isCopy, "seed \(seed) step \(step): refund of \(id) revoked \(new.transactionId)")
    }
    #expect(after.transaction(id)?.revocation != nil, "seed \(seed) step \(step)")
  }

  /// The state-level invariants.
  static func checkInvariants(_ state: CommerceState, _ context: String) {
    let ids = state.transactions.map(\.transactionId)
    #expect(Set(ids).count == ids.count, "\(context): duplicate transaction ids")
    #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "\(context): ids not increasing")
    // One chain per subscription: at most one live purchased chain per customer and group.
    var live = Set<String>()
    for chain in state.chains where chain.isLive {
      let key = "\(chain.customer)/\(chain.groupId)"
      #expect(!live.contains(key), "\(context): two live chains for \(key)")
      live.insert(key)
    }
    for chain in state.chains {
      let owned = state.transactions.filter {
        $0.originalTransactionId == chain.originalTransactionId && $0.ownership == .purchased
      }
      #expect(owned.allSatisfy { $0.customer == chain.customer }, "\(context): chain mixes customers")
      let expiries = owned.compactMap(\.expiresDate)
      #expect(expiries.count == owned.count, "\(context): subscription transaction without expiresDate")
      #expect(zip(owned, owned.dropFirst()).allSatisfy { $0.purchaseDate <= $1.purchaseDate }, "\(context)")
      // An upgrade or a refund ends a period early (`isUpgraded`, `revocation`); every other period
      // ends after the one before it.
      let periods = owned.filter { !$0.isUpgraded && $0.revocation == nil }
      #expect(
        zip(periods, periods.dropFirst()).allSatisfy { $0.expiresDate! < $1.expiresDate! },
        "\(context): expiresDate not increasing")
      #expect(owned.last.map { $0.expiresDate == chain.expiresDate } ?? false, "\(context): chain expiry")
      checkStatusIsDerivable(state, chain, context)
      if state.settings.environment == .sandbox {
        let afterLastPurchase = owned.reversed().prefix { $0.reason == .renewal }
        #expect(
          afterLastPurchase.count <= state.settings.sandboxRenewalLimit, "\(context): too many renewals")
      }
    }
  }

  /// The status read from the phase agrees with facts stored elsewhere: dates, revocations, renewal info.
  static func checkStatusIsDerivable(_ state: CommerceState, _ chain: SubscriptionChain, _ context: String) {
    let status = state.status(of: chain)
    let info = state.renewalInfo(of: chain, signedDate: state.now)
    let latest = state.transactions.last {
      $0.originalTransactionId == chain.originalTransactionId && $0.ownership == .purchased
    }
    switch status {
    case .active: #expect(chain.expiresDate > state.now, "\(context): active but expired")
    case .billingGracePeriod:
      #expect(info.gracePeriodExpiresDate.map { $0 > state.now } == true, "\(context)")
      #expect(info.isInBillingRetryPeriod == true, "\(context)")
    case .billingRetry:
      #expect(info.isInBillingRetryPeriod == true && info.gracePeriodExpiresDate == nil, "\(context)")
      #expect(chain.expiresDate <= state.now, "\(context): in retry before the period ended")
    case .expired: #expect(info.expirationIntent != nil && chain.expiresDate <= state.now, "\(context)")
    case .revoked: #expect(latest?.revocation != nil, "\(context): revoked without a refunded transaction")
    }
  }

  @Test(arguments: 0..<4)
  func invariantsHold(settingsIndex: Int) throws {
    for seed in UInt64(1)...25 {
      let run = try Self.run(settings: Self.settings(settingsIndex), seed: seed, steps: 160)
      Self.checkInvariants(run.state, "settings \(settingsIndex) seed \(seed)")
    }
  }

  @Test func sameSeedGivesIdenticalResults() throws {
    let first = try Self.run(settings: .sandbox, seed: 99, steps: 300)
    let second = try Self.run(settings: .sandbox, seed: 99, steps: 300)
    #expect(first.state == second.state && first.events == second.events)
    let payloads = first.state.transactions.map { first.state.payload(of: $0, signedDate: 0) }
    #expect(payloads == second.state.transactions.map { second.state.payload(of: $0, signedDate: 0) })
    let other = try Self.run(settings: .sandbox, seed: 100, steps: 300)
    #expect(other.state.transactions.map(\.transactionId) != first.state.transactions.map(\.transactionId))
  }

  @Test func randomRunsDoSomething() throws {
    // Guards the property tests against a driver whose events all fail.
    let run = try Self.run(settings: Self.settings(2), seed: 5, steps: 300)
    let kinds = Set(run.events.compactMap { $0.notification?.type })
    #expect(run.state.transactions.count > 20)
    #expect(kinds.isSuperset(of: [.subscribed, .didRenew, .expired, .refund, .oneTimeCharge]))
  }
}
