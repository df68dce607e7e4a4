import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator

/// One generated Apple transaction: whose it is, the notification the App Store sent when it was
/// made (nil when Apple sends none), and its decoded fields as Apple would sign them at the end of
/// the window (so a later refund shows as `revocationDate`).
public struct GeneratedPurchase: Hashable, Sendable {
  public var customerId: String
  public var notification: AppleNotification?
  public var transaction: TransactionPayload
}

/// Runs one customer's planned App Store moves through the commerce engine, in a world of their own.
struct PurchaseRunner: Sendable {
  let settings: CommerceSettings
  let end: VirtualTime
  let products: [Product]

  init(environment: TokenEnvironment, end: VirtualTime, products: [Product] = PurchaseMix.products) {
    self.products = products
    var settings: CommerceSettings = environment == .sandbox ? .sandbox : .production
    settings.bundleId = FixtureWorld.app.bundleId
    settings.gracePeriod = PurchaseMix.gracePeriod
    self.settings = settings
    self.end = end
  }

  /// The customer's final state; moves the engine refuses (turning off auto-renew of a subscription
  /// that has expired, refunding when nothing is left to refund) are skipped, as the App Store
  /// would not offer them.
  func run(
    customerId: String, storefront: String, actions: [TimedPurchaseAction], seed: UInt64, idBlock: UInt64
  ) throws(FixtureError) -> (CommerceState, [CommerceDomainEvent]) {
    var state = CommerceState(now: FixtureWorld.startTime, settings: settings, seed: seed, idBlock: idBlock)
    var events: [CommerceDomainEvent] = []
    do throws(CommerceError) {
      for product in products { try state.apply(.addProduct(product)) }
      try state.apply(.addCustomer(CommerceCustomer(id: customerId, storefront: storefront)))
      for planned in actions {
        events += try state.apply(.advanceClock(to: planned.time))
        guard let event = Self.event(for: planned.action, customerId: customerId, in: state) else { continue }
        if let produced = try? state.apply(event) { events += produced }
      }
      events += try state.apply(.advanceClock(to: end))
    } catch {
      throw .simulationFailed(customer: customerId, message: error.message)
    }
    guard state.idsFit(inBlock: idBlock) else {
      throw .simulationFailed(
        customer: customerId, message: "too many transactions for one customer's id block")
    }
    return (state, events)
  }

  static func event(for action: PlannedPurchaseAction, customerId: String, in state: CommerceState)
    -> CommerceEvent?
  {
    switch action {
    case .buy(let request): return .purchase(request)
    case .autoRenew(let groupId, let enabled):
      return .setAutoRenew(customer: customerId, groupId: groupId, enabled: enabled)
    case .billingFails(let fails): return .setBillingFails(customer: customerId, fails: fails)
    case .refundNewest(let reason):
      guard let newest = state.transactions(of: customerId).last(where: { $0.revocation == nil }) else {
        return nil
      }
      return .refund(transactionId: String(newest.transactionId), reason: reason, percentage: 100_000)
    }
  }

  /// The customer's transactions, oldest first, each with the notification that announced it.
  func purchases(customerId: String, state: CommerceState, events: [CommerceDomainEvent])
    -> [GeneratedPurchase]
  {
    var announced: [UInt64: AppleNotification?] = [:]
    for event in events {
      guard let transaction = event.transaction, announced[transaction.transactionId] == nil else { continue }
      announced[transaction.transactionId] = .some(event.notification)
    }
    return state.transactions(of: customerId).map { record in
      GeneratedPurchase(
        customerId: customerId, notification: announced[record.transactionId] ?? nil,
        transaction: state.payload(of: record, signedDate: end))
    }
  }
}
