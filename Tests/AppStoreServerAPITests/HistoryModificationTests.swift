import Foundation
import MockAppleTestSupport
import Testing

/// Get Transaction History orders by modification (SPEC-APPSTORE 4.4): a backend polling with its
/// last revision learns of refunds, revocations, upgrades and tokens set (issue 25, point 1).
@Suite("App Store Server API: the history by modification date")
struct HistoryModificationTests {
  /// alice buys coins 25 times; the revision after walking her whole history.
  static func twentyFiveCoins(_ server: TestServer) async throws -> (original: String, revision: String) {
    var first = ""
    for number in 0..<25 {
      let bought = try await server.buy("coins.100")
      if number == 0 { first = try #require(bought["transactionId"] as? String) }
    }
    var revision: String?
    var page = try await server.historyPage(first)
    while page.hasMore {
      revision = page.revision
      page = try await server.historyPage(first, "revision=\(revision!)")
    }
    return (first, page.revision)
  }

  static func ids(_ transactions: [[String: Any]]) -> [String] {
    transactions.compactMap { $0["transactionId"] as? String }
  }

  @Test(arguments: [1, 2])
  func refundsComeAfterTheLastRevisionInBothVersions(version: Int) async throws {
    try await TestServer.withAppStore { server in
      let (first, revision) = try await Self.twentyFiveCoins(server)
      #expect(
        try await server.historyPage(first, "revision=\(revision)", version: version).transactions.isEmpty)
      var refunded: [String] = []
      for _ in 0..<22 {
        let events = try await server.commerce([
          "type": "refund", "customer": "alice", "product": "coins.100",
        ])
        refunded.append(
          try #require(events.first?["transaction"] as? [String: Any])["transactionId"] as! String)
      }
      let page = try await server.historyPage(first, "revision=\(revision)", version: version)
      #expect(page.transactions.count == 20)
      #expect(page.hasMore)
      let rest = try await server.historyPage(first, "revision=\(page.revision)", version: version)
      #expect(!rest.hasMore)
      #expect(Self.ids(page.transactions + rest.transactions) == refunded, "in the order of the refunds")
      #expect((page.transactions + rest.transactions).allSatisfy { $0["revocationDate"] != nil })
      // And the last revision of that walk again gives nothing new.
      #expect(
        try await server.historyPage(first, "revision=\(rest.revision)", version: version).transactions
          .isEmpty)
    }
  }

  @Test func aRefundedPurchaseMovesToTheEndInBothSortsAndEveryFilter() async throws {
    try await TestServer.withAppStore { server in
      let old = try await server.buy("coins.100")
      let oldId = try #require(old["transactionId"] as? String)
      try await server.buy("lifetime")
      try await server.buy("coins.100")
      // Refund the older coins: it is no longer the newest unrevoked one, so refund the newest first,
      // then the old one; both move after the lifetime purchase.
      try await server.commerce(["type": "refund", "customer": "alice", "product": "coins.100"])
      try await server.commerce(["type": "refund", "customer": "alice", "product": "coins.100"])
      let ascending = Self.ids(try await server.wholeHistory(oldId))
      #expect(ascending.count == 3)
      #expect(ascending.last == oldId)
      let descending = Self.ids(try await server.wholeHistory(oldId, "sort=DESCENDING"))
      #expect(descending == ascending.reversed())
      #expect(Self.ids(try await server.wholeHistory(oldId, "revoked=true")).last == oldId)
      #expect(Self.ids(try await server.wholeHistory(oldId, "productType=CONSUMABLE")).last == oldId)
      #expect(
        Self.ids(try await server.wholeHistory(oldId, "productId=coins.100&sort=DESCENDING")).first == oldId)
    }
  }

  @Test func anUpgradeAndATokenMoveTheirTransactions() async throws {
    try await TestServer.withAppStore { server in
      let original = try await server.buyId("premium.monthly")
      try await server.buy("lifetime")
      let start = try await server.historyPage(original)
      #expect(start.transactions.count == 2)
      // An app account token on the lifetime purchase changes its payload: it comes again.
      let lifetime = try #require(Self.ids(start.transactions).last)
      let token = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
      #expect(
        try await server.api(
          "PUT", "/inApps/v1/transactions/\(lifetime)/appAccountToken", body: ["appAccountToken": token]
        ).status == 200)
      let afterToken = try await server.historyPage(original, "revision=\(start.revision)")
      #expect(Self.ids(afterToken.transactions) == [lifetime])
      #expect(afterToken.transactions.first?["appAccountToken"] as? String == token)
      // An upgrade marks the old transaction isUpgraded and adds a new one: both, old first.
      try await server.commerce(["type": "change", "customer": "alice", "product": "premium.pro.monthly"])
      let afterUpgrade = try await server.historyPage(original, "revision=\(afterToken.revision)")
      #expect(afterUpgrade.transactions.count == 2)
      #expect(afterUpgrade.transactions.first?["transactionId"] as? String == original)
      #expect(afterUpgrade.transactions.first?["isUpgraded"] as? Bool == true)
      #expect(afterUpgrade.transactions.last?["productId"] as? String == "premium.pro.monthly")
    }
  }

  @Test func aRevisionBeyondEveryChangeIsRefused() async throws {
    try await TestServer.withAppStore { server in
      let id = try #require(try await server.buy("coins.100")["transactionId"] as? String)
      let answer = try await server.api("GET", "/inApps/v2/history/\(id)?revision=0_99")
      #expect(answer.errorCode == 4_000_005)
    }
  }
}

