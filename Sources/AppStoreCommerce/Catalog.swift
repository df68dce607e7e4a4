import AppleWireTypes

/// How long one period of a subscription (or of an offer) lasts: Apple's six subscription choices,
/// 1 week to 1 year, and the two more a free trial may last (3 days, 2 weeks; `.storekit` files write them).
public enum SubscriptionDuration: String, Hashable, Sendable, CaseIterable, Codable {
  case threeDays = "P3D"
  case oneWeek = "P1W"
  case twoWeeks = "P2W"
  case oneMonth = "P1M"
  case twoMonths = "P2M"
  case threeMonths = "P3M"
  case sixMonths = "P6M"
  case oneYear = "P1Y"

  /// Calendar months in the period; nil for the periods counted in days.
  public var months: Int? {
    switch self {
    case .threeDays, .oneWeek, .twoWeeks: return nil
    case .oneMonth: return 1
    case .twoMonths: return 2
    case .threeMonths: return 3
    case .sixMonths: return 6
    case .oneYear: return 12
    }
  }

  /// Days in the period, for the periods counted in days; nil for months and years.
  public var days: Int? {
    switch self {
    case .threeDays: return 3
    case .oneWeek: return 7
    case .twoWeeks: return 14
    default: return nil
    }
  }

  /// Whether a subscription may renew every such period (Apple's six); the others are offer-only.
  public var isSubscriptionPeriod: Bool { self != .threeDays && self != .twoWeeks }

  /// The ISO 8601 duration of `count` such periods, as `offerPeriod` is written (format UNCONFIRMED, 3.1).
  public func iso8601(times count: Int) -> String {
    switch self {
    case .threeDays: return "P\(3 * count)D"
    case .oneWeek: return "P\(count)W"
    case .twoWeeks: return "P\(2 * count)W"
    case .oneYear: return "P\(count)Y"
    default: return "P\(count * months!)M"
    }
  }
}

/// A price in one storefront: milliunits (9.99 is 9990) and an ISO 4217 currency (SPEC-APPSTORE 3.1).
public struct Price: Hashable, Sendable, Codable {
  public var milliunits: Int64
  public var currency: String

  public init(milliunits: Int64, currency: String) {
    self.milliunits = milliunits
    self.currency = currency
  }
}

/// An offer: of a subscription, introductory, promotional, offer code or win-back; of a one-time
/// product (consumable, non-consumable, non-renewing), an offer code with a `ONE_TIME` discount
/// (SPEC-APPSTORE-2026 4).
public struct Offer: Hashable, Sendable {
  /// The promotional offer id or offer code reference; introductory offers have none in transactions.
  public var id: String
  public var type: OfferType
  public var discount: OfferDiscountType
  /// Free trial and pay up front: the one offer period. Pay as you go: the length of each discounted
  /// period. A one-time product's offer has none.
  public var period: SubscriptionDuration?
  /// Pay as you go: how many discounted periods; 1 otherwise.
  public var periodCount: Int
  /// Offer price per storefront in the product's currency; a free trial costs 0 everywhere.
  public var prices: [String: Int64]

  public init(
    id: String, type: OfferType, discount: OfferDiscountType, period: SubscriptionDuration?,
    periodCount: Int = 1,
    prices: [String: Int64] = [:]
  ) {
    self.id = id
    self.type = type
    self.discount = discount
    self.period = period
    self.periodCount = periodCount
    self.prices = prices
  }

  /// The offer's price in a storefront: 0 for a free trial, nil where it is not offered.
  public func price(in storefront: String) -> Int64? {
    discount == .freeTrial ? 0 : prices[storefront]
  }

  /// `offerPeriod` of transactions and renewal info: the whole discounted span (assumption for pay as
  /// you go); none for a one-time product's offer, where Apple is silent (sim rule, SPEC-APPSTORE-2026 4).
  public var isoPeriod: String? { period?.iso8601(times: discount == .payAsYouGo ? periodCount : 1) }
}

/// What only an auto-renewable subscription has: its group, level and period.
public struct SubscriptionInfo: Hashable, Sendable {
  public var groupId: String
  /// 1 is the highest level of the group; a smaller number is an upgrade.
  public var level: Int
  public var duration: SubscriptionDuration

  public init(groupId: String, level: Int, duration: SubscriptionDuration) {
    self.groupId = groupId
    self.level = level
    self.duration = duration
  }
}

/// One product of the catalog (SPEC-APPSTORE 3.1 `productId`, `type`, `price`, `currency`).
public struct Product: Hashable, Sendable {
  public var id: String
  public var type: ProductType
  /// Price per storefront code (ISO 3166-1 alpha-3, e.g. `USA`).
  public var prices: [String: Price]
  public var familyShareable: Bool
  /// Present exactly for auto-renewable subscriptions.
  public var subscription: SubscriptionInfo?
  public var offers: [Offer]
  /// A product removed from sale does not renew (expirationIntent 4).
  public var isForSale: Bool

  public init(
    id: String, type: ProductType, prices: [String: Price], familyShareable: Bool = false,
    subscription: SubscriptionInfo? = nil, offers: [Offer] = [], isForSale: Bool = true
  ) {
    self.id = id
    self.type = type
    self.prices = prices
    self.familyShareable = familyShareable
    self.subscription = subscription
    self.offers = offers
    self.isForSale = isForSale
  }

  public func offer(_ id: String) -> Offer? { offers.first { $0.id == id } }

  /// Why the product cannot be in a catalog, or nil when it is well formed.
  public var problem: String? {
    if id.isEmpty { return "a product needs an id" }
    if (type == .autoRenewable) != (subscription != nil) {
      return
        "product \(id): a subscription group, level and duration are required exactly for auto-renewable subscriptions"
    }
    for offer in offers where type != .autoRenewable {
      guard offer.type == .offerCode, offer.discount == .oneTime, offer.period == nil else {
        return "product \(id): a one-time product's only offers are offer codes with a ONE_TIME discount"
      }
    }
    for offer in offers where type == .autoRenewable && offer.period == nil {
      return "product \(id): offer \(offer.id) needs a period"
    }
    if type == .consumable && familyShareable {
      return "product \(id): consumables cannot be family shareable"
    }
    if let level = subscription?.level, level < 1 { return "product \(id): level must be 1 or more" }
    if let duration = subscription?.duration, !duration.isSubscriptionPeriod {
      return
        "product \(id): a subscription renews every P1W, P1M, P2M, P3M, P6M or P1Y, not \(duration.rawValue)"
    }
    for (storefront, price) in prices where price.milliunits < 0 || price.currency.count != 3 {
      return "product \(id): price in \(storefront) needs milliunits >= 0 and a 3-letter ISO 4217 currency"
    }
    for offer in offers
    where offer.periodCount < 1 || (offer.discount != .payAsYouGo && offer.periodCount != 1) {
      return "product \(id): offer \(offer.id) has a wrong period count"
    }
    for offer in offers where type == .autoRenewable && offer.discount == .oneTime {
      return "product \(id): offer \(offer.id): ONE_TIME discounts are not for subscriptions"
    }
    return nil
  }
}
