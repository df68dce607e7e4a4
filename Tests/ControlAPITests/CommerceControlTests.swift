import AppStoreCommerce
import Foundation
import MockAppleTestSupport
import Testing

@Suite("Control API: the App Store beside the world")
struct CommerceControlTests {
  @Test func theCatalogIsListed() async throws {
    try await TestServer.withAppStore { server in
      let catalog = try await server.request("GET", "/epsim/v1/commerce/catalog").jsonArray()
      #expect(catalog.count == DemoCatalog.products.count)
      let monthly = try #require(catalog.first { $0["productId"] as? String == "premium.monthly" })
      #expect(monthly["subscriptionGroupIdentifier"] as? String == "premium")
      #expect((monthly["offers"] as? [[String: Any]])?.count == 3)
    }
  }

  /// SPEC-APPSTORE-2026 3 through the control API: a plain buy gets the introductory offer of an
  /// eligible customer, a signed claim of `false` withholds it, and a buy cannot name it.
  @Test func aBuyGetsTheIntroductoryOfferUnlessASignedClaimWithholdsIt() async throws {
    try await TestServer.withAppStore { server in
      let trial = try await server.buy("premium.yearly")
      #expect(trial["offerType"] as? Int == 1)
      #expect(trial["offerDiscountType"] as? String == "FREE_TRIAL")
      #expect(trial["price"] as? Int == 0)
      try await server.event(["type": "setCanMakePayments", "customer": "bruno", "allowed": true])
      let full = try await server.buy(
        "premium.yearly", on: "bruno.iphone", extra: ["allowIntroductoryOffer": false])
      #expect(full["offerType"] == nil)
      #expect((full["price"] as? Int ?? 0) > 0)
      let buy = #"{"type":"buy","device":"kenji.iphone","product":"premium.yearly""#
      let named = try await server.request(
        "POST", "/epsim/v1/commerce/events", body: Data((buy + #","offer":"trial"}"#).utf8))
      #expect(named.status == 409)
      #expect(String(decoding: named.body, as: UTF8.self).contains("introductory offer"))
      let wrong = try await server.request(
        "POST", "/epsim/v1/commerce/events", body: Data((buy + #","allowIntroductoryOffer":"yes"}"#).utf8))
      #expect(wrong.status == 400)
      #expect(String(decoding: wrong.body, as: UTF8.self).contains("allowIntroductoryOffer"))
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

  /// The purchase steps the scenario language has beyond the first seven are control events too:
  /// refund requests and declines, prorated refunds, price increases and consent, sales, families.
  @Test func refundsPricesSalesAndFamiliesCanBeDrivenOverHTTP() async throws {
    try await TestServer.withAppStore { server in
      func notification(_ events: [[String: Any]]) -> String? {
        events.compactMap { event in
          (event["notificationType"] as? String).map { type in
            type + ((event["subtype"] as? String).map { "/" + $0 } ?? "")
          }
        }.first
      }
      try await server.buy("coins.100")
      let requested = try await server.commerce([
        "type": "requestRefund", "customer": "alice", "product": "coins.100",
      ])
      #expect(notification(requested) == "CONSUMPTION_REQUEST")
      let declined = try await server.commerce([
        "type": "declineRefund", "customer": "alice", "product": "coins.100",
      ])
      #expect(notification(declined) == "REFUND_DECLINED")

      let bought = try await server.buy("weekly.news")
      #expect(bought["price"] as? Int == 2190)
      let raised = try await server.commerce([
        "type": "setPrice", "product": "weekly.news", "storefront": "NLD", "price": 2490,
        "needsConsent": true,
      ])
      #expect(notification(raised) == "PRICE_INCREASE/PENDING")
      let consented = try await server.commerce([
        "type": "consentToPriceIncrease", "customer": "alice", "group": "news",
      ])
      #expect(notification(consented) == "PRICE_INCREASE/ACCEPTED")
      try await server.advance(days: 7)
      let renewed =
        try await server.request("GET", "/epsim/v1/commerce/customers/alice/subscriptions")
        .jsonArray().first?["transaction"] as? [String: Any]
      #expect(renewed?["price"] as? Int == 2490, "the renewal is at the consented price")

      let refunded = try await server.commerce([
        "type": "refund", "customer": "alice", "product": "weekly.news", "percent": 12.5,
      ])
      #expect(notification(refunded) == "REFUND")
      let revoked = refunded.compactMap { $0["transaction"] as? [String: Any] }.first
      #expect(revoked?["revocationPercentage"] as? Int == 12_500)
      #expect(revoked?["revocationType"] as? String == "REFUND_PRORATED")

      try await server.commerce(["type": "sale", "product": "coins.100", "forSale": false])
      try await server.commerce(
        ["type": "buy", "device": "alice.iphone", "product": "coins.100"], expect: 409)
      try await server.commerce(["type": "sale", "product": "coins.100", "forSale": true])
      try await server.buy("coins.100")

      try await server.commerce(["type": "joinFamily", "customer": "alice", "family": "f"])
      try await server.commerce(["type": "leaveFamily", "customer": "alice"])
      // Purchase history can be cleared in the sandbox only.
      try await server.commerce(["type": "clearHistory", "customer": "alice"], expect: 409)
    }
    try await TestServer.withAppStore(rules: .sandbox) { server in
      try await server.buy("coins.100")
      try await server.commerce(["type": "clearHistory", "customer": "alice"])
      let transactions = try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions")
      #expect(transactions.status == 200)
      #expect(try transactions.jsonArray().isEmpty, "the sandbox account's history is gone")
    }
  }

  @Test(arguments: [
    (#"{"type":"refund","customer":"alice","product":"coins.100","percent":150}"#, "percent"),
    (#"{"type":"refund","customer":"alice","product":"coins.100","percent":0.0001}"#, "percent"),
    (#"{"type":"setPrice","product":"coins.100","storefront":"NLD"}"#, "price"),
    (#"{"type":"setPrice","product":"coins.100","storefront":"NLD","price":0}"#, "price"),
    (#"{"type":"sale","product":"coins.100"}"#, "forSale"),
    (#"{"type":"leaveFamily"}"#, "customer"),
  ])
  func badNewStepsNameTheirField(step: String, field: String) async throws {
    try await TestServer.withAppStore { server in
      let answer = try await server.request("POST", "/epsim/v1/commerce/events", body: Data(step.utf8))
      #expect(answer.status == 400)
      #expect(try answer.json()["fieldName"] as? String == field)
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

  /// App Store settings as steps, as a scenario's `commerce` lines: the same names and checks.
  @Test func settingsAreStepsWithTheScenarioLinesNames() async throws {
    try await TestServer.withAppStore { server in
      try await server.commerce(["type": "gracePeriod", "value": "16d"])
      try await server.commerce(["type": "renewalRate", "customer": "alice", "value": "1h"])
      try await server.commerce(["type": "failingRenewals", "customer": "alice"])
      let bad = try await server.request(
        "POST", "/epsim/v1/commerce/events", body: Data(#"{"type":"gracePeriod","value":"2d"}"#.utf8))
      #expect(bad.status == 400)
      #expect(try bad.json()["fieldName"] as? String == "value")
      try await server.commerce(["type": "renewalRate", "customer": "nobody", "value": "1h"], expect: 409)
      let commerce = await server.mock.state.commerce
      #expect(
        commerce.state.settings.gracePeriod.enabled
          && commerce.state.settings.gracePeriod.duration == .sixteenDays)
      #expect(commerce.rates["alice"] == .oneHour)
      #expect(commerce.failing.contains("alice"))
    }
  }

  /// The two settings a `.storekit` file gives (`commerce default-renewal-rate`,
  /// `default-failing-renewals`) are steps too, with the same values and refusals.
  @Test func storeKitDefaultsAreStepsToo() async throws {
    try await TestServer.withAppStore { server in
      try await server.commerce(["type": "defaultRenewalRate", "value": "real"])
      try await server.commerce(["type": "defaultFailingRenewals", "enabled": true])
      let commerce = await server.mock.state.commerce
      #expect(commerce.defaultRate == .realTime)
      #expect(commerce.failingByDefault)
      for body in [
        #"{"type":"defaultRenewalRate","value":"2m"}"#,
        #"{"type":"defaultRenewalRate","value":"\#(String(repeating: "x", count: 10_000))"}"#,
        #"{"type":"defaultRenewalRate"}"#,
      ] {
        let bad = try await server.request("POST", "/epsim/v1/commerce/events", body: Data(body.utf8))
        #expect(bad.status == 400)
        #expect(try bad.json()["fieldName"] as? String == "value")
      }
      let missing = try await server.request(
        "POST", "/epsim/v1/commerce/events", body: Data(#"{"type":"defaultFailingRenewals"}"#.utf8))
      #expect(missing.status == 400)
      #expect(try missing.json()["fieldName"] as? String == "enabled")
    }
  }

  /// A purchase is made in the app: the control API refuses one on a device without it, with the
  /// reason `epsim run` and the terminal UI give, and the App Store stays as it was.
  @Test func buyingWithoutTheAppIsRefused() async throws {
    let (world, commerce) = appStoreWorld(installed: false)
    try await TestServer.with(world: world, commerce: commerce) { server in
      let refused = try await server.request(
        "POST", "/epsim/v1/commerce/events",
        body: Data(#"{"type":"buy","device":"alice.iphone","product":"coins.100"}"#.utf8))
      #expect(refused.status == 409)
      let message = try refused.json()["errorMessage"] as? String ?? ""
      #expect(message.contains("the app is not installed on alice.iphone"), "\(message)")
      #expect(
        try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions").status == 404)
      try await server.event(["type": "install", "device": "alice.iphone"])
      try await server.buy("coins.100")
    }
  }

  /// The demo's bruno cannot make payments: the control API refuses his purchase with the reason
  /// the scenario runner and the terminal UI give, and the App Store stays as it was.
  @Test func aCustomerWhoCannotMakePaymentsCannotBuy() async throws {
    let (world, commerce) = appStoreWorld()
    try await TestServer.with(world: world, commerce: commerce) { server in
      let refused = try await server.request(
        "POST", "/epsim/v1/commerce/events",
        body: Data(#"{"type":"buy","device":"bruno.iphone","product":"premium.monthly"}"#.utf8))
      #expect(refused.status == 409)
      let message = try refused.json()["errorMessage"] as? String ?? ""
      #expect(message.hasPrefix("customer bruno cannot make payments"), "\(message)")
      #expect(message.contains("purchaseNotAllowed"), "\(message)")
      #expect(
        try await server.request("GET", "/epsim/v1/commerce/customers/bruno/transactions").status == 404)
    }
  }

  /// An unknown customer is not a missing report: each route names the customer with its own code.
  @Test func anUnknownCustomerHasItsOwnError() async throws {
    try await TestServer.withAppStore { server in
      try await server.buy("coins.100")
      for path in [
        "/epsim/v1/commerce/customers/nobody/transactions",
        "/epsim/v1/commerce/customers/nobody/subscriptions",
        "/epsim/v1/commerce/customers/nobody/app-transaction/jws",
        "/epsim/v1/commerce/customers/nobody/transactions/1/jws",
      ] {
        let answer = try await server.request("GET", path)
        #expect(answer.status == 404, "\(path)")
        let body = try answer.json()
        #expect(body["errorCode"] as? Int == 4_040_100, "\(path)")
        #expect(body["fieldName"] as? String == "customer", "\(path)")
      }
      // A known customer without that transaction: the transaction's own code.
      let missing = try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions/12/jws")
      #expect(missing.status == 404)
      #expect(try missing.json()["errorCode"] as? Int == 4_040_101)
      #expect(try missing.json()["fieldName"] as? String == "transaction")
    }
  }
}
