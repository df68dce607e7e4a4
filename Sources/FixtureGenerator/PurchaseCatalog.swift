import AppStoreCommerce

/// What generated customers buy: a catalog, the subscription plans drawn from it, and the one-time
/// products behind the mix's coin buyers, lifetime unlocks and season passes.
struct PurchaseCatalog: Sendable {
  let products: [Product]
  let plans: WeightedTable<PurchaseMix.Plan>
  let coins: String?
  let lifetime: String?
  let seasonPass: String?

  /// The demo catalog and its hand-picked plan weights (`PurchaseMix`).
  static let demo = PurchaseCatalog(
    products: PurchaseMix.products, plans: PurchaseMix.plans, coins: "coins.100", lifetime: "lifetime",
    seasonPass: "season.pass")

  init(
    products: [Product], plans: WeightedTable<PurchaseMix.Plan>, coins: String?, lifetime: String?,
    seasonPass: String?
  ) {
    self.products = products
    self.plans = plans
    self.coins = coins
    self.lifetime = lifetime
    self.seasonPass = seasonPass
  }

  /// Any catalog (a `.storekit` file's): every auto-renewable subscription equally likely, a third
  /// of them with the introductory offer when it has one; the first consumable, non-consumable and
  /// non-renewing subscription take the demo's coins, lifetime unlock and season pass. A catalog
  /// without subscriptions has no subscribers.
  init(products: [Product]) {
    var plans: [(PurchaseMix.Plan, Int)] = []
    for product in products where product.type == .autoRenewable {
      if product.offers.contains(where: { $0.type == .introductory }) {
        plans.append((PurchaseMix.Plan(productId: product.id, takesIntroductoryOffer: false), 2))
        plans.append((PurchaseMix.Plan(productId: product.id), 1))
      } else {
        plans.append((PurchaseMix.Plan(productId: product.id), 3))
      }
    }
    self.init(
      products: products, plans: plans.isEmpty ? .init([(PurchaseMix.Plan(productId: ""), 1)]) : .init(plans),
      coins: products.first { $0.type == .consumable }?.id,
      lifetime: products.first { $0.type == .nonConsumable }?.id,
      seasonPass: products.first { $0.type == .nonRenewing }?.id)
    hasSubscriptions = !plans.isEmpty
  }

  /// False for a catalog with no auto-renewable subscription: nobody subscribes.
  private(set) var hasSubscriptions = true
}
