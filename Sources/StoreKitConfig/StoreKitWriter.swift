import AppStoreCommerce
import AppleWireTypes
import ExternalPurchaseTokens
import IndentedJSON

/// Writes a catalog as a `.storekit` file (format 4.0) that Xcode opens and `StoreKitReader`
/// reads back to the same catalog, within what the file can hold.
///
/// The file has one price per product: the home storefront's. Offer ids of introductory offers,
/// prices in other storefronts, and rates the file cannot name are left out, each with a note.
public enum StoreKitWriter {
  /// The file's text and the notes on what it could not hold.
  public static func write(_ file: StoreKitConfiguration) -> (text: String, notes: [String]) {
    var writing = CatalogWriting(home: file.homeStorefront, groupNames: file.groupNames)
    let root = writing.root(file)
    return (IndentedJSONStyle.xcode.text(root), writing.notes.notes)
  }
}

/// One export: ids handed out so far and the notes.
struct CatalogWriting {
  let home: String
  let groupNames: [String: String]
  var notes = NoteList()
  var nextId = 0

  init(home: String, groupNames: [String: String]) {
    self.home = home
    self.groupNames = groupNames
  }

  mutating func root(_ file: StoreKitConfiguration) -> JSONValue {
    let oneTime = file.products.filter { $0.type == .consumable || $0.type == .nonConsumable }
    let nonRenewing = file.products.filter { $0.type == .nonRenewing }
    var groups: [String] = []
    for product in file.products {
      if let group = product.subscription?.groupId, !groups.contains(group) { groups.append(group) }
    }
    let groupValues = groups.map { id in
      group(id, file.products.filter { $0.subscription?.groupId == id })
    }
    return .object([
      member("identifier", .string(Self.identifier(file.products))),
      member("nonRenewingSubscriptions", .array(nonRenewing.map { product($0) })),
      member("products", .array(oneTime.map { product($0) })),
      member("settings", settings(file.settings)),
      member("subscriptionGroups", .array(groupValues)),
      member("version", .object([member("major", .number("4")), member("minor", .number("0"))])),
    ])
  }

  /// Only the settings epsim has a counterpart for, and only those set.
  private mutating func settings(_ settings: StoreKitSettings) -> JSONValue {
    var members = [member("_storefront", .string(home))]
    if let rate = settings.timeRate { members.append(member("_timeRate", .number(String(rate)))) }
    if let fails = settings.renewalBillingIssues {
      members.append(member("_renewalBillingIssuesEnabled", .bool(fails)))
    }
    if let grace = settings.billingGracePeriod {
      members.append(member("_billingGracePeriodEnabled", .bool(grace)))
    }
    if let locale = settings.locale { members.append(member("_locale", .string(locale))) }
    return .object(members)
  }

  private mutating func group(_ id: String, _ subscriptions: [Product]) -> JSONValue {
    .object([
      member("id", .string(id)),
      member("localizations", .array([])),
      member("name", .string(groupNames[id] ?? id)),
      member("subscriptions", .array(subscriptions.map { subscription($0) })),
    ])
  }

  private mutating func product(_ product: Product) -> JSONValue {
    if product.type != .autoRenewable, !product.offers.isEmpty {
      // Xcode's format for a one-time product's offer codes is not one we know (SPEC-APPSTORE-2026 4).
      notes.add(
        "\(product.id): offer codes of one-time products are not written ("
          + product.offers.map(\.id)
          .joined(separator: ", ") + ")")
    }
    let types: [ProductType: String] = [
      .consumable: "Consumable", .nonConsumable: "NonConsumable", .nonRenewing: "NonRenewingSubscription",
      .autoRenewable: "RecurringSubscription",
    ]
    return .object([
      member("displayPrice", .string(DisplayPrice.text(price(of: product)))),
      member("familyShareable", .bool(product.familyShareable)),
      member("internalID", .string(newId())),
      member(
        "localizations",
        .array([
          .object([
            member("description", .string("")), member("displayName", .string(product.id)),
            member("locale", .string("en_US")),
          ])
        ])),
      member("productID", .string(product.id)),
      member("referenceName", .string(product.id)),
      member("type", .string(types[product.type]!)),
    ])
  }

