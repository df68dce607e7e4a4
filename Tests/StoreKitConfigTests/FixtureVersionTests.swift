import AppStoreCommerce
import AppleWireTypes
import Testing

@testable import StoreKitConfig

/// Every format version of the digest, read from a fixture and checked product by product.
@Suite struct FixtureVersionTests {
  typealias F = Fixture

  /// Compares product by product, so a failure names the product that differs.
  func expect(_ read: [Product], _ expected: [Product]) {
    #expect(read.map(\.id) == expected.map(\.id))
    for (got, want) in zip(read, expected) { #expect(got == want, "product \(want.id)") }
  }

  @Test func version1_0() throws {
    let file = try F.read("v1.0.storekit")
    #expect(file.version == StoreKitFormatVersion(major: 1, minor: 0))
    expect(
      file.products,
      [
        Product(id: "gems.10", type: .consumable, prices: F.prices(990)),
        Product(id: "unlock.all", type: .nonConsumable, prices: F.prices(4990)),
        F.subscription(
          "club.monthly", group: "1A2B3C4D", level: 1, .oneMonth, 2990,
          offers: [F.offer("introductory", .introductory, .freeTrial, .oneWeek)]),
      ])
    #expect(file.groupNames == ["1A2B3C4D": "Club"])
    #expect(file.settings.askToBuy == false)
    #expect(file.settings.timeRate == nil)
    #expect(
      file.settings.ignored == [
        "_askToBuyEnabled", "_billingIssuesEnabled", "_failTransactionsEnabled", "_storeKitError",
      ])
    #expect(file.homeStorefront == "USA")
  }

  @Test func version2_0() throws {
    let file = try F.read("v2.0.storekit")
    #expect(file.version == StoreKitFormatVersion(major: 2, minor: 0))
    expect(
      file.products,
      [
        Product(id: "fuel.small", type: .consumable, prices: F.prices(1990)),
        Product(id: "truck.gold", type: .nonConsumable, prices: F.prices(9990), familyShareable: true),
        Product(id: "pass.season", type: .nonRenewing, prices: F.prices(14990)),
        F.subscription(
          "plus.monthly", group: "2C000000", level: 2, .oneMonth, 3990,
          offers: [
            F.offer("introductory", .introductory, .payAsYouGo, .oneMonth, count: 3, price: 990),
            F.offer("plus.comeback", .promotional, .payAsYouGo, .oneMonth, count: 2, price: 1990),
            F.offer("SPRINGFREE", .offerCode, .freeTrial, .oneMonth),
          ]),
        F.subscription(
          "plus.yearly", group: "2C000000", level: 1, .oneYear, 39990, family: true,
          offers: [F.offer("plus.yearly.keep", .promotional, .payUpFront, .oneYear, price: 29990)]),
      ])
    #expect(file.homeStorefront == "GBR")
    #expect(file.products[0].prices["GBR"] == Price(milliunits: 1990, currency: "GBP"))
    #expect(file.settings.storefront == "GBR")
    #expect(file.settings.locale == "en_GB")
    #expect(file.settings.timeRate == 15)
    // 15 has no equal in epsim: read as real time, with one warning that names it.
    #expect(file.settings.renewalRate == .realTime)
    #expect(file.notes.filter { $0.contains("_timeRate 15") }.count == 1)
    #expect(file.settings.renewalBillingIssues == true)
    #expect(file.settings.billingGracePeriod == true)
    #expect(file.settings.ignored == ["_compatibilityTimeRate", "_locale"])
    #expect(file.notes.contains { $0.hasPrefix("subscriptionOffersKeyPair ignored") })
  }

