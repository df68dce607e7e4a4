import AppleNotifications
import Foundation
import LifecycleSimulator
import MockAppleTestSupport
import Testing

/// RESCIND_CONSENT (SPEC-APPSTORE 5.2, 5.3): a parent or guardian withdraws consent; the
/// notification carries `appData` with the customer's signed app transaction and no `data`.
@Suite("Mock server: RESCIND_CONSENT")
struct RescindConsentNotificationTests {
  @Test(arguments: [false, true])
  func aRescindedConsentSendsAppDataAndNoData(sandbox: Bool) async throws {
    try await TestServer.withWebhook(rules: sandbox ? .sandbox : .production) { server, receiver in
      _ = try await server.buy("lifetime", on: "alice.iphone")
      let before = await server.mock.state.commerce.state.transactions.count
      let events = try await server.commerce(["type": "rescindConsent", "customer": "alice"])
      #expect(events.count == 1)
      #expect(
        await server.mock.state.commerce.state.transactions.count == before, "no transaction changes")
      let body = try #require(await receiver.bodies.last)
      let payload = try await SignedPayload.verify(
        try WebhookBody.signedPayload(body), trusting: server.mock.state.authority.rootPEM)
      #expect(payload["notificationType"] as? String == "RESCIND_CONSENT")
      #expect(payload["subtype"] == nil)
      #expect(payload["data"] == nil, "no data, so no data.bundleId")
      #expect(payload["summary"] == nil)
      let appData = try #require(payload["appData"] as? [String: Any])
      let world = await server.mock.state.world
      #expect(appData["bundleId"] as? String == world.app.bundleId)
      #expect(appData["environment"] as? String == (sandbox ? "Sandbox" : "Production"))
      #expect(appData["appAppleId"] as? Int64 == (sandbox ? nil : world.app.appAppleId))
      let appTransaction = try jwsPayload(appData["signedAppTransactionInfo"])
      let alice = await server.mock.state.commerce.state.customers.first { $0.id == "alice" }
      #expect(appTransaction["appTransactionId"] as? String == alice?.appTransactionId)
      #expect(appTransaction["receiptCreationDate"] as? Int64 == payload["signedDate"] as? Int64)

      try await server.commerce(["type": "rescindConsent"], expect: 400)
    }
  }
}
