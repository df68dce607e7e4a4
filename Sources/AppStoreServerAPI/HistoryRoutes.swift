import AppStoreCommerce
import AppleWireTypes
import Foundation
import Hummingbird
import MockAppleHTTP

/// Get Transaction History v2 and v1 and Get Refund History (SPEC-APPSTORE 4.3, 4.4): 20 signed
/// transactions a page, paged by revision (see `HistoryRevision`).
extension AppStoreRoutes {
  package static let pageSize = 20

  package func registerHistory(_ on: Register) {
    on(.get, "/inApps/v2/history/:id", .historyV2) { request, parameters, view in
      try history(request, id: parameters.get("id") ?? "", view: view, version1: false)
    }
    on(.get, "/inApps/v1/history/:id", .historyV1) { request, parameters, view in
      try history(request, id: parameters.get("id") ?? "", view: view, version1: true)
    }
    on(.get, "/inApps/v2/refund/lookup/:id", .refundHistory) { request, parameters, view in
      try refundHistory(request, id: parameters.get("id") ?? "", view: view)
    }
  }

  /// v1 leaves out consumables that were finished, unless refunded (SPEC-APPSTORE 4.4).
  /// **Assumption:** a consumable counts as finished once Finish Transaction was called for it or
  /// the app consumed all of it.
  private func history(_ request: Request, id: String, view: AppStoreView, version1: Bool) throws -> Response
  {
    let query = try HistoryQuery(request.uri.queryParameters)
    let subject = try view.subject(path: id)
    let commerce = view.commerce
    if let revision = query.revision, revision.modification > commerce.lastModification {
      throw AppStoreAPIError.invalidRevision(revision.text)
    }
    // Apple orders by the modification date (SPEC-APPSTORE 4.4): a refunded, revoked, upgraded or
    // re-tokened transaction moves after every revision handed out before its change.
    let all = view.transactions(ofCustomer: subject.customer).sorted { $0.modification < $1.modification }
    func listed(_ record: TransactionRecord) -> Bool {
      guard query.matches(record, in: commerce) else { return false }
      guard version1, commerce.products[Int(record.product)].type == .consumable, record.revocation == nil
      else {
        return true
      }
      return !(view.commerce.isFinished(record.transactionId) || record.consumed == record.quantity)
    }
    let after = query.revision?.modification ?? (query.descending ? UInt64.max : 0)
    let candidates: [TransactionRecord] =
      query.descending
      ? all.reversed().filter { $0.modification < after } : all.filter { $0.modification > after }
    var page: [TransactionRecord] = []
    var hasMore = false
    for record in candidates where listed(record) {
      if page.count == Self.pageSize {
        hasMore = true
        break
      }
      page.append(record)
    }
    // The last page of an ascending walk ends at the App Store's newest change, so asking again
    // with its revision later gives exactly what was made or changed since.
    let revision: HistoryRevision
    if let last = page.last, hasMore || query.descending {
      revision = HistoryRevision(last)
    } else if !query.descending {
      revision = HistoryRevision(
        modifiedDate: commerce.now, modification: max(after, commerce.lastModification))
    } else {
      revision = query.revision ?? .start
    }
    let head = HistoryResponseHead(
      revision: revision.text, hasMore: hasMore, bundleId: commerce.settings.bundleId,
      appAppleId: view.app.appAppleId, environment: view.environment)
    return JSONResponse.withSignedList(head, key: "signedTransactions", try page.map(view.signed))
  }

  /// Refunded transactions in the order of their refunds; the revision is the last refund's
  /// `revocationDate_transactionId`, so refunds made later come on later pages.
  private func refundHistory(_ request: Request, id: String, view: AppStoreView) throws -> Response {
    let parameters = request.uri.queryParameters
    var after = HistoryRevision.start
    if let text = parameters.get("revision") {
      guard let revision = HistoryRevision(text) else { throw AppStoreAPIError.invalidRevision(text) }
      after = revision
    }
    let subject = try view.subject(path: id)
    func key(_ record: TransactionRecord) -> HistoryRevision {
      HistoryRevision(modifiedDate: record.revocation?.date ?? 0, modification: record.transactionId)
    }
    func isBefore(_ lhs: HistoryRevision, _ rhs: HistoryRevision) -> Bool {
      (lhs.modifiedDate, lhs.modification) < (rhs.modifiedDate, rhs.modification)
    }
    let refunds = view.transactions(ofCustomer: subject.customer).filter {
      guard let revocation = $0.revocation else { return false }
      return revocation.type != .familyRevoke && isBefore(after, key($0))
    }.sorted { isBefore(key($0), key($1)) }
    let page = Array(refunds.prefix(Self.pageSize))
    return JSONResponse.make(
      .ok,
      RefundHistoryResponse(
        signedTransactions: try page.map(view.signed), revision: (page.last.map(key) ?? after).text,
        hasMore: refunds.count > page.count))
  }
}

/// `HistoryResponse` (SPEC-APPSTORE 4.4) without its `signedTransactions`, which
/// `JSONResponse.withSignedList` appends.
package struct HistoryResponseHead: Codable {
  package var revision: String
  package var hasMore: Bool
  package var bundleId: String
  package var appAppleId: Int64
  package var environment: AppleEnvironment
}

/// `RefundHistoryResponse` (SPEC-APPSTORE 4.3).
package struct RefundHistoryResponse: Codable {
  package var signedTransactions: [String]
  package var revision: String
  package var hasMore: Bool
}
