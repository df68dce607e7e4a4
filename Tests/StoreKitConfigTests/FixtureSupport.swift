import AppStoreCommerce
import AppleWireTypes
import Foundation
import StoreKitConfig

/// The fixture folder beside this file, and expected products written out in full.
enum Fixture {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  static func read(_ name: String) throws -> StoreKitConfiguration {
    try StoreKitReader.read(path: path(name))
  }

  /// A price as the reader gives it: the same number in every storefront's own currency.
  static func prices(_ milliunits: Int64) -> [String: Price] {
    StorefrontCurrencies.table.mapValues { Price(milliunits: milliunits, currency: $0) }
  }

  static func offerPrices(_ milliunits: Int64) -> [String: Int64] {
    StorefrontCurrencies.table.mapValues { _ in milliunits }
  }

  static func subscription(
    _ id: String, group: String, level: Int, _ duration: SubscriptionDuration, _ price: Int64,
    family: Bool = false, offers: [Offer] = []
  ) -> Product {
    Product(
      id: id, type: .autoRenewable, prices: prices(price), familyShareable: family,
      subscription: SubscriptionInfo(groupId: group, level: level, duration: duration), offers: offers)
  }

  static func offer(
    _ id: String, _ type: OfferType, _ discount: OfferDiscountType, _ period: SubscriptionDuration,
    count: Int = 1, price: Int64? = nil
  ) -> Offer {
    Offer(
      id: id, type: type, discount: discount, period: period, periodCount: count,
      prices: price.map(offerPrices) ?? [:])
  }
}
