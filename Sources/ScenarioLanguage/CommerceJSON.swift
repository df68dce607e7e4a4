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
    var members: [JSONMember] = []
    let children = Mirror(reflecting: payload).children.compactMap { child in
      child.label.map { ($0, child.value) }
    }
    for (name, optional) in children.sorted(by: { $0.0 < $1.0 }) {
      guard let value = Mirror(reflecting: optional).children.first?.value else { continue }
      let json: JSONValue
      switch value {
      case let number as Int64: json = .int(number)
      case let number as Int: json = .int(Int64(number))
      case let flag as Bool: json = .bool(flag)
      case let list as [String]: json = .array(list.map { .string($0) })
      case let text as String: json = .string(text)
      default: continue  // Advanced Commerce objects: epsim sells no such SKUs
      }
      members.append(JSONMember(name: name, value: json))
    }
    return .object(members)
  }

  /// Every field of the decoded transaction that has a value, by Apple's names, in alphabetical order.
  static func transaction(_ payload: TransactionPayload) -> JSONValue {
    var members: [JSONMember] = []
    for name in ScenarioParser.transactionFields {
      guard let child = Mirror(reflecting: payload).children.first(where: { $0.label == name }),
        let value = Mirror(reflecting: child.value).children.first?.value
      else { continue }
      let json: JSONValue
      switch value {
      case let number as Int64: json = .int(number)
      case let number as Int: json = .int(Int64(number))
      case let flag as Bool: json = .bool(flag)
      default: json = .string(String(describing: value))
      }
      members.append(JSONMember(name: name, value: json))
    }
    return .object(members)
  }
}
