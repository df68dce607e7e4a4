import Foundation
import LifecycleSimulator
import Testing

/// Hostile numbers on the control API: each gets a 400 naming its field, the server stays up and
/// what it held is still there (issue: a single `advanceClock` with `by: Int64.max` killed it).
@Suite("Control API: numbers out of range")
struct HostileControlTests {
  /// The clock and a token, read back after each hostile request.
  private func snapshot(_ server: TestServer) async throws -> (now: Int64, tokens: Int) {
    let world = try await server.request("GET", "/epsim/v1/world").json()
    return (try #require(world["now"] as? Int64), try await server.tokens().count)
  }

  @Test(arguments: [
    #"{"type": "advanceClock", "by": 9223372036854775807}"#,
    #"{"type": "advanceClock", "by": 9223372036854775}"#,
    #"{"type": "advanceClock", "by": 253402300799999}"#,
    #"{"type": "advanceClock", "by": -1}"#,
    #"{"type": "advanceClock", "to": 9223372036854775807}"#,
    #"{"type": "advanceClock", "to": -1}"#,
    #"{"type": "advanceClock", "to": 253402300800000}"#,
    #"{"type": "advanceClock", "toNext": "expiry", "offset": 9223372036854775807}"#,
    #"{"type": "advanceClock", "toExpiryOf": "SERVICES", "customer": "alice", "offset": 253402300799999}"#,
    #"{"type": "setRule", "rule": "lifetime", "tokenType": "SERVICES", "duration": 9223372036854775807}"#,
  ])
  func clockMovesOutsideTheRangeAreRefused(_ event: String) async throws {
    try await TestServer.withAppStore { server in
      #expect(try await server.event(["type": "install", "device": "alice.iphone"]).status == 200)
      #expect(
        try await server.event(["type": "requestToken", "device": "alice.iphone", "tokenType": "SERVICES"])
          .status == 200)
      let before = try await snapshot(server)
      let answer = try await server.request("POST", "/epsim/v1/events", body: Data(event.utf8))
      // Out of range as written: 400 naming the member; in range but landing past the year 9999
      // (an expiry plus an offset): 409, the engine's refusal.
      #expect(answer.status == 400 || answer.status == 409, "\(String(decoding: answer.body, as: UTF8.self))")
      if answer.status == 400 {
        let field = try #require(try answer.json()["fieldName"] as? String)
        #expect(event.contains("\"\(field)\""), "\(field)")
      }
      let message = try #require(try answer.json()["errorMessage"] as? String)
      #expect(message.contains("9999") || message.contains("2932896d"), "\(message)")
      // The server answers the next request, with nothing lost.
      let after = try await snapshot(server)
      #expect(after.now == before.now)
      #expect(after.tokens == before.tokens)
    }
  }

  @Test func theLastInstantOfTheRangeIsReachable() async throws {
    try await TestServer.withAppStore { server in
      let answer = try await server.event(["type": "advanceClock", "to": "9999-12-31T23:59:59.999Z"])
      #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
      let beyond = try await server.event(["type": "advanceClock", "by": 1])
      #expect(beyond.status == 409, "in range as written; the clock cannot go past the year 9999")
      #expect(try await snapshot(server).now == StepLimits.latestTime)
    }
  }

  @Test(arguments: [
    (#"{"type": "buy", "device": "alice.iphone", "product": "coins.100", "quantity": 11}"#, "quantity"),
    (#"{"type": "buy", "device": "alice.iphone", "product": "coins.100", "quantity": 0}"#, "quantity"),
    (
      #"{"type": "buy", "device": "alice.iphone", "product": "coins.100", "quantity": 9223372036854775807}"#,
      "quantity"
    ),
    (
      #"{"type": "setPrice", "product": "coins.100", "storefront": "USA", "price": 9223372036854775807}"#,
      "price"
    ),
    (#"{"type": "setPrice", "product": "coins.100", "storefront": "USA", "price": 0}"#, "price"),
    (#"{"type": "refund", "product": "premium.monthly", "customer": "alice", "percent": 1e300}"#, "percent"),
    (#"{"type": "refund", "product": "premium.monthly", "customer": "alice", "percent": 100.5}"#, "percent"),
  ])
  func purchaseNumbersOutsideTheLimitsAreRefused(_ step: String, field: String) async throws {
    try await TestServer.withAppStore { server in
      try await server.buy("premium.monthly")
      let answer = try await server.request("POST", "/epsim/v1/commerce/events", body: Data(step.utf8))
      #expect(answer.status == 400, "\(String(decoding: answer.body, as: UTF8.self))")
      #expect(try answer.json()["fieldName"] as? String == field)
      let purchases = try await server.request("GET", "/epsim/v1/commerce/customers/alice/subscriptions")
      #expect(purchases.status == 200)
      #expect(try purchases.jsonArray().count == 1)
    }
  }
}
