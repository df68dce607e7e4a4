import AppStoreCommerce
import AppleNotifications
import Foundation
import Hummingbird
import LifecycleSimulator
import MockAppleHTTP

/// Get Transaction Info, Get App Transaction Info, Set App Account Token (both paths Apple uses)
/// and Finish Transaction (SPEC-APPSTORE 4.3, 4.6).
extension AppStoreRoutes {
  package func registerTransactions(_ on: Register) {
    on(.get, "/inApps/v1/transactions/:id", .transactionInfo) { _, parameters, view in
      let id = parameters.get("id") ?? ""
      guard case .transaction(let record) = try view.subject(path: id) else {
        throw AppStoreAPIError.transactionNotFound(id)
      }
      return JSONResponse.make(.ok, ["signedTransactionInfo": try view.signed(record)])
    }
    on(.get, "/inApps/v1/transactions/appTransactions/:id", .appTransactionInfo) { _, parameters, view in
      let id = parameters.get("id") ?? ""
      guard let number = transactionNumber(id) else { throw AppStoreAPIError.invalidTransactionId(id) }
      guard let subject = view.subject(number) else {
        throw AppStoreAPIError(
          .notFound, 4_040_019, "AppTransactionDoesNotExistError", "no customer in this environment has \(id)"
        )
      }
      let payload = AppTransactionPayload(view, customer: subject.customer)
      return JSONResponse.make(.ok, ["signedAppTransactionInfo": try view.signer.sign(payload)])
    }
    // Apple's page names the first path, Apple's libraries call the second (SPEC-APPSTORE 4.3 CONFLICT).
    for path in ["/inApps/v1/transactions/:id", "/inApps/v1/transactions/:id/appAccountToken"] {
      on(.put, path, .setAppAccountToken) { request, parameters, view in
        try await setAppAccountToken(request, id: parameters.get("id") ?? "", view: view)
      }
    }
    on(.post, "/inApps/v1/transactions/:id/finish", .finishTransaction) { _, parameters, view in
      let id = parameters.get("id") ?? ""
      guard case .transaction(let record) = try view.subject(path: id) else {
        throw AppStoreAPIError.transactionNotFound(id)
      }
      try await applyBackend(.finishTransaction(transactionId: String(record.transactionId)))
      return Response(status: .ok)
    }
    registerConsumption(on)
  }

  /// Set App Account Token with every error of SPEC-APPSTORE 4.6, checked in Apple's order as
  /// epsim reads it: the id's form, the token's form, then what the id names.
  private func setAppAccountToken(_ request: Request, id: String, view: AppStoreView) async throws -> Response
  {
    let body = try await jsonObject(request)
    guard let number = transactionNumber(id) else { throw AppStoreAPIError.invalidTransactionId(id) }
    guard case .string(let token) = body["appAccountToken"] else {
      throw AppStoreAPIError.malformed("the body needs appAccountToken, a UUID string")
    }
    guard UUID(uuidString: token) != nil else {
      throw AppStoreAPIError(
        .badRequest, 4_000_183, "InvalidAppAccountTokenUUIDError", "'\(token)' is not a UUID")
    }
    switch view.subject(number) {
    case nil: throw AppStoreAPIError.originalTransactionNotFound(id)
    case .appTransaction:
      throw AppStoreAPIError(
        .badRequest, 4_000_048, "AppTransactionIdNotSupportedError",
        "\(id) is an appTransactionId; send an originalTransactionId")
    case .transaction(let record):
      guard record.ownership == .purchased else {
        throw AppStoreAPIError(
          .badRequest, 4_000_185, "FamilyTransactionNotSupportedError",
          "\(id) is a family member's FAMILY_SHARED transaction")
      }
      guard record.transactionId == record.originalTransactionId else {
        throw AppStoreAPIError(
          .badRequest, 4_000_187, "TransactionIdIsNotOriginalTransactionIdError",
          "\(id) is not an original transaction id; its original is \(record.originalTransactionId)")
      }
    }
    // Apple keeps UUIDs as the app sent them; epsim writes them in lower case, as StoreKit does.
    try await applyBackend(.setAppAccountToken(originalTransactionId: id, token: token.lowercased()))
    return Response(status: .ok)
  }
}

extension AppStoreRoutes {
  /// Makes a backend's change a step of the one history (journaled, undoable); the route has
  /// checked it already, so a refusal here is the server's fault, answered as Apple's 500.
  @discardableResult
  func applyBackend(_ event: CommerceEvent) async throws -> [CommerceDomainEvent] {
    do {
      return try await server.state.apply(event)
    } catch {
      throw AppStoreAPIError(.internalServerError, 5_000_000, "GeneralInternalError", error.message)
    }
  }
}

extension AppTransactionPayload {
  /// The payload of a customer as `view` shows them, signed at its time.
  package init(_ view: AppStoreView, customer: Int32) {
    self.init(
      app: view.app, commerce: view.commerce, customer: customer,
      firstPurchase: view.transactions(ofCustomer: customer).first?.purchaseDate, at: view.commerce.now)
  }
}
