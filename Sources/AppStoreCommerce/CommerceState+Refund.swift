import AppleWireTypes
import SimulationTime

/// Refunds, refund requests and consumption (SPEC-APPSTORE 3.1 revocation fields, 5.3 REFUND and friends).
extension CommerceState {
  /// A purchased, unrevoked transaction the customer paid for.
  private func refundable(_ transactionId: String) throws(CommerceError) -> Int32 {
    let index = try existingTransaction(transactionId)
    let transaction = transactions[Int(index)]
    guard transaction.ownership == .purchased else {
      throw CommerceError("transaction \(transactionId) is a family member's copy; refund the purchaser's")
    }
    guard transaction.revocation == nil else {
      throw CommerceError("transaction \(transactionId) is revoked already")
    }
    return index
  }

  /// The customer asks Apple for a refund: CONSUMPTION_REQUEST for consumables and auto-renewables, and
  /// the App Store turns auto-renew off for a subscription (SPEC-APPSTORE 5.3).
  mutating func requestRefund(
    _ transactionId: String, reason: ConsumptionRequestReason, into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    let index = try refundable(transactionId)
    guard !refundRequests.contains(index) else {
      throw CommerceError("a refund of \(transactionId) is requested already")
    }
    refundRequests.insert(index)
    let transaction = transactions[Int(index)]
    let type = products[Int(transaction.product)].type
    let asksForData = type == .consumable || type == .autoRenewable
    var request = transactionEvent(
      asksForData ? .init(.consumptionRequest) : nil, transaction: index, summary: "refund requested")
    request.consumptionRequestReason = asksForData ? reason : nil
    out.append(request)
    if transaction.chain >= 0, chains[Int(transaction.chain)].isLive, chains[Int(transaction.chain)].autoRenew
    {
      chains[Int(transaction.chain)].autoRenew = false
      emit(
        .init(.didChangeRenewalStatus, .autoRenewDisabled), chain: transaction.chain,
        summary: "auto-renew off after a refund request", into: &out)
    }
  }

  mutating func declineRefund(_ transactionId: String, into out: inout [CommerceDomainEvent])
    throws(CommerceError)
  {
    let index = try refundable(transactionId)
    guard refundRequests.remove(index) != nil else {
      throw CommerceError("no refund of \(transactionId) was requested")
    }
    out.append(transactionEvent(.init(.refundDeclined), transaction: index, summary: "refund declined"))
  }

  /// Apple refunds a transaction. Refunding a subscription's newest transaction revokes the subscription
  /// (status 5, even after it expired) and family members lose it; an older one is only marked.
  mutating func refund(
    _ transactionId: String, reason: RevocationReason, percentage: Int, into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    let index = try refundable(transactionId)
    guard (1...100_000).contains(percentage) else {
      throw CommerceError("refund percentage \(percentage) must be 1...100000 (milliunits of a percent)")
    }
    refundRequests.remove(index)
    let revocation = Revocation(
      date: now, reason: reason, type: percentage == 100_000 ? .refundFull : .refundProrated,
      percentage: Int32(percentage))
    modifyTransaction(index) { $0.revocation = revocation }
    let chain = transactions[Int(index)].chain
    let revokesChain = chain >= 0 && chains[Int(chain)].latestTransaction == index
    if revokesChain {
      // Before the event, so that the REFUND carries status 5 as Apple would sign it.
      chains[Int(chain)].phase = .revoked(now)
      chains[Int(chain)].autoRenew = false
    }
    out.append(transactionEvent(.init(.refund), transaction: index, summary: "refunded \(transactionId)"))
    if revokesChain {
      for share in chains[Int(chain)].shares where sharedChains[Int(share)].revokedAt == nil {
        revokeShare(share, into: &out)
      }
    }
    for copy in nonConsumableCopies[index] ?? [] where transactions[Int(copy)].revocation == nil {
      revokeCopy(copy, into: &out)
    }
  }

  /// Apple reverses a refund (REFUND_REVERSED, SPEC-APPSTORE 5.3: "reinstate content"): the
  /// transaction loses its revocation fields and moves in the history. **Assumptions** (Apple is
  /// silent on the details): a subscription the refund revoked comes back as it would be had the
  /// refund never been made, active until its expiry or expired at it, with auto-renew still off
  /// (the customer turns it on); family members get their access back as new copies.
  mutating func reverseRefund(_ transactionId: String, into out: inout [CommerceDomainEvent])
    throws(CommerceError)
  {
    let index = try existingTransaction(transactionId)
    let transaction = transactions[Int(index)]
    guard let revocation = transaction.revocation, revocation.type != .familyRevoke else {
      throw CommerceError("transaction \(transactionId) has no refund to reverse")
    }
    modifyTransaction(index) { $0.revocation = nil }
    let chain = transaction.chain
    if chain >= 0, chains[Int(chain)].latestTransaction == index, case .revoked = chains[Int(chain)].phase {
      chains[Int(chain)].phase = chains[Int(chain)].expiresDate > now ? .active : .expired(.other)
      schedule(chain)
    }
    out.append(transactionEvent(.init(.refundReversed), transaction: index, summary: "refund reversed"))
    let product = products[Int(transaction.product)]
    guard product.familyShareable else { return }
    if chain >= 0 {
      if chains[Int(chain)].isLive { shareChain(chain, into: &out) }
    } else if product.type == .nonConsumable {
      let holders = Set(
        (nonConsumableCopies[index] ?? []).filter { transactions[Int($0)].revocation == nil }.map {
          transactions[Int($0)].customer
        })
      for member in familyMembers(of: transaction.customer) where !holders.contains(member) {
        shareNonConsumable(index, with: member, into: &out)
      }
    }
  }

  /// The app uses up part of a consumable purchase; Apple sends nothing.
  mutating func consume(_ transactionId: String, quantity: Int, into out: inout [CommerceDomainEvent])
    throws(CommerceError)
  {
    let index = try existingTransaction(transactionId)
    let transaction = transactions[Int(index)]
    guard products[Int(transaction.product)].type == .consumable else {
      throw CommerceError("transaction \(transactionId) is not a consumable")
    }
    guard transaction.revocation == nil else {
      throw CommerceError("transaction \(transactionId) is refunded")
    }
    guard quantity >= 1, Int(transaction.consumed) + quantity <= Int(transaction.quantity) else {
      throw CommerceError(
        "cannot consume \(quantity) of \(transactionId): \(transaction.quantity - transaction.consumed) left")
    }
    transactions[Int(index)].consumed += Int32(quantity)
    out.append(transactionEvent(nil, transaction: index, summary: "consumed \(quantity)"))
  }
}
