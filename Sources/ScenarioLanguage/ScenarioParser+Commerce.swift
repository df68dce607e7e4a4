import AppStoreCommerce
import AppleWireTypes
import CommerceSimulation
import LifecycleSimulator

/// `product` and `commerce` setup lines and the purchase steps (see docs/scenarios.md, "Apple purchases").
extension ScenarioParser {
  static let productTypes: [String: ProductType] = [
    "subscription": .autoRenewable, "non-renewing": .nonRenewing, "consumable": .consumable,
    "non-consumable": .nonConsumable,
  ]
  static let offerTypes: [String: OfferType] = [
    "introductory": .introductory, "promotional": .promotional, "offer-code": .offerCode,
    "win-back": .winBack,
  ]
  static let discounts: [String: OfferDiscountType] = [
    "free-trial": .freeTrial, "pay-as-you-go": .payAsYouGo, "pay-up-front": .payUpFront, "one-time": .oneTime,
  ]
  static let gracePeriods: [String: GracePeriodDuration] = [
    "3d": .threeDays, "16d": .sixteenDays, "28d": .twentyEightDays,
  ]

  /// `product ID subscription GROUP level N PERIOD price SF AMOUNT CUR ... [family] [offer ...]...`
  /// or `product ID consumable|non-consumable|non-renewing price SF AMOUNT CUR ... [family]`.
  mutating func productLine(_ reader: inout LineReader) throws(LineError) -> Product {
    let idWord = try reader.word("a product id such as pro.monthly")
    if products[idWord.text] != nil {
      throw LineError(
        column: idWord.column, expected: "a new product id", found: idWord.text, note: "declared already")
    }
    let typeNames = Self.productTypes.keys.sorted()
    let type = Self.productTypes[
      try reader.keyword(typeNames, expected: "a product type (" + Phrase.choices(typeNames) + ")")]!
    var product = Product(id: idWord.text, type: type, prices: [:])
    if type == .autoRenewable {
      _ = try reader.keyword(["group"])
      let group = try reader.word("a subscription group id").text
      _ = try reader.keyword(["level"])
      let level = Int(try reader.integer("a level: 1 is the highest", in: 1...100))
      product.subscription = SubscriptionInfo(
        groupId: group, level: level, duration: try period(&reader, subscription: true))
    }
    repeat {
      _ = try reader.keyword(["price"])
      let storefront = try self.storefront(&reader)
      let amount = try self.amount(&reader)
      let currency = try reader.word("an ISO 4217 currency such as USD")
      guard currency.text.count == 3, currency.text.allSatisfy({ $0.isUppercase }) else {
        throw LineError(
          column: currency.column, expected: "an ISO 4217 currency such as USD", found: currency.text)
      }
      product.prices[storefront] = Price(milliunits: amount, currency: currency.text)
    } while reader.current?.text == "price"
    product.familyShareable = reader.accept("family")
    while reader.accept("offer") {
      product.offers.append(try offer(&reader, oneTimeProduct: type != .autoRenewable))
    }
    if let problem = product.problem {
      throw LineError(column: idWord.column, expected: "a valid product", found: idWord.text, note: problem)
    }
    try reader.end(or: ["offer", "family"])
    products[product.id] = product
    return product
  }

  /// `offer ID TYPE DISCOUNT PERIOD [periods N] [price SF AMOUNT]...` of a subscription, or
  /// `offer ID offer-code one-time price SF AMOUNT...` of a one-time product (SPEC-APPSTORE-2026 4).
  private func offer(_ reader: inout LineReader, oneTimeProduct: Bool) throws(LineError) -> Offer {
    let id = try reader.word("an offer id").text
    if oneTimeProduct {
      // A one-time product's only offers are offer codes with a ONE_TIME discount, and no period.
      _ = try reader.keyword(["offer-code"], expected: "'offer-code' (a one-time product's only offer type)")
      _ = try reader.keyword(["one-time"], expected: "'one-time' (a one-time product's only discount)")
      var offer = Offer(id: id, type: .offerCode, discount: .oneTime, period: nil)
      repeat {
        _ = try reader.keyword(["price"])
        let storefront = try self.storefront(&reader)
        offer.prices[storefront] = try amount(&reader)
      } while reader.current?.text == "price"
      return offer
    }
    let types = Self.offerTypes.keys.sorted()
    let type = Self.offerTypes[
      try reader.keyword(types, expected: "an offer type (" + Phrase.choices(types) + ")")]!
    let discounts = Self.discounts.keys.filter { $0 != "one-time" }.sorted()
    let discount = Self.discounts[
      try reader.keyword(discounts, expected: "a discount (" + Phrase.choices(discounts) + ")")]!
    var offer = Offer(
      id: id, type: type, discount: discount, period: try period(&reader, subscription: false))
    if reader.accept("periods") {
      offer.periodCount = Int(try reader.integer("a number of periods", in: 1...120))
    }
    while reader.accept("price") {
      let storefront = try self.storefront(&reader)
      offer.prices[storefront] = try amount(&reader)
    }
    return offer
  }

