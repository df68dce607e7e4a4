import AppleWireTypes
import SimulationTime

extension CommerceState {
  /// Moves the clock, running every renewal, failure, grace end, retry and expiry due on the way in time order.
  mutating func advanceClock(to time: VirtualTime, into out: inout [CommerceDomainEvent])
    throws(CommerceError)
  {
    guard time >= now else {
      throw CommerceError("the clock only moves forward (from \(now) to \(time)); rewind the history instead")
    }
    while let entry = due.first, entry.time <= time {
      _ = due.popFirst()
      // A stale entry: the chain changed after it was queued.
      guard chains[Int(entry.chain)].nextDue == entry.time else { continue }
      now = entry.time
      processDue(entry.chain, into: &out)
      schedule(entry.chain)
    }
    now = time
  }

  /// Handles the one thing due now for a chain: the end of a period, or a step of billing retry.
  private mutating func processDue(_ chain: Int32, into out: inout [CommerceDomainEvent]) {
    switch chains[Int(chain)].phase {
    case .active: periodEnded(chain, into: &out)
    case .billingRetry(var retry):
      if let graceEnd = retry.graceEnd, !retry.graceOver, graceEnd <= min(retry.nextAttempt, retry.retryEnd) {
        retry.graceOver = true
        chains[Int(chain)].phase = .billingRetry(retry)
        emit(.init(.gracePeriodExpired), chain: chain, summary: "grace period ended", into: &out)
      } else if retry.nextAttempt <= retry.retryEnd {
        if !isRenewable(chain) {
          // A retry renews the product like any renewal: one no longer sold ends the subscription
          // instead of charging for it (SPEC-APPSTORE 3.2 intent 4, 5.3 PRODUCT_NOT_FOR_SALE).
          expire(chain, .productNotAvailable, .productNotForSale, into: &out)
        } else if customers[Int(chains[Int(chain)].customer)].billingFails {
          retry.nextAttempt += window(settings.billingRetryInterval, customer: chains[Int(chain)].customer)
          chains[Int(chain)].phase = .billingRetry(retry)
          // Apple sends nothing for a failed attempt; the event is for logs, so a retry is seen.
          let next =
            retry.nextAttempt <= retry.retryEnd
            ? "another attempt follows" : "no attempt is left before the retry window ends"
          out.append(chainEvent(nil, chain: chain, summary: "billing retry attempt failed; " + next))
        } else {
          recover(chain, retry: retry, into: &out)
        }
      } else {
        expire(chain, .billingError, .billingRetry, into: &out)
      }
    case .expired, .revoked: break
    }
  }

  /// A period ends: renew, fail billing, or expire for the reason that applies (SPEC-APPSTORE 3.2, 5.3, 6).
  private mutating func periodEnded(_ chain: Int32, into out: inout [CommerceDomainEvent]) {
    let value = chains[Int(chain)]
    if !value.autoRenew {
      expire(chain, .customerCancelled, .voluntary, into: &out)
    } else if isSandbox && value.renewalsSincePurchase >= settings.sandboxRenewalLimit {
      // The sandbox turns auto-renew off on the 13th attempt (SPEC-APPSTORE 6).
      chains[Int(chain)].autoRenew = false
      expire(chain, .customerCancelled, .voluntary, into: &out)
    } else if !isRenewable(chain) {
      expire(chain, .productNotAvailable, .productNotForSale, into: &out)
    } else if case .pending = value.priceIncrease {
      expire(chain, .noPriceIncreaseConsent, .priceIncrease, into: &out)
    } else if customers[Int(value.customer)].billingFails {
      failBilling(chain, into: &out)
    } else {
      renew(chain, periodStart: now, subtype: nil, into: &out)
    }
  }

  /// Whether the product a chain renews to is for sale in its customer's storefront.
  private func isRenewable(_ chain: Int32) -> Bool {
    let value = chains[Int(chain)]
    let next = products[Int(value.autoRenewProduct)]
    return next.isForSale && next.prices[customers[Int(value.customer)].storefront] != nil
  }

  /// What the next renewal will charge: a running offer, the old price while a raise awaits consent,
  /// otherwise the catalog price in the customer's storefront (nil when not sold there).
  public func renewalPrice(of chain: SubscriptionChain) -> Int64? {
    let storefront = customers[Int(chain.customer)].storefront
    if let offer = chain.offer, offer.remaining > 0, offer.productIndex == chain.autoRenewProduct {
      return products[Int(offer.productIndex)].offers[Int(offer.offerIndex)].price(in: storefront)
    }
    if case .pending(let oldPrice) = chain.priceIncrease { return oldPrice }
    return products[Int(chain.autoRenewProduct)].prices[storefront]?.milliunits
  }

