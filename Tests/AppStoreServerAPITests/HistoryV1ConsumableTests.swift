import MockAppleTestSupport
import Testing

/// Get Transaction History v1 and consumables (issue 40, point 7), over HTTP.
@Suite("App Store Server API: history v1 leaves out wholly consumed consumables")
struct HistoryV1ConsumableTests {
  /// Pins: history v1 leaves out a wholly consumed consumable, finished or not (SPEC-APPSTORE 4.4).
  @Test func historyV1LeavesOutAConsumableOnceWhollyConsumed() async throws {
    // epsim's assumption (HistoryRoutes.swift): wholly consumed counts as finished. v1 keeps a
    // consumable while part is left and it is unfinished, and keeps a refunded one; v2 keeps all.
    try await TestServer.withAppStore { server in
      let unfinished = try #require(
        try await server.buy("coins.100", extra: ["quantity": 3])["transactionId"] as? String)
      // Any of alice's transaction ids names her whole history.
      func ids(version: Int) async throws -> Set<String> {
        let page = try await server.historyPage(unfinished, version: version)
        return Set(page.transactions.compactMap { $0["transactionId"] as? String })
      }
      func consume(_ quantity: Int) async throws {
        try await server.commerce([
          "type": "consume", "customer": "alice", "product": "coins.100", "quantity": quantity,
        ])
      }
      #expect(try await ids(version: 1).contains(unfinished))
      try await consume(2)
      #expect(try await ids(version: 1).contains(unfinished), "one of three is left")
      try await consume(1)
      #expect(!(try await ids(version: 1).contains(unfinished)), "wholly consumed, never finished")
      #expect(try await ids(version: 2).contains(unfinished))

      let finished = try await server.buyId("coins.100")
      try await consume(1)
      #expect(try await server.api("POST", "/inApps/v1/transactions/\(finished)/finish").status == 200)
      #expect(!(try await ids(version: 1).contains(finished)), "wholly consumed and finished")

      let refunded = try await server.buyId("coins.100")
      try await consume(1)
      try await server.commerce(["type": "refund", "customer": "alice", "product": "coins.100"])
      let v1 = try await ids(version: 1)
      #expect(v1.contains(refunded), "a refunded consumable stays in v1")
      #expect(try await ids(version: 2).isSuperset(of: [unfinished, finished, refunded]))
    }
  }
}
