import AppStoreCommerce

/// One pass over a parsed `.storekit` file: the products found so far, the ids taken, the notes.
struct CatalogReading {
  var products: [Product] = []
  /// Where each product id was first seen, to name both places of a duplicate.
  var seen: [String: String] = [:]
  var groupNames: [String: String] = [:]
  var notes = NoteList()
  var home = "USA"

  static let topKeys: Set<String> = [
    "identifier", "nonRenewingSubscriptions", "products", "settings", "subscriptionGroups",
    "subscriptionOffersKeyPair", "appPolicies", "version",
  ]

  mutating func configuration(_ root: JSONNode) throws(NodeError) -> StoreKitConfiguration {
    _ = try root.object()
    notes.unknownKeys(of: root, known: Self.topKeys)
    let version = try self.version(root)
    let settings = try root.member("settings").map { (node) throws(NodeError) in
      try SettingsReading.read(node, notes: &notes)
    }
    if let storefront = settings?.storefront {
      if StorefrontCurrencies.table[storefront] == nil {
        notes.add(
          "settings._storefront \(storefront) has no currency in epsim's table: the file's prices are read "
            + "for USA")
      } else {
        home = storefront
      }
    }
    if root.member("subscriptionOffersKeyPair") != nil {
      notes.add("subscriptionOffersKeyPair ignored: epsim does not check promotional offer signatures")
    }
    for node in try root.list("products") { try product(node, expectedArray: "products") }
    for node in try root.list("nonRenewingSubscriptions") {
      try product(node, expectedArray: "nonRenewingSubscriptions")
    }
    for group in try root.list("subscriptionGroups") { try self.group(group) }
    return StoreKitConfiguration(
      version: version, products: products, groupNames: groupNames, settings: settings ?? StoreKitSettings(),
      homeStorefront: home, notes: notes.notes)
  }

  private mutating func version(_ root: JSONNode) throws(NodeError) -> StoreKitFormatVersion {
    guard let node = root.member("version") else {
      notes.add("no version: read as 1.0")
      return StoreKitFormatVersion(major: 1, minor: 0)
    }
    _ = try node.object()
    let major = try node.member("major").map { (value) throws(NodeError) in
      try value.integer("a major version of 1 or more", in: 1...1000)
    }
    let minor = try node.member("minor").map { (value) throws(NodeError) in
      try value.integer("a minor version", in: 0...1000)
    }
    guard let major else {
      throw NodeError(node.path + ".major", message: "missing: expected a major version")
    }
    let version = StoreKitFormatVersion(major: major, minor: minor ?? 0)
    if version > .newestKnown {
      notes.add("version \(version) is newer than 5.0, the newest epsim knows: read by the keys it knows")
    }
    return version
  }

  /// Where every product's prices go: the file's number in each storefront's own currency.
  func prices(_ milliunits: Int64) -> [String: Price] {
    var prices: [String: Price] = [:]
    for (storefront, currency) in StorefrontCurrencies.table {
      prices[storefront] = Price(milliunits: milliunits, currency: currency)
    }
    return prices
  }

  func offerPrices(_ milliunits: Int64) -> [String: Int64] {
    prices(milliunits).mapValues(\.milliunits)
  }
}