  private mutating func subscription(_ product: Product) -> JSONValue {
    guard case .object(var members) = self.product(product), let info = product.subscription else {
      return .null
    }
    let intros = product.offers.filter { $0.type == .introductory }
    if intros.count > 1 {
      notes.add(
        "\(product.id): a .storekit file holds one introductory offer; only \(intros[0].id) is written")
    }
    if let intro = intros.first, intro.id != CatalogReading.introductoryOfferId {
      notes.add("introductory offers have no id in a .storekit file: they read back as \"introductory\"")
    }
    members += [
      member("adHocOffers", .array(product.offers.filter { $0.type == .promotional }.map { offer($0) })),
      member("codeOffers", .array(product.offers.filter { $0.type == .offerCode }.map { offer($0) })),
      member("groupNumber", .number(String(info.level))),
      member("introductoryOffer", intros.first.map { offer($0) } ?? .null),
      member("recurringSubscriptionPeriod", .string(info.duration.rawValue)),
      member("subscriptionGroupID", .string(info.groupId)),
      member("winbackOffers", .array(product.offers.filter { $0.type == .winBack }.map { offer($0) })),
    ]
    return .object(members)
  }

  private mutating func offer(_ offer: Offer) -> JSONValue {
    let modes: [OfferDiscountType: String] = [
      .freeTrial: "free", .payAsYouGo: "payAsYouGo", .payUpFront: "payUpFront", .oneTime: "payUpFront",
    ]
    var members = [
      member("internalID", .string(newId())),
      member("numberOfPeriods", .number(String(offer.periodCount))),
      member("paymentMode", .string(modes[offer.discount]!)),
      member("subscriptionPeriod", .string(offer.period?.rawValue ?? "")),
    ]
    if offer.discount != .freeTrial {
      let price = offer.prices[home] ?? offer.prices.sorted { $0.key < $1.key }.first?.value ?? 0
      members.append(member("displayPrice", .string(DisplayPrice.text(price))))
    }
    switch offer.type {
    case .introductory: break
    case .promotional, .winBack:
      members += [member("offerID", .string(offer.id)), member("referenceName", .string(offer.id))]
    case .offerCode:
      members += [
        member("eligibility", .array(["existing", "expired", "new"].map { .string($0) })),
        member("isStackable", .bool(false)), member("referenceName", .string(offer.id)),
      ]
    }
    return .object(members)
  }

  /// The home storefront's price; another storefront's when the product has none there (noted).
  private mutating func price(of product: Product) -> Int64 {
    let written = product.prices[home] ?? product.prices.sorted { $0.key < $1.key }.first?.value
    if product.prices[home] == nil {
      notes.add("\(product.id) has no price in \(home): the file gets its price in another storefront")
    }
    let milliunits = written?.milliunits ?? 0
    let differs = product.prices.contains { storefront, price in
      price.milliunits != milliunits || StorefrontCurrencies.table[storefront] != price.currency
    }
    if differs {
      notes.add(
        "a .storekit file holds one price per product (\(home)'s): prices of other storefronts are not "
          + "written, and read back as that number in each storefront's currency")
    }
    return milliunits
  }

  private mutating func newId() -> String {
    nextId += 1
    let hex = String(nextId, radix: 16, uppercase: true)
    return "E0" + String(repeating: "0", count: 6 - hex.count) + hex
  }

  private func member(_ name: String, _ value: JSONValue) -> JSONMember {
    JSONMember(name: name, value: value)
  }

  /// 8 uppercase hex digits from the product ids (FNV-1a), so the same catalog gives the same file.
  static func identifier(_ products: [Product]) -> String {
    var hash: UInt32 = 0x811C_9DC5
    for byte in products.map(\.id).joined(separator: "\n").utf8 {
      hash = (hash ^ UInt32(byte)) &* 0x0100_0193
    }
    let hex = String(hash, radix: 16, uppercase: true)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }
}
