import AppleWireTypes
import ExternalPurchaseTokens
import SimulationTime

/// A storefront as a transaction records it: `storefront` and `storefrontId`.
public struct StorefrontCode: Hashable, Sendable {
  public var code: String
  public var id: String
}

/// Everything the simulated App Store knows: clock, settings, catalog, customers, transactions and
/// subscription chains. A value: the engine folds `CommerceEvent`s over it (`CommerceEngine`).
public struct CommerceState: Hashable, Sendable {
  public internal(set) var now: VirtualTime
  public internal(set) var settings: CommerceSettings
  public internal(set) var products: [Product] = []
  public internal(set) var customers: [CommerceCustomer] = []
  /// Every transaction ever made, in order.
  public internal(set) var transactions = TransactionLog()
  /// Every purchased subscription chain, in order of first purchase.
  public internal(set) var chains: [SubscriptionChain] = []
  /// Every family member's access to another's subscription.
  public internal(set) var sharedChains: [SharedChain] = []
  /// Interned storefronts and currencies, so transactions stay small.
  public internal(set) var storefronts: [StorefrontCode] = []
  public internal(set) var currencies: [String] = []
  public let seed: UInt64

  var productIndex: [String: Int32] = [:]
  var customerIndex: [String: Int32] = [:]
  var storefrontIndex: [StorefrontCode: Int32] = [:]
  var currencyIndex: [String: Int32] = [:]
  /// The chain each customer holds in each group (family copies are in `sharedChains`).
  var chainIndex: [ChainKey: Int32] = [:]
  /// Groups where a customer has used their introductory offer.
  var introductoryOfferUsed: Set<ChainKey> = []
  /// Family copies of each purchaser's non-consumable transaction.
  var nonConsumableCopies: [Int32: [Int32]] = [:]
  /// Transactions with a refund request Apple has not decided.
  var refundRequests: Set<Int32> = []
  /// Transactions before this index are hidden for the customer (sandbox "clear purchase history").
  var historyStart: [Int32: Int32] = [:]
  /// Mass renewal-date extensions by request identifier.
  var massExtensions: [String: MassExtensionSummary] = [:]
  /// Transactions the developer finished through Finish Transaction (SPEC-APPSTORE 4.3).
  public internal(set) var finishedTransactions: Set<UInt64> = []
  /// The newest consumption information the developer sent per transaction (SPEC-APPSTORE 4.9),
  /// each accepted field in its plain JSON form.
  public internal(set) var consumptionInformation: [UInt64: [String: String]] = [:]
  var generator: SeededGenerator
  var lastTransactionId: UInt64
  var lastWebOrderLineItemId: UInt64
  var lastAppTransactionId: UInt64
  /// The stamp of the newest transaction change (`TransactionRecord.modification`).
  public internal(set) var lastModification: UInt64 = 0
  var due = DueQueue()

  struct ChainKey: Hashable, Sendable {
    var customer: Int32
    var groupId: String
  }

  public init(now: VirtualTime, settings: CommerceSettings, seed: UInt64) {
    self.now = now
    self.settings = settings
    self.seed = seed
    var generator = SeededGenerator(seed: seed)
    // Ids start at a seeded point and grow by small seeded steps: unique, increasing, reproducible.
    let base = settings.idPrefix * 1_000_000_000_000_000
    lastTransactionId = base + UInt64(generator.below(1_000_000_000_000))
    lastWebOrderLineItemId = base + UInt64(generator.below(1_000_000_000_000))
    lastAppTransactionId = 7 * 100_000_000_000_000_000 + UInt64(generator.below(1_000_000_000_000))
    self.generator = generator
  }

  // MARK: Lookups

  public func product(_ id: String) -> Product? { productIndex[id].map { products[Int($0)] } }
  public func customer(_ id: String) -> CommerceCustomer? { customerIndex[id].map { customers[Int($0)] } }

  public func transaction(_ id: String) -> TransactionRecord? {
    UInt64(id).flatMap { transactions.position(of: $0) }.map { transactions[$0] }
  }

  /// A customer's transactions, oldest first (after a sandbox history clear, only the newer ones).
  public func transactions(of customerId: String) -> [TransactionRecord] {
    guard let index = customerIndex[customerId] else { return [] }
    let start = Int(historyStart[index] ?? 0)
    return transactions[start...].filter { $0.customer == index }
  }

