import AppStoreCommerce
import FixtureGenerator
import Testing

/// `epsim generate --storekit`: purchase histories drawn from another catalog than the demo's.
@Suite struct PurchaseCatalogTests {
  static let usd = [
    "USA": Price(milliunits: 2990, currency: "USD"), "DEU": Price(milliunits: 2990, currency: "EUR"),
  ]
  static let catalog = [
    Product(
      id: "club.monthly", type: .autoRenewable, prices: usd,
      subscription: SubscriptionInfo(groupId: "club", level: 1, duration: .oneMonth),
      offers: [Offer(id: "introductory", type: .introductory, discount: .freeTrial, period: .threeDays)]),
    Product(id: "gems", type: .consumable, prices: usd),
  ]

  @Test func everyPurchaseIsOfTheCatalogAndEachKindIsBought() throws {
    let lines = try PurchaseHistoryTests.lines(
      GenerateOptions(customers: 400, seed: 5, days: 60, products: Self.catalog))
    let bought = Set(lines.map(\.transaction.productId))
    #expect(bought == ["club.monthly", "gems"])
    #expect(lines.contains { $0.transaction.offerDiscountType == .freeTrial })
  }

  /// A catalog without subscriptions or non-consumables gives those customers nothing, and the
  /// other draws stay the same: the gem buyers buy exactly when the demo's coin buyers do.
  @Test func missingKindsAreSkippedWithoutShiftingTheOthers() throws {
    let onlyGems = [Self.catalog[1]]
    let gems = try PurchaseHistoryTests.lines(
      GenerateOptions(customers: 300, seed: 9, days: 60, products: onlyGems))
    let demo = try PurchaseHistoryTests.lines(GenerateOptions(customers: 300, seed: 9, days: 60))
    #expect(Set(gems.map(\.transaction.productId)) == ["gems"])
    // The gems sell in two storefronts only: compare the demo's coin buyers there.
    let coinBuys = demo.filter {
      $0.transaction.productId == "coins.100" && ["USA", "DEU"].contains($0.transaction.storefront)
    }
    #expect(coinBuys.count > 10)
    #expect(gems.map(\.customer) == coinBuys.map(\.customer))
    #expect(gems.map(\.transaction.purchaseDate) == coinBuys.map(\.transaction.purchaseDate))
  }
}
