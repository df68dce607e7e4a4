import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator

/// A year of production time for `subscribers` customers: purchases in the first month, then daily
/// billing failures and fixes, auto-renew changes, upgrades, refunds and resubscriptions.
struct YearOfSubscribers {
  struct Figures {
    var transactions = 0
    var domainEvents = 0
    var refunds = 0
    var failures = 0
  }

  let subscribers: Int

  func run() throws -> (CommerceState, Figures) {
    var settings = CommerceSettings.production
    settings.gracePeriod = GracePeriodSetting(enabled: true, duration: .sixteenDays)
    let start: VirtualTime = 1_767_225_600_000
    var state = CommerceState(now: start, settings: settings, seed: 2026)
    var figures = Figures()
    var random = SeededGenerator(seed: 11)
    for event in DemoCatalog.events { try state.apply(event) }
    let storefronts = ["USA", "USA", "FRA", "DEU"]
    for index in 0..<subscribers {
      try state.apply(.addCustomer(CommerceCustomer(id: "c\(index)", storefront: storefronts[index % 4])))
    }
    let plans: [(String, String?)] = [
      // premium.yearly's free trial comes by itself: every subscriber here is new to the group.
      ("premium.monthly", nil), ("premium.monthly", nil), ("premium.monthly", nil),
      ("premium.yearly", nil),
      ("weekly.news", nil), ("premium.monthly", "promo.half"), ("premium.basic.monthly", nil),
    ]
    for day in 0..<365 {
      // The first month: everyone subscribes, spread over the days.
      if day < 30 {
        for index in stride(from: day, to: subscribers, by: 30) {
          let plan = plans[random.below(plans.count)]
          // Refused only when a random event below bought for this customer already.
          let purchase = PurchaseRequest(customer: "c\(index)", productId: plan.0, offerId: plan.1)
          if let produced = try? state.apply(.purchase(purchase)) { figures.domainEvents += produced.count }
        }
      }
      // Each day about 0.2% of customers do something; refused events (nothing to refund, ...) are fine.
      for _ in 0..<max(1, subscribers / 500) {
        let customer = "c\(random.below(subscribers))"
        let event: CommerceEvent
        switch random.below(10) {
        case 0, 1:
          event = .setBillingFails(customer: customer, fails: true)
          figures.failures += 1
        case 2, 3, 4: event = .setBillingFails(customer: customer, fails: false)
        case 5: event = .setAutoRenew(customer: customer, groupId: "premium", enabled: random.below(2) == 0)
        case 6: event = .changeProduct(customer: customer, productId: "premium.pro.monthly")
        case 7, 8:
          guard
            let chain = state.chain(of: customer, groupId: "premium")
              ?? state.chain(of: customer, groupId: "news")
          else { continue }
          event = .refund(
            transactionId: String(state.transactions[Int(chain.latestTransaction)].transactionId),
            reason: .other,
            percentage: 100_000)
          figures.refunds += 1
        default: event = .purchase(PurchaseRequest(customer: customer, productId: "premium.monthly"))
        }
        if let produced = try? state.apply(event) { figures.domainEvents += produced.count }
      }
      figures.domainEvents += try state.apply(.advanceClock(to: start + Int64(day + 1) * Milliseconds.day))
        .count
    }
    figures.transactions = state.transactions.count
    return (state, figures)
  }
}
