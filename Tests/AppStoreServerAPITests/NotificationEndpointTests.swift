import AppStoreCommerce
import AppleNotifications
import Foundation
import LifecycleSimulator
import MockAppleHTTP
import MockAppleTestSupport
import Testing

/// Request a Test Notification, Get Test Notification Status and Get Notification History over
/// real HTTP, with each of their errors.
@Suite("Mock server: notification endpoints")
struct NotificationEndpointTests {
  private static let day: Int64 = 86_400_000

  @Test func aTestNotificationIsSentAndItsStatusShowsTheAttempt() async throws {
    try await TestServer.withWebhook(store: false) { server, receiver in
      for sandbox in [false, true] {
        let prefix = sandbox ? "/sandbox" : ""
        let answer = try await server.request(
          "POST", prefix + "/inApps/v1/notifications/test", authorization: "Bearer \(try server.jwt())")
        #expect(answer.status == 200)
        let token = try #require(try answer.json()["testNotificationToken"] as? String)
        let body = try #require(await receiver.bodies.last)
        let sent = try WebhookBody.signedPayload(body)
        let payload = try await SignedPayload.verify(sent, trusting: server.mock.state.authority.rootPEM)
        #expect(payload["notificationType"] as? String == "TEST")
        #expect(payload["subtype"] == nil)
        #expect(token.hasPrefix((payload["notificationUUID"] as? String ?? "?") + "_"))
        let data = try #require(payload["data"] as? [String: Any])
        #expect(data["environment"] as? String == (sandbox ? "Sandbox" : "Production"))
        #expect(data["bundleId"] as? String == server.bundleId)
        #expect(data["signedTransactionInfo"] == nil)

        let status = try await server.request(
          "GET", prefix + "/inApps/v1/notifications/test/\(token)",
          authorization: "Bearer \(try server.jwt())")
        #expect(status.status == 200)
        #expect(try status.json()["signedPayload"] as? String == sent)
        let attempts = try #require(try status.json()["sendAttempts"] as? [[String: Any]])
        #expect(attempts.map { $0["sendAttemptResult"] as? String } == ["SUCCESS"])
        #expect(attempts.first?["attemptDate"] as? Int64 == payload["signedDate"] as? Int64)
        // The other host does not know it.
        let other = try await server.request(
          "GET", (sandbox ? "" : "/sandbox") + "/inApps/v1/notifications/test/\(token)",
          authorization: "Bearer \(try server.jwt())")
        #expect(other.status == 404)
        #expect(other.errorCode == 4_040_008)
      }
      #expect(await receiver.bodies.count == 2)
    }
  }

  @Test func testNotificationErrors() async throws {
    try await TestServer.with(world: DemoWorld.world(rules: .production)) { server in
      let bearer = "Bearer \(try server.jwt())"
      let noWebhook = try await server.request("POST", "/inApps/v1/notifications/test", authorization: bearer)
      #expect(noWebhook.status == 404)
      #expect(noWebhook.errorCode == 4_040_007)
      let malformed = try await server.request(
        "GET", "/inApps/v1/notifications/test/not-a-token", authorization: bearer)
      #expect(malformed.status == 400)
      #expect(malformed.errorCode == 4_000_020)
      let unknown = try await server.request(
        "GET", "/inApps/v1/notifications/test/\(UUID().uuidString.lowercased())_1700000000000",
        authorization: bearer)
      #expect(unknown.status == 404)
      #expect(unknown.errorCode == 4_040_008)
      for (method, path) in [
        ("POST", "/inApps/v1/notifications/test"), ("GET", "/sandbox/inApps/v1/notifications/test/x_1"),
        ("POST", "/inApps/v1/notifications/history"),
      ] {
        let refused = try await server.request(method, path, body: method == "POST" ? Data("{}".utf8) : nil)
        #expect(refused.status == 401, "\(method) \(path)")
        #expect(refused.authError == "no Authorization header")
      }
    }
  }

