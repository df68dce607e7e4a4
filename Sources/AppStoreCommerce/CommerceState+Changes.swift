import AppleWireTypes
import SimulationTime

/// What a customer changes on a running subscription: auto-renew, product, price consent (SPEC-APPSTORE 5.3).
extension CommerceState {
  mutating func setAutoRenew(
    customer: String, groupId: String, enabled: Bool, into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    let chain = try existingChain(customer: customer, groupId: groupId)
    guard chains[Int(chain)].isLive else {
      throw CommerceError("\(customer)'s subscription in \(groupId) has ended; buy it again to resubscribe")
    }
    guard chains[Int(chain)].autoRenew != enabled else {
      throw CommerceError("auto-renew of \(customer) in \(groupId) is \(enabled ? "on" : "off") already")
    }
    chains[Int(chain)].autoRenew = enabled
    emit(
      .init(.didChangeRenewalStatus, enabled ? .autoRenewEnabled : .autoRenewDisabled), chain: chain,
      summary: "auto-renew \(enabled ? "on" : "off")", into: &out)
    // **Assumption:** turning auto-renew off during billing retry ends the retry at once.
    if !enabled, case .billingRetry = chains[Int(chain)].phase {
      expire(chain, .customerCancelled, .voluntary, into: &out)
    }
  }

  /// A customer with auto-renew off who picks another plan has chosen to be billed for it: auto-renew
  /// comes back on (DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED) before the change is notified.
  /// **Assumption** (Apple is silent; setting `changeTurnsAutoRenewOn`, issue 25).
  private mutating func renewAgainOnChange(_ chain: Int32, into out: inout [CommerceDomainEvent]) {
    guard settings.changeTurnsAutoRenewOn, !chains[Int(chain)].autoRenew else { return }
    chains[Int(chain)].autoRenew = true
    emit(
      .init(.didChangeRenewalStatus, .autoRenewEnabled), chain: chain,
      summary: "auto-renew on with the change",
      into: &out)
  }

  /// The live chain a change of product applies to, checked.
  func chainForChange(customer: String, productId: String) throws(CommerceError) -> Int32 {
    let product = try existingProduct(productId)
    guard let groupId = products[Int(product)].subscription?.groupId else {
      throw CommerceError("\(productId) is not an auto-renewable subscription")
    }
    let chain = try existingChain(customer: customer, groupId: groupId)
    guard chains[Int(chain)].isLive else {
      throw CommerceError(
        "\(customer)'s subscription in \(groupId) has ended; buy \(productId) to resubscribe")
    }
    return chain
  }