  @Test func version3_0() throws {
    let file = try F.read("v3.0.storekit")
    expect(
      file.products,
      [
        Product(id: "seeds.pack", type: .consumable, prices: F.prices(490)),
        F.subscription(
          "garden.premium", group: "3B000000", level: 1, .oneYear, 49990, family: true,
          offers: [F.offer("introductory", .introductory, .freeTrial, .twoWeeks)]),
        F.subscription(
          "garden.family", group: "3B000000", level: 2, .oneMonth, 7990, family: true,
          offers: [F.offer("introductory", .introductory, .freeTrial, .threeDays)]),
        F.subscription(
          "garden.individual", group: "3B000000", level: 2, .oneWeek, 1490,
          offers: [
            F.offer("introductory", .introductory, .payUpFront, .oneMonth, price: 990),
            F.offer("NEWWEEKS", .offerCode, .payAsYouGo, .oneWeek, count: 2, price: 990),
          ]),
        F.subscription("garden.quarterly", group: "3B000000", level: 3, .threeMonths, 12990),
      ])
    #expect(file.settings.renewalRate == .fiveMinutes)
    #expect(!file.notes.contains { $0.contains("_timeRate") })
    #expect(
      file.settings.ignored == ["_compatibilityTimeRate", "_disableDialogs", "_locale", "_storeKitErrors"])
    #expect(file.notes.contains { $0.contains("eligibility is not modelled") })
    #expect(file.notes.contains { $0.contains("isStackable is not modelled") })
  }

  @Test func version4_0() throws {
    let file = try F.read("v4.0.storekit")
    expect(
      file.products,
      [
        Product(id: "coins.500", type: .consumable, prices: F.prices(4990)),
        Product(id: "maps.offline", type: .nonConsumable, prices: F.prices(2990), familyShareable: true),
        Product(id: "tour.pass", type: .nonRenewing, prices: F.prices(19990)),
        F.subscription(
          "trail.yearly", group: "4B000000", level: 1, .oneYear, 59990, family: true,
          offers: [
            F.offer("introductory", .introductory, .freeTrial, .oneMonth),
            F.offer("trail.return", .winBack, .payAsYouGo, .oneMonth, count: 3, price: 3990),
          ]),
        F.subscription(
          "trail.monthly", group: "4B000000", level: 2, .oneMonth, 6990,
          offers: [F.offer("TRAILQUARTER", .offerCode, .payUpFront, .threeMonths, price: 9990)]),
        F.subscription("trail.sixmonths", group: "4B000000", level: 2, .sixMonths, 29990),
        F.subscription("trail.twomonths", group: "4B000000", level: 3, .twoMonths, 12990),
      ])
    #expect(file.homeStorefront == "DEU")
    #expect(file.products[0].prices["DEU"] == Price(milliunits: 4990, currency: "EUR"))
    #expect(file.settings.renewalRate == .realTime)
    #expect(file.settings.askToBuy == true)
    #expect(file.notes.contains { $0.contains("does not model Ask to Buy") })
    #expect(file.settings.renewalBillingIssues == false)
    #expect(file.settings.billingGracePeriod == false)
    // appPolicies, promotionalImageID and group localizations are known keys: no unknown-key note.
    #expect(!file.notes.contains { $0.hasPrefix("ignored unknown key") })
  }

  @Test func version5_0() throws {
    let file = try F.read("v5.0.storekit")
    expect(
      file.products,
      [
        Product(id: "hint.single", type: .consumable, prices: F.prices(990)),
        F.subscription(
          "puzzles.yearly", group: "5B000000", level: 1, .oneYear, 6000,
          offers: [F.offer("introductory", .introductory, .freeTrial, .oneWeek)]),
        F.subscription(
          "puzzles.monthly", group: "5B000000", level: 2, .oneMonth, 990,
          offers: [F.offer("introductory", .introductory, .payAsYouGo, .oneMonth, count: 2, price: 490)]),
      ])
    #expect(file.products[0].prices["JPN"] == Price(milliunits: 990, currency: "JPY"))
    #expect(file.settings.renewalRate == .oneHour)
    #expect(file.notes.contains { $0.hasPrefix("billingPlans (5.0) are not modelled") })
    #expect(file.notes.contains { $0.hasPrefix("introductoryOffers: epsim keeps one") })
  }

  /// Each kind the issue lists appears in at least one fixture.
  @Test func everyKindIsCovered() throws {
    let all = try ["v1.0", "v2.0", "v3.0", "v4.0", "v5.0"].flatMap { try F.read($0 + ".storekit").products }
    #expect(Set(all.map(\.type)) == Set(ProductType.allCases))
    let offers = all.flatMap(\.offers)
    #expect(Set(offers.map(\.type)) == Set(OfferType.allCases))
    #expect(Set(offers.map(\.discount)) == [.freeTrial, .payAsYouGo, .payUpFront])
    #expect(all.contains { $0.familyShareable && $0.type == .autoRenewable })
    #expect(all.contains { $0.familyShareable && $0.type == .nonConsumable })
  }
}
