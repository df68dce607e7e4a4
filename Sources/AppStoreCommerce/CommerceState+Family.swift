import SimulationTime

/// Family Sharing: members get FAMILY_SHARED copies of a purchaser's shareable purchases (SPEC-APPSTORE 3.1, 5.3).
/// **Assumption:** every notification about a shared subscription is sent for each member's chain too,
/// with the member's own transaction; a member's copy keeps the purchaser's price and webOrderLineItemId.
extension CommerceState {
  /// Other customers in the same family.
  func familyMembers(of customer: Int32) -> [Int32] {
    guard let family = customers[Int(customer)].familyId else { return [] }
    return customers.indices.lazy.filter { $0 != Int(customer) && self.customers[$0].familyId == family }
      .map { Int32($0) }
  }

  /// Records a chain event, and with `copies` a new FAMILY_SHARED transaction for each member still sharing.
  mutating func emit(
    _ notification: AppleNotification?, chain: Int32, summary: String, copies: Bool = false,
    into out: inout [CommerceDomainEvent]
  ) {
    out.append(chainEvent(notification, chain: chain, summary: summary))
    let shareable = products[Int(chains[Int(chain)].product)].familyShareable
    for share in chains[Int(chain)].shares where sharedChains[Int(share)].revokedAt == nil {
      // A chain now on a product that is not family shareable takes the members' access away.
      if copies && !shareable {
        revokeShare(share, into: &out)
        continue
      }
      if copies {
        let shared = sharedChains[Int(share)]
        let copy = copyTransaction(
          chains[Int(chain)].latestTransaction, for: shared.member,
          original: (shared.originalTransactionId, shared.originalPurchaseDate))
        sharedChains[Int(share)].latestTransaction = copy
      }
      out.append(sharedEvent(notification, share: share, summary: summary + " (family)"))
    }
  }

  func sharedEvent(_ notification: AppleNotification?, share: Int32, summary: String) -> CommerceDomainEvent {
    let shared = sharedChains[Int(share)]
    return CommerceDomainEvent(
      time: now, customer: shared.member, notification: notification,
      transaction: transactions[Int(shared.latestTransaction)], chain: chains[Int(shared.purchaserChain)],
      shared: shared, summary: summary)
  }

  /// A FAMILY_SHARED copy of a purchaser's transaction for a member; nil original starts a new one.
  mutating func copyTransaction(_ source: Int32, for member: Int32, original: (UInt64, VirtualTime)?) -> Int32
  {
    var copy = transactions[Int(source)]
    let id = mintTransactionId()
    copy.transactionId = id
    copy.originalTransactionId = original?.0 ?? id
    copy.originalPurchaseDate = original?.1 ?? now
    copy.purchaseDate = now
    copy.customer = member
    copy.ownership = .familyShared
    copy.appAccountToken = nil
    copy.isUpgraded = false
    let buyer = customers[Int(member)]
    copy.storefrontIndex = intern(storefront: buyer.storefront, id: buyer.storefrontId)
    return record(copy)
  }

  /// Gives each family member without access a new shared chain (SUBSCRIBED/INITIAL_BUY for them).
  mutating func shareChain(_ chain: Int32, into out: inout [CommerceDomainEvent]) {
    let sharing = Set(
      chains[Int(chain)].shares.filter { sharedChains[Int($0)].revokedAt == nil }.map {
        sharedChains[Int($0)].member
      })
    for member in familyMembers(of: chains[Int(chain)].customer) where !sharing.contains(member) {
      let copy = copyTransaction(chains[Int(chain)].latestTransaction, for: member, original: nil)
      let shared = SharedChain(
        member: member, purchaserChain: chain, originalTransactionId: transactions[Int(copy)].transactionId,
        originalPurchaseDate: now, latestTransaction: copy, revokedAt: nil)
      sharedChains.append(shared)
      let share = Int32(sharedChains.count - 1)
      chains[Int(chain)].shares.append(share)
      out.append(
        sharedEvent(
          .init(.subscribed, .initialBuy), share: share,
          summary: "family access for \(customers[Int(member)].id)"))
    }
  }

  /// A member gets a copy of a shareable non-consumable: ONE_TIME_CHARGE with the member's
  /// FAMILY_SHARED transaction (Apple's ONE_TIME_CHARGE covers a non-consumable received through
  /// Family Sharing, issue 25).
  mutating func shareNonConsumable(
    _ transaction: Int32, with member: Int32, into out: inout [CommerceDomainEvent]
  ) {
    let copy = copyTransaction(transaction, for: member, original: nil)
    nonConsumableCopies[transaction, default: []].append(copy)
    out.append(
      transactionEvent(
        .init(.oneTimeCharge), transaction: copy, summary: "family access for \(customers[Int(member)].id)"))
  }

