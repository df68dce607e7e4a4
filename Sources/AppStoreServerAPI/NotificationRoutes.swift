import AppleNotifications
import AppleWireTypes
import Foundation
import Hummingbird
import MockAppleCore
import MockAppleHTTP

/// The notification endpoints of the App Store Server API (SPEC-APPSTORE 4.10): Request a Test
/// Notification, Get Test Notification Status and Get Notification History, at the root for
/// production and under `/sandbox` for sandbox, with the report API's JWT checks.
package struct NotificationRoutes: Sendable {
  /// The other App Store endpoints: their server and the per-endpoint rate counters all share.
  package let appStore: AppStoreRoutes

  package init(_ appStore: AppStoreRoutes) { self.appStore = appStore }

  private var server: ServerContext { appStore.server }

  package func register(on router: Router<BasicRequestContext>) {
    for (prefix, environment) in AppleHosts.prefixes {
      let name: AppleEnvironment = environment == .sandbox ? .sandbox : .production
      router.post("\(prefix)/inApps/v1/notifications/test") { request, _ in
        if let refusal = await admission(request, .testNotification, environment: name) { return refusal }
        return await requestTest(environment: name)
      }
      router.get("\(prefix)/inApps/v1/notifications/test/:token") { request, context in
        if let refusal = await admission(request, .testNotificationStatus, environment: name) {
          return refusal
        }
        return await testStatus(token: context.parameters.get("token") ?? "", environment: name)
      }
      router.post("\(prefix)/inApps/v1/notifications/history") { request, _ in
        if let refusal = await admission(request, .notificationHistory, environment: name) { return refusal }
        return await history(request, environment: name)
      }
    }
  }

  private func admission(_ request: Request, _ endpoint: AppStoreEndpoint, environment: AppleEnvironment)
    async
    -> Response?
  {
    await server.admit(
      request, endpoint, sandbox: environment == .sandbox, rates: appStore.cache.rates)
  }

  private func requestTest(environment: AppleEnvironment) async -> Response {
    let created: NotificationDelivery?
    do {
      created = try await server.state.requestTestNotification(environment: environment)
    } catch {
      return JSONResponse.error(
        .internalServerError, code: 5_000_000, "cannot sign the notification: \(error)")
    }
    guard let created, let token = created.testNotificationToken else {
      return AppStoreAPIError(
        .serverNotificationURLNotFound, "no notification URL is configured: start epsim serve with --webhook"
      ).response
    }
    // Sent before answering, so the status endpoint shows the attempt at once.
    _ = try? await NotificationDispatcher(state: server.state).deliverDue()
    return JSONResponse.make(.ok, SendTestNotificationResponse(testNotificationToken: token))
  }

  private func testStatus(token: String, environment: AppleEnvironment) async -> Response {
    guard Self.isTestToken(token) else {
      return AppStoreAPIError(
        .invalidTestNotificationToken, "testNotificationToken must be like <uuid>_<milliseconds>"
      ).response
    }
    guard let delivery = await server.state.testNotification(token: token, environment: environment) else {
      return AppStoreAPIError(
        .testNotificationNotFound, "no \(environment) test notification has token \(token)"
      ).response
    }
    return JSONResponse.make(.ok, NotificationHistoryItem(delivery))
  }

  private func history(_ request: Request, environment: AppleEnvironment) async -> Response {
    let body: Data
    switch await LimitedRequestBody.data(of: request, limit: server.configuration.maximumBodyBytes) {
    case .failure(let failure): return LimitedRequestBody.response(for: failure)
    case .success(let data): body = data
    }
    let query: NotificationHistoryQuery
    switch NotificationHistoryQuery.parse(body, now: await server.state.world.now) {
    case .failure(let failure): return AppStoreAPIError(failure).response
    case .success(let parsed): query = parsed
    }
    let token = request.uri.queryParameters.get("paginationToken")
    switch await server.state.notificationHistory(query, environment: environment, pageToken: token) {
    case .failure(let failure): return AppStoreAPIError(failure).response
    case .success(let page): return JSONResponse.make(.ok, page)
    }
  }

  /// Apple's test tokens are a UUID, an underscore and a time in milliseconds.
  package static func isTestToken(_ token: String) -> Bool {
    let parts = token.split(separator: "_", omittingEmptySubsequences: false)
    return parts.count == 2 && UUID(uuidString: String(parts[0])) != nil && !parts[1].isEmpty
      && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
  }
}

/// `SendTestNotificationResponse`.
package struct SendTestNotificationResponse: Encodable {
  package var testNotificationToken: String
}
