import AppStoreCommerce
import AppleNotifications
import Foundation
import MockAppleHTTP

/// What the App Store Server API keeps to answer quickly, shared by every request of one server
/// and safe to use from many at once: signed forms already made at the current virtual time,
/// indexes over the append-only transaction log, and the per-endpoint rate counters. Nothing here
/// is truth: everything a route acknowledges is a step of the one simulation (Finish Transaction
/// and consumption information included), and every entry is derived from it or runtime-only.
///
/// Requests work on a snapshot of the commerce state outside the server's actor, so signing never
/// holds up other requests; every entry here is checked against the snapshot it is used with.
// @unchecked: every stored table is read and written under `lock`.
package final class AnswerCache: @unchecked Sendable {
  private let lock = NSLock()
  private var signedTransactions: [UInt64: (record: TransactionRecord, signedAt: Int64, jws: String)] = [:]
  private var signedRenewals: [UInt64: (payload: RenewalInfoPayload, jws: String)] = [:]
  /// Positions in the transaction log per customer, and order id to position, up to `indexed`.
  private var byCustomer: [Int32: [Int32]] = [:]
  private var byOrder: [String: Int32] = [:]
  private var indexed = 0
  package let rates = AppleRateCounter()

  /// A transaction's JWS signed at the snapshot's `now` (Apple signs at the time of the answer,
  /// SPEC-APPSTORE 4.4): the one made before while neither the transaction nor the virtual clock
  /// moved, else a new one. The clock stands still between steps, so a history page asked for
  /// again and again costs no signature, and every `signedDate` is the time of the response.
  package func signedTransaction(
    _ record: TransactionRecord, in state: CommerceState, signer: SignedCommerceData
  )
    throws
    -> String
  {
    if let cached = lock.withLock({ signedTransactions[record.transactionId] }), cached.record == record,
      cached.signedAt == state.now
    {
      return cached.jws
    }
    let jws = try signer.transaction(state.payload(of: record, signedDate: state.now))
    lock.withLock { signedTransactions[record.transactionId] = (record, state.now, jws) }
    return jws
  }

  /// Renewal info, signed again unless the same payload (its `signedDate` included) was signed before.
  package func signedRenewalInfo(_ payload: RenewalInfoPayload, signer: SignedCommerceData) throws -> String {
    let key = UInt64(payload.originalTransactionId ?? "") ?? 0
    if let cached = lock.withLock({ signedRenewals[key] }), cached.payload == payload { return cached.jws }
    let jws = try signer.renewalInfo(payload)
    lock.withLock { signedRenewals[key] = (payload, jws) }
    return jws
  }

  /// Brings the indexes up to the snapshot's log (the log only grows; positions never move).
  private func index(_ state: CommerceState) {
    guard indexed < state.transactions.count else { return }
    for position in indexed..<state.transactions.count {
      let record = state.transactions[position]
      byCustomer[record.customer, default: []].append(Int32(position))
      if let order = state.orderId(of: record) { byOrder[order] = Int32(position) }
    }
    indexed = state.transactions.count
  }

  /// A customer's visible transactions in log order (oldest first), as positions in the snapshot.
  package func positions(ofCustomer customer: Int32, in state: CommerceState) -> [Int32] {
    let all = lock.withLock {
      index(state)
      return byCustomer[customer] ?? []
    }
    let start = state.historyStart(ofCustomer: customer)
    let end = state.transactions.count
    return all.filter { Int($0) >= start && Int($0) < end }
  }

  /// The position of the transaction with an order id, if the snapshot has it.
  package func position(ofOrder orderId: String, in state: CommerceState) -> Int32? {
    let found = lock.withLock {
      index(state)
      return byOrder[orderId]
    }
    return found.flatMap { Int($0) < state.transactions.count ? $0 : nil }
  }
}
