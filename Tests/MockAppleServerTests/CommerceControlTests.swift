import AppStoreCommerce
import Foundation
import MockAppleServer
import Testing

@Suite("Control API: the App Store beside the world")
struct CommerceControlTests {
  @Test func theCatalogIsListed() async throws {
    try await TestServer.withAppStore { server in
      let catalog = try await server.request("GET", "/epsim/v1/commerce/catalog").jsonArray()
      #expect(catalog.count == DemoCatalog.products.count)
      let monthly = try #require(catalog.first { $0["productId"] as? String == "premium.monthly" })
      #expect(monthly["subscriptionGroupIdentifier"] as? String == "premium")
      #expect((monthly["offers"] as? [[String: Any]])?.count == 4)
    }
  }

  @Test func aSubscriptionsWholeLifeCanBeDrivenOverHTTP() async throws {
    try await TestServer.withAppStore { server in
      try await server.buy("weekly.news")
      func status() async throws -> Int? {
        try await server.request("GET", "/epsim/v1/commerce/customers/alice/subscriptions").jsonArray()
          .first?[
            "status"] as? Int
      }
      #expect(try await status() == 1)
      try await server.commerce(["type": "billing", "customer": "alice", "fails": true])
      try await server.advance(days: 8)
      #expect(try await status() == 3)
      try await server.commerce(["type": "billing", "customer": "alice", "fails": false])
      try await server.advance(days: 2)
      #expect(try await status() == 1)
      let events = try await server.commerce([
        "type": "autoRenew", "customer": "alice", "group": "news", "enabled": false,
      ])
      #expect(events.first?["notificationType"] as? String == "DID_CHANGE_RENEWAL_STATUS")
      #expect(events.first?["subtype"] as? String == "AUTO_RENEW_DISABLED")
      try await server.advance(days: 8)
      #expect(try await status() == 2)
      let changed = try await server.commerce([
        "type": "buy", "device": "alice.iphone", "product": "premium.monthly",
      ])
      #expect(changed.first?["notificationType"] as? String == "SUBSCRIBED")
      let upgrade = try await server.commerce([
        "type": "change", "customer": "alice", "product": "premium.pro.monthly",
      ])
      #expect(upgrade.first?["subtype"] as? String == "UPGRADE")
      try await server.buy("coins.100", extra: ["quantity": 3])
      let consumed = try await server.commerce([
        "type": "consume", "customer": "alice", "product": "coins.100", "quantity": 2,
      ])
      #expect(consumed.first?["summary"] as? String == "consumed 2")
    }
  }

  @Test func badAndRefusedStepsSayWhy() async throws {
    try await TestServer.withAppStore { server in
      let bad = try await server.request(
        "POST", "/epsim/v1/commerce/events", body: Data(#"{"type":"buy","device":"alice.iphone"}"#.utf8))
      #expect(bad.status == 400)
      #expect(try bad.json()["fieldName"] as? String == "product")
      let unknown = try await server.request(
        "POST", "/epsim/v1/commerce/events", body: Data(#"{"type":"steal"}"#.utf8))
      #expect(try unknown.json()["fieldName"] as? String == "type")
      try await server.buy("lifetime")
      try await server.commerce(
        ["type": "buy", "device": "alice.iphone", "product": "lifetime"], expect: 409)
      #expect(
        try await server.request("GET", "/epsim/v1/commerce/customers/nobody/transactions").status == 404)
    }
  }
}
