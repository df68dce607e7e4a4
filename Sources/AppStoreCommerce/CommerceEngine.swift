import SimulationTime

/// The commerce engine as a pure function: a state and an event give the next state and what happened.
public enum CommerceEngine {
  /// Applies `event` to a copy of `state`. On error the caller's state is untouched.
  public static func apply(_ event: CommerceEvent, to state: CommerceState) throws(CommerceError)
    -> (CommerceState, [CommerceDomainEvent])
  {
    var next = state
    let events = try next.apply(event)
    return (next, events)
  }
}

extension CommerceState {
  /// Applies one event in place and returns the domain events it caused, in time order.
  /// Every check runs before the first change, so a refused event leaves the state as it was.
  @discardableResult
  public mutating func apply(_ event: CommerceEvent) throws(CommerceError) -> [CommerceDomainEvent] {
    var out: [CommerceDomainEvent] = []
    switch event {
    case .addProduct(let product): try addProduct(product)
    case .addCustomer(let customer): try addCustomer(customer)
    case .setSettings(let settings):
      guard settings.environment == self.settings.environment || transactions.isEmpty else {
        throw CommerceError("the environment cannot change once there are transactions")
      }
      self.settings = settings
    case .advanceClock(let time): try advanceClock(to: time, into: &out)
    case .purchase(let request): try purchase(request, into: &out)
    case .setAutoRenew(let customer, let groupId, let enabled):
      try setAutoRenew(customer: customer, groupId: groupId, enabled: enabled, into: &out)
    case .changeProduct(let customer, let productId):
      let chain = try chainForChange(customer: customer, productId: productId)
      try changeProduct(chain: chain, to: try existingProduct(productId), into: &out)
    case .setBillingFails(let customer, let fails):
      customers[Int(try existingCustomer(customer))].billingFails = fails
    case .consume(let transactionId, let quantity): try consume(transactionId, quantity: quantity, into: &out)
    case .consentToPriceIncrease(let customer, let groupId):
      try consentToPriceIncrease(customer: customer, groupId: groupId, into: &out)
    case .joinFamily(let customer, let familyId): try joinFamily(customer, familyId: familyId, into: &out)
    case .leaveFamily(let customer): try leaveFamily(customer, into: &out)
    case .setStorefront(let customer, let storefront, let storefrontId):
      let index = try existingCustomer(customer)
      guard let id = storefrontId ?? Storefronts.id(of: storefront) else {
        throw CommerceError("storefront \(storefront) needs an explicit storefront id")
      }
      customers[Int(index)].storefront = storefront
      customers[Int(index)].storefrontId = id
    case .rescindConsent(let customer):
      // Apple describes only the notification: transactions and subscriptions stay as they are.
      let index = try existingCustomer(customer)
      out.append(
        CommerceDomainEvent(
          time: now, customer: index, notification: .init(.rescindConsent), transaction: nil, chain: nil,
          shared: nil, summary: "consent rescinded by a parent or guardian"))
    case .requestRefund(let transactionId, let reason):
      try requestRefund(transactionId, reason: reason, into: &out)
    case .declineRefund(let transactionId): try declineRefund(transactionId, into: &out)
    case .reverseRefund(let transactionId): try reverseRefund(transactionId, into: &out)
    case .refund(let transactionId, let reason, let percentage):
      try refund(transactionId, reason: reason, percentage: percentage, into: &out)
    case .raisePrice(let productId, let storefront, let milliunits, let needsConsent):
      try raisePrice(
        productId, storefront: storefront, to: milliunits, needsConsent: needsConsent, into: &out)
    case .setForSale(let productId, let forSale):
      products[Int(try existingProduct(productId))].isForSale = forSale
    case .setRenewalRate(let customer, let rate):
      customers[Int(try existingCustomer(customer))].renewalRate = rate
    case .clearPurchaseHistory(let customer): try clearPurchaseHistory(customer)
    case .setAppAccountToken(let originalTransactionId, let token):
      try setAppAccountToken(originalTransactionId: originalTransactionId, token: token, into: &out)
    case .extendRenewalDate(let originalTransactionId, let days):
      try extendRenewalDate(originalTransactionId: originalTransactionId, days: days, into: &out)
    case .extendRenewalDates(let request): try extendRenewalDates(request, into: &out)
    case .finishTransaction(let transactionId): try finishTransaction(transactionId, into: &out)
    case .sendConsumptionInformation(let transactionId, let fields):
      try keepConsumptionInformation(fields, for: transactionId, into: &out)
    }
    return out
  }