  /// A period: a subscription renews every one of Apple's six; an offer may also last 3 days or 2 weeks.
  private func period(_ reader: inout LineReader, subscription: Bool) throws(LineError)
    -> SubscriptionDuration
  {
    let names = SubscriptionDuration.allCases.filter { !subscription || $0.isSubscriptionPeriod }.map(
      \.rawValue)
    return SubscriptionDuration(
      rawValue: try reader.keyword(names, expected: "a period (" + Phrase.choices(names, quoted: false) + ")")
    )!
  }

  /// A storefront as transactions write it: ISO 3166-1 alpha-3, upper case (`USA`).
  private func storefront(_ reader: inout LineReader) throws(LineError) -> String {
    guard let word = reader.current, word.text.count == 3, word.text.allSatisfy({ $0.isUppercase }) else {
      throw reader.error(expected: "a storefront such as USA (ISO 3166-1 alpha-3)")
    }
    reader.position += 1
    return word.text
  }

  /// A price such as 9.99, in milliunits (9990), within `limit`.
  private func amount(_ reader: inout LineReader, _ limit: StepLimit<Int64> = StepLimits.price)
    throws(LineError)
    -> Int64
  {
    let description = limit.expected
    guard let word = reader.current else { throw reader.error(expected: description) }
    let parts = word.text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0, whole < 1_000_000_000 else {
      throw reader.error(expected: description)
    }
    var fraction: Int64 = 0
    if parts.count == 2 {
      guard (1...3).contains(parts[1].count), parts[1].allSatisfy(\.isASCII), let digits = Int64(parts[1])
      else {
        throw reader.error(expected: description)
      }
      fraction = digits * [100, 10, 1][parts[1].count - 1]
    }
    guard limit.range.contains(whole * 1000 + fraction) else { throw reader.error(expected: description) }
    reader.position += 1
    return whole * 1000 + fraction
  }

  /// `commerce grace-period D|off`, `commerce renewal-rate C RATE`, `commerce failing-renewals C`,
  /// `commerce change-renews on|off`, `commerce default-renewal-rate RATE`,
  /// `commerce default-failing-renewals on|off`.
  func commerceSetting(_ reader: inout LineReader) throws(LineError) -> CommerceSetting {
    let setting = try reader.keyword([
      "grace-period", "renewal-rate", "failing-renewals", "change-renews", "default-renewal-rate",
      "default-failing-renewals",
    ])
    switch setting {
    case "grace-period":
      let names = Self.gracePeriods.keys.sorted { Int($0.dropLast())! < Int($1.dropLast())! } + ["off"]
      let name = try reader.keyword(
        names, expected: "a grace period (" + Phrase.choices(names, quoted: false) + ")")
      return .gracePeriod(Self.gracePeriods[name])
    case "renewal-rate":
      let customer = try knownCustomer(&reader)
      let rates = SandboxRenewalRate.allCases.map(\.rawValue)
      let rate = try reader.keyword(
        rates, expected: "a renewal rate (" + Phrase.choices(rates, quoted: false) + ")")
      return .renewalRate(customer: customer, SandboxRenewalRate(rawValue: rate)!)
    case "change-renews":
      return .changeRenews(try reader.keyword(["on", "off"]) == "on")
    case "default-renewal-rate":
      let rates = SandboxRenewalRate.allCases.map(\.rawValue)
      let rate = try reader.keyword(
        rates, expected: "a renewal rate (" + Phrase.choices(rates, quoted: false) + ")")
      return .defaultRenewalRate(SandboxRenewalRate(rawValue: rate)!)
    case "default-failing-renewals":
      return .defaultFailingRenewals(try reader.keyword(["on", "off"]) == "on")
    default:
      return .failingRenewals(customer: try knownCustomer(&reader))
    }
  }

