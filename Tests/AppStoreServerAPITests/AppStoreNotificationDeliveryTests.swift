import AppStoreCommerce
import AppleNotifications
import Foundation
import LifecycleSimulator
import MockAppleCore
import MockAppleTestSupport
import ServerSightings
import Testing

/// Notifications V2 of App Store events over real HTTP: what is sent, when, in which order, and
/// how failures are retried on the virtual clock.
@Suite("Mock server: App Store notifications V2 to a webhook")
struct AppStoreNotificationDeliveryTests {
  private static let hour: Int64 = 3_600_000
  private static let day = 24 * hour

  @Test func everyNotifiedEventIsSentSignedAtItsTimeInOrder() async throws {
    try await TestServer.withWebhook { server, receiver in
      _ = try await server.buy("premium.monthly", on: "alice.iphone")
      _ = try await server.buy("lifetime", on: "kenji.iphone")
      #expect(try await server.event(["type": "advanceClock", "by": 70 * Self.day]).status == 200)
      let events = await server.mock.state.commerceEvents.filter { $0.notification != nil }
      #expect(events.count >= 4, "a purchase, a one-time charge and at least two renewals")
      let bodies = await receiver.bodies
      #expect(bodies.count == events.count)
      let caPEM = server.mock.state.authority.rootPEM
      let world = await server.mock.state.world
      for (body, event) in zip(bodies, events) {
        let signed = try WebhookBody.signedPayload(body)
        let payload = try await SignedPayload.verify(signed, trusting: caPEM)
        #expect(payload["notificationType"] as? String == event.notification?.type.rawValue)
        #expect(payload["subtype"] as? String == event.notification?.subtype?.rawValue)
        #expect(payload["version"] as? String == "2.0")
        #expect(payload["signedDate"] as? Int64 == event.time)
        #expect(UUID(uuidString: payload["notificationUUID"] as? String ?? "") != nil)
        #expect(payload["summary"] == nil)
        let data = try #require(payload["data"] as? [String: Any])
        #expect(data["appAppleId"] as? Int64 == world.app.appAppleId)
        #expect(data["bundleId"] as? String == world.app.bundleId)
        #expect(data["bundleVersion"] as? String == world.app.version)
        #expect(data["environment"] as? String == "Production")
        let transaction = try await SignedPayload.verify(
          try #require(data["signedTransactionInfo"] as? String), trusting: caPEM)
        #expect(
          transaction["transactionId"] as? String == event.transaction.map { String($0.transactionId) })
        #expect(transaction["signedDate"] as? Int64 == event.time)
        if let chain = event.chain {
          let renewal = try await SignedPayload.verify(
            try #require(data["signedRenewalInfo"] as? String), trusting: caPEM)
          #expect(renewal["originalTransactionId"] as? String == String(chain.originalTransactionId))
          #expect(data["status"] as? Int == event.status?.rawValue)
        } else {
          #expect(data["signedRenewalInfo"] == nil && data["status"] == nil, "not a subscription")
        }
      }
      let types = events.map { $0.notification?.text ?? "" }
      #expect(types.prefix(2) == ["SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE"])
      #expect(types.dropFirst(2).allSatisfy { $0 == "DID_RENEW" })
      // The control API lists them beside the token notifications, each delivered once.
      let log = try await server.request("GET", "/epsim/v1/notifications").jsonArray()
      #expect(
        log.map { $0["notificationType"] as? String } == events.map { $0.notification?.type.rawValue })
      #expect(log.allSatisfy { $0["state"] as? String == "delivered" })
      #expect(
        log.first?["transactionId"] as? String == events.first?.transaction.map { String($0.transactionId) }
      )
    }
  }

  @Test func tokenAndAppStoreNotificationsGoOutTogetherInTimeOrder() async throws {
    let receiver = WebhookReceiver()
    try await receiver.serve { hook in
      let settings = NotificationSettings(webhookURL: hook, unreportedDelay: Self.hour / 2)
      try await TestServer.withStore(rules: .sandbox, notifications: settings) { server in
        try await server.event(["type": "requestToken", "device": "alice.iphone", "tokenType": "SERVICES"])
        _ = try await server.buy("premium.yearly", on: "alice.iphone")
        // Sandbox renews a year every hour; UNREPORTED falls at +1.5 h, between two renewals.
        try await server.event(["type": "advanceClock", "by": 3 * Self.hour])
        let payloads = try await receiver.bodies.map(WebhookBody.notification)
        let dates = payloads.map { $0["signedDate"] as? Int64 ?? 0 }
        #expect(dates == dates.sorted(), "sent in virtual-time order")
        let unreported = try #require(payloads.firstIndex { $0["subtype"] as? String == "UNREPORTED" })
        let renewals = payloads.indices.filter { payloads[$0]["notificationType"] as? String == "DID_RENEW" }
        #expect(renewals.contains { $0 < unreported } && renewals.contains { $0 > unreported })
        #expect(
          payloads.filter { $0["notificationType"] as? String != "EXTERNAL_PURCHASE_TOKEN" }
            .allSatisfy { ($0["data"] as? [String: Any])?["environment"] as? String == "Sandbox" })
        let log = await server.mock.state.notifications.deliveries
        #expect(log.count == payloads.count)
        #expect(
          Set(log.map(\.notificationUUID)) == Set(payloads.compactMap { $0["notificationUUID"] as? String }))
      }
    }
  }

  @Test func productionRetriesAtOneAndTwelveHoursOfVirtualTime() async throws {
    let receiver = WebhookReceiver(failures: 2)
    try await receiver.serve { hook in
      try await TestServer.withStore(
        rules: .production, notifications: NotificationSettings(webhookURL: hook)
      ) { server in
        _ = try await server.buy("lifetime", on: "alice.iphone")
        let start = await server.mock.state.world.now
        let window: [String: Any] = ["startDate": start, "endDate": start + 1]
        func attempts() async throws -> [[String: Any]] {
          let items = try await server.history(window).json()["notificationHistory"] as? [[String: Any]]
          return try #require(items?.first?["sendAttempts"] as? [[String: Any]])
        }
        #expect(try await attempts().count == 1)
        #expect(
          try await server.history(window.merging(["onlyFailures": true]) { $1 }).json()[
            "notificationHistory"] as? [Any] != nil)
        try await server.event(["type": "advanceClock", "by": Self.hour - 1])
        #expect(try await attempts().count == 1, "not retried 1 ms early")
        try await server.event(["type": "advanceClock", "by": 1])
        #expect(try await attempts().count == 2)
        try await server.event(["type": "advanceClock", "by": 12 * Self.hour])
        let all = try await attempts()
        #expect(
          all.map { $0["attemptDate"] as? Int64 } == [start, start + Self.hour, start + 13 * Self.hour])
        #expect(
          all.map { $0["sendAttemptResult"] as? String }
            == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE", "UNSUCCESSFUL_HTTP_RESPONSE_CODE", "SUCCESS"])
        let failures = try await server.history(window.merging(["onlyFailures": true]) { $1 }).json()
        #expect((failures["notificationHistory"] as? [Any])?.isEmpty == true, "delivered in the end")
        #expect(await receiver.bodies.count == 3)
      }
    }
  }

  @Test func sandboxSendsOnceUnlessRetriesAreAskedFor() async throws {
    for retries in [false, true] {
      let receiver = WebhookReceiver(failures: 1)
      try await receiver.serve { hook in
        let settings = NotificationSettings(webhookURL: hook, retriesInSandbox: retries)
        try await TestServer.withStore(rules: .sandbox, notifications: settings) { server in
          _ = try await server.buy("lifetime", on: "alice.iphone")
          try await server.event(["type": "advanceClock", "by": 2 * Self.hour])
          let delivery = try #require(await server.mock.state.notifications.deliveries.first)
          #expect(delivery.notificationType == "ONE_TIME_CHARGE")
          #expect(delivery.attempts.count == (retries ? 2 : 1))
          #expect(delivery.state == (retries ? .delivered : .failed))
          #expect(await receiver.bodies.count == (retries ? 2 : 1))
        }
      }
    }
  }

  /// Apple's `data.appAppleId` "isn't present in the sandbox environment" (issue 25): a backend
  /// relying on it fails here as against the real sandbox.
  @Test func sandboxNotificationsCarryNoAppAppleId() async throws {
    try await TestServer.withWebhook(rules: .sandbox) { server, receiver in
      _ = try await server.buy("lifetime", on: "alice.iphone")
      let body = try #require(await receiver.bodies.first)
      let payload = try await SignedPayload.verify(
        try WebhookBody.signedPayload(body), trusting: server.mock.state.authority.rootPEM)
      let data = try #require(payload["data"] as? [String: Any])
      #expect(data["environment"] as? String == "Sandbox")
      #expect(data["appAppleId"] == nil)
      #expect(data["bundleId"] as? String != nil)
    }
  }

  /// CONSUMPTION_REQUEST carries the customer's `data.consumptionRequestReason` (issue 25).
  @Test func aConsumptionRequestCarriesItsReason() async throws {
    try await TestServer.withWebhook { server, receiver in
      _ = try await server.buy("coins.100", on: "alice.iphone")
      try await server.commerce([
        "type": "requestRefund", "customer": "alice", "product": "coins.100", "reason": "FULFILLMENT_ISSUE",
      ])
      try await server.commerce(
        ["type": "requestRefund", "customer": "alice", "product": "coins.100", "reason": "LATE"],
        expect: 400)
      let bodies = await receiver.bodies
      let last = try await SignedPayload.verify(
        try WebhookBody.signedPayload(try #require(bodies.last)),
        trusting: server.mock.state.authority.rootPEM)
      #expect(last["notificationType"] as? String == "CONSUMPTION_REQUEST")
      let data = try #require(last["data"] as? [String: Any])
      #expect(data["consumptionRequestReason"] as? String == "FULFILLMENT_ISSUE")
      let first = try await SignedPayload.verify(
        try WebhookBody.signedPayload(try #require(bodies.first)),
        trusting: server.mock.state.authority.rootPEM)
      #expect(
        (first["data"] as? [String: Any])?["consumptionRequestReason"] == nil, "ONE_TIME_CHARGE has none")
    }
  }

  @Test func anUnreachableWebhookIsNoResponse() async throws {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    let settings = NotificationSettings(webhookURL: "http://127.0.0.1:1/hook")
    try await TestServer.withStore(rules: .production, notifications: settings) { server in
      _ = try await server.buy("lifetime", on: "alice.iphone")
      let delivery = try #require(await server.mock.state.notifications.deliveries.first)
      #expect(delivery.attempts.map(\.sendAttemptResult) == [.noResponse])
      #expect(delivery.state == .pending, "production retries it")
      #expect(delivery.hasFailed)
    }
  }

  @Test func aMassExtensionSummaryIsSentWithSummaryAndNoData() async throws {
    try await TestServer.withWebhook(store: false) { server, receiver in
      let world = await server.mock.state.world
      let summary = RenewalExtensionSummary(
        environment: "Production", appAppleId: world.app.appAppleId, bundleId: world.app.bundleId,
        productId: "premium.monthly", requestIdentifier: "mass-1", storefrontCountryCodes: ["USA", "FRA"],
        succeededCount: 41, failedCount: 2)
      let queued = try await server.mock.state.enqueueRenewalExtensionSummary(summary)
      try await server.mock.state.enqueueRenewalExtensionSummary(summary)  // the same request: once
      #expect(queued.state == .pending)
      _ = try await server.mock.deliverDueNotifications()
      let bodies = await receiver.bodies
      #expect(bodies.count == 1)
      let payload = try await SignedPayload.verify(
        try WebhookBody.signedPayload(try #require(bodies.first)),
        trusting: server.mock.state.authority.rootPEM)
      #expect(payload["notificationType"] as? String == "RENEWAL_EXTENSION")
      #expect(payload["subtype"] as? String == "SUMMARY")
      #expect(payload["data"] == nil)
      #expect(payload["signedDate"] as? Int64 == world.now)
      let sent = try #require(payload["summary"] as? [String: Any])
      #expect(sent["requestIdentifier"] as? String == "mass-1")
      #expect(sent["productId"] as? String == "premium.monthly")
      #expect(sent["storefrontCountryCodes"] as? [String] == ["USA", "FRA"])
      #expect(sent["succeededCount"] as? Int64 == 41)
      #expect(sent["failedCount"] as? Int64 == 2)
      #expect(sent["environment"] as? String == "Production")
      #expect(sent["appAppleId"] as? Int64 == world.app.appAppleId)
      #expect(sent["bundleId"] as? String == world.app.bundleId)
    }
  }

  @Test func eachTransactionListsItsNotificationsAndTheCallsNoted() async throws {
    try await TestServer.withAppStore(rules: .production) { server in
      _ = try await server.buy("lifetime", on: "alice.iphone")
      _ = try await server.buy("coins.100", on: "kenji.iphone")
      let state = server.mock.state
      let ids = await state.commerceEvents.compactMap { $0.transaction.map { String($0.transactionId) } }
      #expect(ids.count == 2)
      await state.noteAPICall("GET transaction info (200)", transactionIds: [ids[0]])
      await state.noteAPICall("nothing about a transaction", transactionIds: [])
      let seen = await state.sightingsByTransaction()
      #expect(Set(seen.keys) == Set(ids))
      let first = try #require(seen[ids[0]])
      #expect(first.count == 2)
      guard first.count == 2 else { return }
      #expect(
        {
          guard case .notification("ONE_TIME_CHARGE", nil, _, .logged) = first[0] else { return false }
          return true
        }(), "\(first[0])")
      #expect(
        {
          guard case .apiCall("GET transaction info (200)", _) = first[1] else { return false }
          return true
        }(), "\(first[1])")
      #expect(seen[ids[1]]?.count == 1)
      // What the server saw of tokens stays about tokens only.
      #expect(await state.sightingsByToken().isEmpty)
    }
  }
}

