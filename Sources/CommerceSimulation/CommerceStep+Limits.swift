import Foundation
import LifecycleSimulator

extension CommerceStep {
  /// Checks the step's numbers against `StepLimits`; the field named is the control API's member
  /// name, which the UI's forms and the scenario language's words share. Every door calls this
  /// (the parser checks each word as it reads it, for its column), and `CommerceWorld.perform`
  /// calls it again, so no door can hand the App Store a quantity or price the others refuse.
  public func checkLimits() throws(StepLimitViolation) {
    switch self {
    case .buy(_, _, let quantity, _, let token, _):
      try StepLimits.quantity.check(quantity, field: "quantity")
      if let token, !Self.isUUID(token) {
        throw StepLimitViolation(
          field: "appAccountToken",
          message: "appAccountToken: expected a UUID such as "
            + "6f1e7d3a-2b4c-4d5e-8f90-1a2b3c4d5e6f (StoreKit's appAccountToken), found \(token)")
      }
    case .consume(_, _, let quantity):
      try StepLimits.quantity.check(quantity, field: "quantity")
    case .partialRefund(_, _, _, let milliunits):
      try StepLimits.refundShare.check(milliunits, field: "percent")
    case .setPrice(_, _, let milliunits, _):
      try StepLimits.newPrice.check(milliunits, field: "price")
    case .autoRenew, .change, .billing, .refund, .joinFamily, .leaveFamily, .requestRefund, .declineRefund,
      .reverseRefund, .rescindConsent,
      .consentToPriceIncrease, .sale, .clearHistory, .setting:
      // A setting's values are names from closed lists (grace periods, renewal rates).
      return
    }
  }

  /// Whether `text` is a UUID in its text form, as StoreKit's `appAccountToken` is: Foundation's
  /// reading, as the server's App Store routes use, named here so every door checks the same way.
  public static func isUUID(_ text: String) -> Bool {
    UUID(uuidString: text) != nil
  }
}