  /// A successful renewal: a new transaction in the chain, with the next product (a downgrade lands here).
  mutating func renew(
    _ chain: Int32, periodStart: VirtualTime, subtype: NotificationSubtype?,
    into out: inout [CommerceDomainEvent]
  ) {
    var value = chains[Int(chain)]
    let product = value.autoRenewProduct
    let price = renewalPrice(of: value) ?? 0
    var applied: Int16?
    if var offer = value.offer, offer.remaining > 0, offer.productIndex == product {
      applied = Int16(offer.offerIndex)
      offer.remaining -= 1
      value.offer = offer
    } else {
      value.offer = nil
    }
    // A pay-up-front offer's period may be longer than the product's.
    let duration =
      applied.flatMap { products[Int(product)].offers[Int($0)].period }
      ?? products[Int(product)].subscription!.duration
    let expires = periodEnd(duration, from: periodStart, customer: value.customer)
    let transaction = newTransaction(
      customer: value.customer, product: product, price: price, reason: .renewal,
      original: (value.originalTransactionId, value.originalPurchaseDate), expires: expires, offer: applied,
      appAccountToken: value.appAccountToken, chain: chain)
    value.latestTransaction = record(transaction)
    value.product = product
    value.expiresDate = expires
    value.phase = .active
    value.renewalsSincePurchase += 1
    value.priceIncrease = nil
    chains[Int(chain)] = value
    emit(
      .init(.didRenew, subtype), chain: chain, summary: "renewed \(products[Int(product)].id)", copies: true,
      into: &out)
  }

  /// The renewal charge failed: billing retry, with a grace period where the app enabled one.
  private mutating func failBilling(_ chain: Int32, into out: inout [CommerceDomainEvent]) {
    let value = chains[Int(chain)]
    let grace = settings.gracePeriod
    let paidToPaid =
      transactions[Int(value.latestTransaction)].price > 0 && (renewalPrice(of: value) ?? 0) > 0
    let hasGrace = grace.enabled && (grace.renewals == .allRenewals || paidToPaid)
    let customer = value.customer
    let retry = BillingRetry(
      failedAt: now,
      graceEnd: hasGrace
        ? now + window(Int64(grace.duration.rawValue) * Milliseconds.day, customer: customer) : nil,
      graceOver: false, nextAttempt: now + window(settings.billingRetryInterval, customer: customer),
      retryEnd: now + window(settings.billingRetryLength, customer: customer))
    chains[Int(chain)].phase = .billingRetry(retry)
    emit(
      .init(.didFailToRenew, hasGrace ? .gracePeriod : nil), chain: chain, summary: "renewal failed: billing",
      into: &out)
  }

  /// Billing works again at a retry attempt. Within grace the renewal date is kept (no lost days);
  /// after grace the new period starts now. **Assumption:** Apple's documented behaviour, not in SPEC-APPSTORE.
  private mutating func recover(_ chain: Int32, retry: BillingRetry, into out: inout [CommerceDomainEvent]) {
    let value = chains[Int(chain)]
    let duration = products[Int(value.autoRenewProduct)].subscription!.duration
    let inGrace = retry.graceEnd.map { now < $0 } ?? false
    let keepsDate = inGrace && periodEnd(duration, from: retry.failedAt, customer: value.customer) > now
    renew(chain, periodStart: keepsDate ? retry.failedAt : now, subtype: .billingRecovery, into: &out)
    // Members who joined the family during billing retry get the service now it is back.
    if products[Int(chains[Int(chain)].product)].familyShareable { shareChain(chain, into: &out) }
  }

  /// The chain ends with `intent`; EXPIRED carries the matching subtype (SPEC-APPSTORE 5.3).
  mutating func expire(
    _ chain: Int32, _ intent: ExpirationIntent, _ subtype: NotificationSubtype?,
    into out: inout [CommerceDomainEvent]
  ) {
    chains[Int(chain)].phase = .expired(intent)
    emit(.init(.expired, subtype), chain: chain, summary: "expired (intent \(intent.rawValue))", into: &out)
  }
}