@Suite("Mock server: the delivery log of App Store notifications matches the OpenAPI document")
struct AppStoreNotificationLogSchemaTests {
  @Test func theLogOfEveryKindFitsTheDocumentedSchema() async throws {
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: SchemaValidator.controlAPIDocument))
        as? [String: Any])
    let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
    #expect(schemas?["NotificationDelivery"] != nil)
    // A refused connection: every attempt fails, so attempts and retries are in the log too.
    let settings = NotificationSettings(webhookURL: "http://127.0.0.1:1/hook", unreportedDelay: 3_600_000)
    try await TestServer.withStore(rules: .sandbox, notifications: settings) { server in
      try await server.event(["type": "requestToken", "device": "alice.iphone", "tokenType": "SERVICES"])
      _ = try await server.buy("premium.monthly", on: "alice.iphone")
      _ = try await server.request(
        "POST", "/sandbox/inApps/v1/notifications/test", authorization: "Bearer \(try server.jwt())")
      let answer = try await server.request("GET", "/epsim/v1/notifications")
      let log = try answer.jsonArray()
      #expect(
        Set(log.compactMap { $0["notificationType"] as? String }) == [
          "EXTERNAL_PURCHASE_TOKEN", "SUBSCRIBED", "TEST",
        ])
      let schema: [String: Any] = [
        "type": "array", "items": ["$ref": "#/components/schemas/NotificationDelivery"],
      ]
      let problems = SchemaValidator(document: document).problems(
        try JSONSerialization.jsonObject(with: answer.body), against: schema)
      #expect(problems.isEmpty, "\(problems)")
      // History lists the three kinds alike; each failed (sandbox: one attempt, refused).
      let now = await server.mock.state.world.now
      let window: [String: Any] = ["startDate": now - 3_600_000, "endDate": now + 1]
      for onlyFailures in [false, true] {
        let items = try await server.allHistoryPages(
          window.merging(["onlyFailures": onlyFailures]) { $1 }, sandbox: true
        ).joined()
        let kinds = try items.map { try jwsPayload($0["signedPayload"])["notificationType"] as? String }
        #expect(Set(kinds.compactMap { $0 }) == ["EXTERNAL_PURCHASE_TOKEN", "SUBSCRIBED", "TEST"])
        #expect(items.count == log.count)
        #expect(
          items.allSatisfy {
            ($0["sendAttempts"] as? [[String: Any]])?.map { $0["sendAttemptResult"] as? String } == [
              "NO_RESPONSE"
            ]
          })
      }
      #expect(try await server.allHistoryPages(window).joined().isEmpty, "nothing on the production host")
    }
  }
}

