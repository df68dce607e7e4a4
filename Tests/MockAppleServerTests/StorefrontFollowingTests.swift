import Foundation
import MockAppleTestSupport
import Testing

/// A device moving to another storefront moves its customer's App Store account there, so the
/// next renewal is charged in the new storefront: the same steps as the `epsim run` and terminal
/// UI tests of the same name, through the control API.
@Suite("Storefront following: epsim serve")
struct StorefrontFollowingTests {
  @Test func theNextRenewalIsChargedInTheDevicesNewStorefront() async throws {
    try await TestServer.withAppStore(rules: .sandbox) { server in
      try await server.buy("premium.monthly")
      let moved = try await server.event([
        "type": "setStorefront", "device": "alice.iphone", "storefront": "jp",
      ])
      #expect(moved.status == 200)
      let renewed = try await server.event([
        "type": "advanceClock", "toNext": "renewal", "customer": "alice", "offset": 1,
      ])
      #expect(renewed.status == 200, "\(String(decoding: renewed.body, as: UTF8.self))")
      let transactions = try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions")
        .jsonArray()
      #expect(transactions.count == 2)
      let renewal = try #require(transactions.last?["payload"] as? [String: Any])
      #expect(renewal["storefront"] as? String == "JPN")
      #expect(renewal["currency"] as? String == "JPY")
    }
  }
}
