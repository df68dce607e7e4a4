import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

/// The demo world's App Store: `DemoCatalog`, priced in every storefront of the demo devices.
public enum DemoStore {
  /// **Assumption:** euro storefronts other than France cost what France does; Japan's yen prices are
  /// the dollar prices times 150, rounded up to ¥100. Only the demo world uses these prices.
  public static var products: [Product] {
    DemoCatalog.products.map { product in
      var priced = product
      for (storefront, price) in extraPrices(of: product.prices) { priced.prices[storefront] = price }
      priced.offers = product.offers.map { offer in
        var copy = offer
        if let eur = offer.prices["FRA"] { copy.prices["NLD"] = eur }
        if let usd = offer.prices["USA"] { copy.prices["JPN"] = yen(fromDollars: usd) }
        return copy
      }
      return priced
    }
  }

  static func extraPrices(of prices: [String: Price]) -> [String: Price] {
    var extra: [String: Price] = [:]
    if let eur = prices["FRA"] { extra["NLD"] = eur }
    if let usd = prices["USA"] {
      extra["JPN"] = Price(milliunits: yen(fromDollars: usd.milliunits), currency: "JPY")
    }
    return extra
  }

  static func yen(fromDollars milliunits: Int64) -> Int64 {
    let hundredYen: Int64 = 100_000
    return (milliunits * 150 + hundredYen - 1) / hundredYen * hundredYen
  }
}