  /// The customer's newest transaction that `matches`, looked for from the end of the log without
  /// copying it (a refund acts on the newest purchase, usually near the end).
  public func lastTransaction(of customerId: String, where matches: (TransactionRecord) -> Bool)
    -> TransactionRecord?
  {
    guard let index = customerIndex[customerId] else { return nil }
    let start = Int(historyStart[index] ?? 0)
    for position in stride(from: transactions.count - 1, through: start, by: -1) {
      let record = transactions[position]
      if record.customer == index, matches(record) { return record }
    }
    return nil
  }

  /// The purchased chain of a customer in a group.
  public func chain(of customerId: String, groupId: String) -> SubscriptionChain? {
    guard let customer = customerIndex[customerId] else { return nil }
    return chainIndex[ChainKey(customer: customer, groupId: groupId)].map { chains[Int($0)] }
  }

  /// The transactions of a chain, oldest first.
  public func transactions(ofChain chain: SubscriptionChain) -> [TransactionRecord] {
    transactions.filter { $0.originalTransactionId == chain.originalTransactionId }
  }

  /// Family members' chains of a customer (access to others' subscriptions).
  public func sharedChains(of customerId: String) -> [SharedChain] {
    guard let index = customerIndex[customerId] else { return [] }
    return sharedChains.filter { $0.member == index }
  }

  /// A subscription's status now, for a purchased chain (SPEC-APPSTORE 3.3).
  public func status(of chain: SubscriptionChain) -> SubscriptionStatus { chain.status(at: now) }

  /// A family member's status: revoked once access ends, otherwise the purchaser's.
  public func status(of shared: SharedChain) -> SubscriptionStatus {
    shared.revokedAt != nil ? .revoked : chains[Int(shared.purchaserChain)].status(at: now)
  }

  // MARK: Errors and ids (no mutation before a check has passed)

  func existingCustomer(_ id: String) throws(CommerceError) -> Int32 {
    guard let index = customerIndex[id] else { throw CommerceError("unknown customer \(id)") }
    return index
  }

  func existingProduct(_ id: String) throws(CommerceError) -> Int32 {
    guard let index = productIndex[id] else { throw CommerceError("unknown product \(id)") }
    return index
  }

  func existingTransaction(_ id: String) throws(CommerceError) -> Int32 {
    guard let number = UInt64(id), let index = transactions.position(of: number) else {
      throw CommerceError("unknown transaction \(id)")
    }
    return Int32(index)
  }

  func existingChain(customer: String, groupId: String) throws(CommerceError) -> Int32 {
    let index = try existingCustomer(customer)
    guard let chain = chainIndex[ChainKey(customer: index, groupId: groupId)] else {
      throw CommerceError("\(customer) has no subscription in group \(groupId)")
    }
    return chain
  }

  mutating func mintTransactionId() -> UInt64 {
    lastTransactionId += 1 + UInt64(generator.below(16))
    return lastTransactionId
  }

  mutating func mintWebOrderLineItemId() -> UInt64 {
    lastWebOrderLineItemId += 1 + UInt64(generator.below(16))
    return lastWebOrderLineItemId
  }

  mutating func intern(storefront code: String, id: String) -> Int32 {
    let value = StorefrontCode(code: code, id: id)
    if let index = storefrontIndex[value] { return index }
    storefronts.append(value)
    storefrontIndex[value] = Int32(storefronts.count - 1)
    return Int32(storefronts.count - 1)
  }

  mutating func intern(currency: String) -> Int32 {
    if let index = currencyIndex[currency] { return index }
    currencies.append(currency)
    currencyIndex[currency] = Int32(currencies.count - 1)
    return Int32(currencies.count - 1)
  }

  /// Puts a chain's next due time (if any) on the queue; called after every change to a chain.
  mutating func schedule(_ chain: Int32) {
    if let time = chains[Int(chain)].nextDue { due.push(.init(time: time, chain: chain)) }
  }

  // MARK: Durations

  var isSandbox: Bool { settings.environment == .sandbox }

  /// The end of a period of `duration` starting at `start` for a customer (sandbox: the tester's rate).
  func periodEnd(_ duration: SubscriptionDuration, from start: VirtualTime, customer: Int32) -> VirtualTime {
    isSandbox && customers[Int(customer)].renewalRate != .realTime
      ? start + customers[Int(customer)].renewalRate.length(of: duration)
      : CalendarMath.end(of: duration, from: start)
  }

  /// A production window (grace, retry) as it lasts for this customer.
  func window(_ length: VirtualDuration, customer: Int32) -> VirtualDuration {
    guard isSandbox && settings.sandboxScalesBillingWindows else { return length }
    return max(1, length / customers[Int(customer)].renewalRate.speedUp)
  }
}
