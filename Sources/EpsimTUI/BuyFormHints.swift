import AppStoreCommerce
import AppleWireTypes
import ScenarioLanguage

/// What the buy form says beside its fields about the chosen product, in the chosen device's
/// storefront: its group, period and price, its introductory offer, and the offers a purchase
/// can name, as the offer field's choices (so nobody has to guess an offer id).
enum BuyFormHints {
  /// The offer field's first choice: no offer.
  static let noOffer = "none"

  static func fill(_ form: inout Form, products: [Product], storefronts: [String]) {
    guard let product = products.first(where: { $0.id == form.value("product") }) else { return }
    let device = form.choiceIndex("device") ?? 0
    let storefront = storefronts.indices.contains(device) ? storefronts[device] : ""
    form.setHint("product", describe(product, in: storefront))
    // An introductory offer is the App Store's to apply, never named (SPEC-APPSTORE-2026 3).
    let offers = product.offers.filter { $0.type != .introductory }
    form.setChoices("offer", [noOffer] + offers.map(\.id))
    let intro = product.offers.first { $0.type == .introductory }
    form.setHint(
      "introductory", intro.map { "\($0.id): \($0.discount.rawValue) \($0.isoPeriod ?? "")" } ?? "none")
  }

  /// The change-plan form: the chosen product's level, period and price in the customer's
  /// storefront.
  static func describeChoice(in form: inout Form, customer: String, state: CommerceState) {
    guard let product = state.products.first(where: { $0.id == form.value("product") }) else { return }
    form.setHint("product", describe(product, in: state.customer(customer)?.storefront ?? ""))
  }

  /// "premium L2 P1M · 10.99 EUR", "consumable · 0.99 USD": short enough for an 80-column form.
  static func describe(_ product: Product, in storefront: String) -> String {
    let kinds: [ProductType: String] = [
      .consumable: "consumable", .nonConsumable: "non-consumable", .nonRenewing: "non-renewing",
    ]
    let kind =
      product.subscription.map { "\($0.groupId) L\($0.level) \($0.duration.rawValue)" }
      ?? kinds[product.type] ?? product.type.rawValue
    guard let price = product.prices[storefront] else {
      return kind + (storefront.isEmpty ? " · no App Store here" : " · not sold in \(storefront)")
    }
    return kind + " · \(ScenarioWriter.amount(price.milliunits)) \(price.currency)"
  }
}
