/// A customer as the App Store sees them: storefront, family, billing and sandbox tester settings.
public struct CommerceCustomer: Hashable, Sendable {
  public var id: String
  /// ISO 3166-1 alpha-3 code, as `storefront` is written (SPEC-APPSTORE 3.1).
  public var storefront: String
  /// Apple's numeric storefront id; see `Storefronts.id(of:)`.
  public var storefrontId: String
  /// Customers with the same family id share family-shareable purchases.
  public var familyId: String?
  /// The payment method fails: renewals go into billing retry (sandbox: "Allow Purchases & Renewals" off).
  public var billingFails: Bool
  /// The tester's renewal rate; only used in the sandbox.
  public var renewalRate: SandboxRenewalRate
  /// `appTransactionId`: one per customer and app, minted when the customer is added.
  public internal(set) var appTransactionId: String

  public init(
    id: String, storefront: String = "USA", storefrontId: String? = nil, familyId: String? = nil,
    billingFails: Bool = false, renewalRate: SandboxRenewalRate = .fiveMinutes
  ) {
    self.id = id
    self.storefront = storefront
    self.storefrontId = storefrontId ?? Storefronts.id(of: storefront) ?? ""
    self.familyId = familyId
    self.billingFails = billingFails
    self.renewalRate = renewalRate
    self.appTransactionId = ""
  }
}

/// Apple's numeric storefront ids for common storefronts.
/// **Assumption:** ids as widely published (SPEC-APPSTORE 3.1 marks `143441` as an UNCONFIRMED example);
/// other storefronts need an explicit `storefrontId`.
public enum Storefronts {
  public static let ids: [String: String] = [
    "USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "AUT": "143445", "BEL": "143446",
    "FIN": "143447", "GRC": "143448", "IRL": "143449", "ITA": "143450", "LUX": "143451", "NLD": "143452",
    "PRT": "143453", "ESP": "143454", "CAN": "143455", "SWE": "143456", "NOR": "143457", "DNK": "143458",
    "CHE": "143459", "AUS": "143460", "NZL": "143461", "JPN": "143462",
  ]

  public static func id(of storefront: String) -> String? { ids[storefront] }
}
