import AppStoreCommerce
import AppleWireTypes

/// One subscription a customer has: their own in a group, or one a family member shares.
package struct CustomerSubscription {
  package var groupId: String
  package var status: SubscriptionStatus
  package var originalTransactionId: UInt64
  package var latest: TransactionRecord
  package var renewalInfo: RenewalInfoPayload
  package var familyShared: Bool
}

extension CommerceState {
  /// The customer's subscriptions as of now: their own, in the order first bought, then those a
  /// family member shares with them; what Get All Subscription Statuses and the control API list.
  package func subscriptions(ofCustomer id: String) -> [CustomerSubscription] {
    let index = customerIndex(of: id)
    var groups: [String] = []
    for chain in chains where chain.customer == index && !groups.contains(chain.groupId) {
      groups.append(chain.groupId)
    }
    var found: [CustomerSubscription] = groups.compactMap { group in
      // Only the chain the customer holds now (a sandbox history clear leaves older ones behind).
      guard let chain = chain(of: id, groupId: group) else { return nil }
      return CustomerSubscription(
        groupId: group, status: status(of: chain), originalTransactionId: chain.originalTransactionId,
        latest: transactions[Int(chain.latestTransaction)],
        renewalInfo: renewalInfo(of: chain, signedDate: now),
        familyShared: false)
    }
    for shared in sharedChains(of: id) {
      let chain = chains[Int(shared.purchaserChain)]
      found.append(
        CustomerSubscription(
          groupId: chain.groupId, status: status(of: shared),
          originalTransactionId: shared.originalTransactionId,
          latest: transactions[Int(shared.latestTransaction)],
          renewalInfo: renewalInfo(of: chain, shared: shared, signedDate: now), familyShared: true))
    }
    return found
  }
}
