import AppleWireTypes
import SimulationTime

extension CommerceState {
  mutating func purchase(_ request: PurchaseRequest, into out: inout [CommerceDomainEvent])
    throws(CommerceError)
  {
    let customer = try existingCustomer(request.customer)
    let productIndex = try existingProduct(request.productId)
    let product = products[Int(productIndex)]
    let storefront = customers[Int(customer)].storefront
    guard product.isForSale, product.prices[storefront] != nil else {
      throw CommerceError("\(product.id) is not for sale in storefront \(storefront)")
    }
    // Sandbox: "Allow Purchases & Renewals" off stops purchases as well as renewals (SPEC-APPSTORE 6).
    guard !customers[Int(customer)].billingFails else {
      throw CommerceError("\(request.customer)'s payment fails; the purchase is refused")
    }
    guard request.quantity >= 1, request.quantity == 1 || product.type == .consumable else {
      throw CommerceError(
        "quantity \(request.quantity): only consumables can be bought more than one at a time")
    }
    if product.type == .autoRenewable {
      try subscribe(request, customer: customer, product: productIndex, into: &out)
    } else {
      guard request.allowIntroductoryOffer == nil else {
        throw CommerceError(
          "\(product.id) is no auto-renewable subscription: only those have introductory offers "
            + "(allowIntroductoryOffer)")
      }
      try buyOnce(request, customer: customer, product: productIndex, into: &out)
    }
  }

  /// A transaction of the customer's product at now, priced in their storefront.
  mutating func newTransaction(
    customer: Int32, product: Int32, price: Int64, reason: TransactionReason,
    original: (UInt64, VirtualTime)?,
    expires: VirtualTime?, offer: Int16?, appAccountToken: String?, chain: Int32, quantity: Int32 = 1
  ) -> TransactionRecord {
    let buyer = customers[Int(customer)]
    let currency = products[Int(product)].prices[buyer.storefront]?.currency ?? "USD"
    let id = mintTransactionId()
    return TransactionRecord(
      transactionId: id, originalTransactionId: original?.0 ?? id,
      webOrderLineItemId: products[Int(product)].type == .autoRenewable ? mintWebOrderLineItemId() : nil,
      customer: customer, product: product, purchaseDate: now, originalPurchaseDate: original?.1 ?? now,
      expiresDate: expires, quantity: quantity, consumed: 0, price: price,
      currencyIndex: intern(currency: currency),
      storefrontIndex: intern(storefront: buyer.storefront, id: buyer.storefrontId), reason: reason,
      ownership: .purchased, isUpgraded: false, offerIndex: offer, appAccountToken: appAccountToken,
      revocation: nil,
      chain: chain)
  }

  /// Consumables, non-consumables and non-renewing subscriptions: one transaction, ONE_TIME_CHARGE.
  private mutating func buyOnce(
    _ request: PurchaseRequest, customer: Int32, product: Int32, into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    let item = products[Int(product)]
    if item.type == .nonConsumable && ownsNonConsumable(customer: customer, product: product) {
      throw CommerceError("\(request.customer) already owns \(item.id)")
    }
    let storefront = customers[Int(customer)].storefront
    var unitPrice = item.prices[storefront]!.milliunits
    var offerIndex: Int16?
    if let offerId = request.offerId {
      // An offer code redeemed for a one-time product (SPEC-APPSTORE-2026 4): offerType 3, ONE_TIME,
      // the code's price. Sim rule: no eligibility to check, as Apple's sandbox ignores it for
      // one-time products; a non-consumable already owned stays refused above.
      guard let index = item.offers.firstIndex(where: { $0.id == offerId }) else {
        throw CommerceError(
          item.offers.isEmpty
            ? "\(item.id) has no offers" : "\(item.id) has no offer \(TypedValue.shortened(offerId))")
      }
      guard let price = item.offers[index].price(in: storefront) else {
        throw CommerceError("offer \(offerId) is not available in storefront \(storefront)")
      }
      unitPrice = price
      offerIndex = Int16(index)
    }
    let transaction = newTransaction(
      customer: customer, product: product, price: unitPrice * Int64(request.quantity), reason: .purchase,
      original: nil, expires: nil, offer: offerIndex, appAccountToken: request.appAccountToken, chain: -1,
      quantity: Int32(request.quantity))
    let index = record(transaction)
    let redeemed = request.offerId.map { " with offer code \($0)" } ?? ""
    out.append(
      transactionEvent(
        .init(.oneTimeCharge), transaction: index, summary: "\(request.customer) bought \(item.id)\(redeemed)"
      ))
    if item.type == .nonConsumable && item.familyShareable {
      for member in familyMembers(of: customer) { shareNonConsumable(index, with: member, into: &out) }
    }
  }