  /// Upgrade (at once, `isUpgraded` on the old transaction), downgrade (at the next renewal) or crossgrade.
  /// **Assumption:** a crossgrade to the same duration acts like an upgrade, to another duration like a
  /// downgrade, with those subtypes; choosing the current product again cancels a pending change (no subtype).
  /// With `offer` (a position in the target's offers), the change redeems it: the upgrade's new
  /// period or the downgraded renewal is charged under it, and the notification is OFFER_REDEEMED
  /// with the change's subtype.
  mutating func changeProduct(
    chain: Int32, to product: Int32, offer: Int32? = nil, into out: inout [CommerceDomainEvent]
  )
    throws(CommerceError)
  {
    let value = chains[Int(chain)]
    let target = products[Int(product)]
    let current = products[Int(value.product)].subscription!
    let storefront = customers[Int(value.customer)].storefront
    guard target.isForSale, let price = target.prices[storefront] else {
      throw CommerceError("\(target.id) is not for sale in storefront \(storefront)")
    }
    if product == value.product {
      guard value.autoRenewProduct != product else {
        throw CommerceError("\(customers[Int(value.customer)].id) is subscribed to \(target.id) already")
      }
      renewAgainOnChange(chain, into: &out)
      chains[Int(chain)].autoRenewProduct = product
      emit(.init(.didChangeRenewalPref), chain: chain, summary: "pending change cancelled", into: &out)
      return
    }
    let info = target.subscription!
    let immediate =
      info.level < current.level || (info.level == current.level && info.duration == current.duration)
    let type: NotificationType = offer == nil ? .didChangeRenewalPref : .offerRedeemed
    guard immediate else {
      renewAgainOnChange(chain, into: &out)
      chains[Int(chain)].autoRenewProduct = product
      if let offer {
        chains[Int(chain)].offer = RunningOffer(
          productIndex: product, offerIndex: offer, remaining: target.offers[Int(offer)].periodCount)
      }
      emit(.init(type, .downgrade), chain: chain, summary: "downgrade to \(target.id)", into: &out)
      return
    }
    guard value.status(at: now) == .active else {
      throw CommerceError("an upgrade needs an active subscription; billing must recover first")
    }
    renewAgainOnChange(chain, into: &out)
    modifyTransaction(value.latestTransaction) { $0.isUpgraded = true }
    let redeemed = offer.map { target.offers[Int($0)] }
    let expires = periodEnd(redeemed?.period ?? info.duration, from: now, customer: value.customer)
    let transaction = newTransaction(
      customer: value.customer, product: product,
      price: redeemed?.price(in: storefront) ?? price.milliunits, reason: .purchase,
      original: (value.originalTransactionId, value.originalPurchaseDate), expires: expires,
      offer: offer.map { Int16($0) }, appAccountToken: value.appAccountToken, chain: chain)
    var updated = chains[Int(chain)]
    updated.latestTransaction = record(transaction)
    updated.product = product
    updated.autoRenewProduct = product
    updated.expiresDate = expires
    updated.offer = offer.map {
      RunningOffer(productIndex: product, offerIndex: $0, remaining: target.offers[Int($0)].periodCount - 1)
    }
    updated.priceIncrease = nil
    chains[Int(chain)] = updated
    schedule(chain)
    emit(.init(type, .upgrade), chain: chain, summary: "upgrade to \(target.id)", copies: true, into: &out)
  }

  mutating func consentToPriceIncrease(
    customer: String, groupId: String, into out: inout [CommerceDomainEvent]
  )
    throws(CommerceError)
  {
    let chain = try existingChain(customer: customer, groupId: groupId)
    guard case .pending = chains[Int(chain)].priceIncrease else {
      throw CommerceError("\(customer) has no price increase to consent to in \(groupId)")
    }
    chains[Int(chain)].priceIncrease = .accepted
    emit(.init(.priceIncrease, .accepted), chain: chain, summary: "consented to the new price", into: &out)
  }

  /// A new catalog price; live subscribers of the product in that storefront hear of a raise (PRICE_INCREASE).
  mutating func raisePrice(
    _ productId: String, storefront: String, to milliunits: Int64, needsConsent: Bool,
    into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    let product = try existingProduct(productId)
    guard let old = products[Int(product)].prices[storefront] else {
      throw CommerceError("\(productId) has no price in storefront \(storefront)")
    }
    guard milliunits >= 0 else { throw CommerceError("a price cannot be negative") }
    products[Int(product)].prices[storefront]?.milliunits = milliunits
    guard milliunits > old.milliunits, products[Int(product)].type == .autoRenewable else { return }
    for chain in chains.indices {
      let value = chains[chain]
      guard value.isLive, value.autoRenew, value.autoRenewProduct == product,
        customers[Int(value.customer)].storefront == storefront
      else { continue }
      if needsConsent {
        // Someone still waiting keeps the oldest price they agreed to.
        if case .pending = value.priceIncrease { continue }
        chains[chain].priceIncrease = .pending(oldPrice: old.milliunits)
      } else {
        chains[chain].priceIncrease = .accepted
      }
      emit(
        .init(.priceIncrease, needsConsent ? .pending : .accepted), chain: Int32(chain),
        summary: "price of \(productId) raised", into: &out)
    }
  }
}
