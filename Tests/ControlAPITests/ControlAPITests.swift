import Foundation
import MockAppleTestSupport
import Testing

@Suite("Mock server: control API")
struct ControlAPITests {
  @Test func eventsChangeTheWorldAndReturnTheirTokens() async throws {
    try await TestServer.with { server in
      let install = try await server.event(["type": "install", "device": "alice.iphone"])
      #expect(install.status == 200)
      #expect(try install.json()["result"] as? String == "lifecycle")
      let request = try await server.event([
        "type": "requestToken", "device": "alice.iphone", "tokenType": "ACQUISITION",
      ])
      let tokens = try #require(try request.json()["tokens"] as? [[String: Any]])
      #expect(tokens.count == 1)
      #expect(tokens.first?["tokenType"] as? String == "ACQUISITION")
      #expect((tokens.first?["token"] as? String)?.isEmpty == false)
      let clock = try await server.event(["type": "advanceClock", "to": "2027-03-01T09:00:00Z"]).json()
      #expect(clock["now"] as? Int64 == 1_803_891_600_000)
      let world = try await server.request("GET", "/epsim/v1/world").json()
      #expect(world["nowText"] as? String == "2027-03-01T09:00:00.000Z")
      #expect(
        (world["tokens"] as? [[String: Any]])?.first?["active"] as? Bool == false,
        "expired at the millisecond")
    }
  }

  @Test func badEventsAre400WithTheFieldAndRefusalsAre409() async throws {
    try await TestServer.with { server in
      let unknown = try await server.event(["type": "teleport"])
      #expect(unknown.status == 400)
      #expect(try unknown.json()["fieldName"] as? String == "type")
      let missing = try await server.event(["type": "install"])
      #expect(missing.status == 400)
      #expect(try missing.json()["fieldName"] as? String == "device")
      let wrongType = try await server.event([
        "type": "requestToken", "device": "alice.iphone", "tokenType": "GIFT",
      ])
      #expect(try wrongType.json()["fieldName"] as? String == "tokenType")
      let notJSON = try await server.request("POST", "/epsim/v1/events", body: Data("[".utf8))
      #expect(notJSON.status == 400)
      let before = try await server.request("GET", "/epsim/v1/world").body
      let refused = try await server.event(["type": "install", "device": "nobody.phone"])
      #expect(refused.status == 409)
      #expect((try refused.json()["errorMessage"] as? String)?.contains("unknown device") == true)
      let backwards = try await server.event(["type": "advanceClock", "to": 0])
      #expect(backwards.status == 409)
      #expect(
        try await server.request("GET", "/epsim/v1/world").body == before, "refused events change nothing")
    }
  }
}