  func ownsNonConsumable(customer: Int32, product: Int32) -> Bool {
    let start = Int(historyStart[customer] ?? 0)
    return transactions[start...].contains {
      $0.customer == customer && $0.product == product && $0.revocation == nil
    }
  }

  /// The offer a new subscription is charged under: the one the purchase names (promotional, offer
  /// code, win-back), checked against Apple's eligibility rules as epsim applies them, or else the
  /// product's introductory offer when the customer is eligible for it.
  private func offerForPurchase(_ request: PurchaseRequest, product: Int32, customer: Int32, existing: Int32?)
    throws(CommerceError) -> Int32?
  {
    guard let offerId = request.offerId else {
      return introductoryOffer(for: request, product: product, customer: customer)
    }
    let item = products[Int(product)]
    guard let offerIndex = item.offers.firstIndex(where: { $0.id == offerId }) else {
      throw CommerceError("\(item.id) has no offer \(TypedValue.shortened(offerId))")
    }
    let offer = item.offers[offerIndex]
    // StoreKit has no purchase option that names an introductory offer (SPEC-APPSTORE-2026 3).
    guard offer.type != .introductory else {
      throw CommerceError(
        "\(offerId) is \(item.id)'s introductory offer, which a purchase cannot name: the App Store "
          + "applies it to an eligible customer by itself; buy without an offer (allowIntroductoryOffer "
          + "overrides eligibility)")
    }
    guard offer.price(in: customers[Int(customer)].storefront) != nil else {
      throw CommerceError(
        "offer \(offerId) is not available in storefront \(customers[Int(customer)].storefront)")
    }
    if offer.type == .winBack && existing == nil {
      throw CommerceError("win-back offer \(offerId) is only for customers whose subscription has lapsed")
    }
    return Int32(offerIndex)
  }

  /// The product's introductory offer when this purchase gets it (SPEC-APPSTORE-2026 3): once per
  /// subscription group, unless a signed eligibility option says otherwise. Nil when the product
  /// has none in the customer's storefront.
  private func introductoryOffer(for request: PurchaseRequest, product: Int32, customer: Int32) -> Int32? {
    let item = products[Int(product)]
    guard let index = item.offers.firstIndex(where: { $0.type == .introductory }),
      item.offers[index].price(in: customers[Int(customer)].storefront) != nil
    else { return nil }
    let key = ChainKey(customer: customer, groupId: item.subscription!.groupId)
    let eligible = request.allowIntroductoryOffer ?? !introductoryOfferUsed.contains(key)
    return eligible ? Int32(index) : nil
  }