  @Test func applesLimitsOfOnePerSecondHoldForTestNotifications() async throws {
    let receiver = WebhookReceiver()
    try await receiver.serve { hook in
      let (world, commerce) = appStoreWorld()
      // The test server's clock stands still: every request falls in one window of one second.
      try await TestServer.with(
        world: world, notifications: NotificationSettings(webhookURL: hook), commerce: commerce,
        appleRateLimits: AppleRateLimits(window: 1)
      ) { server in
        let first = try await server.api("POST", "/inApps/v1/notifications/test")
        #expect(first.status == 200)
        let second = try await server.api("POST", "/inApps/v1/notifications/test")
        #expect(second.status == 429)
        #expect(second.errorCode == 4_290_000)
        let token = try #require(try first.json()["testNotificationToken"] as? String)
        #expect(try await server.api("GET", "/inApps/v1/notifications/test/\(token)").status == 200)
        #expect(try await server.api("GET", "/inApps/v1/notifications/test/\(token)").status == 429)
        let window: [String: Any] = ["startDate": world.now - 1, "endDate": world.now + 1]
        #expect(try await server.history(window).status == 200, "history has its own limit of 50")
        #expect(await receiver.bodies.count == 1)
      }
    }
  }

  @Test func historyChecksItsRequestWithApplesCodes() async throws {
    try await TestServer.with(world: DemoWorld.world(rules: .production)) { server in
      let now = await server.mock.state.world.now
      let cases: [([String: Any], Int)] = [
        (["endDate": now], 4_000_015),
        (["startDate": "yesterday", "endDate": now], 4_000_015),
        (["startDate": now - 1], 4_000_016),
        (["startDate": now - 1, "endDate": 1.5], 4_000_016),
        (["startDate": now, "endDate": now], 4_000_013),
        (["startDate": now - 181 * Self.day, "endDate": now], 4_000_012),
        (["startDate": now - 1, "endDate": now, "notificationType": "BIRTHDAY"], 4_000_018),
        (
          [
            "startDate": now - 1, "endDate": now, "notificationType": "DID_RENEW",
            "notificationSubtype": "NOPE",
          ],
          4_000_018
        ),
        (["startDate": now - 1, "endDate": now, "notificationSubtype": "BILLING_RECOVERY"], 4_000_018),
        (["startDate": now - 1, "endDate": now, "transactionId": "12ab"], 4_000_006),
        (["startDate": now - 1, "endDate": now, "transactionId": 42], 4_000_006),
        (
          ["startDate": now - 1, "endDate": now, "transactionId": "42", "notificationType": "TEST"], 4_000_019
        ),
        (["startDate": now - 1, "endDate": now, "onlyFailures": "yes"], 4_000_000),
      ]
      for (body, code) in cases {
        let answer = try await server.history(body)
        #expect(answer.status == 400, "\(body)")
        #expect(answer.errorCode == code, "\(body)")
      }
      let notAnObject = try await server.request(
        "POST", "/inApps/v1/notifications/history", body: Data("[1]".utf8),
        authorization: "Bearer \(try server.jwt())")
      #expect(notAnObject.errorCode == 4_000_000)
      let window: [String: Any] = ["startDate": now - 1, "endDate": now + 1]
      let badToken = try await server.history(window, token: "bm90LWEtdG9rZW4")
      #expect(badToken.status == 400)
      #expect(badToken.errorCode == 4_000_014)
      let empty = try await server.history(window)
      #expect(empty.status == 200)
      #expect((try empty.json()["notificationHistory"] as? [Any])?.isEmpty == true)
      #expect(try empty.json()["hasMore"] as? Bool == false)
      #expect(try empty.json()["paginationToken"] == nil)
    }
  }

  @Test func historyPagesByTwentyAndATokenSurvivesNewNotifications() async throws {
    try await TestServer.withWebhook { server, receiver in
      let start = await server.mock.state.world.now
      _ = try await server.buy("weekly.news", on: "alice.iphone")
      try await server.event(["type": "advanceClock", "by": 22 * 7 * Self.day])
      let window: [String: Any] = ["startDate": start, "endDate": start + 179 * Self.day]
      let first = try await server.history(window).json()
      let page1 = try #require(first["notificationHistory"] as? [[String: Any]])
      #expect(page1.count == 20)
      #expect(first["hasMore"] as? Bool == true)
      let token = try #require(first["paginationToken"] as? String)
      // A token belongs to its query.
      let otherQuery = try await server.history(window.merging(["onlyFailures": true]) { $1 }, token: token)
      #expect(otherQuery.errorCode == 4_000_014)
      let otherHost = try await server.history(window, token: token, sandbox: true)
      #expect(otherHost.errorCode == 4_000_014)
      // Renewals land while the client pages: it still sees each notification once.
      try await server.event(["type": "advanceClock", "by": 2 * 7 * Self.day])
      var seen = page1.compactMap { $0["signedPayload"] as? String }
      var next: String? = token
      while let current = next {
        let page = try await server.history(window, token: current).json()
        let items = try #require(page["notificationHistory"] as? [[String: Any]])
        #expect(items.count <= 20)
        seen += items.compactMap { $0["signedPayload"] as? String }
        next = page["paginationToken"] as? String
      }
      let log = await server.mock.state.notifications.deliveries.filter {
        $0.environment == "Production" && $0.dueAt >= start && $0.dueAt < start + 179 * Self.day
      }
      #expect(log.count > 22)
      #expect(seen == log.map(\.signedPayload), "every notification once, oldest first")
      #expect(try await server.allHistoryPages(window).map(\.count).dropLast().allSatisfy { $0 == 20 })
      // Nothing of production shows on the sandbox host.
      #expect(try await server.allHistoryPages(window, sandbox: true).joined().isEmpty)
    }
  }

