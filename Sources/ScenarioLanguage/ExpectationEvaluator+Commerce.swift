import AppStoreCommerce
import LifecycleSimulator

/// Verdicts on the purchase expectations, read from the commerce world and the step's notes.
extension ExpectationEvaluator {
  func commerceVerdict(_ kind: ExpectationKind) -> (Bool, String, String) {
    switch kind {
    case .subscriptionStatus(let group, let status, let scope):
      let customer = customerId(scope) ?? "?"
      let expected = "\(StatusName.names[status]!) for \(customer)"
      guard let commerce, let found = commerce.subscription(of: customer, group: group) else {
        return (false, expected, "no subscription in \(group) for \(customer)")
      }
      let actual =
        found.shared.map { commerce.state.status(of: $0) } ?? commerce.state.status(of: found.chain)
      return (actual == status, expected, "\(StatusName.names[actual]!) for \(customer)")
    case .chainLength(let group, let count, let scope):
      let customer = customerId(scope) ?? "?"
      guard let commerce, let found = commerce.subscription(of: customer, group: group) else {
        return (false, String(count), "no subscription in \(group) for \(customer)")
      }
      let original = found.shared?.originalTransactionId ?? found.chain.originalTransactionId
      let actual = commerce.state.transactions.filter { $0.originalTransactionId == original }.count
      return (actual == count, String(count), String(actual))
    case .renewalField(let group, let field, let value, let scope):
      let customer = customerId(scope) ?? "?"
      guard let commerce, let found = commerce.subscription(of: customer, group: group) else {
        return (false, value, "no subscription in \(group) for \(customer)")
      }
      let info = commerce.state.renewalInfo(
        of: found.chain, shared: found.shared, signedDate: commerce.state.now)
      return Self.compare(
        value, PayloadFields.text(field, of: info, in: PayloadFields.renewalInfoByName), field: field)
    case .notification(let text):
      let actual = answer?.commerce.last { $0.notification != nil }?.notification ?? "none"
      return (actual == text, text, actual)
    case .transactionField(let field, let value):
      guard let payload = answer?.commerce.last(where: { $0.transaction != nil })?.transaction else {
        return (false, value, "no transaction in the step")
      }
      return Self.compare(
        value, PayloadFields.text(field, of: payload, in: PayloadFields.transactionByName), field: field)
    default: preconditionFailure("not a commerce expectation")
    }
  }

  /// A field's verdict; dates are shown as ISO times with their milliseconds.
  static func compare(_ expected: String, _ actual: String, field: String) -> (Bool, String, String) {
    func shown(_ value: String) -> String {
      guard field.hasSuffix("Date"), let time = Int64(value) else { return value }
      return Self.time(time)
    }
    return (expected == actual, shown(expected), shown(actual))
  }

}
