import AppStoreCommerce
import AppleWireTypes
import LifecycleSimulator

/// Expectations about Apple purchases: status, chain length, renewal info, notifications, transactions.
extension ScenarioParser {
  /// `TransactionPayload` fields an expectation may name (SPEC-APPSTORE 3.1).
  static let transactionFields = [
    "appAccountToken", "appTransactionId", "bundleId", "currency", "environment", "expiresDate",
    "inAppOwnershipType", "isUpgraded", "offerDiscountType", "offerIdentifier", "offerPeriod", "offerType",
    "originalPurchaseDate", "originalTransactionId", "price", "productId", "purchaseDate", "quantity",
    "revocationDate", "revocationPercentage", "revocationReason", "revocationType", "storefront",
    "storefrontId", "subscriptionGroupIdentifier", "transactionId", "transactionReason", "type",
    "webOrderLineItemId",
  ]
  /// `RenewalInfoPayload` fields an expectation may name (SPEC-APPSTORE 3.2).
  static let renewalFields = [
    "appAccountToken", "appTransactionId", "autoRenewProductId", "autoRenewStatus", "currency",
    "eligibleWinBackOfferIds", "environment", "expirationIntent", "gracePeriodExpiresDate",
    "isInBillingRetryPeriod", "offerDiscountType", "offerIdentifier", "offerPeriod", "offerType",
    "originalTransactionId", "priceIncreaseStatus", "productId", "recentSubscriptionStartDate",
    "renewalDate", "renewalPrice",
  ]

  func commerceExpectation(_ keyword: String, _ reader: inout LineReader) throws(LineError) -> ExpectationKind
  {
    switch keyword {
    case "status":
      let group = try knownGroup(&reader)
      _ = try reader.keyword(["="])
      let names = StatusName.ordered
      let name = try reader.keyword(
        names, expected: "a status (" + Phrase.choices(names, quoted: false) + ")")
      return .subscriptionStatus(
        group: group, status: StatusName.status(name)!, customer: try scope(&reader, allowEveryone: false))
    case "transactions":
      let group = try knownGroup(&reader)
      _ = try reader.keyword(["="])
      let count = Int(try reader.integer("a count, a whole number from 0", in: 0...1_000_000_000))
      return .chainLength(group: group, count: count, customer: try scope(&reader, allowEveryone: false))
    case "renewal":
      let group = try knownGroup(&reader)
      let (field, value) = try fieldValue(Self.renewalFields, what: "a renewal info field", &reader)
      return .renewalField(
        group: group, field: field, value: value, customer: try scope(&reader, allowEveryone: false))
    case "notification": return .notification(try notificationText(&reader))
    default:
      let (field, value) = try fieldValue(Self.transactionFields, what: "a transaction field", &reader)
      return .transactionField(field: field, value: value)
    }
  }

  /// `FIELD = VALUE`; a UTC time stands for its UNIX milliseconds, as Apple writes dates.
  private func fieldValue(_ fields: [String], what: String, _ reader: inout LineReader) throws(LineError) -> (
    String, String
  ) {
    let field = try reader.keyword(fields, expected: what)
    _ = try reader.keyword(["="])
    let word = try reader.word("the field's value, or 'none'")
    return (field, ISOTime.parse(word.text).map { String($0) } ?? word.text)
  }

  /// `TYPE`, `TYPE/SUBTYPE` or `none`.
  private func notificationText(_ reader: inout LineReader) throws(LineError) -> String {
    let types = NotificationType.allCases.map(\.rawValue)
    let description = "a notification type such as DID_RENEW or SUBSCRIBED/INITIAL_BUY, or 'none'"
    guard let word = reader.current else { throw reader.error(expected: description) }
    if word.text == "none" {
      reader.position += 1
      return word.text
    }
    let parts = word.text.split(separator: "/", maxSplits: 1).map(String.init)
    guard let type = parts.first, types.contains(type) else {
      throw reader.error(expected: description, candidates: types)
    }
    if parts.count == 2 {
      let subtypes = NotificationSubtype.allCases.map(\.rawValue)
      guard subtypes.contains(parts[1]) else {
        throw LineError(
          column: word.column + type.count + 1, expected: "a notification subtype", found: parts[1],
          suggestion: Suggestion.closest(to: parts[1], among: subtypes))
      }
    }
    reader.position += 1
    return word.text
  }
}