  @Test func aPaginationTokenExpiresAfterThirtyDaysOfVirtualTime() async throws {
    try await TestServer.withWebhook(store: false) { server, receiver in
      let start = await server.mock.state.world.now
      for _ in 0..<21 {
        let answer = try await server.request(
          "POST", "/inApps/v1/notifications/test", authorization: "Bearer \(try server.jwt())")
        #expect(answer.status == 200)
      }
      let window: [String: Any] = ["startDate": start, "endDate": start + 60 * Self.day]
      let first = try await server.history(window).json()
      #expect((first["notificationHistory"] as? [Any])?.count == 20)
      let token = try #require(first["paginationToken"] as? String)
      try await server.event(["type": "advanceClock", "by": 30 * Self.day])
      let onTime = try await server.history(window, token: token).json()
      #expect((onTime["notificationHistory"] as? [Any])?.count == 1)
      #expect(onTime["hasMore"] as? Bool == false)
      try await server.event(["type": "advanceClock", "by": 1])
      let stale = try await server.history(window, token: token)
      #expect(stale.status == 400)
      #expect(stale.errorCode == 4_000_017)
    }
  }

  @Test func historyFiltersByTypeCustomerDatesAndFailures() async throws {
    try await TestServer.withAppStore(rules: .production) { server in
      let start = await server.mock.state.world.now
      _ = try await server.buy("premium.monthly", on: "alice.iphone")
      _ = try await server.buy("coins.100", on: "kenji.iphone")
      try await server.event(["type": "advanceClock", "by": 40 * Self.day])
      let window: [String: Any] = ["startDate": start, "endDate": start + 41 * Self.day]
      func types(_ extra: [String: Any]) async throws -> [String] {
        try await server.allHistoryPages(window.merging(extra) { $1 }).joined().map {
          let payload = try jwsPayload($0["signedPayload"] as? String ?? "")
          return [payload["notificationType"], payload["subtype"]].compactMap { $0 as? String }.joined(
            separator: "/")
        }
      }
      let all = try await types([:])
      #expect(all.first == "SUBSCRIBED/INITIAL_BUY")
      #expect(all.contains("ONE_TIME_CHARGE") && all.contains("DID_RENEW"))
      #expect(try await types(["notificationType": "DID_RENEW"]) == all.filter { $0 == "DID_RENEW" })
      #expect(
        try await types(["notificationType": "SUBSCRIBED", "notificationSubtype": "INITIAL_BUY"])
          == ["SUBSCRIBED/INITIAL_BUY"])
      #expect(
        try await types(["notificationType": "SUBSCRIBED", "notificationSubtype": "RESUBSCRIBE"]).isEmpty)
      let kenji = try #require(
        await server.mock.state.commerce.state.transactions(of: "kenji").first.map {
          String($0.transactionId)
        })
      #expect(try await types(["transactionId": kenji]) == ["ONE_TIME_CHARGE"])
      #expect(try await types(["transactionId": "1"]).isEmpty, "an id of nobody")
      #expect(try await types(["onlyFailures": true]).isEmpty, "no webhook: nothing failed")
      let late = ["startDate": start + 1, "endDate": start + 41 * Self.day] as [String: Any]
      #expect(
        try await server.allHistoryPages(late).joined().count == all.count - 2, "the purchases were at start")
    }
  }
}
