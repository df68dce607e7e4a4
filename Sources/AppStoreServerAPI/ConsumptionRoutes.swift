import AppStoreCommerce
import Foundation
import Hummingbird
import JSONShield

/// Send Consumption Information, v2 and v1 (SPEC-APPSTORE 4.9): each field checked with its own
/// error code; accepted information is kept (the control API shows it) and answered 202.
/// **Assumptions:** 202 for both versions (v1's historical answer; v2's is UNCONFIRMED); a field
/// without its own code in Apple's list (v2 `consumptionPercentage`, `refundPreference`) gets
/// 4000000; information is accepted whether or not a refund request is open.
extension AppStoreRoutes {
  package func registerConsumption(_ on: Register) {
    on(.put, "/inApps/v2/transactions/consumption/:id", .consumptionV2) { request, parameters, view in
      try await consumption(request, id: parameters.get("id") ?? "", view: view, rules: Self.consumptionV2)
    }
    on(.put, "/inApps/v1/transactions/consumption/:id", .consumptionV1) { request, parameters, view in
      try await consumption(request, id: parameters.get("id") ?? "", view: view, rules: Self.consumptionV1)
    }
  }

  /// One field's rule: its Apple error, whether it must be present, and which values are allowed.
  package struct FieldRule: Sendable {
    package var name: String
    package var code: Int64
    package var error: String
    package var required: Bool
    package var allows: @Sendable (JSONScalar) -> Bool
  }

  package static func intRange(_ range: ClosedRange<Int64>) -> @Sendable (JSONScalar) -> Bool {
    { if case .int(let value) = $0 { return range.contains(value) } else { return false } }
  }
  package static func oneOf(_ values: Set<String>) -> @Sendable (JSONScalar) -> Bool {
    { if case .string(let value) = $0 { return values.contains(value) } else { return false } }
  }
  package static let isBool: @Sendable (JSONScalar) -> Bool = {
    if case .bool = $0 { return true } else { return false }
  }
  package static let isTrue: @Sendable (JSONScalar) -> Bool = { $0 == .bool(true) }

  /// The two rules v2 and v1 share.
  package static let consented = FieldRule(
    name: "customerConsented", code: 4_000_035, error: "InvalidCustomerConsentedError", required: true,
    allows: isTrue)
  package static let sampleProvided = FieldRule(
    name: "sampleContentProvided", code: 4_000_041, error: "InvalidSampleContentProvidedError",
    required: true,
    allows: isBool)

  package static let consumptionV2: [FieldRule] = [
    consented,
    sampleProvided,
    FieldRule(
      name: "deliveryStatus", code: 4_000_036, error: "InvalidDeliveryStatusError", required: true,
      allows: oneOf([
        "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM", "UNDELIVERED_SERVER_OUTAGE",
        "UNDELIVERED_OTHER",
      ])),
    FieldRule(
      name: "consumptionPercentage", code: 4_000_000, error: "GeneralBadRequestError", required: false,
      allows: intRange(0...100_000)),
    FieldRule(
      name: "refundPreference", code: 4_000_000, error: "GeneralBadRequestError", required: false,
      allows: oneOf(["DECLINE", "GRANT_FULL", "GRANT_PRORATED"])),
  ]

  package static let consumptionV1: [FieldRule] = [
    consented,
    FieldRule(
      name: "consumptionStatus", code: 4_000_034, error: "InvalidConsumptionStatusError", required: true,
      allows: intRange(0...3)),
    FieldRule(
      name: "platform", code: 4_000_039, error: "InvalidPlatformError", required: true,
      allows: intRange(0...2)),
    sampleProvided,
    FieldRule(
      name: "deliveryStatus", code: 4_000_036, error: "InvalidDeliveryStatusError", required: true,
      allows: intRange(0...5)),
    FieldRule(
      name: "appAccountToken", code: 4_000_033, error: "InvalidAppAccountTokenError", required: true,
      allows: {
        if case .string(let text) = $0 { return text.isEmpty || UUID(uuidString: text) != nil }
        return false
      }),
    FieldRule(
      name: "accountTenure", code: 4_000_032, error: "InvalidAccountTenureError", required: true,
      allows: intRange(0...7)),
    FieldRule(
      name: "playTime", code: 4_000_040, error: "InvalidPlayTimeError", required: true,
      allows: intRange(0...7)),
    FieldRule(
      name: "lifetimeDollarsRefunded", code: 4_000_038, error: "InvalidLifetimeDollarsRefundedError",
      required: true, allows: intRange(0...7)),
    FieldRule(
      name: "lifetimeDollarsPurchased", code: 4_000_037, error: "InvalidLifetimeDollarsPurchasedError",
      required: true, allows: intRange(0...7)),
    FieldRule(
      name: "userStatus", code: 4_000_042, error: "InvalidUserStatusError", required: true,
      allows: intRange(0...4)),
    FieldRule(
      name: "refundPreference", code: 4_000_000, error: "GeneralBadRequestError", required: false,
      allows: intRange(0...3)),
  ]

  private func consumption(_ request: Request, id: String, view: AppStoreView, rules: [FieldRule])
    async throws
    -> Response
  {
    let body = try await jsonObject(request)
    guard case .transaction(let record) = try view.subject(path: id) else {
      throw AppStoreAPIError.transactionNotFound(id)
    }
    let type = view.commerce.products[Int(record.product)].type
    guard type == .consumable || type == .autoRenewable else {
      throw AppStoreAPIError(
        .badRequest, 4_000_047, "InvalidTransactionTypeNotSupportedError",
        "\(id) is a \(type.rawValue); consumption information is for consumables and auto-renewable subscriptions"
      )
    }
    var kept: [String: String] = [:]
    for rule in rules {
      guard let raw = body[rule.name] else {
        if rule.required {
          throw AppStoreAPIError(.badRequest, rule.code, rule.error, "\(rule.name) is required")
        }
        continue
      }
      let value = raw
      guard rule.allows(value) else {
        throw AppStoreAPIError(.badRequest, rule.code, rule.error, "\(rule.name) cannot be \(value.text)")
      }
      kept[rule.name] = value.plain
    }
    try await applyBackend(
      .sendConsumptionInformation(transactionId: String(record.transactionId), fields: kept))
    return Response(status: .accepted)
  }
}
