import AppStoreCommerce
import Testing

@testable import StoreKitConfig

/// catalog -> export -> read -> the same catalog.
@Suite struct RoundTripTests {
  func reread(_ file: StoreKitConfiguration) throws -> (StoreKitConfiguration, [String], String) {
    let (text, notes) = StoreKitWriter.write(file)
    return (try StoreKitReader.read(bytes: Array(text.utf8), file: "export.storekit"), notes, text)
  }

  @Test(arguments: ["v1.0", "v2.0", "v3.0", "v4.0", "v5.0"])
  func everyFixtureComesBackTheSame(_ name: String) throws {
    let original = try Fixture.read(name + ".storekit")
    let (again, notes, text) = try reread(original)
    #expect(again.products == original.products)
    #expect(again.groupNames == original.groupNames)
    #expect(again.homeStorefront == original.homeStorefront)
    #expect(again.settings.timeRate == original.settings.timeRate)
    #expect(again.settings.renewalBillingIssues == original.settings.renewalBillingIssues)
    #expect(again.settings.billingGracePeriod == original.settings.billingGracePeriod)
    #expect(notes.isEmpty, "\(notes)")
    // Nothing the reader would call unknown, and the writer is stable.
    #expect(!again.notes.contains { $0.hasPrefix("ignored unknown key") })
    #expect(StoreKitWriter.write(again).text == text)
  }

  /// The demo catalog has euro and yen prices, an introductory offer named `trial` and an offer
  /// code for a one-time product: the file keeps what it can hold and says what it cannot.
  @Test func theDemoCatalogComesBackWithinWhatTheFileHolds() throws {
    let (again, notes, _) = try reread(StoreKitConfiguration(products: DemoCatalog.products))
    let expected = DemoCatalog.products.map { product -> Product in
      var product = product
      let usd = product.prices["USA"]!.milliunits
      product.prices = StorefrontCurrencies.table.mapValues { Price(milliunits: usd, currency: $0) }
      if product.type != .autoRenewable { product.offers = [] }
      product.offers = product.offers.map { offer in
        var offer = offer
        if offer.type == .introductory { offer.id = "introductory" }
        if offer.discount != .freeTrial {
          let usd = offer.prices["USA"]!
          offer.prices = StorefrontCurrencies.table.mapValues { _ in usd }
        }
        return offer
      }
      return product
    }
    #expect(
      Dictionary(uniqueKeysWithValues: again.products.map { ($0.id, $0) })
        == Dictionary(uniqueKeysWithValues: expected.map { ($0.id, $0) }))
    #expect(notes.contains { $0.hasPrefix("a .storekit file holds one price per product (USA's)") })
    #expect(notes.contains { $0.hasPrefix("introductory offers have no id") })
    #expect(notes.contains("lifetime: offer codes of one-time products are not written (code.lifetime.half)"))
  }

  @Test func theTextLooksLikeXcodes() throws {
    let (text, _) = StoreKitWriter.write(try Fixture.read("v1.0.storekit"))
    #expect(text.hasPrefix("{\n  \"identifier\" : \""))
    #expect(text.contains("\"version\" : {\n    \"major\" : 4,\n    \"minor\" : 0\n  }\n}\n"))
    #expect(
      text.contains("\"localizations\" : [\n      ],") || text.contains("\"localizations\" : [\n        ]"))
  }

  @Test func pricesWriteBackAsWritten() {
    #expect(
      [990, 29000, 500, 5, 699_000, 1_001].map { DisplayPrice.text(Int64($0)) }
        == ["0.99", "29", "0.50", "0.005", "699", "1.001"])
  }
}
