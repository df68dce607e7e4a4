import Foundation
import MockAppleTestSupport
import Testing

@Suite("App Store Server API: statuses, account tokens, extensions over HTTP")
struct SubscriptionEndpointTests {
  @Test func statusesListEachGroupAndFollowTheStatusFilter() async throws {
    try await TestServer.withAppStore { server in
      let premium = try await server.buy("premium.monthly")
      try await server.buy("weekly.news")
      try await server.commerce(["type": "refund", "customer": "alice", "product": "weekly.news"])
      let original = try #require(premium["originalTransactionId"] as? String)
      let all = try await server.api("GET", "/inApps/v1/subscriptions/\(original)").json()
      #expect(all["environment"] as? String == "Production")
      let data = try #require(all["data"] as? [[String: Any]])
      #expect(Set(data.compactMap { $0["subscriptionGroupIdentifier"] as? String }) == ["premium", "news"])
      let premiumItem = try #require(
        (data.first { $0["subscriptionGroupIdentifier"] as? String == "premium" }?["lastTransactions"]
          as? [[String: Any]])?.first)
      #expect(premiumItem["status"] as? Int == 1)
      #expect(premiumItem["originalTransactionId"] as? String == original)
      let renewal = try jwsPayload(premiumItem["signedRenewalInfo"])
      #expect(renewal["autoRenewProductId"] as? String == "premium.monthly")
      #expect(try jwsPayload(premiumItem["signedTransactionInfo"])["transactionId"] as? String == original)
      let revoked = try await server.api("GET", "/inApps/v1/subscriptions/\(original)?status=5").json()
      #expect(
        (revoked["data"] as? [[String: Any]])?.map { $0["subscriptionGroupIdentifier"] as? String } == [
          "news"
        ])
      let both = try await server.api("GET", "/inApps/v1/subscriptions/\(original)?status=1&status=5").json()
      #expect((both["data"] as? [[String: Any]])?.count == 2)
      #expect(
        try await server.api("GET", "/inApps/v1/subscriptions/\(original)?status=6").errorCode == 4_000_031)
      #expect(try await server.api("GET", "/inApps/v1/subscriptions/42").errorCode == 4_040_010)
    }
  }

  @Test func aFamilyMembersSharedSubscriptionIsListedForThem() async throws {
    try await TestServer.withAppStore { server in
      try await server.family(of: "alice", "kenji")
      try await server.buy("family.monthly")
      let kenji = try await server.request("GET", "/epsim/v1/commerce/customers/kenji/transactions")
        .jsonArray()
      let shared = try #require(kenji.first?["payload"] as? [String: Any])
      #expect(shared["inAppOwnershipType"] as? String == "FAMILY_SHARED")
      let statuses = try await server.api(
        "GET", "/inApps/v1/subscriptions/\(try #require(shared["transactionId"] as? String))"
      ).json()
      let item = try #require(
        ((statuses["data"] as? [[String: Any]])?.first?["lastTransactions"] as? [[String: Any]])?.first)
      #expect(item["status"] as? Int == 1)
      #expect(item["originalTransactionId"] as? String == shared["originalTransactionId"] as? String)
    }
  }

  @Test func setAppAccountTokenOnBothPathsReachesLaterRenewals() async throws {
    try await TestServer.withAppStore { server in
      let first = try await server.buy("weekly.news")
      let original = try #require(first["originalTransactionId"] as? String)
      try await server.advance(days: 7)
      let token = UUID().uuidString.lowercased()
      for path in [
        "/inApps/v1/transactions/\(original)/appAccountToken", "/inApps/v1/transactions/\(original)",
      ] {
        let set = try await server.api("PUT", path, body: ["appAccountToken": token])
        #expect(set.status == 200, "\(path)")
      }
      try await server.advance(days: 7)
      let history = try await server.wholeHistory(original)
      #expect(history.map { $0["appAccountToken"] as? String } == [nil, token, token])
      let renewal = try jwsPayload(
        ((try await server.api("GET", "/inApps/v1/subscriptions/\(original)").json()["data"]
          as? [[String: Any]])?
          .first?["lastTransactions"] as? [[String: Any]])?.first?["signedRenewalInfo"])
      #expect(renewal["appAccountToken"] as? String == token)
    }
  }

  @Test func setAppAccountTokenRefusesAsAppleDoes() async throws {
    try await TestServer.withAppStore { server in
      try await server.family(of: "alice", "kenji")
      let first = try await server.buy("family.monthly")
      let original = try #require(first["originalTransactionId"] as? String)
      try await server.advance(days: 31)
      let latest = try #require(try await server.wholeHistory(original).last?["transactionId"] as? String)
      let kenji = try await server.request("GET", "/epsim/v1/commerce/customers/kenji/transactions")
        .jsonArray()
      let shared = try #require((kenji.first?["payload"] as? [String: Any])?["transactionId"] as? String)
      let token = ["appAccountToken": UUID().uuidString]
      func put(_ id: String, _ body: Any = token) async throws -> HTTPExchange {
        try await server.api("PUT", "/inApps/v1/transactions/\(id)/appAccountToken", body: body)
      }
      #expect(try await put("1x").errorCode == 4_000_006)
      #expect(try await put(original, ["appAccountToken": "not-a-uuid"]).errorCode == 4_000_183)
      #expect(try await put(latest).errorCode == 4_000_187)
      #expect(try await put(shared).errorCode == 4_000_185)
      #expect(try await put(try #require(first["appTransactionId"] as? String)).errorCode == 4_000_048)
      let missing = try await put("31")
      #expect(missing.status == 404)
      #expect(missing.errorCode == 4_040_005)
      let malformed = try await put(original, ["token": 1])
      #expect(malformed.status == 400)
      #expect(malformed.errorCode == nil)
    }
  }
}
