import AppStoreCommerce
import Foundation
import MockAppleTestSupport
import Testing

@Suite("App Store Server API: renewal-date extensions over HTTP")
struct ExtensionEndpointTests {
  static let day: Int64 = 86_400_000

  func extend(_ server: TestServer, _ id: String, days: Any = 30, reason: Any = 1, request: Any = "r-1")
    async throws
    -> HTTPExchange
  {
    try await server.api(
      "PUT", "/inApps/v1/subscriptions/extend/\(id)",
      body: ["extendByDays": days, "extendReasonCode": reason, "requestIdentifier": request])
  }

  @Test func twoExtensionsAYearMoveTheRenewalDateAndAThirdIsRefused() async throws {
    try await TestServer.withAppStore { server in
      let bought = try await server.buy("premium.monthly")
      let original = try #require(bought["originalTransactionId"] as? String)
      let expires = try #require(bought["expiresDate"] as? Int64)
      let first = try await extend(server, original)
      #expect(first.status == 200)
      let answer = try first.json()
      #expect(answer["success"] as? Bool == true)
      #expect(answer["effectiveDate"] as? Int64 == expires + 30 * Self.day)
      #expect(answer["webOrderLineItemId"] as? String == bought["webOrderLineItemId"] as? String)
      let info = try jwsPayload(
        try await server.api("GET", "/inApps/v1/transactions/\(original)").json()["signedTransactionInfo"])
      #expect(info["expiresDate"] as? Int64 == expires + 30 * Self.day)
      #expect(try await extend(server, original, days: 90, request: "r-2").status == 200)
      let third = try await extend(server, original, days: 1, request: "r-3")
      #expect(third.status == 403)
      #expect(third.errorCode == 4_030_005)
      let events = await server.mock.state.commerceEvents
      #expect(events.filter { $0.notification?.type == .renewalExtended }.count == 2)
    }
  }

  @Test func badRequestsAndIneligibleSubscriptionsGetApplesCodes() async throws {
    try await TestServer.withAppStore { server in
      try await server.family(of: "alice", "kenji")
      let original = try await server.buyId("family.monthly", field: "originalTransactionId")
      // Alice is new to the premium group: the App Store gives her premium.yearly's free trial.
      let trial = try await server.buy("premium.yearly")
      let kenji = try await server.request("GET", "/epsim/v1/commerce/customers/kenji/transactions")
        .jsonArray()
      let shared = try #require(
        (kenji.first?["payload"] as? [String: Any])?["originalTransactionId"] as? String)
      #expect(try await extend(server, original, days: 91).errorCode == 4_000_009)
      #expect(try await extend(server, original, days: 0).errorCode == 4_000_009)
      #expect(try await extend(server, original, reason: 4).errorCode == 4_000_010)
      #expect(try await extend(server, original, request: "").errorCode == 4_000_011)
      #expect(try await extend(server, "9x").errorCode == 4_000_008)
      #expect(try await extend(server, "12").errorCode == 4_040_005)
      #expect(try await extend(server, shared).errorCode == 4_030_007)
      let free = try await extend(server, try #require(trial["originalTransactionId"] as? String))
      #expect(free.status == 403)
      #expect(free.errorCode == 4_030_004)
      try await server.advance(days: 31)
      let renewal = try #require(try await server.wholeHistory(original).last?["transactionId"] as? String)
      #expect(renewal != original)
      #expect(try await extend(server, renewal).errorCode == 4_000_008)
    }
  }

  @Test func aMassExtensionExtendsTheEligibleAndReportsItsCounts() async throws {
    try await TestServer.withAppStore { server in
      // A signed eligibility claim keeps the free trial from alice and bruno; kenji gets it.
      let fullPrice: [String: Any] = ["allowIntroductoryOffer": false]
      let alice = try await server.buy("premium.yearly", extra: fullPrice)
      // The demo's bruno cannot make payments until he is allowed to.
      try await server.event(["type": "setCanMakePayments", "customer": "bruno", "allowed": true])
      try await server.buy("premium.yearly", on: "bruno.iphone", extra: fullPrice)
      let kenji = try await server.buy("premium.yearly", on: "kenji.iphone")
      #expect(kenji["offerDiscountType"] as? String == "FREE_TRIAL")
      #expect(alice["offerType"] == nil)
      let id = UUID().uuidString
      let body: [String: Any] = [
        "productId": "premium.yearly", "extendByDays": 10, "extendReasonCode": 3, "requestIdentifier": id,
      ]
      let started = try await server.api("POST", "/inApps/v1/subscriptions/extend/mass", body: body)
      #expect(started.status == 200)
      #expect(try started.json()["requestIdentifier"] as? String == id)
      let status = try await server.api("GET", "/inApps/v1/subscriptions/extend/mass/premium.yearly/\(id)")
        .json()
      #expect(status["complete"] as? Bool == true)
      #expect(status["succeededCount"] as? Int == 2)
      #expect(status["failedCount"] as? Int == 1)
      let aliceInfo = try jwsPayload(
        try await server.api(
          "GET", "/inApps/v1/transactions/\(try #require(alice["transactionId"] as? String))"
        )
        .json()["signedTransactionInfo"])
      #expect(
        aliceInfo["expiresDate"] as? Int64 == (alice["expiresDate"] as? Int64).map { $0 + 10 * Self.day })
      let summary = try #require(await server.mock.state.commerceEvents.last)
      #expect(summary.notification == AppleNotification(.renewalExtension, .summary))
      #expect(summary.massExtension?.succeededCount == 2)
      #expect(summary.massExtension?.request.requestIdentifier == id)
      // The same request identifier again changes nothing.
      #expect(try await server.api("POST", "/inApps/v1/subscriptions/extend/mass", body: body).status == 200)
      #expect(await server.mock.state.commerceEvents.last == summary)
      var french = body
      french["requestIdentifier"] = "fr-only"
      french["storefrontCountryCodes"] = ["FRA"]
      #expect(
        try await server.api("POST", "/inApps/v1/subscriptions/extend/mass", body: french).status == 200)
      let frenchStatus = try await server.api(
        "GET", "/inApps/v1/subscriptions/extend/mass/premium.yearly/fr-only"
      )
      .json()
      #expect(frenchStatus["succeededCount"] as? Int == 1)
      #expect(frenchStatus["failedCount"] as? Int == 0)
    }
  }

  @Test func massExtensionErrors() async throws {
    try await TestServer.withAppStore { server in
      let body: [String: Any] = [
        "productId": "premium.monthly", "extendByDays": 10, "extendReasonCode": 3, "requestIdentifier": "m",
      ]
      func post(_ change: [String: Any]) async throws -> Int? {
        try await server.api(
          "POST", "/inApps/v1/subscriptions/extend/mass", body: body.merging(change) { $1 }
        ).errorCode
      }
      #expect(try await post(["storefrontCountryCodes": []]) == 4_000_027)
      #expect(try await post(["storefrontCountryCodes": ["XXX"]]) == 4_000_028)
      #expect(try await post(["productId": "coins.100"]) == 4_000_023)
      #expect(try await post(["extendByDays": 100]) == 4_000_009)
      let missing = try await server.api("GET", "/inApps/v1/subscriptions/extend/mass/premium.monthly/none")
      #expect(missing.status == 404)
      #expect(missing.errorCode == 4_040_009)
    }
  }
}
