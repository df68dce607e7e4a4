import AppStoreCommerce
import AppleNotifications
import ExternalPurchaseTokens
import Foundation
import HTTPTypes
import Hummingbird
import JSONShield
import MockAppleCore
import MockAppleHTTP

/// The App Store Server API (SPEC-APPSTORE 4) on the same server and JWT checks as the report
/// API: production at the root, sandbox under `/sandbox`. The world's App Store runs in one
/// environment; the other host answers as Apple's would for data it has never seen.
package struct AppStoreRoutes: Sendable {
  package let server: ServerContext
  package let cache = AnswerCache()

  package init(_ server: ServerContext) { self.server = server }

  /// A handler of one endpoint: the request, its path parameters and the App Store it sees.
  package typealias Handler = @Sendable (Request, Parameters, AppStoreView) async throws -> Response

  package func register(on router: Router<BasicRequestContext>) {
    for (prefix, environment) in AppleHosts.prefixes {
      let on: Register = { method, path, endpoint, handler in
        _ = router.on(RouterPath(prefix + path), method: method) { request, context in
          await serve(request, context.parameters, endpoint, sandbox: environment == .sandbox, handler)
        }
      }
      registerTransactions(on)
      registerHistory(on)
      registerSubscriptions(on)
    }
  }

  package typealias Register = (HTTPRequest.Method, String, AppStoreEndpoint, @escaping Handler) -> Void

  /// Admission (JWT, limits), then the handler on a fresh snapshot; Apple's error bodies on failure.
  private func serve(
    _ request: Request, _ parameters: Parameters, _ endpoint: AppStoreEndpoint, sandbox: Bool,
    _ handler: Handler
  ) async -> Response {
    if let refusal = await server.admit(
      request, endpoint, sandbox: sandbox, rates: cache.rates)
    {
      return refusal
    }
    let (commerce, app) = await server.state.appStoreSnapshot()
    let view = AppStoreView(
      commerce: commerce, app: app, serves: (commerce.settings.environment == .sandbox) == sandbox,
      cache: cache, signer: SignedCommerceData(authority: server.state.authority))
    let response: Response
    do {
      response = try await handler(request, parameters, view)
    } catch let error as AppStoreAPIError {
      response = error.response
    } catch {
      response = JSONResponse.error(
        .internalServerError, code: 5_000_000, "GeneralInternalError: \(error)")
    }
    // A call that changed the App Store (an extension, a new account token) sends what it caused,
    // as a control event does: RENEWAL_EXTENDED, a mass extension's SUMMARY.
    if request.method != .get { _ = try? await NotificationDispatcher(state: server.state).deliverDue() }
    // Beside the transaction in the terminal UI: each call naming a transaction in its path.
    if let id = parameters.get("id"), transactionNumber(id) != nil {
      await server.state.noteAPICall(
        "\(request.method) \(endpoint.name) (\(response.status.code))\(sandbox ? " sandbox" : "")",
        transactionIds: [id])
    }
    return response
  }
}

extension AppStoreRoutes {
  /// The request body, limited in size.
  package func bodyData(_ request: Request) async throws -> Data {
    switch await LimitedRequestBody.data(of: request, limit: server.configuration.maximumBodyBytes) {
    case .failure(.tooLarge(let limit)):
      throw AppStoreAPIError(
        .contentTooLarge, GeneralErrorCode.bodyTooLarge, "BodyTooLarge", "over \(limit) bytes")
    case .failure(.unreadable): throw AppStoreAPIError.malformed("the body could not be read")
    case .success(let read): return read
    }
  }

  /// A body as JSON of a given shape; Apple's 400 without a code when it is not.
  package func decoded<Value: Decodable>(_ data: Data, as type: Value.Type) throws -> Value {
    do {
      return try ShieldedJSON.decode(Value.self, from: data)
    } catch {
      throw AppStoreAPIError.malformed("the body is not the JSON object this endpoint takes")
    }
  }

  /// The request body as a JSON object, for endpoints that check each field with its own error.
  package func jsonObject(_ request: Request) async throws -> [String: JSONScalar] {
    try decoded(try await bodyData(request), as: [String: JSONScalar].self)
  }
}
