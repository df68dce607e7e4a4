import AppStoreCommerce
import LifecycleSimulator

/// The mixes generated Apple purchase histories are drawn from (`epsim generate --purchases-out`).
///
/// Shares are of customers who can make payments in a storefront the catalog sells in; they are
/// chosen to look like a subscription app's, not taken from any published figure.
enum PurchaseMix {
  /// The catalog: the demo world's, with its euro prices offered in every euro-area storefront
  /// epsim knows the id of, so most generated customers can buy.
  static let products: [Product] = DemoCatalog.products.map { product in
    var product = product
    for storefront in euroStorefronts {
      product.prices[storefront] = product.prices["DEU"]
      for index in product.offers.indices {
        product.offers[index].prices[storefront] = product.offers[index].prices["DEU"]
      }
    }
    return product
  }

  /// The generator's lower-case storefronts mapped to the App Store's alpha-3 codes, where the
  /// catalog has a price. Customers elsewhere make no Apple purchases.
  static let storefronts: [String: String] = [
    "us": "USA", "de": "DEU", "fr": "FRA", "it": "ITA", "es": "ESP", "nl": "NLD", "be": "BEL", "at": "AUT",
    "pt": "PRT", "ie": "IRL", "fi": "FIN", "gr": "GRC", "lu": "LUX",
  ]

  static let euroStorefronts = ["ITA", "ESP", "NLD", "BEL", "AUT", "PRT", "IRL", "FIN", "GRC", "LUX"]

  /// The app's grace period: on, 16 days (SPEC-APPSTORE 6 allows 3, 16 or 28).
  static let gracePeriod = GracePeriodSetting(enabled: true, duration: .sixteenDays)

  /// A subscription plan: the product, and whether the buyer takes its introductory offer. Every
  /// generated buyer is new to the group, so the App Store would give each the offer; a buyer who
  /// pays in full carries a signed eligibility claim of `false` (SPEC-APPSTORE-2026 3).
  struct Plan: Sendable {
    var productId: String
    var takesIntroductoryOffer = true

    /// The purchase's `allowIntroductoryOffer`: nil leaves it to the App Store's rule.
    var allowIntroductoryOffer: Bool? { takesIntroductoryOffer ? nil : false }
  }

  static let subscriberShare = 0.35
  static let plans = WeightedTable<Plan>([
    (Plan(productId: "premium.monthly"), 35), (Plan(productId: "premium.yearly"), 20),
    (Plan(productId: "premium.yearly", takesIntroductoryOffer: false), 15),
    (Plan(productId: "weekly.news"), 10),
    (Plan(productId: "family.monthly"), 12), (Plan(productId: "premium.basic.monthly"), 8),
  ])
  /// Purchases that carry an `appAccountToken` (the app links its own account).
  static let appAccountTokenShare = 0.6
  /// Subscribers who turn auto-renew off at some point.
  static let autoRenewOffShare = 0.2
  /// Subscribers whose payment method starts failing, and of those, who fix it.
  static let billingFailureShare = 0.12
  static let billingFixShare = 0.6
  /// Days (production) between the failure and the fix: inside grace period or billing retry.
  static let billingFixDays = 1..<30
  /// Customers who get a refund of one of their purchases.
  static let refundShare = 0.05

  /// Customers who buy coins, and how many times and how many at once.
  static let coinBuyerShare = 0.25
  static let coinPurchases = 1..<4
  static let coinQuantity = 1..<6
  static let lifetimeShare = 0.06
  static let seasonPassShare = 0.04
}
