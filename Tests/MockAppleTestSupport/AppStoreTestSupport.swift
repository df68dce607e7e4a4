import AppStoreCommerce
import CommerceSimulation
import Foundation
import LifecycleSimulator
import MockAppleHTTP
import Testing

/// The demo world (production) with the demo catalog, for the App Store Server API tests; with
/// `installed` (the default), the app is on every device from the start, as a purchase is made in it.
package func appStoreWorld(rules: LifecycleRules = .production, installed: Bool = true) -> (
  WorldState, CommerceWorld
) {
  let world = installed ? DemoWorld.worldWithAppInstalled(rules: rules) : DemoWorld.world(rules: rules)
  return (world, CommerceWorld(products: DemoCatalog.products, world: world))
}

extension TestServer {
  /// A server on the demo world with the demo catalog.
  package static func withAppStore(
    rules: LifecycleRules = .production, appleRateLimits: AppleRateLimits? = nil,
    _ body: (TestServer) async throws -> Void
  ) async throws {
    let (world, commerce) = appStoreWorld(rules: rules)
    try await with(world: world, commerce: commerce, appleRateLimits: appleRateLimits, body)
  }

  /// Applies a purchase step through the control API; its events' decoded transactions.
  @discardableResult
  package func commerce(_ step: [String: Any], expect status: Int = 200) async throws -> [[String: Any]] {
    let answer = try await request(
      "POST", "/epsim/v1/commerce/events", body: try JSONSerialization.data(withJSONObject: step))
    #expect(answer.status == status, "\(String(decoding: answer.body, as: UTF8.self))")
    guard answer.status == 200 else { return [] }
    return try answer.json()["events"] as? [[String: Any]] ?? []
  }

  /// Buys and returns one id of the new transaction: `transactionId` unless `field` names another.
  package func buyId(_ product: String, field: String = "transactionId") async throws -> String {
    try #require(try await buy(product)[field] as? String)
  }

  /// Puts `customers` in one Family Sharing group, `family`.
  package func family(_ family: String = "f", of customers: String...) async throws {
    for customer in customers {
      try await commerce(["type": "joinFamily", "customer": customer, "family": family])
    }
  }

  /// Buys and returns the new transaction's decoded payload (many tests buy only to set the stage).
  @discardableResult
  package func buy(_ product: String, on device: String = "alice.iphone", extra: [String: Any] = [:])
    async throws
    -> [String: Any]
  {
    var step: [String: Any] = ["type": "buy", "device": device, "product": product]
    step.merge(extra) { $1 }
    let events = try await commerce(step)
    return try #require(events.first?["transaction"] as? [String: Any])
  }

  package func advance(days: Int64) async throws {
    #expect(try await event(["type": "advanceClock", "by": days * 86_400_000]).status == 200)
  }

  /// An App Store Server API call with a valid JWT, on production or the `/sandbox` host.
  package func api(_ method: String, _ path: String, body: Any? = nil, sandbox: Bool = false) async throws
    -> HTTPExchange
  {
    try await request(
      method, (sandbox ? "/sandbox" : "") + path,
      body: try body.map { try JSONSerialization.data(withJSONObject: $0) }, authorization: "Bearer \(jwt())")
  }
}

/// The decoded payload of a compact JWS (the signature is checked by the interop suite).
package func jwsPayload(_ jws: Any?) throws -> [String: Any] {
  let text = try #require(jws as? String)
  let parts = text.split(separator: ".")
  try #require(parts.count == 3)
  var base64 = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(
    of: "_", with: "/")
  while base64.count % 4 != 0 { base64 += "=" }
  let data = try #require(Data(base64Encoded: base64))
  return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

extension HTTPExchange {
  /// The `errorCode` of an Apple error body.
  package var errorCode: Int? { (try? json())?["errorCode"] as? Int }
}
