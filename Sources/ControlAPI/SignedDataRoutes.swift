import AppStoreCommerce
import AppStoreServerAPI
import AppleNotifications
import AppleSigning
import Foundation
import Hummingbird
import MockAppleCore
import MockAppleHTTP

/// What the app sends its backend (control API, docs/storekit.md): StoreKit 2's
/// `jwsRepresentation` of a transaction and of the app transaction, in the world's environment
/// signed by the test certificate authority, or with `?form=xcode` as StoreKit Testing in Xcode
/// signs it (environment `Xcode`, one self-signed certificate).
package struct SignedDataRoutes: Sendable {
  package let state: MockAppleState
  package let cache: AnswerCache
  /// Made once per server; nil only if the platform cannot make a certificate.
  package let xcode: XcodeSigningIdentity?

  package init(state: MockAppleState, cache: AnswerCache) {
    self.state = state
    self.cache = cache
    xcode = try? XcodeSigningIdentity()
  }

  package func register(on router: Router<BasicRequestContext>) {
    router.get("/epsim/v1/commerce/customers/:customer/transactions/:transaction/jws") { request, context in
      let id = context.parameters.get("transaction") ?? ""
      return await signed(request, customer: context.parameters.get("customer") ?? "") {
        (view: AppStoreView, customer: String) -> TransactionPayload? in
        guard
          let record = view.commerce.transactions(of: customer).first(where: {
            String($0.transactionId) == id
          })
        else { return nil }
        return view.commerce.payload(of: record, signedDate: view.commerce.now)
      }
    }
    router.get("/epsim/v1/commerce/customers/:customer/app-transaction/jws") { request, context in
      await signed(request, customer: context.parameters.get("customer") ?? "") { view, customer in
        AppTransactionPayload(view, customer: view.commerce.customerIndex(of: customer)!)
      }
    }
    router.get("/epsim/v1/commerce/xcode-certificate.pem") { _, _ in
      guard let xcode else {
        return JSONResponse.error(.internalServerError, code: 5_000_000, "no Xcode certificate")
      }
      return Response(
        status: .ok, headers: [.contentType: "application/x-pem-file"],
        body: .init(byteBuffer: .init(string: xcode.certificatePEM)))
    }
  }

  /// Signs what `payload` finds for the customer, in the form the query asks for.
  private func signed<Payload: Encodable & XcodeRetaggable>(
    _ request: Request, customer: String, _ payload: (AppStoreView, String) -> Payload?
  ) async -> Response {
    let form = request.uri.queryParameters.get("form") ?? "storekit"
    guard form == "storekit" || form == "xcode" else {
      return JSONResponse.make(
        .badRequest,
        ControlErrorBody(
          errorCode: GeneralErrorCode.malformedRequest,
          errorMessage: "form must be storekit or xcode, found \(form)",
          fieldName: "form"))
    }
    let (commerce, app) = await state.appStoreSnapshot()
    guard commerce.customer(customer) != nil else {
      return ControlErrorBody.unknownCustomer(customer)
    }
    let view = AppStoreView(
      commerce: commerce, app: app, serves: true, cache: cache,
      signer: SignedCommerceData(authority: state.authority))
    guard var found = payload(view, customer) else {
      return JSONResponse.make(
        .notFound,
        ControlErrorBody(
          errorCode: GeneralErrorCode.transactionNotFound,
          errorMessage: "\(customer) has no transaction with that id", fieldName: "transaction"))
    }
    do {
      let jws: String
      if form == "xcode", let xcode {
        found.environmentForXcode()
        jws = try xcode.sign(payload: SignedCommerceData.encoder().encode(found))
      } else {
        jws = try view.signer.sign(found)
      }
      return JSONResponse.make(.ok, ["jwsRepresentation": jws])
    } catch {
      return JSONResponse.error(.internalServerError, code: 5_000_000, "signing failed: \(error)")
    }
  }
}

/// A payload whose environment Xcode's local testing writes as `Xcode`.
package protocol XcodeRetaggable {
  mutating func environmentForXcode()
}

extension TransactionPayload: XcodeRetaggable {
  package mutating func environmentForXcode() { environment = "Xcode" }
}

extension AppTransactionPayload: XcodeRetaggable {
  package mutating func environmentForXcode() { receiptType = "Xcode" }
}
