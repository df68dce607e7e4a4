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
  /// The App Store Server API's routes: their server, and the back cache whose finished
  /// transactions and consumption information the transaction documents show.
  package let appStore: AppStoreRoutes

  package init(_ appStore: AppStoreRoutes) { self.appStore = appStore }

  private var server: ServerContext { appStore.server }

  package func register(on router: Router<BasicRequestContext>) {
    router.get("/epsim/v1/commerce/catalog") { _, _ in
      let commerce = await server.state.commerce.state
      return JSONResponse.make(.ok, commerce.products.map(ProductDocument.init))
    }
    router.get("/epsim/v1/commerce/customers/:customer/transactions") { _, context in
      let commerce = await server.state.commerce.state
      let id = context.parameters.get("customer") ?? ""
      guard commerce.customer(id) != nil else { return ControlErrorBody.unknownCustomer(id) }
      return JSONResponse.make(
        .ok,
        commerce.transactions(of: id).map {
          TransactionDocument(
            orderId: commerce.orderId(of: $0), finished: commerce.isFinished($0.transactionId),
            consumed: Int($0.consumed),
            consumptionInformation: commerce.consumptionInformation[$0.transactionId],
            payload: commerce.payload(of: $0, signedDate: commerce.now))
        })
    }
    router.get("/epsim/v1/commerce/customers/:customer/subscriptions") { _, context in
      let commerce = await server.state.commerce.state
      let id = context.parameters.get("customer") ?? ""
      guard commerce.customer(id) != nil else { return ControlErrorBody.unknownCustomer(id) }
      return JSONResponse.make(.ok, subscriptions(of: id, in: commerce))
    }
    router.post("/epsim/v1/commerce/events") { request, _ in await apply(request) }
    SignedDataRoutes(state: server.state, cache: appStore.cache).register(on: router)
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
    let step: CommerceStep
    // A buy may carry the backend's signed eligibility option, checked with the key the App Store
    // Server API's bearer tokens use (the In-App Purchase key).
    let eligibility = server.configuration.verifier.introductoryOfferEligibility
    switch await ControlCommandBody.command(
      of: request, limit: server.configuration.maximumBodyBytes, eligibility: eligibility,
      now: server.configuration.clock())
    {
    case .refused(let refusal): return refusal
    case .command(.commerce(let decoded)): step = decoded
    case .command(let command): return JSONResponse.make(.badRequest, ControlCommandBody.wrongRoute(command))
    }
    do {
      let events = try await server.state.apply(step)
      let commerce = await server.state.commerce.state
      // Notifications that fell due go out as after any control event.
      _ = try? await NotificationDispatcher(state: server.state).deliverDue()
      return JSONResponse.make(
        .ok, CommerceStepDocument(events: events.map { CommerceEventDocument($0, in: commerce) }))
    } catch {
      return ControlCommandBody.refused(error.message)  // the App Store refused
    }
  }
}

/// The answer to a purchase step: what the App Store did, in order.
package struct CommerceStepDocument: Encodable {
  package var events: [CommerceEventDocument]
}