/// Every signed value is signed when it is served (issue 25, point 2; SPEC-APPSTORE 4.4).
@Suite("App Store Server API: signedDate is the time of the answer")
struct FreshSignatureTests {
  @Test func transactionsSignedLongAgoAreSignedAgainAtTheTimeOfTheAnswer() async throws {
    try await TestServer.withAppStore { server in
      let bought = try await server.buy("lifetime")
      let id = try #require(bought["transactionId"] as? String)
      let purchaseDate = try #require(bought["purchaseDate"] as? Int64)
      func infoSignedDate() async throws -> Int64? {
        let answer = try await server.api("GET", "/inApps/v1/transactions/\(id)")
        return try jwsPayload(try answer.json()["signedTransactionInfo"])["signedDate"] as? Int64
      }
      #expect(try await infoSignedDate() == purchaseDate)
      try await server.advance(days: 40)
      let now = purchaseDate + 40 * 86_400_000
      #expect(try await infoSignedDate() == now)
      let page = try await server.historyPage(id)
      #expect(page.transactions.first?["signedDate"] as? Int64 == now)
    }
  }

  @Test func subscriptionStatusesSignTransactionAndRenewalInfoNow() async throws {
    try await TestServer.withAppStore { server in
      let bought = try await server.buy("premium.monthly")
      let id = try #require(bought["transactionId"] as? String)
      let purchaseDate = try #require(bought["purchaseDate"] as? Int64)
      func signedDates() async throws -> (Int64?, Int64?) {
        let json = try await server.api("GET", "/inApps/v1/subscriptions/\(id)").json()
        let groups = try #require(json["data"] as? [[String: Any]])
        let last = try #require((groups.first?["lastTransactions"] as? [[String: Any]])?.first)
        return (
          try jwsPayload(last["signedTransactionInfo"])["signedDate"] as? Int64,
          try jwsPayload(last["signedRenewalInfo"])["signedDate"] as? Int64
        )
      }
      try await server.advance(days: 3)
      let first = try await signedDates()
      #expect(first.0 == purchaseDate + 3 * 86_400_000)
      #expect(first.1 == purchaseDate + 3 * 86_400_000)
      try await server.advance(days: 2)
      let second = try await signedDates()
      #expect(second.0 == purchaseDate + 5 * 86_400_000)
      #expect(second.1 == purchaseDate + 5 * 86_400_000)
    }
  }
}

/// After a sandbox history clear every endpoint forgets the tester's earlier transactions (issue
/// 25, point 6).
@Suite("App Store Server API: a cleared sandbox history, everywhere")
struct ClearedHistoryTests {
  @Test func getTransactionInfoAgreesWithTheHistoryAfterAClear() async throws {
    try await TestServer.withAppStore(rules: .sandbox) { server in
      let old = try await server.buy("lifetime")
      let oldId = try #require(old["transactionId"] as? String)
      let appTransactionId = try #require(old["appTransactionId"] as? String)
      #expect(try await server.api("GET", "/inApps/v1/transactions/\(oldId)", sandbox: true).status == 200)
      try await server.commerce(["type": "clearHistory", "customer": "alice"])
      let info = try await server.api("GET", "/inApps/v1/transactions/\(oldId)", sandbox: true)
      #expect(info.status == 404)
      #expect(info.errorCode == 4_040_010)
      #expect(try await server.api("GET", "/inApps/v2/history/\(oldId)", sandbox: true).status == 404)
      let history = try await server.api("GET", "/inApps/v2/history/\(appTransactionId)", sandbox: true)
      #expect(try jsonList(history.json()["signedTransactions"]).isEmpty)
      let token = ["appAccountToken": "7e3fb20b-4cdb-47cc-936d-99d65f608138"]
      #expect(
        try await server.api(
          "PUT", "/inApps/v1/transactions/\(oldId)/appAccountToken", body: token, sandbox: true
        )
        .errorCode == 4_040_005)
      // A purchase made after the clear is there on every endpoint.
      let newId = try await server.buyId("lifetime")
      #expect(try await server.api("GET", "/inApps/v1/transactions/\(newId)", sandbox: true).status == 200)
    }
  }

  private func jsonList(_ value: Any?) -> [Any] { value as? [Any] ?? [] }
}
