import AppleNotifications
import Crypto
import Foundation
import LifecycleSimulator
import MockAppleTestSupport
import Testing

@Suite("Mock server: notifications to a webhook")
struct NotificationDeliveryTests {
  private static let hour: Int64 = 3_600_000

  @Test func notificationsFireAtExactVirtualTimesAndFailuresAreRetried() async throws {
    let receiver = WebhookReceiver(failures: 2)
    try await receiver.serve { hook in
      // A sandbox world: Apple would send once; the setting asks for production's retries.
      let settings = NotificationSettings(
        webhookURL: hook, unreportedDelay: Self.hour, retriesInSandbox: true)
      try await TestServer.with(world: DemoWorld.world(rules: .sandbox), notifications: settings) { server in
        #expect(try await server.event(["type": "install", "device": "alice.iphone"]).status == 200)
        let request = try await server.event([
          "type": "requestToken", "device": "alice.iphone", "tokenType": "SERVICES",
        ])
        let start = try #require(try request.json()["now"] as? Int64)
        let created = try #require((try request.json()["notifications"] as? [[String: Any]])?.first)
        #expect(created["subtype"] as? String == "CREATED")
        #expect(created["state"] as? String == "pending", "the receiver failed the first attempt")
        #expect(created["nextAttemptAt"] as? Int64 == start + Self.hour)

        try await server.event(["type": "advanceClock", "by": Self.hour])  // retry 1 fails
        let early = try await server.event(["type": "advanceClock", "by": Self.hour - 1]).json()
        #expect((early["notifications"] as? [Any])?.isEmpty == true, "UNREPORTED is not due 1 ms early")
        let onTime = try await server.event(["type": "advanceClock", "by": 1]).json()
        let unreported = try #require((onTime["notifications"] as? [[String: Any]])?.first)
        #expect(unreported["subtype"] as? String == "UNREPORTED")
        #expect(unreported["dueAt"] as? Int64 == start + 2 * Self.hour)
        #expect(unreported["state"] as? String == "delivered")
        try await server.event(["type": "advanceClock", "to": start + 13 * Self.hour])  // retry 2 succeeds

        let log = try await server.request("GET", "/epsim/v1/notifications").jsonArray()
        let createdLog = try #require(log.first { $0["subtype"] as? String == "CREATED" })
        let attempts = try #require(createdLog["attempts"] as? [[String: Any]])
        #expect(attempts.map { $0["at"] as? Int64 } == [start, start + Self.hour, start + 13 * Self.hour])
        #expect(attempts.map { $0["status"] as? Int } == [500, 500, 200])
        #expect(createdLog["state"] as? String == "delivered")
        #expect(await receiver.bodies.count == 4)

        let caPEM = String(
          decoding: try await server.request("GET", "/epsim/v1/notifications/ca.pem").body, as: UTF8.self)
        let body = try #require(await receiver.bodies.last)
        let signed = try #require(
          (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["signedPayload"] as? String)
        let payload = try await SignedPayload.verify(signed, trusting: caPEM)
        #expect(payload["notificationType"] as? String == "EXTERNAL_PURCHASE_TOKEN")
        #expect(payload["subtype"] as? String == "CREATED")
        #expect(payload["version"] as? String == "2.0")
        #expect(payload["signedDate"] as? Int64 == start)
        let token = try #require(payload["externalPurchaseToken"] as? [String: Any])
        #expect((token["externalPurchaseId"] as? String)?.hasPrefix("SANDBOX") == true)
        #expect(token["tokenType"] as? String == "SERVICES")
        #expect(token["tokenExpirationDate"] as? Int64 == start + Self.hour)
      }
    }
  }

  @Test func aReportedTokenGetsNoUnreportedNotification() async throws {
    let receiver = WebhookReceiver()
    try await receiver.serve { hook in
      let settings = NotificationSettings(webhookURL: hook, unreportedDelay: Self.hour)
      try await TestServer.with(world: DemoWorld.world(rules: .sandbox), notifications: settings) { server in
        try await server.event(["type": "install", "device": "alice.iphone"])
        let answer = try await server.event([
          "type": "requestToken", "device": "alice.iphone", "tokenType": "SERVICES",
        ])
        let token = try #require((try answer.json()["tokens"] as? [[String: Any]])?.first)
        let id = try #require(token["externalPurchaseId"] as? String)
        let report = try reportBody(token: id, status: "NO_LINE_ITEM")
        #expect(try await server.putReport(report, sandbox: true).status == 200)
        try await server.event(["type": "advanceClock", "by": 3 * Self.hour])
        let subtypes = try await server.request("GET", "/epsim/v1/notifications").jsonArray().map {
          $0["subtype"] as? String
        }
        #expect(subtypes == ["CREATED"])
      }
    }
  }
}