  mutating func joinFamily(_ customerId: String, familyId: String, into out: inout [CommerceDomainEvent])
    throws(CommerceError)
  {
    let customer = try existingCustomer(customerId)
    if let current = customers[Int(customer)].familyId {
      throw CommerceError("\(customerId) is in family \(current) already; leave it first")
    }
    let size = customers.lazy.filter { $0.familyId == familyId }.count
    guard size < settings.familySizeLimit else {
      throw CommerceError(
        "family \(familyId) has \(size) people already, the most Family Sharing allows (an organizer and "
          + "up to five members)")
    }
    customers[Int(customer)].familyId = familyId
    // Sharing goes both ways (Apple: a customer shares with up to five family members): the
    // family's purchases reach the newcomer, and the newcomer's reach the family.
    // Only a subscription that serves its purchaser now is shared: one in billing retry reaches the
    // newcomer when it recovers (recover), so no SUBSCRIBED goes out for a lapsed service.
    // **Assumption:** Apple does not say what a member joining during billing retry gets.
    let everyone = Set(familyMembers(of: customer)).union([customer])
    for chain in chains.indices where everyone.contains(chains[chain].customer) && givesService(chains[chain])
    {
      if products[Int(chains[chain].product)].familyShareable { shareChain(Int32(chain), into: &out) }
    }
    for index in transactions.indices {
      let transaction = transactions[index]
      guard everyone.contains(transaction.customer), transaction.ownership == .purchased,
        transaction.revocation == nil, products[Int(transaction.product)].type == .nonConsumable,
        products[Int(transaction.product)].familyShareable,
        index >= Int(historyStart[transaction.customer] ?? 0)
      else { continue }
      let holders = Set(
        (nonConsumableCopies[Int32(index)] ?? []).filter { transactions[Int($0)].revocation == nil }.map {
          transactions[Int($0)].customer
        })
      for member in everyone.sorted() where member != transaction.customer && !holders.contains(member) {
        shareNonConsumable(Int32(index), with: member, into: &out)
      }
    }
  }

  /// Active or in grace: the purchaser has the service, so the family shares it.
  func givesService(_ chain: SubscriptionChain) -> Bool {
    let status = status(of: chain)
    return status == .active || status == .billingGracePeriod
  }

  /// The customer leaves: they lose what others shared, and others lose what they shared (REVOKE).
  mutating func leaveFamily(_ customerId: String, into out: inout [CommerceDomainEvent]) throws(CommerceError)
  {
    let customer = try existingCustomer(customerId)
    guard customers[Int(customer)].familyId != nil else {
      throw CommerceError("\(customerId) is in no family")
    }
    for share in sharedChains.indices where sharedChains[share].revokedAt == nil {
      let shared = sharedChains[share]
      if shared.member == customer || chains[Int(shared.purchaserChain)].customer == customer {
        revokeShare(Int32(share), into: &out)
      }
    }
    for (source, copies) in nonConsumableCopies.sorted(by: { $0.key < $1.key }) {
      for copy in copies where transactions[Int(copy)].revocation == nil {
        if transactions[Int(copy)].customer == customer || transactions[Int(source)].customer == customer {
          revokeCopy(copy, into: &out)
        }
      }
    }
    customers[Int(customer)].familyId = nil
  }

  /// A member loses a shared subscription: FAMILY_REVOKE on their latest copy, REVOKE sent.
  mutating func revokeShare(_ share: Int32, into out: inout [CommerceDomainEvent]) {
    sharedChains[Int(share)].revokedAt = now
    let latest = sharedChains[Int(share)].latestTransaction
    let revocation = Revocation(date: now, reason: nil, type: .familyRevoke, percentage: nil)
    modifyTransaction(latest) { $0.revocation = revocation }
    out.append(sharedEvent(.init(.revoke), share: share, summary: "family access revoked"))
  }

  /// A member loses a shared non-consumable.
  mutating func revokeCopy(_ copy: Int32, into out: inout [CommerceDomainEvent]) {
    let revocation = Revocation(date: now, reason: nil, type: .familyRevoke, percentage: nil)
    modifyTransaction(copy) { $0.revocation = revocation }
    out.append(transactionEvent(.init(.revoke), transaction: copy, summary: "family access revoked"))
  }
}
