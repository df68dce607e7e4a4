import AppStoreCommerce
import AppleWireTypes
import Foundation
import Hummingbird
import MockAppleHTTP

/// Get All Subscription Statuses and the renewal-date extensions, single and mass (SPEC-APPSTORE 4.5, 4.8).
extension AppStoreRoutes {
  package func registerSubscriptions(_ on: Register) {
    on(.get, "/inApps/v1/subscriptions/:id", .subscriptionStatuses) { request, parameters, view in
      try statuses(request, id: parameters.get("id") ?? "", view: view)
    }
    on(.put, "/inApps/v1/subscriptions/extend/:id", .extendRenewalDate) { request, parameters, view in
      try await extend(request, id: parameters.get("id") ?? "", view: view)
    }
    on(.post, "/inApps/v1/subscriptions/extend/mass", .massExtension) { request, _, view in
      try await massExtend(request, view: view)
    }
    on(.get, "/inApps/v1/subscriptions/extend/mass/:productId/:requestIdentifier", .massExtensionStatus) {
      _, parameters, view in
      let requestIdentifier = parameters.get("requestIdentifier") ?? ""
      guard view.serves, let summary = view.commerce.massExtension(requestIdentifier),
        summary.request.productId == parameters.get("productId")
      else {
        throw AppStoreAPIError(
          .notFound, 4_040_009, "StatusRequestNotFoundError",
          "no mass extension \(requestIdentifier) of this product in this environment")
      }
      return JSONResponse.make(
        .ok,
        MassExtensionStatusResponse(
          requestIdentifier: requestIdentifier, complete: true, completeDate: summary.completeDate,
          succeededCount: summary.succeededCount, failedCount: summary.failedCount))
    }
    on(.get, "/inApps/v1/lookup/:orderId", .lookUpOrderId) { _, parameters, view in
      let orderId = parameters.get("orderId") ?? ""
      guard view.serves, let position = view.cache.position(ofOrder: orderId, in: view.commerce),
        view.isVisible(Int(position))
      else {
        return JSONResponse.make(.ok, OrderLookupResponse(status: 1, signedTransactions: []))
      }
      let record = view.commerce.transactions[Int(position)]
      return JSONResponse.make(
        .ok, OrderLookupResponse(status: 0, signedTransactions: [try view.signed(record)]))
    }
  }

  /// Every subscription group of the customer, each with the latest transaction of each of their
  /// subscriptions in it (their own and any a family member shares).
  private func statuses(_ request: Request, id: String, view: AppStoreView) throws -> Response {
    var wanted: Set<SubscriptionStatus> = []
    for text in request.uri.queryParameters.getAll("status") {
      guard let value = Int(text), let status = SubscriptionStatus(rawValue: value) else {
        throw AppStoreAPIError(.badRequest, 4_000_031, "InvalidStatusError", "status '\(text)' is not 1 to 5")
      }
      wanted.insert(status)
    }
    let subject = try view.subject(path: id)
    let commerce = view.commerce
    var groups: [String: [LastTransactionsItem]] = [:]
    var order: [String] = []
    for subscription in commerce.subscriptions(ofCustomer: commerce.customers[Int(subject.customer)].id)
    where wanted.isEmpty || wanted.contains(subscription.status) {
      if groups[subscription.groupId] == nil { order.append(subscription.groupId) }
      groups[subscription.groupId, default: []].append(
        LastTransactionsItem(
          status: subscription.status.rawValue,
          originalTransactionId: String(subscription.originalTransactionId),
          signedTransactionInfo: try view.signed(subscription.latest),
          signedRenewalInfo: try view.cache.signedRenewalInfo(subscription.renewalInfo, signer: view.signer))
      )
    }
    return JSONResponse.make(
      .ok,
      StatusResponse(
        environment: view.environment, bundleId: commerce.settings.bundleId, appAppleId: view.app.appAppleId,
        data: order.map {
          SubscriptionGroupIdentifierItem(subscriptionGroupIdentifier: $0, lastTransactions: groups[$0] ?? [])
        }))
  }
}

/// `StatusResponse` and its items (SPEC-APPSTORE 4.5).
package struct StatusResponse: Codable {
  package var environment: AppleEnvironment
  package var bundleId: String
  package var appAppleId: Int64
  package var data: [SubscriptionGroupIdentifierItem]
}

package struct SubscriptionGroupIdentifierItem: Codable {
  package var subscriptionGroupIdentifier: String
  package var lastTransactions: [LastTransactionsItem]
}

package struct LastTransactionsItem: Codable {
  package var status: Int
  package var originalTransactionId: String
  package var signedTransactionInfo: String
  package var signedRenewalInfo: String
}

/// `OrderLookupResponse` (SPEC-APPSTORE 4.7): status 0 valid, 1 invalid.
package struct OrderLookupResponse: Codable {
  package var status: Int
  package var signedTransactions: [String]
}

/// `MassExtendRenewalDateStatusResponse` (SPEC-APPSTORE 4.8).
package struct MassExtensionStatusResponse: Codable {
  package var requestIdentifier: String
  package var complete: Bool
  package var completeDate: Int64
  package var succeededCount: Int
  package var failedCount: Int
}
