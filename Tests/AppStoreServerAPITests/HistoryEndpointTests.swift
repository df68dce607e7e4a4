import Foundation
import MockAppleTestSupport
import Testing

extension TestServer {
  /// One history page: the decoded transactions, the revision and hasMore.
  func historyPage(_ id: String, _ query: String = "", version: Int = 2) async throws -> (
    transactions: [[String: Any]], revision: String, hasMore: Bool
  ) {
    let answer = try await api(
      "GET", "/inApps/v\(version)/history/\(id)" + (query.isEmpty ? "" : "?" + query))
    #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
    let json = try answer.json()
    let signed = json["signedTransactions"] as? [Any] ?? []
    return (
      try signed.map(jwsPayload), try #require(json["revision"] as? String),
      try #require(json["hasMore"] as? Bool)
    )
  }

  /// Every page of a history, following revisions.
  func wholeHistory(_ id: String, _ query: String = "") async throws -> [[String: Any]] {
    var all: [[String: Any]] = []
    var revision: String?
    repeat {
      let page = try await historyPage(
        id, [query, revision.map { "revision=\($0)" } ?? ""].filter { !$0.isEmpty }.joined(separator: "&"))
      #expect(page.transactions.count <= 20)
      all += page.transactions
      revision = page.hasMore ? page.revision : nil
    } while revision != nil
    return all
  }

  /// alice subscribes to a weekly product that renews `weeks` times, and buys coins: weeks + 2 transactions.
  func weeklyHistory(weeks: Int64) async throws -> String {
    let first = try await buy("weekly.news")
    try await advance(days: 7 * weeks)
    try await buy("coins.100")
    return try #require(first["originalTransactionId"] as? String)
  }
}

@Suite("App Store Server API: transaction history over HTTP")
struct HistoryEndpointTests {
  @Test func pagesOfTwentyFollowTheRevisionToTheEnd() async throws {
    try await TestServer.withAppStore { server in
      let original = try await server.weeklyHistory(weeks: 25)
      let first = try await server.historyPage(original)
      #expect(first.transactions.count == 20)
      #expect(first.hasMore)
      let all = try await server.wholeHistory(original)
      let listed = try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions")
        .jsonArray()
      #expect(all.count == 27)
      #expect(
        all.compactMap { $0["transactionId"] as? String }
          == listed.compactMap { ($0["payload"] as? [String: Any])?["transactionId"] as? String })
      let dates = all.compactMap { $0["purchaseDate"] as? Int64 }
      #expect(dates == dates.sorted())
      let descending = try await server.wholeHistory(original, "sort=DESCENDING")
      #expect(
        descending.compactMap { $0["transactionId"] as? String }
          == all.reversed().compactMap { $0["transactionId"] as? String })
    }
  }

  @Test func aRenewalLandingWhilePagingIsSeenOnceAndNothingTwice() async throws {
    try await TestServer.withAppStore { server in
      let original = try await server.weeklyHistory(weeks: 25)
      let first = try await server.historyPage(original)
      try await server.advance(days: 7)  // one more renewal lands between the pages
      let second = try await server.historyPage(original, "revision=\(first.revision)")
      #expect(!second.hasMore)
      let ids = (first.transactions + second.transactions).compactMap { $0["transactionId"] as? String }
      #expect(ids.count == 28)
      #expect(Set(ids).count == 28)
      // The last revision stays valid: asking later gives exactly what arrived since.
      #expect(try await server.historyPage(original, "revision=\(second.revision)").transactions.isEmpty)
      try await server.advance(days: 7)
      let later = try await server.historyPage(original, "revision=\(second.revision)")
      #expect(later.transactions.count == 1)
      #expect(later.transactions.first?["transactionReason"] as? String == "RENEWAL")
    }
  }

  @Test func everyFilterNarrowsTheHistory() async throws {
    try await TestServer.withAppStore { server in
      let original = try await server.weeklyHistory(weeks: 3)
      try await server.commerce(["type": "refund", "customer": "alice", "product": "coins.100"])
      func count(_ query: String) async throws -> Int { try await server.wholeHistory(original, query).count }
      #expect(try await count("") == 5)
      #expect(try await count("productType=CONSUMABLE") == 1)
      #expect(try await count("productType=CONSUMABLE&productType=AUTO_RENEWABLE") == 5)
      #expect(try await count("productId=weekly.news") == 4)
      #expect(try await count("subscriptionGroupIdentifier=news") == 4)
      #expect(try await count("inAppOwnershipType=FAMILY_SHARED") == 0)
      #expect(try await count("inAppOwnershipType=PURCHASED") == 5)
      // Apple's Python library writes booleans as True/False.
      #expect(try await count("revoked=True") == 1)
      #expect(try await count("revoked=false") == 4)
      let all = try await server.wholeHistory(original)
      let start = try #require(all[1]["purchaseDate"] as? Int64)
      let end = try #require(all[3]["purchaseDate"] as? Int64)
      #expect(try await count("startDate=\(start)&endDate=\(end)") == 2)
      #expect(try await count("productType=CONSUMABLE&revoked=false") == 0)
    }
  }

  @Test func badQueriesGetApplesErrorCodes() async throws {
    try await TestServer.withAppStore { server in
      let original = try await server.weeklyHistory(weeks: 1)
      let cases: [(String, Int)] = [
        ("sort=UP", 4_000_021), ("productType=GAME", 4_000_022), ("revision=abc", 4_000_005),
        ("revision=1_999", 4_000_005), ("startDate=10&endDate=10", 4_000_013), ("startDate=soon", 4_000_015),
        ("endDate=-3", 4_000_016), ("inAppOwnershipType=BORROWED", 4_000_026), ("revoked=maybe", 4_000_030),
        ("subscriptionGroupIdentifier=", 4_000_024), ("productId=", 4_000_023),
      ]
      for (query, code) in cases {
        let answer = try await server.api("GET", "/inApps/v2/history/\(original)?\(query)")
        #expect(answer.status == 400, "\(query)")
        #expect(answer.errorCode == code, "\(query)")
      }
      #expect(try await server.api("GET", "/inApps/v2/history/5").errorCode == 4_040_010)
      #expect(try await server.api("GET", "/inApps/v2/history/\(original)", sandbox: true).status == 404)
    }
  }

  @Test func version1LeavesOutFinishedConsumables() async throws {
    try await TestServer.withAppStore { server in
      let original = try await server.weeklyHistory(weeks: 1)
      let coinsId = try await server.buyId("coins.100")
      #expect(try await server.historyPage(original, version: 1).transactions.count == 4)
      #expect(try await server.api("POST", "/inApps/v1/transactions/\(coinsId)/finish").status == 200)
      let v1 = try await server.historyPage(original, version: 1).transactions
      #expect(v1.count == 3)
      #expect(!v1.contains { $0["transactionId"] as? String == coinsId })
      #expect(try await server.historyPage(original).transactions.count == 4)
    }
  }

  @Test func anAppTransactionIdNamesTheSameHistory() async throws {
    try await TestServer.withAppStore { server in
      let bought = try await server.buy("lifetime")
      let page = try await server.historyPage(try #require(bought["appTransactionId"] as? String))
      #expect(
        page.transactions.compactMap { $0["transactionId"] as? String } == [
          bought["transactionId"] as? String
        ])
    }
  }
}