@Suite("Mock server: notifications caused by App Store Server API calls")
struct APICallNotificationTests {
  @Test func aMassExtensionSendsRenewalExtendedThenItsSummary() async throws {
    try await TestServer.withWebhook { server, receiver in
      let alice = try await server.buy("premium.monthly", on: "alice.iphone")
      try await server.advance(days: 40)  // a paid period, so the subscription may be extended
      let before = await receiver.bodies.count
      let body: [String: Any] = [
        "productId": "premium.monthly", "extendByDays": 5, "extendReasonCode": 1,
        "requestIdentifier": "mass-7",
      ]
      let answer = try await server.api("POST", "/inApps/v1/subscriptions/extend/mass", body: body)
      #expect(answer.status == 200)
      let sent = try await receiver.bodies.dropFirst(before).map(WebhookBody.notification)
      #expect(sent.map { $0["notificationType"] as? String } == ["RENEWAL_EXTENDED", "RENEWAL_EXTENSION"])
      let extended = try jwsPayload((sent.first?["data"] as? [String: Any])?["signedTransactionInfo"])
      #expect(extended["originalTransactionId"] as? String == alice["originalTransactionId"] as? String)
      let closing = try #require(sent.last)
      #expect(closing["subtype"] as? String == "SUMMARY")
      #expect(closing["data"] == nil)
      let summary = try #require(closing["summary"] as? [String: Any])
      #expect(summary["requestIdentifier"] as? String == "mass-7")
      #expect(summary["productId"] as? String == "premium.monthly")
      #expect(summary["succeededCount"] as? Int == 1)
      #expect(summary["failedCount"] as? Int == 0)
      #expect(summary["storefrontCountryCodes"] as? [String] == [])
      #expect(summary["environment"] as? String == "Production")
    }
  }

