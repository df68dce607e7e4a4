import AppStoreCommerce
import AppleWireTypes
import ExternalPurchaseTokens
import LifecycleSimulator

/// A customer's move in the App Store, planned ahead and resolved against the state when it happens.
enum PlannedPurchaseAction: Hashable, Sendable {
  case buy(PurchaseRequest)
  case autoRenew(groupId: String, enabled: Bool)
  case billingFails(Bool)
  /// Refund the customer's newest unrefunded transaction at that time.
  case refundNewest(RevocationReason)
}

/// A planned action and when it happens.
struct TimedPurchaseAction: Hashable, Sendable {
  var time: VirtualTime
  var action: PlannedPurchaseAction
}

/// Draws one customer's Apple purchases in the window from the customer's purchase seed.
///
/// Follow-up moves (auto-renew off, a failing card, a refund) come after the purchase they concern,
/// within a year of it; in the sandbox, where a month lasts minutes, that year is scaled the same way,
/// so follow-ups meet the subscription while it still renews.
struct PurchasePlanner {
  let start: VirtualTime
  let end: VirtualTime
  /// A production day as this environment lives it.
  let day: VirtualDuration
  let catalog: PurchaseCatalog

  init(end: VirtualTime, environment: TokenEnvironment, catalog: PurchaseCatalog = .demo) {
    self.catalog = catalog
    start = FixtureWorld.startTime
    self.end = end
    day =
      environment == .sandbox ? Milliseconds.day / SandboxRenewalRate.fiveMinutes.speedUp : Milliseconds.day
  }

  func plan(customerId: String, seed: UInt64) -> [TimedPurchaseAction] {
    var random = SeededGenerator(seed: seed)
    var actions: [TimedPurchaseAction] = []
    // The same draws whatever the catalog, so a catalog changes what is bought, not who buys.
    if random.chance(PurchaseMix.subscriberShare) {
      let plan = catalog.plans.draw(using: &random)
      let bought = start + random.offset(in: 0..<(end - start))
      let token = random.chance(PurchaseMix.appAccountTokenShare) ? random.uuidString().lowercased() : nil
      let request = PurchaseRequest(
        customer: customerId, productId: plan.productId, appAccountToken: token,
        allowIntroductoryOffer: plan.allowIntroductoryOffer)
      if catalog.hasSubscriptions { actions.append(TimedPurchaseAction(time: bought, action: .buy(request))) }
      let groupId = catalog.products.first { $0.id == plan.productId }?.subscription?.groupId ?? ""
      if random.chance(PurchaseMix.autoRenewOffShare) {
        actions.append(
          TimedPurchaseAction(
            time: later(than: bought, &random), action: .autoRenew(groupId: groupId, enabled: false)))
      }
      if random.chance(PurchaseMix.billingFailureShare) {
        let failing = later(than: bought, &random)
        actions.append(TimedPurchaseAction(time: failing, action: .billingFails(true)))
        if random.chance(PurchaseMix.billingFixShare) {
          let days = VirtualDuration(
            PurchaseMix.billingFixDays.lowerBound + random.below(PurchaseMix.billingFixDays.count))
          actions.append(TimedPurchaseAction(time: failing + days * day, action: .billingFails(false)))
        }
      }
    }
    if random.chance(PurchaseMix.coinBuyerShare) {
      for _ in 0..<(PurchaseMix.coinPurchases.lowerBound + random.below(PurchaseMix.coinPurchases.count)) {
        let quantity = PurchaseMix.coinQuantity.lowerBound + random.below(PurchaseMix.coinQuantity.count)
        let coins = oneTime(catalog.coins, customerId, quantity: quantity, &random)
        if let coins { actions.append(coins) }
      }
    }
    if random.chance(PurchaseMix.lifetimeShare), let bought = oneTime(catalog.lifetime, customerId, &random) {
      actions.append(bought)
    }
    if random.chance(PurchaseMix.seasonPassShare),
      let bought = oneTime(catalog.seasonPass, customerId, &random)
    {
      actions.append(bought)
    }
    if !actions.isEmpty && random.chance(PurchaseMix.refundShare) {
      let first = actions.map(\.time).min()!
      let reason: RevocationReason = random.chance(0.5) ? .appIssue : .other
      actions.append(TimedPurchaseAction(time: later(than: first, &random), action: .refundNewest(reason)))
    }
    // Stable order by time: equal times keep the order they were planned in.
    return actions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element).filter { $0.time < end }
  }

  /// A purchase at a random time; nil when the catalog has no such product (the time is drawn
  /// anyway, so later draws stay the same).
  private func oneTime(
    _ productId: String?, _ customerId: String, quantity: Int = 1, _ random: inout SeededGenerator
  )
    -> TimedPurchaseAction?
  {
    let time = start + random.offset(in: 0..<(end - start))
    guard let productId else { return nil }
    return TimedPurchaseAction(
      time: time,
      action: .buy(PurchaseRequest(customer: customerId, productId: productId, quantity: quantity)))
  }

  /// A time after `time`, within a (scaled) year of it; may fall after the window, then it is dropped.
  private func later(than time: VirtualTime, _ random: inout SeededGenerator) -> VirtualTime {
    time + 1 + random.offset(in: 0..<(365 * day))
  }
}
