import AppStoreCommerce
import AppleWireTypes
import LifecycleSimulator

/// 2026-01-01T00:00:00Z.
let start: VirtualTime = 1_767_225_600_000
let day = Milliseconds.day

/// A commerce state with the demo catalog, and a log of every domain event, for readable tests.
struct TestWorld {
  var state: CommerceState
  var log: [CommerceDomainEvent] = []

  init(
    _ settings: CommerceSettings = .production, seed: UInt64 = 7,
    customers: [CommerceCustomer] = [CommerceCustomer(id: "alice")]
  ) throws {
    state = CommerceState(now: start, settings: settings, seed: seed)
    for event in DemoCatalog.events { try state.apply(event) }
    for customer in customers { try state.apply(.addCustomer(customer)) }
  }

  /// Applies an event and returns the notifications it caused as `TYPE/SUBTYPE` texts ("-" for none).
  @discardableResult
  mutating func apply(_ event: CommerceEvent) throws -> [String] {
    let events = try state.apply(event)
    log += events
    return events.map { $0.notification?.text ?? "-" }
  }

  /// Alice buys.
  @discardableResult
  mutating func buy(
    _ product: String, offer: String? = nil, token: String? = nil, quantity: Int = 1,
    allowIntroductoryOffer: Bool? = nil
  ) throws -> [String] {
    try buy(
      "alice", product, offer: offer, token: token, quantity: quantity,
      allowIntroductoryOffer: allowIntroductoryOffer)
  }

  @discardableResult
  mutating func buy(
    _ customer: String, _ product: String, offer: String? = nil, token: String? = nil,
    quantity: Int = 1, allowIntroductoryOffer: Bool? = nil
  ) throws -> [String] {
    try apply(
      .purchase(
        PurchaseRequest(
          customer: customer, productId: product, quantity: quantity, offerId: offer, appAccountToken: token,
          allowIntroductoryOffer: allowIntroductoryOffer))
    )
  }

  @discardableResult
  mutating func advance(by duration: VirtualDuration) throws -> [String] {
    try apply(.advanceClock(to: state.now + duration))
  }

  @discardableResult
  mutating func advance(to time: VirtualTime) throws -> [String] { try apply(.advanceClock(to: time)) }

  func chain(_ customer: String = "alice", _ group: String = "premium") -> SubscriptionChain? {
    state.chain(of: customer, groupId: group)
  }

  func status(_ customer: String = "alice", _ group: String = "premium") -> SubscriptionStatus? {
    chain(customer, group).map { state.status(of: $0) }
  }

  func renewalInfo(_ customer: String = "alice", _ group: String = "premium") -> RenewalInfoPayload? {
    chain(customer, group).map { state.renewalInfo(of: $0, signedDate: state.now) }
  }

  /// The customer's transactions as Apple would decode them now.
  func payloads(_ customer: String = "alice") -> [TransactionPayload] {
    state.transactions(of: customer).map { state.payload(of: $0, signedDate: state.now) }
  }

  var lastPayload: TransactionPayload { payloads().last! }
}

/// 2026-MM-DD at midnight UTC, for expectations written as dates.
func date(_ year: Int64, _ month: Int64, _ dayOfMonth: Int64) -> VirtualTime {
  var days: Int64 = 0
  // Counting from 1970 day by day keeps the test independent of the engine's calendar code.
  for y in 1970..<year { days += (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 366 : 365 }
  let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  for m in 0..<Int(month - 1) { days += lengths[m] }
  return (days + dayOfMonth - 1) * day
}
