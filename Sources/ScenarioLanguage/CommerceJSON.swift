import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator

/// The `commerce` list of a JSON transcript step: each App Store change with its decoded
/// transaction and, for subscriptions, its decoded renewal info.
enum CommerceJSON {
  static func note(_ note: CommerceNote) -> JSONValue {
    .object([
      "timeMs": .int(note.time),
      "time": .string(ISOTime.string(note.time)),
      "customer": .string(note.customer),
      "notification": .optional(note.notification),
      "status": note.status.map { .int(Int64($0.rawValue)) } ?? .null,
      "summary": .string(note.summary),
      "transaction": note.transaction.map(transaction) ?? .null,
      "renewalInfo": note.renewalInfo.map(renewalInfo) ?? .null,
    ])
  }

  /// Every field of the decoded renewal info that has a value, by Apple's names, in alphabetical
  /// order (so QA sees `gracePeriodExpiresDate`, `isInBillingRetryPeriod`, `expirationIntent`,
  /// `autoRenewStatus` without writing expectations).
  static func renewalInfo(_ payload: RenewalInfoPayload) -> JSONValue {
    .object(
      PayloadFields.renewalInfo.compactMap { field in
        switch field.value(payload) {
        case nil, .object?: nil  // Advanced Commerce objects: epsim sells no such SKUs
        case let value?: JSONMember(name: field.name, value: value)
        }
      })
  }

  /// The fields of the decoded transaction an expectation may name that have a value, by Apple's
  /// names, in alphabetical order.
  static func transaction(_ payload: TransactionPayload) -> JSONValue {
    .object(
      ScenarioParser.transactionFields.compactMap { name in
        PayloadFields.transactionByName[name]?.value(payload).map { JSONMember(name: name, value: $0) }
      })
  }
}
