import ExternalPurchaseTokens
import LifecycleSimulator

/// Short human descriptions of step results, shared by expectations and the text transcript.
enum StepResultText {
  static func describe(_ result: StepResult) -> String {
    switch result {
    case .token(let record): return describe(record)
    case .noToken(let reason): return "no token (nil): \(reason)"
    case .eligible: return "eligible"
    case .notEligible(let code, let message): return "not eligible, reason \(code): \(message)"
    case .lifecycle(let started):
      return started.isEmpty
        ? "no period started" : "started " + started.map(describe).joined(separator: ", ")
    case .clock(_, let to, let expired):
      return "now \(ISOTime.string(to))"
        + (expired.isEmpty ? "" : "; expired " + expired.map(describe).joined(separator: ", "))
    case .changed: return "done"
    }
  }

  static func describe(_ record: TokenRecord) -> String {
    let token = record.token
    guard let type = token.tokenType else {
      return "plain token \(token.externalPurchaseId)" + (record.url.map { ", opens \($0)" } ?? "")
    }
    var text = "\(type.rawValue) token \(token.externalPurchaseId)"
    if let ordinal = record.periodOrdinal { text += ", period \(ordinal)" }
    if let disposition = record.disposition { text += " (\(disposition.rawValue))" }
    if let expiry = token.tokenExpirationDate { text += ", expires \(ISOTime.string(expiry))" }
    return text
  }

  static func describe(_ period: PeriodRecord) -> String {
    "\(period.type.rawValue) period \(period.ordinal) of \(period.customer)"
  }
}