  /// An auto-renewable purchase: a first subscription, a resubscription, or a change within the group.
  private mutating func subscribe(
    _ request: PurchaseRequest, customer: Int32, product: Int32, into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    let info = products[Int(product)].subscription!
    let key = ChainKey(customer: customer, groupId: info.groupId)
    let existing = chainIndex[key]
    if let chain = existing, chains[Int(chain)].isLive {
      if request.offerId != nil {
        try redeemForNextRenewal(request, chain: chain, product: product, into: &out)
      } else {
        try changeProduct(chain: chain, to: product, into: &out)
      }
      return
    }
    let offerIndex = try offerForPurchase(request, product: product, customer: customer, existing: existing)
    let offer = offerIndex.map { products[Int(product)].offers[Int($0)] }
    if offer?.type == .introductory { introductoryOfferUsed.insert(key) }
    let chainIndexValue = existing ?? Int32(chains.count)
    let firstEnd = periodEnd(offer?.period ?? info.duration, from: now, customer: customer)
    let price =
      offer?.price(in: customers[Int(customer)].storefront)
      ?? products[Int(product)].prices[customers[Int(customer)].storefront]!.milliunits
    let previous = existing.map { chains[Int($0)] }
    let transaction = newTransaction(
      customer: customer, product: product, price: price, reason: .purchase,
      original: previous.map { ($0.originalTransactionId, $0.originalPurchaseDate) }, expires: firstEnd,
      offer: offerIndex.map { Int16($0) },
      appAccountToken: request.appAccountToken ?? previous?.appAccountToken,
      chain: chainIndexValue)
    let index = record(transaction)
    let running = offerIndex.map {
      RunningOffer(productIndex: product, offerIndex: $0, remaining: offer!.periodCount - 1)
    }
    // A lapse shorter than the setting keeps the run's start (SPEC-APPSTORE 3.2).
    let recentStart =
      previous.map { now - $0.expiresDate < settings.recentStartLapse ? $0.recentStartDate : now } ?? now
    let chain = SubscriptionChain(
      customer: customer, groupId: info.groupId, originalTransactionId: transaction.originalTransactionId,
      originalPurchaseDate: transaction.originalPurchaseDate, product: product, autoRenewProduct: product,
      autoRenew: true, appAccountToken: transaction.appAccountToken, expiresDate: firstEnd,
      latestTransaction: index,
      phase: .active, renewalsSincePurchase: 0, recentStartDate: recentStart, offer: running,
      priceIncrease: nil,
      shares: previous?.shares ?? [])
    if existing == nil {
      chains.append(chain)
      chainIndex[key] = chainIndexValue
    } else {
      chains[Int(chainIndexValue)] = chain
    }
    schedule(chainIndexValue)
    // SUBSCRIBED whatever the offer: Apple sends OFFER_REDEEMED only for an offer redeemed on an
    // active subscription (changelog of 23 January 2024, issue 25).
    let subtype: NotificationSubtype = existing == nil ? .initialBuy : .resubscribe
    let verb = existing == nil ? "subscribed to" : "resubscribed to"
    emit(
      .init(.subscribed, subtype), chain: chainIndexValue,
      summary: "\(request.customer) \(verb) \(products[Int(product)].id)", copies: true, into: &out)
    if products[Int(product)].familyShareable { shareChain(chainIndexValue, into: &out) }
  }

  /// A subscriber redeems a promotional offer or offer code. For the product that renews next, it
  /// applies from the next renewal (OFFER_REDEEMED without subtype, SPEC-APPSTORE 5.3); for the
  /// current product while a change is pending, the change is cancelled and the offer applies
  /// from the next renewal; for another product of the group, it is a change of product with the
  /// offer: an upgrade at once (OFFER_REDEEMED/UPGRADE), a downgrade at the next renewal
  /// (OFFER_REDEEMED/DOWNGRADE), as Apple's subtypes say. **Assumption:** a redeemed offer
  /// replaces one still running.
  private mutating func redeemForNextRenewal(
    _ request: PurchaseRequest, chain: Int32, product: Int32, into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    let value = chains[Int(chain)]
    let item = products[Int(product)]
    let offerIndex = try offerForPurchase(
      request, product: product, customer: value.customer, existing: chain)!
    let offer = item.offers[Int(offerIndex)]
    guard offer.type == .promotional || offer.type == .offerCode else {
      throw CommerceError(
        "offer \(offer.id) is not for current subscribers; use a promotional offer or an offer code")
    }
    guard product == value.autoRenewProduct || product == value.product else {
      try changeProduct(chain: chain, to: product, offer: offerIndex, into: &out)
      return
    }
    chains[Int(chain)].autoRenewProduct = product
    chains[Int(chain)].offer = RunningOffer(
      productIndex: product, offerIndex: offerIndex, remaining: offer.periodCount)
    emit(.init(.offerRedeemed), chain: chain, summary: "\(request.customer) redeemed \(offer.id)", into: &out)
  }

  /// The offer a transaction was charged under, as its payload writes it.
  public func offer(of transaction: TransactionRecord) -> AppliedOffer? {
    transaction.offerIndex.map { appliedOffer(products[Int(transaction.product)].offers[Int($0)]) }
  }

  func appliedOffer(_ offer: Offer) -> AppliedOffer {
    AppliedOffer(
      type: offer.type, identifier: offer.type == .introductory ? nil : offer.id, discount: offer.discount,
      period: offer.isoPeriod)
  }
}

extension SubscriptionChain {
  /// Active, in grace or in billing retry: the customer is still subscribed in the group.
  public var isLive: Bool {
    switch phase {
    case .active, .billingRetry: return true
    case .expired, .revoked: return false
    }
  }
}
