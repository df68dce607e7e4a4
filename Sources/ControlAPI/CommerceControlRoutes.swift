import AppStoreCommerce
import AppStoreServerAPI
import CommerceSimulation
import Foundation
import Hummingbird
import LifecycleSimulator
import MockAppleCore
import MockAppleHTTP

/// The control API of the App Store beside the world (docs/control-api.openapi.json): read the
/// catalog, a customer's transactions and subscriptions; apply purchase steps. The clock moves
/// with `POST /epsim/v1/events` `advanceClock`, which moves the App Store too.
package struct CommerceControlRoutes: Sendable {
  package let state: MockAppleState
  package let configuration: ServerConfiguration
  package let office: AppStoreBackOffice

  package init(state: MockAppleState, configuration: ServerConfiguration, office: AppStoreBackOffice) {
    self.state = state
    self.configuration = configuration
    self.office = office
  }

  package func register(on router: Router<BasicRequestContext>) {
    router.get("/epsim/v1/commerce/catalog") { _, _ in
      let commerce = await state.commerce.state
      return JSONResponse.make(.ok, commerce.products.map(ProductDocument.init))
    }
    router.get("/epsim/v1/commerce/customers/:customer/transactions") { _, context in
      let commerce = await state.commerce.state
      let id = context.parameters.get("customer") ?? ""
      guard commerce.customer(id) != nil else { return ControlErrorBody.unknownCustomer(id) }
      return JSONResponse.make(
        .ok,
        commerce.transactions(of: id).map {
          TransactionDocument(
            orderId: commerce.orderId(of: $0), finished: office.isFinished($0.transactionId),
            consumed: Int($0.consumed),
            consumptionInformation: office.consumptionInformation(for: $0.transactionId),
            payload: commerce.payload(of: $0, signedDate: commerce.now))
        })
    }
    router.get("/epsim/v1/commerce/customers/:customer/subscriptions") { _, context in
      let commerce = await state.commerce.state
      let id = context.parameters.get("customer") ?? ""
      guard commerce.customer(id) != nil else { return ControlErrorBody.unknownCustomer(id) }
      return JSONResponse.make(.ok, subscriptions(of: id, in: commerce))
    }
    router.post("/epsim/v1/commerce/events") { request, _ in await apply(request) }
    SignedDataRoutes(state: state, office: office).register(on: router)
  }

  /// The customer's own subscriptions, then those a family member shares with them.
  private func subscriptions(of id: String, in commerce: CommerceState) -> [SubscriptionDocument] {
    commerce.subscriptions(ofCustomer: id).map {
      SubscriptionDocument(
        subscriptionGroupIdentifier: $0.groupId, originalTransactionId: String($0.originalTransactionId),
        status: $0.status.rawValue, familyShared: $0.familyShared,
        transaction: commerce.payload(of: $0.latest, signedDate: commerce.now), renewalInfo: $0.renewalInfo)
    }
  }

  private func apply(_ request: Request) async -> Response {
    let body: Data
    switch await LimitedRequestBody.data(of: request, limit: configuration.maximumBodyBytes) {
    case .failure(let failure): return LimitedRequestBody.response(for: failure)
    case .success(let data): body = data
    }
    let step: CommerceStep
    switch ControlCommandBody.command(from: body) {
    case .failure(let error): return JSONResponse.make(.badRequest, error)
    case .success(.commerce(let decoded)): step = decoded
    case .success(let command): return JSONResponse.make(.badRequest, ControlCommandBody.wrongRoute(command))
    }
    do {
      let events = try await state.apply(step)
      let commerce = await state.commerce.state
      // Notifications that fell due go out as after any control event.
      _ = try? await NotificationDispatcher(state: state).deliverDue()
      return JSONResponse.make(
        .ok, CommerceStepDocument(events: events.map { CommerceEventDocument($0, in: commerce) }))
    } catch {
      // The App Store refused: nothing changed.
      return JSONResponse.make(
        .conflict,
        ControlErrorBody(errorCode: GeneralErrorCode.conflict, errorMessage: error.message, fieldName: nil))
    }
  }
}

/// The answer to a purchase step: what the App Store did, in order.
package struct CommerceStepDocument: Encodable {
  package var events: [CommerceEventDocument]
}
