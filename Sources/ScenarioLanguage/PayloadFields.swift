import AppStoreCommerce
import ExternalPurchaseTokens

/// One field of a decoded payload by Apple's name, with its value as a transcript's JSON writes it
/// (nil when the payload leaves it out).
struct PayloadField<Payload>: Sendable {
  let name: String
  let value: @Sendable (Payload) -> JSONValue?
}

extension PayloadField {
  init(_ name: String, _ path: KeyPath<Payload, String?> & Sendable) {
    self.init(name: name) { $0[keyPath: path].map { .string($0) } }
  }

  init(_ name: String, _ path: KeyPath<Payload, Int64?> & Sendable) {
    self.init(name: name) { $0[keyPath: path].map { .int($0) } }
  }

  init(_ name: String, _ path: KeyPath<Payload, Int?> & Sendable) {
    self.init(name: name) { $0[keyPath: path].map { .int($0) } }
  }

  /// A field Apple sends as a string from a fixed list (`type`, `inAppOwnershipType`), typed here.
  init<Value: RawRepresentable>(_ name: String, _ path: KeyPath<Payload, Value?> & Sendable)
  where Value.RawValue == String {
    self.init(name: name) { $0[keyPath: path].map { .string($0.rawValue) } }
  }

  /// A field Apple sends as a number from a fixed list (`offerType`, `expirationIntent`), typed here.
  init<Value: RawRepresentable>(_ name: String, _ path: KeyPath<Payload, Value?> & Sendable)
  where Value.RawValue == Int {
    self.init(name: name) { $0[keyPath: path].map { .int($0.rawValue) } }
  }

  init(_ name: String, _ path: KeyPath<Payload, Bool?> & Sendable) {
    self.init(name: name) { $0[keyPath: path].map { .bool($0) } }
  }

  init(_ name: String, _ path: KeyPath<Payload, [String]?> & Sendable) {
    self.init(name: name) { $0[keyPath: path].map { .array($0.map { .string($0) }) } }
  }

  /// An Advanced Commerce object (epsim sells no such SKUs, so it stays nil), members by name.
  init(_ name: String, _ path: KeyPath<Payload, [String: String]?> & Sendable) {
    self.init(name: name) { payload in
      payload[keyPath: path].map { object in
        .object(object.sorted { $0.key < $1.key }.map { JSONMember(name: $0.key, value: .string($0.value)) })
      }
    }
  }
}

/// Every field of the decoded payloads by Apple's names, in alphabetical order: how expectations
/// read the fields they may name (`ScenarioParser.transactionFields`, `.renewalFields`) and how the
/// JSON transcript lists them (`CommerceJSON`). A field added to `TransactionPayload` or
/// `RenewalInfoPayload` goes here too: PayloadFieldsTests fails for a field the payload encodes
/// that is not here.
enum PayloadFields {
  static let transaction: [PayloadField<TransactionPayload>] = [
    .init("advancedCommerceInfo", \.advancedCommerceInfo),
    .init("appAccountToken", \.appAccountToken),
    .init("appTransactionId", \.appTransactionId),
    .init("billingPlanType", \.billingPlanType),
    .init("bundleId", \.bundleId),
    .init("commitmentInfo", \.commitmentInfo),
    .init("currency", \.currency),
    .init("environment", \.environment),
    .init("expiresDate", \.expiresDate),
    .init("inAppOwnershipType", \.inAppOwnershipType),
    .init("isUpgraded", \.isUpgraded),
    .init("offerDiscountType", \.offerDiscountType),
    .init("offerIdentifier", \.offerIdentifier),
    .init("offerPeriod", \.offerPeriod),
    .init("offerType", \.offerType),
    .init("originalPurchaseDate", \.originalPurchaseDate),
    .init("originalTransactionId", \.originalTransactionId),
    .init("price", \.price),
    .init("productId", \.productId),
    .init("purchaseDate", \.purchaseDate),
    .init("quantity", \.quantity),
    .init("revocationDate", \.revocationDate),
    .init("revocationPercentage", \.revocationPercentage),
    .init("revocationReason", \.revocationReason),
    .init("revocationType", \.revocationType),
    .init("signedDate", \.signedDate),
    .init("storefront", \.storefront),
    .init("storefrontId", \.storefrontId),
    .init("subscriptionGroupIdentifier", \.subscriptionGroupIdentifier),
    .init("transactionId", \.transactionId),
    .init("transactionReason", \.transactionReason),
    .init("type", \.type),
    .init("webOrderLineItemId", \.webOrderLineItemId),
  ]

  static let renewalInfo: [PayloadField<RenewalInfoPayload>] = [
    .init("advancedCommerceInfo", \.advancedCommerceInfo),
    .init("appAccountToken", \.appAccountToken),
    .init("appTransactionId", \.appTransactionId),
    .init("autoRenewProductId", \.autoRenewProductId),
    .init("autoRenewStatus", \.autoRenewStatus),
    .init("commitmentInfo", \.commitmentInfo),
    .init("currency", \.currency),
    .init("eligibleWinBackOfferIds", \.eligibleWinBackOfferIds),
    .init("environment", \.environment),
    .init("expirationIntent", \.expirationIntent),
    .init("gracePeriodExpiresDate", \.gracePeriodExpiresDate),
    .init("isInBillingRetryPeriod", \.isInBillingRetryPeriod),
    .init("offerDiscountType", \.offerDiscountType),
    .init("offerIdentifier", \.offerIdentifier),
    .init("offerPeriod", \.offerPeriod),
    .init("offerType", \.offerType),
    .init("originalTransactionId", \.originalTransactionId),
    .init("priceIncreaseStatus", \.priceIncreaseStatus),
    .init("productId", \.productId),
    .init("recentSubscriptionStartDate", \.recentSubscriptionStartDate),
    .init("renewalBillingPlanType", \.renewalBillingPlanType),
    .init("renewalDate", \.renewalDate),
    .init("renewalPrice", \.renewalPrice),
    .init("signedDate", \.signedDate),
  ]

  static let transactionByName = Dictionary(uniqueKeysWithValues: transaction.map { ($0.name, $0) })
  static let renewalInfoByName = Dictionary(uniqueKeysWithValues: renewalInfo.map { ($0.name, $0) })

  /// A field's value as scenario lines write it: numbers and ids as digits, a list joined by
  /// commas, `none` when absent or not a field of the payload.
  static func text<Payload>(_ name: String, of payload: Payload, in fields: [String: PayloadField<Payload>])
    -> String
  {
    text(fields[name]?.value(payload))
  }

  private static func text(_ value: JSONValue?) -> String {
    switch value {
    case nil, .null: "none"
    case .string(let text), .number(let text): text
    case .bool(let flag): String(flag)
    case .array(let items): items.map(text).joined(separator: ",")
    case .object(let members): members.map { "\($0.name)=\(text($0.value))" }.joined(separator: ",")
    }
  }
}
