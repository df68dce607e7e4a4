import AppStoreCommerce
import AppleWireTypes

/// Products, non-renewing subscriptions and subscription groups (SPEC-STOREKIT-CONFIG 2, 3).
extension CatalogReading {
  static let productKeys: Set<String> = [
    "type", "productID", "referenceName", "displayPrice", "familyShareable", "internalID", "localizations",
    "promotionalImageID",
  ]
  static let subscriptionKeys = productKeys.union([
    "subscriptionGroupID", "groupNumber", "recurringSubscriptionPeriod", "introductoryOffer",
    "introductoryOffers", "adHocOffers", "codeOffers", "winbackOffers", "billingPlans",
  ])
  static let groupKeys: Set<String> = ["id", "name", "localizations", "subscriptions"]
  static let oneTimeTypes: [String: ProductType] = [
    "Consumable": .consumable, "NonConsumable": .nonConsumable, "NonRenewingSubscription": .nonRenewing,
  ]

  /// An entry of `products` or `nonRenewingSubscriptions`.
  mutating func product(_ node: JSONNode, expectedArray: String) throws(NodeError) {
    _ = try node.object()
    notes.unknownKeys(of: node, known: Self.productKeys)
    let typeName = try node.requiredString("type", "Consumable, NonConsumable or NonRenewingSubscription")
    guard let type = Self.oneTimeTypes[typeName] else {
      throw NodeError(
        node.path + ".type",
        message: "expected Consumable, NonConsumable or NonRenewingSubscription, found \"\(typeName)\""
          + (typeName == "RecurringSubscription"
            ? " (auto-renewable subscriptions go in subscriptionGroups)" : ""))
    }
    var product = try common(node, type: type)
    if type == .consumable && product.familyShareable {
      notes.add("familyShareable is ignored on consumables: Apple does not share them")
      product.familyShareable = false
    }
    try add(product, at: node)
  }

  /// An entry of `subscriptionGroups`.
  mutating func group(_ node: JSONNode) throws(NodeError) {
    _ = try node.object()
    notes.unknownKeys(of: node, known: Self.groupKeys)
    let name = try node.member("name").map { (value) throws(NodeError) in try value.string() }
    let id: String
    if let idNode = node.member("id") {
      id = try idNode.string("a group id")
    } else if let name, !name.isEmpty {
      id = name
    } else {
      throw NodeError(node.path + ".id", message: "missing: expected a group id")
    }
    guard !id.isEmpty, !id.contains(where: \.isWhitespace) else {
      throw NodeError(node.path + ".id", message: "expected a group id without spaces, found \"\(id)\"")
    }
    groupNames[id] = name ?? id
    for subscription in try node.list("subscriptions") {
      try self.subscription(subscription, group: id)
    }
  }

  private mutating func subscription(_ node: JSONNode, group: String) throws(NodeError) {
    _ = try node.object()
    notes.unknownKeys(of: node, known: Self.subscriptionKeys)
    if let type = node.member("type") {
      let name = try type.string()
      guard name == "RecurringSubscription" else {
        throw NodeError(type.path, message: "expected RecurringSubscription, found \"\(name)\"")
      }
    }
    var product = try common(node, type: .autoRenewable)
    guard let levelNode = node.member("groupNumber") else {
      throw NodeError(node.path + ".groupNumber", message: "missing: expected a level of 1 or more")
    }
    let level = try levelNode.integer("a level from 1 to 100 (1 is the highest)", in: 1...100)
    let periodNode = node.member("recurringSubscriptionPeriod")
    guard let periodNode else {
      throw NodeError(
        node.path + ".recurringSubscriptionPeriod",
        message: "missing: expected P1W, P1M, P2M, P3M, P6M or P1Y")
    }
    let duration = try Self.duration(periodNode, subscription: true)
    product.subscription = SubscriptionInfo(groupId: group, level: level, duration: duration)
    if let written = node.member("subscriptionGroupID"), case .string(let id) = written.value, id != group {
      notes.add("subscriptionGroupID differs from its group's id: the group the subscription sits in wins")
    }
    product.offers = try offers(node)
    try add(product, at: node)
  }

  /// What every kind of product has: id, price, family sharing.
  private func common(_ node: JSONNode, type: ProductType) throws(NodeError) -> Product {
    let id = try node.requiredString("productID", "a product id")
    // Apple's product ids are letters, digits, periods and underscores; scenario lines split at spaces.
    guard !id.contains(where: \.isWhitespace) else {
      throw NodeError(
        node.path + ".productID", message: "expected a product id without spaces, found \"\(id)\"")
    }
    guard let priceNode = node.member("displayPrice") else {
      throw NodeError(node.path + ".displayPrice", message: "missing: expected " + DisplayPrice.expected)
    }
    let milliunits = try DisplayPrice.milliunits(priceNode)
    let shared = try node.member("familyShareable").map { (value) throws(NodeError) in try value.bool() }
    return Product(id: id, type: type, prices: prices(milliunits), familyShareable: shared ?? false)
  }

  /// Adds a product once its id is known to be new and the catalog accepts it.
  private mutating func add(_ product: Product, at node: JSONNode) throws(NodeError) {
    let path = node.path + ".productID"
    if let first = seen[product.id] {
      throw NodeError(path, message: "product id \"\(product.id)\" is already used at \(first)")
    }
    if let problem = product.problem { throw NodeError(node.path, message: problem) }
    seen[product.id] = path
    products.append(product)
  }

  /// A period such as `P1M`; a subscription renews only every one of Apple's six.
  static func duration(_ node: JSONNode, subscription: Bool) throws(NodeError) -> SubscriptionDuration {
    let allowed = SubscriptionDuration.allCases.filter { !subscription || $0.isSubscriptionPeriod }
    let expected = allowed.map(\.rawValue).joined(separator: ", ")
    guard case .string(let text) = node.value, let duration = SubscriptionDuration(rawValue: text),
      allowed.contains(duration)
    else {
      throw NodeError(node.path, expected: "a period (\(expected))", found: node.value)
    }
    return duration
  }
}
