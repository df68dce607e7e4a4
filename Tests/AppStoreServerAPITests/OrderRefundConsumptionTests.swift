import Foundation
import MockAppleHTTP
import MockAppleTestSupport
import Testing

@Suite("App Store Server API: orders, refunds, consumption, rate limits over HTTP")
struct OrderRefundConsumptionTests {
  @Test func anOrderIdFromTheWorldLooksUpItsTransaction() async throws {
    try await TestServer.withAppStore { server in
      let bought = try await server.buy("season.pass")
      let listed = try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions")
        .jsonArray()
      let orderId = try #require(listed.first?["orderId"] as? String)
      #expect(orderId.count == 10)
      #expect(orderId.allSatisfy { $0.isUppercase || $0.isNumber })
      let found = try await server.api("GET", "/inApps/v1/lookup/\(orderId)").json()
      #expect(found["status"] as? Int == 0)
      let signed = try #require(found["signedTransactions"] as? [Any])
      #expect(
        try signed.map(jwsPayload).map { $0["transactionId"] as? String } == [
          bought["transactionId"] as? String
        ])
      for (path, sandbox) in [
        ("/inApps/v1/lookup/ZZZZZZZZZZ", false), ("/inApps/v1/lookup/\(orderId)", true),
      ] {
        let missing = try await server.api("GET", path, sandbox: sandbox).json()
        #expect(missing["status"] as? Int == 1)
        #expect((missing["signedTransactions"] as? [Any])?.isEmpty == true)
      }
    }
  }

  @Test func refundHistoryPagesRefundsInTheOrderTheyHappened() async throws {
    try await TestServer.withAppStore { server in
      let coins = try await server.buy("coins.100")
      try await server.buy("lifetime")
      try await server.buy("season.pass")
      try await server.commerce(["type": "refund", "customer": "alice", "product": "lifetime"])
      try await server.advance(days: 1)
      try await server.commerce([
        "type": "refund", "customer": "alice", "product": "coins.100", "reason": "app-issue",
      ])
      let id = try #require(coins["transactionId"] as? String)
      let first = try await server.api("GET", "/inApps/v2/refund/lookup/\(id)").json()
      let refunded = try (first["signedTransactions"] as? [Any] ?? []).map(jwsPayload)
      #expect(refunded.map { $0["productId"] as? String } == ["lifetime", "coins.100"])
      #expect(refunded.last?["revocationReason"] as? Int == 1)
      #expect(first["hasMore"] as? Bool == false)
      let revision = try #require(first["revision"] as? String)
      let none = try await server.api("GET", "/inApps/v2/refund/lookup/\(id)?revision=\(revision)").json()
      #expect((none["signedTransactions"] as? [Any])?.isEmpty == true)
      try await server.commerce(["type": "refund", "customer": "alice", "product": "season.pass"])
      let later = try await server.api("GET", "/inApps/v2/refund/lookup/\(id)?revision=\(revision)").json()
      #expect(
        try (later["signedTransactions"] as? [Any] ?? []).map(jwsPayload).map { $0["productId"] as? String }
          == ["season.pass"])
      #expect(try await server.api("GET", "/inApps/v2/refund/lookup/\(id)?revision=x").errorCode == 4_000_005)
      #expect(try await server.api("GET", "/inApps/v2/refund/lookup/8").errorCode == 4_040_010)
    }
  }

  nonisolated(unsafe) static let consumptionV2: [String: Any] = [
    "customerConsented": true, "sampleContentProvided": false, "deliveryStatus": "DELIVERED",
    "consumptionPercentage": 25_000, "refundPreference": "DECLINE",
  ]
  nonisolated(unsafe) static let consumptionV1: [String: Any] = [
    "customerConsented": true, "consumptionStatus": 2, "platform": 1, "sampleContentProvided": false,
    "deliveryStatus": 0, "appAccountToken": "", "accountTenure": 3, "playTime": 4,
    "lifetimeDollarsRefunded": 0,
    "lifetimeDollarsPurchased": 2, "userStatus": 1,
  ]

  @Test func consumptionInformationIsCheckedFieldByFieldAndKept() async throws {
    try await TestServer.withAppStore { server in
      let coins = try #require(try await server.buy("coins.100")["transactionId"] as? String)
      let lifetime = try #require(try await server.buy("lifetime")["transactionId"] as? String)
      func put(_ version: Int, _ id: String, _ body: [String: Any]) async throws -> HTTPExchange {
        try await server.api("PUT", "/inApps/v\(version)/transactions/consumption/\(id)", body: body)
      }
      #expect(try await put(2, coins, Self.consumptionV2).status == 202)
      #expect(try await put(1, coins, Self.consumptionV1).status == 202)
      let v2Cases: [([String: Any], Int)] = [
        (["customerConsented": false], 4_000_035), (["sampleContentProvided": 1], 4_000_041),
        (["deliveryStatus": "LOST"], 4_000_036), (["consumptionPercentage": 100_001], 4_000_000),
      ]
      for (change, code) in v2Cases {
        #expect(
          try await put(2, coins, Self.consumptionV2.merging(change) { $1 }).errorCode == code, "\(change)")
      }
      let v1Cases: [([String: Any], Int)] = [
        (["platform": 5], 4_000_039), (["appAccountToken": "x"], 4_000_033),
        (["accountTenure": 8], 4_000_032),
        (["playTime": -1], 4_000_040), (["lifetimeDollarsRefunded": 9], 4_000_038),
        (["lifetimeDollarsPurchased": "2"], 4_000_037), (["userStatus": 5], 4_000_042),
        (["consumptionStatus": 4], 4_000_034), (["deliveryStatus": 6], 4_000_036),
      ]
      for (change, code) in v1Cases {
        #expect(
          try await put(1, coins, Self.consumptionV1.merging(change) { $1 }).errorCode == code, "\(change)")
      }
      var missing = Self.consumptionV2
      missing["deliveryStatus"] = nil
      #expect(try await put(2, coins, missing).errorCode == 4_000_036)
      #expect(try await put(2, lifetime, Self.consumptionV2).errorCode == 4_000_047)
      #expect(try await put(2, "77", Self.consumptionV2).errorCode == 4_040_010)
      let listed = try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions")
        .jsonArray()
      let kept = try #require(listed.first?["consumptionInformation"] as? [String: String])
      #expect(kept["userStatus"] == "1")
    }
  }

  @Test func applesRateLimitsAnswer429WithRetryAfterPerEnvironment() async throws {
    try await TestServer.withAppStore(appleRateLimits: AppleRateLimits(window: 10)) { server in
      let body: [String: Any] = [
        "productId": "premium.monthly", "extendByDays": 1, "extendReasonCode": 0, "requestIdentifier": "r",
      ]
      // The sandbox gets a tenth of production: one mass extension per 10 s window.
      let first = try await server.api(
        "POST", "/inApps/v1/subscriptions/extend/mass", body: body, sandbox: true)
      #expect(first.status != 429)
      let second = try await server.api(
        "POST", "/inApps/v1/subscriptions/extend/mass", body: body, sandbox: true)
      #expect(second.status == 429)
      #expect(second.errorCode == 4_290_000)
      // Retry-After: UNIX milliseconds when the window ends.
      #expect(second.retryAfter == String((Int64(TestServer.now.timeIntervalSince1970) / 10 + 1) * 10_000))
      for _ in 0..<10 {
        #expect(
          try await server.api("POST", "/inApps/v1/subscriptions/extend/mass", body: body).status == 200)
      }
      #expect(try await server.api("POST", "/inApps/v1/subscriptions/extend/mass", body: body).status == 429)
      #expect(try await server.api("GET", "/inApps/v1/transactions/1").status == 404)
    }
  }
}
