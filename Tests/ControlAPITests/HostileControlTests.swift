import Foundation
import LifecycleSimulator
import MockAppleTestSupport
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

  /// A hostile request, and what it must get: the status, and for a 400 the member named.
  struct Hostile: Sendable, CustomTestStringConvertible {
    var body: String
    var status: Int
    var field: String?
    /// Whether the message must state the clock's range (every refusal of a number does).
    var statesRange = true
    var testDescription: String { String(body.prefix(120)) }
  }

  static let long = String(repeating: "x", count: 10_000)

  /// Out of range as written: a 400 naming the member. In range, but landing past the year 9999
  /// (a span or an expiry plus an offset): a 409, the engine's refusal. A 10,000-character name:
  /// the usual refusal, no crash.
  static let hostile: [Hostile] = [
    Hostile(body: #"{"type": "advanceClock", "by": 9223372036854775807}"#, status: 400, field: "by"),
    Hostile(body: #"{"type": "advanceClock", "by": 9223372036854775}"#, status: 400, field: "by"),
    Hostile(body: #"{"type": "advanceClock", "by": 253402300799999}"#, status: 409),
    Hostile(body: #"{"type": "advanceClock", "by": -1}"#, status: 400, field: "by"),
    Hostile(body: #"{"type": "advanceClock", "to": 9223372036854775807}"#, status: 400, field: "to"),
    Hostile(body: #"{"type": "advanceClock", "to": -1}"#, status: 400, field: "to"),
    Hostile(body: #"{"type": "advanceClock", "to": 253402300800000}"#, status: 400, field: "to"),
    Hostile(
      body: #"{"type": "advanceClock", "toNext": "expiry", "offset": 9223372036854775807}"#, status: 400,
      field: "offset"),
    Hostile(
      body:
        #"{"type": "advanceClock", "toExpiryOf": "SERVICES", "customer": "alice", "offset": 253402300799999}"#,
      status: 409),
    // The UI's `e`, `<` and `>` as every door has them: the next token expiry or App Store moment.
    Hostile(
      body: #"{"type": "advanceClock", "toNext": "moment", "offset": 9223372036854775807}"#, status: 400,
      field: "offset"),
    Hostile(
      body: #"{"type": "advanceClock", "toNext": "moment", "offset": -9223372036854775808}"#, status: 400,
      field: "offset"),
    Hostile(body: #"{"type": "advanceClock", "toNext": "moment", "offset": 253402300799999}"#, status: 409),
    Hostile(
      body: #"{"type": "advanceClock", "toNext": "moment", "offset": 1e400}"#, status: 400, field: nil,
      statesRange: false),
    Hostile(
      body:
        #"{"type": "setRule", "rule": "lifetime", "tokenType": "SERVICES", "duration": 9223372036854775807}"#,
      status: 400, field: "duration"),
    Hostile(body: #"{"type": "install", "device": "\#(long)"}"#, status: 409, statesRange: false),
    Hostile(
      body: #"{"type": "setRule", "rule": "\#(long)"}"#, status: 400, field: "rule", statesRange: false),
    Hostile(body: #"{"type": "\#(long)"}"#, status: 400, field: "type", statesRange: false),
  ]

  @Test(arguments: hostile)
  func outOfRangeRequestsAreRefusedAndNothingIsLost(_ request: Hostile) async throws {
    let (world, commerce) = appStoreWorld(installed: false)
    try await TestServer.with(world: world, commerce: commerce) { server in
      #expect(try await server.event(["type": "install", "device": "alice.iphone"]).status == 200)
      #expect(
        try await server.event(["type": "requestToken", "device": "alice.iphone", "tokenType": "SERVICES"])
          .status == 200)
      let before = try await snapshot(server)
      let answer = try await server.request("POST", "/epsim/v1/events", body: Data(request.body.utf8))
      #expect(answer.status == request.status, "\(String(decoding: answer.body, as: UTF8.self).prefix(300))")
      #expect(try answer.json()["fieldName"] as? String == request.field)
      let message = try #require(try answer.json()["errorMessage"] as? String)
      if request.statesRange {
        #expect(message.contains("9999") || message.contains("2932896d"), "\(message)")
      }
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
    (
      #"{"type": "buy", "device": "alice.iphone", "product": "coins.100", "appAccountToken": "\#(long)"}"#,
      "appAccountToken"
    ),
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
