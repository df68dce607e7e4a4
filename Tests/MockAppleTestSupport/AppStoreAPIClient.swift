import AppStoreCommerce
import AppleNotifications
import CommerceSimulation
import Foundation
import LifecycleSimulator

/// The notification endpoints of the App Store Server API as a backend calls them in the tests.
extension TestServer {
  /// A server on the demo world with the demo catalog and these notification settings.
  package static func withStore(
    rules: LifecycleRules = .production, notifications: NotificationSettings,
    _ body: (TestServer) async throws -> Void
  ) async throws {
    let (world, commerce) = appStoreWorld(rules: rules)
    try await with(world: world, notifications: notifications, commerce: commerce, body)
  }

  /// `POST /inApps/v1/notifications/history` with a valid JWT unless one is given.
  package func history(
    _ body: [String: Any], token: String? = nil, sandbox: Bool = false, authorization: String? = nil
  ) async throws -> HTTPExchange {
    var path = (sandbox ? "/sandbox" : "") + "/inApps/v1/notifications/history"
    if let token { path += "?paginationToken=\(token)" }
    return try await request(
      "POST", path, body: try JSONSerialization.data(withJSONObject: body),
      authorization: try authorization ?? "Bearer \(jwt())")
  }

  /// Every page of a history request, following paginationToken; the items of each page.
  package func allHistoryPages(_ body: [String: Any], sandbox: Bool = false) async throws -> [[[String: Any]]]
  {
    var pages: [[[String: Any]]] = []
    var token: String?
    repeat {
      let answer = try await history(body, token: token, sandbox: sandbox)
      guard answer.status == 200 else { throw TestServerError.notJSON("history answered \(answer.status)") }
      let json = try answer.json()
      pages.append(json["notificationHistory"] as? [[String: Any]] ?? [])
      token = json["paginationToken"] as? String
      if json["hasMore"] as? Bool != (token != nil) {
        throw TestServerError.notJSON("hasMore and paginationToken disagree")
      }
    } while token != nil
    return pages
  }
}

/// Webhook bodies as the tests read them.
package enum WebhookBody {
  /// The `signedPayload` of a webhook body.
  package static func signedPayload(_ body: Data) throws -> String {
    let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
    guard let signed = object?["signedPayload"] as? String else {
      throw TestServerError.notJSON(String(decoding: body, as: UTF8.self))
    }
    return signed
  }

  /// The decoded `signedPayload` of a webhook body (not checked: the tests check signatures apart).
  package static func notification(_ body: Data) throws -> [String: Any] {
    try jwsPayload(try signedPayload(body))
  }
}

extension TestServer {
  /// A webhook receiver and a server that notifies it: on the demo world with the demo catalog
  /// (`store`, the app installed) or on the demo world alone; `body` gets both.
  package static func withWebhook(
    rules: LifecycleRules = .production, store: Bool = true,
    _ body: sending (TestServer, WebhookReceiver) async throws -> Void
  ) async throws {
    let receiver = WebhookReceiver()
    try await receiver.serve { hook in
      let notifications = NotificationSettings(webhookURL: hook)
      if store {
        try await withStore(rules: rules, notifications: notifications) { try await body($0, receiver) }
      } else {
        try await with(world: DemoWorld.world(rules: rules), notifications: notifications) {
          try await body($0, receiver)
        }
      }
    }
  }
}
