/// The four product types, spelled as Apple writes them in a transaction's `type`
/// (SPEC-APPSTORE 3.1).
public enum ProductType: String, Hashable, Sendable, CaseIterable, Codable {
  case autoRenewable = "Auto-Renewable Subscription"
  case nonRenewing = "Non-Renewing Subscription"
  case consumable = "Consumable"
  case nonConsumable = "Non-Consumable"

  /// The same type as Get Transaction History's `productType` filter spells it (SPEC-APPSTORE 4.4).
  public var historyFilterName: String {
    switch self {
    case .autoRenewable: "AUTO_RENEWABLE"
    case .nonRenewing: "NON_RENEWABLE"
    case .consumable: "CONSUMABLE"
    case .nonConsumable: "NON_CONSUMABLE"
    }
  }
}
