import AppleNotifications
import AppleSigning
import Foundation
import LifecycleSimulator
import MockAppleTestSupport
import Testing

/// Tokens of the typed `token(for:)` of 27.2 in the mock server: the control API asks for them,
/// and notifications carry their `tokenType` in `externalPurchaseToken` (notifications 2.17).
@Suite("Mock server: typed requests")
struct TypedRequestNotificationTests {
  /// The signed `externalPurchaseToken` of every CREATED notification due in `world` now.
  private func createdTokens(in world: WorldState) async throws -> [[String: Any]] {
    let settings = NotificationSettings()
    let authority = try TestCertificateAuthority()
    var log = NotificationLog()
    try log.add(
      NotificationSchedule(settings: settings).due(in: world, isKnown: { _ in false }) { _ in false },
      world: world,
      settings: settings, authority: authority)
    var tokens: [[String: Any]] = []
    for delivery in log.deliveries where delivery.subtype == "CREATED" {
      let payload = try await SignedPayload.verify(delivery.signedPayload, trusting: authority.rootPEM)
      tokens.append(try #require(payload["externalPurchaseToken"] as? [String: Any]))
    }
    return tokens
  }

  @Test func notificationsCarryTheTypeTheTypedRequestGave() async throws {
    var rules = LifecycleRules.sandbox
    rules.typedTokenTypes[.withinApp] = .linkOut
    var simulation = Simulation(initial: DemoWorld.world(rules: rules))
    try simulation.apply(.setOSVersion(device: "kenji.iphone", version: OSVersion(27, 2)))
    try simulation.apply(.install(device: "kenji.iphone"))
    try simulation.apply(.requestTypedToken(device: "kenji.iphone", request: .withinApp))
    try simulation.apply(.requestTypedToken(device: "kenji.iphone", request: .outOfApp))
    let tokens = try await createdTokens(in: simulation.world)
    #expect(tokens.map { $0["tokenType"] as? String } == ["LINK_OUT", "LINK_OUT"])
    #expect(
      tokens.map { $0["externalPurchaseId"] as? String }
        == simulation.world.tokens.map(\.token.externalPurchaseId))
    #expect(tokens.allSatisfy { $0["tokenExpirationDate"] is Int64 })
  }

  @Test func theControlAPIAsksWithTheTypedForm() async throws {
    try await TestServer.with(world: DemoWorld.world(rules: .sandbox)) { server in
      try await server.event(["type": "setOSVersion", "device": "kenji.iphone", "osVersion": "27.2"])
      try await server.event(["type": "install", "device": "kenji.iphone"])
      let answer = try await server.event([
        "type": "requestTypedToken", "device": "kenji.iphone", "request": "outOfApp",
      ])
      #expect(answer.status == 200)
      let token = try #require((try answer.json()["tokens"] as? [[String: Any]])?.first)
      #expect(token["tokenType"] as? String == "LINK_OUT")
      #expect(token["typedRequest"] as? String == "outOfApp")
      let wrong = try await server.event([
        "type": "requestTypedToken", "device": "kenji.iphone", "request": "LINK_OUT",
      ])
      #expect(wrong.status == 400)
      #expect(try wrong.json()["fieldName"] as? String == "request")
      try await server.event(["type": "setOSVersion", "device": "kenji.iphone", "osVersion": "27.1"])
      let old = try await server.event([
        "type": "requestTypedToken", "device": "kenji.iphone", "request": "withinApp",
      ])
      let refusal = try old.json()
      #expect(refusal["result"] as? String == "notEligible")
      #expect((refusal["detail"] as? String)?.contains("token(for: .withinApp) needs iOS 27.2") == true)
      #expect(refusal["event"] as? String == "token(for: .withinApp) on kenji.iphone")
    }
  }
}
