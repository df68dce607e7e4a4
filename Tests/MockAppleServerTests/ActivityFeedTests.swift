import Foundation
import MockAppleCore
import MockAppleTestSupport
import Testing

/// The server's typed activity feed: every door's step with its origin, the history's moves,
/// reports and refusals, numbered, read after a sequence number over `GET /epsim/v1/activity`,
/// and woken on for watchers (`MockAppleState.watch()`) instead of polled.
@Suite("Mock server: the activity feed")
struct ActivityFeedTests {
  static func feed(_ server: TestServer, after: String = "0") async throws -> (
    entries: [[String: Any]], next: UInt64, missed: Bool
  ) {
    let answer = try await server.request("GET", "/epsim/v1/activity?after=\(after)")
    #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
    let document = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
    return (
      try #require(document["entries"] as? [[String: Any]]),
      (document["next"] as? NSNumber)?.uint64Value ?? 0,
      document["missed"] as? Bool ?? false
    )
  }

  @Test func eachDoorsStepAndTheHistorysMovesAreNumberedEntries() async throws {
    try await TestServer.withAppStore { server in
      let original = try await server.buyId("premium.monthly", field: "originalTransactionId")
      #expect(
        try await server.api(
          "PUT", "/inApps/v1/transactions/\(original)/appAccountToken",
          body: ["appAccountToken": "7e3fb20b-4cdb-47cc-936d-99d65f608138"]
        ).status == 200)
      _ = try await server.event(["type": "advanceClock", "by": 60_000])
      let undo = try await server.request("POST", "/epsim/v1/history", body: Data(#"{"move":"undo"}"#.utf8))
      #expect(undo.status == 200)

      let (entries, next, missed) = try await Self.feed(server)
      #expect(!missed)
      let sequences = entries.compactMap { ($0["sequence"] as? NSNumber)?.uint64Value }
      #expect(sequences == Array(1...UInt64(entries.count)), "numbered from 1, in order")
      #expect(next == sequences.last)
      let steps = entries.filter { $0["type"] as? String == "step" }
      #expect(steps.map { $0["origin"] as? String } == ["controlAPI", "appleAPI", "controlAPI"])
      #expect((steps[1]["summary"] as? String)?.contains("backend set app account token") == true)
      let moved = try #require(entries.last { $0["type"] as? String == "historyMoved" })
      #expect(moved["from"] as? Int == 3 && moved["to"] as? Int == 2)
      #expect(entries.contains { $0["type"] as? String == "apiCall" }, "the API call names its transaction")

      // Read on from `next`: nothing new, and the same `next`.
      let again = try await Self.feed(server, after: String(next))
      #expect(again.entries.isEmpty && again.next == next)
      // A refused request is an entry too.
      _ = try await server.request("GET", "/inApps/v1/transactions/1", authorization: "Bearer nope")
      let refused = try await Self.feed(server, after: String(next))
      #expect(refused.entries.map { $0["type"] as? String } == ["requestRefused"])
    }
  }

  @Test func hostileAfterAndLimitAreRefusedOrReadSafely() async throws {
    try await TestServer.with { server in
      _ = try await server.event(["type": "install", "device": "alice.iphone"])
      for bad in ["-1", "x", "18446744073709551616", ""] {
        let answer = try await server.request("GET", "/epsim/v1/activity?after=\(bad)")
        #expect(answer.status == 400, "after=\(bad)")
      }
      for bad in ["0", "10001", "-5", "1e3"] {
        let answer = try await server.request("GET", "/epsim/v1/activity?limit=\(bad)")
        #expect(answer.status == 400, "limit=\(bad)")
      }
      // A number from an earlier run of the server reads from the start, saying entries may be missed.
      let all = try await Self.feed(server)
      #expect(!all.entries.isEmpty && !all.missed)
      let late = try await Self.feed(server, after: String(UInt64.max))
      #expect(late.missed && late.entries.count == all.entries.count && late.next == all.next)
      let one = try await server.request("GET", "/epsim/v1/activity?after=0&limit=1")
      #expect(one.status == 200)
    }
  }

  @Test func aWatcherIsWokenWithTheNewestNumber() async throws {
    try await TestServer.with { server in
      let stream = await server.mock.state.watch()
      var iterator = stream.makeAsyncIterator()
      #expect(await iterator.next() == 0, "a new watcher is told where the feed stands")
      _ = try await server.event(["type": "install", "device": "alice.iphone"])
      // The install is a step and a notification or more: the watcher may be woken once for all.
      let newest = await server.mock.state.activity.lastSequence
      var woken: UInt64 = 0
      while woken < newest, let next = await iterator.next() { woken = next }
      #expect(woken == newest && newest >= 1)
    }
  }
}
