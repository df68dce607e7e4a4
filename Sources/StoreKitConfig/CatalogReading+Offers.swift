import AppStoreCommerce
import AppleWireTypes

/// A subscription's offers: introductory, promotional (`adHocOffers`), offer codes, win-back
/// (SPEC-STOREKIT-CONFIG 3).
extension CatalogReading {
  static let offerKeys: Set<String> = [
    "internalID", "paymentMode", "subscriptionPeriod", "numberOfPeriods", "displayPrice", "billingPlanType",
    "offerID", "referenceName", "eligibility", "isStackable",
  ]
  static let paymentModes: [String: OfferDiscountType] = [
    "free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront,
  ]
  /// The id epsim gives a subscription's introductory offer (the file gives it none); a purchase
  /// never names it, the App Store applies it (SPEC-APPSTORE-2026 3).
  static let introductoryOfferId = "introductory"

  mutating func offers(_ node: JSONNode) throws(NodeError) -> [Offer] {
    var offers: [Offer] = []
    var where_: [String: String] = [:]
    func append(_ offer: Offer?, _ path: String) throws(NodeError) {
      guard let offer else { return }
      if offer.id.contains(where: \.isWhitespace) {
        notes.add("offer \"\(offer.id)\" has spaces in its name: a scenario's `buy ... offer` cannot name it")
      }
      if let first = where_[offer.id] {
        throw NodeError(
          path, message: "offer id \"\(offer.id)\" is already used at \(first) in this subscription")
      }
      where_[offer.id] = path
      offers.append(offer)
    }
    let intros = try node.list("introductoryOffers")
    if let intro = node.member("introductoryOffer"), intro.value != .null {
      try append(try offer(intro, type: .introductory, id: Self.introductoryOfferId), intro.path)
    } else if let first = intros.first(where: { $0.member("billingPlanType")?.value != .string("MONTHLY") })
      ?? intros.first
    {
      try append(try offer(first, type: .introductory, id: Self.introductoryOfferId), first.path)
    }
    if intros.count > 1 {
      notes.add(
        "introductoryOffers: epsim keeps one introductory offer per subscription (the up-front plan's)")
    }
    for item in try node.list("adHocOffers") {
      let id = try item.object().requiredString("offerID", "a promotional offer id")
      try append(try offer(item, type: .promotional, id: id), item.path)
    }
    for item in try node.list("codeOffers") {
      let id = try item.object().requiredString("referenceName", "an offer code reference name")
      try noteCodeRules(item)
      try append(try offer(item, type: .offerCode, id: id), item.path)
    }
    for item in try node.list("winbackOffers") {
      _ = try item.object()
      let id =
        item.member("offerID") != nil
        ? try item.requiredString("offerID", "a win-back offer id")
        : try item.requiredString("referenceName", "a win-back offer id (offerID)")
      try append(try offer(item, type: .winBack, id: id), item.path)
    }
    if !(try node.list("billingPlans")).isEmpty {
      notes.add(
        "billingPlans (5.0) are not modelled: each subscription is billed its displayPrice every period")
    }
    return offers
  }

  /// One offer object; nil for `paymentMode: "none"`, which some files write for no offer.
  private mutating func offer(_ node: JSONNode, type: OfferType, id: String) throws(NodeError) -> Offer? {
    _ = try node.object()
    notes.unknownKeys(of: node, known: Self.offerKeys)
    let modes = "free, payAsYouGo or payUpFront"
    let mode = try node.requiredString("paymentMode", modes)
    if mode == "none" {
      notes.add("an offer with paymentMode \"none\" is read as no offer")
      return nil
    }
    guard let discount = Self.paymentModes[mode] else {
      throw NodeError(node.path + ".paymentMode", message: "expected \(modes), found \"\(mode)\"")
    }
    guard let periodNode = node.member("subscriptionPeriod") else {
      throw NodeError(node.path + ".subscriptionPeriod", message: "missing: expected a period such as P1M")
    }
    var offer = Offer(
      id: id, type: type, discount: discount, period: try Self.duration(periodNode, subscription: false))
    if let count = node.member("numberOfPeriods"), count.value != .null {
      let range = discount == .payAsYouGo ? 1...120 : 1...1
      let expected =
        discount == .payAsYouGo ? "a number of periods from 1 to 120" : "1 (\(mode) has one period)"
      offer.periodCount = try count.integer(expected, in: range)
    }
    if discount != .freeTrial {
      guard let price = node.member("displayPrice") else {
        throw NodeError(node.path + ".displayPrice", message: "missing: expected " + DisplayPrice.expected)
      }
      offer.prices = offerPrices(try DisplayPrice.milliunits(price))
    }
    return offer
  }

  /// Offer code eligibility and stacking are Xcode switches epsim does not model.
  private mutating func noteCodeRules(_ node: JSONNode) throws(NodeError) {
    if let eligibility = node.member("eligibility") {
      let groups = try eligibility.items().map { (item) throws(NodeError) in try item.string() }
      if Set(groups) != ["new", "existing", "expired"] {
        notes.add("codeOffers eligibility is not modelled: epsim lets any customer redeem an offer code")
      }
    }
    if try node.member("isStackable")?.bool() == true {
      notes.add(
        "codeOffers isStackable is not modelled: an offer code never stacks with an introductory offer")
    }
  }
}
