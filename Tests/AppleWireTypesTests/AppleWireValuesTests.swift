import AppleWireTypes
import Foundation
import Testing

/// The closed wire values against the lists in SPEC-APPSTORE 5.3, 5.4 and 4.4, written out here
/// again on purpose: a value dropped or misspelled in the one definition fails here.
@Suite("Apple's wire types: notification types, subtypes, product types")
struct AppleWireValuesTests {
  @Test func everyNotificationTypeOfTheSpecIsKnown() {
    let spec: Set<String> = [
      "SUBSCRIBED", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "OFFER_REDEEMED", "DID_RENEW",
      "EXPIRED", "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "PRICE_INCREASE", "REFUND", "REFUND_DECLINED",
      "REFUND_REVERSED", "CONSUMPTION_REQUEST", "RENEWAL_EXTENDED", "RENEWAL_EXTENSION", "REVOKE", "TEST",
      "EXTERNAL_PURCHASE_TOKEN", "ONE_TIME_CHARGE", "RESCIND_CONSENT", "METADATA_UPDATE", "MIGRATE",
      "MIGRATION", "PRICE_CHANGE",
    ]
    #expect(Set(NotificationType.allCases.map(\.rawValue)) == spec)
  }

  @Test func everySubtypeOfTheSpecIsKnownTheTokenOnesMarked() {
    let spec: Set<String> = [
      "INITIAL_BUY", "RESUBSCRIBE", "DOWNGRADE", "UPGRADE", "AUTO_RENEW_ENABLED", "AUTO_RENEW_DISABLED",
      "VOLUNTARY", "BILLING_RETRY", "PRICE_INCREASE", "GRACE_PERIOD", "PENDING", "ACCEPTED",
      "BILLING_RECOVERY", "PRODUCT_NOT_FOR_SALE", "SUMMARY", "FAILURE", "UNREPORTED", "CREATED",
      "ACTIVE_TOKEN_REMINDER",
    ]
    #expect(Set(NotificationSubtype.allCases.map(\.rawValue)) == spec)
    #expect(
      NotificationSubtype.externalPurchaseToken.map(\.rawValue) == [
        "CREATED", "UNREPORTED", "ACTIVE_TOKEN_REMINDER",
      ])
  }

  @Test func productTypesHaveBothSpellings() {
    let pairs = ProductType.allCases.map { "\($0.rawValue)=\($0.historyFilterName)" }
    #expect(
      pairs == [
        "Auto-Renewable Subscription=AUTO_RENEWABLE", "Non-Renewing Subscription=NON_RENEWABLE",
        "Consumable=CONSUMABLE", "Non-Consumable=NON_CONSUMABLE",
      ])
  }

  @Test func valuesEncodeAsTheirRawValuesAndUnknownOnesAreRefused() throws {
    let encoded = try JSONEncoder().encode([OwnershipType.familyShared])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["FAMILY_SHARED"]"#)
    #expect(String(decoding: try JSONEncoder().encode([OfferType.winBack]), as: UTF8.self) == "[4]")
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([RevocationType].self, from: Data(#"["REFUND_PARTIAL"]"#.utf8))
    }
  }
}