  /// The purchase steps.
  mutating func commerceStep(_ keyword: String, _ reader: inout LineReader) throws(LineError) -> CommerceStep
  {
    switch keyword {
    case "buy":
      let product = try knownProduct(&reader)
      _ = try reader.keyword(["on"])
      let device = try knownDevice(&reader)
      var quantity = 1
      var offer: String?
      var token: String?
      if reader.accept("quantity") {
        quantity = try reader.limited(StepLimits.quantity)
      }
      if reader.accept("offer") {
        // The App Store applies an introductory offer by itself (SPEC-APPSTORE-2026 3): a
        // purchase names the others only.
        let all = products[product]!.offers
        let offers = all.filter { $0.type != .introductory }.map(\.id)
        let expected =
          offers.isEmpty
          ? "an offer of \(product)" : "an offer of \(product) (" + Phrase.choices(offers) + ")"
        if let introductory = all.first(where: { $0.type == .introductory }),
          reader.current?.text == introductory.id
        {
          throw reader.error(
            expected: expected,
            note: "\(introductory.id) is \(product)'s introductory offer, which the App Store applies to an"
              + " eligible customer by itself: leave the offer out (allow-introductory-offer true|false"
              + " overrides eligibility)")
        }
        guard !offers.isEmpty else {
          throw reader.error(
            expected: expected, note: "\(product) has no offers" + (all.isEmpty ? "" : " a purchase can name")
          )
        }
        offer = try reader.keyword(offers, expected: expected)
      }
      var allowIntroductoryOffer: Bool?
      if reader.accept("allow-introductory-offer") {
        // What a signed introductoryOfferEligibility option claims (SPEC-APPSTORE-2026 3).
        allowIntroductoryOffer = try reader.keyword(["true", "false"]) == "true"
      }
      if reader.accept("account-token") {
        guard let word = reader.current, CommerceStep.isUUID(word.text) else {
          throw reader.error(
            expected: "an app account token, a UUID such as 6f1e7d3a-2b4c-4d5e-8f90-1a2b3c4d5e6f")
        }
        reader.position += 1
        token = word.text
      }
      return .buy(
        product: product, device: device, quantity: quantity, offer: offer, accountToken: token,
        allowIntroductoryOffer: allowIntroductoryOffer)
    case "auto-renew":
      let customer = try knownCustomer(&reader)
      let group = try knownGroup(&reader)
      return .autoRenew(customer: customer, group: group, enabled: try reader.onOff())
    case "change":
      let customer = try knownCustomer(&reader)
      _ = try reader.keyword(["to"])
      return .change(customer: customer, product: try knownProduct(&reader))
    case "billing":
      let customer = try knownCustomer(&reader)
      return .billing(customer: customer, fails: try reader.keyword(["fails", "recovers"]) == "fails")
    case "refund":
      let (product, customer) = try productOfCustomer(&reader)
      let appIssue =
        reader.accept("reason") ? try reader.keyword(["other", "app-issue"]) == "app-issue" : false
      let reason: RevocationReason = appIssue ? .appIssue : .other
      guard reader.accept("percent") else {
        return .refund(product: product, customer: customer, reason: reason)
      }
      let share = try percent(&reader)
      return share == 100_000
        ? .refund(product: product, customer: customer, reason: reason)
        : .partialRefund(product: product, customer: customer, reason: reason, milliunits: share)
    case "refund-request":
      let (product, customer) = try productOfCustomer(&reader)
      guard reader.accept("reason") else { return .requestRefund(product: product, customer: customer) }
      let words = ConsumptionRequestReason.allCases.map(\.word)
      let word = try reader.keyword(
        words, expected: "a reason (" + Phrase.choices(words, quoted: false) + ")")
      return .requestRefund(
        product: product, customer: customer, reason: ConsumptionRequestReason(word: word)!)
    case "refund-reverse":
      let (product, customer) = try productOfCustomer(&reader)
      return .reverseRefund(product: product, customer: customer)
    case "rescind-consent":
      return .rescindConsent(customer: try knownCustomer(&reader))
    case "refund-decline":
      let (product, customer) = try productOfCustomer(&reader)
      return .declineRefund(product: product, customer: customer)
    case "family":
      let customer = try knownCustomer(&reader)
      if reader.accept("leaves") { return .leaveFamily(customer: customer) }
      _ = try reader.keyword(["joins", "leaves"])
      return .joinFamily(customer: customer, family: try reader.word("a family id").text)
    case "price":
      let product = try knownProduct(&reader)
      let storefront = try self.storefront(&reader)
      let milliunits = try amount(&reader, StepLimits.newPrice)
      return .setPrice(
        product: product, storefront: storefront, milliunits: milliunits,
        needsConsent: reader.accept("consent"))
    case "price-consent":
      let customer = try knownCustomer(&reader)
      return .consentToPriceIncrease(customer: customer, group: try knownGroup(&reader))
    case "sale":
      let product = try knownProduct(&reader)
      return .sale(product: product, forSale: try reader.onOff())
    case "clear-history":
      return .clearHistory(customer: try knownCustomer(&reader))
    default:
      let (product, customer) = try productOfCustomer(&reader)
      let quantity = reader.accept("quantity") ? try reader.limited(StepLimits.quantity) : 1
      return .consume(product: product, customer: customer, quantity: quantity)
    }
  }

  /// `PRODUCT of CUSTOMER`, as refund and consume lines name a purchase.
  private func productOfCustomer(_ reader: inout LineReader) throws(LineError) -> (String, String) {
    let product = try knownProduct(&reader)
    _ = try reader.keyword(["of"])
    return (product, try knownCustomer(&reader))
  }

  /// A share of a price such as 50 or 12.5 (percent), in milliunits of a percent (50000).
  private func percent(_ reader: inout LineReader) throws(LineError) -> Int {
    let start = reader.position
    let value = try amount(&reader)
    guard StepLimits.refundShare.range.contains(Int(value)) else {
      reader.position = start
      throw reader.error(expected: StepLimits.refundShare.expected)
    }
    return Int(value)
  }

  func knownProduct(_ reader: inout LineReader) throws(LineError) -> String {
    try known(&reader, among: products.keys, what: "product", howToDeclare: "a 'product' line")
  }

  func knownGroup(_ reader: inout LineReader) throws(LineError) -> String {
    let groups = Set(products.values.compactMap(\.subscription?.groupId))
    return try known(&reader, among: groups, what: "subscription group", howToDeclare: "a 'product' line")
  }
}
