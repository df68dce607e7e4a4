import AppStoreCommerce
import ExternalPurchaseTokens
import LifecycleSimulator

/// The `commerce` list of a JSON transcript step: each App Store change with its decoded transaction.
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
    ])
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
