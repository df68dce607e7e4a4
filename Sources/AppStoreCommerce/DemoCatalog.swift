/// A small realistic catalog: a subscription group with three levels and offers, a family plan,
/// coins, a lifetime unlock and a season pass. Used by tests, the benchmark and later the demo world.
public enum DemoCatalog {
  /// Also sold in the Netherlands and Japan, where the demo world's customers live (yen have no
  /// minor unit: 150 yen a dollar, whole yen).
  static func prices(usd: Int64, eur: Int64) -> [String: Price] {
    [
      "USA": Price(milliunits: usd, currency: "USD"), "FRA": Price(milliunits: eur, currency: "EUR"),
      "DEU": Price(milliunits: eur, currency: "EUR"), "NLD": Price(milliunits: eur, currency: "EUR"),
      "JPN": Price(milliunits: yen(usd), currency: "JPY"),
    ]
  }

  static func yen(_ usd: Int64) -> Int64 { (usd * 150 + 500) / 1000 * 1000 }

  static func offerPrices(_ usd: Int64, _ eur: Int64) -> [String: Int64] {
    ["USA": usd, "FRA": eur, "DEU": eur, "NLD": eur, "JPN": yen(usd)]
  }

  public static let products: [Product] = [
    Product(
      id: "premium.monthly", type: .autoRenewable, prices: prices(usd: 9990, eur: 10990),
      subscription: SubscriptionInfo(groupId: "premium", level: 2, duration: .oneMonth),
      offers: [
        Offer(
          id: "promo.half", type: .promotional, discount: .payAsYouGo, period: .oneMonth, periodCount: 3,
          prices: offerPrices(4990, 5490)),
        Offer(
          id: "code.quarter", type: .offerCode, discount: .payUpFront, period: .threeMonths,
          prices: offerPrices(19990, 21990)),
        Offer(
          id: "winback.month", type: .winBack, discount: .payAsYouGo, period: .oneMonth,
          prices: offerPrices(2990, 3290)),
      ]),
    Product(
      id: "premium.yearly", type: .autoRenewable, prices: prices(usd: 99990, eur: 109_990),
      subscription: SubscriptionInfo(groupId: "premium", level: 2, duration: .oneYear),
      // The App Store applies an introductory offer to an eligible customer by itself
      // (SPEC-APPSTORE-2026 3), so the demo's free week sits on the yearly plan: a plain monthly
      // purchase is charged in full, a first yearly one starts free.
      offers: [Offer(id: "trial", type: .introductory, discount: .freeTrial, period: .oneWeek)]),
    Product(
      id: "premium.monthly.plus", type: .autoRenewable, prices: prices(usd: 10990, eur: 11990),
      subscription: SubscriptionInfo(groupId: "premium", level: 2, duration: .oneMonth)),
    Product(
      id: "premium.pro.monthly", type: .autoRenewable, prices: prices(usd: 14990, eur: 15990),
      subscription: SubscriptionInfo(groupId: "premium", level: 1, duration: .oneMonth)),
    Product(
      id: "premium.basic.monthly", type: .autoRenewable, prices: prices(usd: 4990, eur: 5490),
      subscription: SubscriptionInfo(groupId: "premium", level: 3, duration: .oneMonth)),
    Product(
      id: "family.monthly", type: .autoRenewable, prices: prices(usd: 14990, eur: 15990),
      familyShareable: true,
      subscription: SubscriptionInfo(groupId: "family", level: 1, duration: .oneMonth)),
    Product(
      id: "weekly.news", type: .autoRenewable, prices: prices(usd: 1990, eur: 2190),
      subscription: SubscriptionInfo(groupId: "news", level: 1, duration: .oneWeek)),
    Product(id: "coins.100", type: .consumable, prices: prices(usd: 990, eur: 1090)),
    // An offer code for a one-time product: half price, ONE_TIME (SPEC-APPSTORE-2026 4).
    Product(
      id: "lifetime", type: .nonConsumable, prices: prices(usd: 29990, eur: 32990), familyShareable: true,
      offers: [
        Offer(
          id: "code.lifetime.half", type: .offerCode, discount: .oneTime, period: nil,
          prices: offerPrices(14990, 16490))
      ]),
    Product(id: "season.pass", type: .nonRenewing, prices: prices(usd: 19990, eur: 21990)),
  ]

  /// The catalog as events, to start a world with.
  public static var events: [CommerceEvent] { products.map { .addProduct($0) } }
}