  @Test func callsNamingATransactionShowBesideIt() async throws {
    try await TestServer.withAppStore { server in
      let bought = try await server.buy("lifetime", on: "alice.iphone")
      let id = try #require(bought["transactionId"] as? String)
      #expect(try await server.api("GET", "/inApps/v1/transactions/\(id)").status == 200)
      #expect(try await server.api("GET", "/inApps/v1/transactions/\(id)", sandbox: true).status == 404)
      let seen = try #require(await server.mock.state.sightingsByTransaction()[id])
      #expect(seen.count == 3)
      guard seen.count == 3 else { return }
      #expect(
        {
          guard case .notification("ONE_TIME_CHARGE", nil, _, _) = seen[0] else { return false }
          return true
        }(), "\(seen[0])")
      #expect(
        seen.dropFirst().map { sighting -> String? in
          guard case .apiCall(let description, _) = sighting else { return nil }
          return description
        } == ["GET transactionInfo (200)", "GET transactionInfo (404) sandbox"])
    }
  }
}

@Suite("Transaction activity: notes per transaction")
struct TransactionActivityTests {
  @Test func notesAreKeptNewestFirstWithinTheLimit() {
    var activity = TransactionActivity()
    activity.note("no transaction", transactionIds: [], at: 0)
    #expect(activity.notes.isEmpty)
    let total = TransactionActivity.limit * 2 + 7
    for call in 0..<total {
      activity.note("call \(call)", transactionIds: ["1", "2"], at: Int64(call))
      #expect(activity.notes.count <= TransactionActivity.limit + TransactionActivity.limit / 4)
    }
    #expect(activity.notes.count >= TransactionActivity.limit)
    #expect(activity.notes.last?.text == "call \(total - 1)")
    let texts = activity.notes.map(\.text)
    #expect(texts == (total - texts.count..<total).map { "call \($0)" }, "the newest, in order")
  }
}