  private mutating func addProduct(_ product: Product) throws(CommerceError) {
    if let problem = product.problem { throw CommerceError(problem) }
    guard productIndex[product.id] == nil else { throw CommerceError("product \(product.id) exists already") }
    products.append(product)
    productIndex[product.id] = Int32(products.count - 1)
  }

  private mutating func addCustomer(_ customer: CommerceCustomer) throws(CommerceError) {
    guard customerIndex[customer.id] == nil else {
      throw CommerceError("customer \(customer.id) exists already")
    }
    guard !customer.storefrontId.isEmpty else {
      throw CommerceError(
        "customer \(customer.id): storefront \(customer.storefront) needs an explicit storefront id")
    }
    var added = customer
    lastAppTransactionId += 1 + UInt64(generator.below(16))
    added.appTransactionId = String(lastAppTransactionId)
    customers.append(added)
    customerIndex[customer.id] = Int32(customers.count - 1)
  }

  /// A sandbox tester starts over: earlier transactions and subscriptions are forgotten (SPEC-APPSTORE 6).
  private mutating func clearPurchaseHistory(_ customerId: String) throws(CommerceError) {
    guard isSandbox else { throw CommerceError("clearing purchase history exists only in the sandbox") }
    let customer = try existingCustomer(customerId)
    historyStart[customer] = Int32(transactions.count)
    for (key, chain) in chainIndex where key.customer == customer {
      chainIndex[key] = nil
      // The chain stays for the record but never acts again; its status no longer matters to anyone.
      chains[Int(chain)].autoRenew = false
      chains[Int(chain)].phase = .expired(.other)
    }
    introductoryOfferUsed = introductoryOfferUsed.filter { $0.customer != customer }
  }

  /// Appends a transaction, stamped as the newest change.
  mutating func record(_ transaction: TransactionRecord) -> Int32 {
    var stamped = transaction
    lastModification += 1
    stamped.modifiedDate = now
    stamped.modification = lastModification
    transactions.append(stamped)
    return Int32(transactions.count - 1)
  }

  /// Changes a transaction; when its signed payload changed, it becomes the newest change, so it
  /// moves to the end of the history and a backend polling with its last revision sees it again
  /// (SPEC-APPSTORE 4.4).
  mutating func modifyTransaction(_ index: Int32, _ change: (inout TransactionRecord) -> Void) {
    let before = transactions[Int(index)]
    var after = before
    change(&after)
    if !after.signsLike(before) {
      lastModification += 1
      after.modifiedDate = now
      after.modification = lastModification
    }
    transactions[Int(index)] = after
  }

  /// A domain event about a chain (and its newest transaction) as they are now.
  func chainEvent(_ notification: AppleNotification?, chain: Int32, summary: String) -> CommerceDomainEvent {
    let value = chains[Int(chain)]
    return CommerceDomainEvent(
      time: now, customer: value.customer, notification: notification,
      transaction: transactions[Int(value.latestTransaction)], chain: value, shared: nil, summary: summary)
  }

  /// A domain event about one transaction outside any chain (one-time purchases, refunds).
  func transactionEvent(_ notification: AppleNotification?, transaction: Int32, summary: String)
    -> CommerceDomainEvent
  {
    let value = transactions[Int(transaction)]
    let chain = value.chain >= 0 ? chains[Int(value.chain)] : nil
    return CommerceDomainEvent(
      time: now, customer: value.customer, notification: notification, transaction: value, chain: chain,
      shared: nil, summary: summary)
  }
}
