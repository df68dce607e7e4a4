import ExternalPurchaseTokens
import LifecycleSimulator

/// What the app's backend would report for a token to the External Purchase Server API
/// (SPEC 7) and what Apple does if it does not (SPEC 8), in a few factual sentences.
enum ReportingAdvice {
  /// One line for narrow screens.
  static func summary(for issued: IssuedToken, in world: WorldState) -> String {
    guard let type = issued.token.tokenType else {
      return "report LINE_ITEM or NO_LINE_ITEM; UNREPORTED 10 days after creation"
    }
    switch type {
    case .inApp, .linkOut:
      return "report LINE_ITEM or NO_LINE_ITEM (no DUPLICATE_TOKEN for \(type.rawValue))"
    case .acquisition, .services:
      let count = issued.periodId.map { world.periods[$0].tokenIndexes.count } ?? 1
      guard count > 1 else { return "report LINE_ITEM or NO_LINE_ITEM for this period" }
      return "report LINE_ITEM/NO_LINE_ITEM on one token, DUPLICATE_TOKEN on the other \(count - 1)"
    }
  }

  /// The full advice, one paragraph per fact.
  static func paragraphs(for issued: IssuedToken, in world: WorldState, server: String? = nil) -> [String] {
    var paragraphs: [String] = []
    let apple =
      issued.token.environment == .sandbox ? "api.storekit-sandbox.apple.com" : "api.storekit.apple.com"
    // With `tui --serve`, the mock server beside the UI is where a backend under test reports.
    let host = server.map { "the mock server at \($0) (standing in for \(apple))" } ?? apple
    guard let type = issued.token.tokenType, let expiration = issued.token.tokenExpirationDate else {
      paragraphs.append(
        "Report LINE_ITEM with the purchase this token preceded, or NO_LINE_ITEM if there was none.")
      paragraphs.append(
        "A plain token has no expiry; if it is not reported, an EXTERNAL_PURCHASE_TOKEN notification "
          + "with subtype UNREPORTED follows 10 days after creation.")
      paragraphs.append("Send reports to \(host).")
      return paragraphs
    }
    let range = "[\(ISOTime.string(issued.token.tokenCreationDate)), \(ISOTime.string(expiration)))"
    switch type {
    case .inApp, .linkOut:
      paragraphs.append(
        "Report LINE_ITEM for the transaction that followed this request, or NO_LINE_ITEM if the customer "
          + "bought nothing. DUPLICATE_TOKEN does not apply to \(type.rawValue).")
    case .acquisition, .services:
      let period = issued.periodId.map { world.periods[$0] }
      let count = period?.tokenIndexes.count ?? 1
      if count > 1 {
        paragraphs.append(
          "This period has \(count) tokens (refreshes share its dates). Report the period's transactions as "
            + "LINE_ITEM (or NO_LINE_ITEM) on ONE of them and each of the other \(count - 1) as "
            + "DUPLICATE_TOKEN. Never report a transaction twice.")
      } else {
        paragraphs.append(
          "Report the period's transactions as LINE_ITEM, or NO_LINE_ITEM if there were none.")
      }
      if type == .acquisition, let period,
        world.periods(of: issued.customerId, type: .services).contains(where: {
          $0.creationDate < period.expirationDate && period.creationDate < $0.expirationDate
        })
      {
        paragraphs.append(
          "A SERVICES period overlaps this one: transactions may go on SERVICES, and this ACQUISITION "
            + "token is then reported without transactions.")
      }
    }
    paragraphs.append("Line item creation dates must lie in \(range) (LineItemCreationDateOutOfRangeError).")
    paragraphs.append(
      "If it is not reported, an EXTERNAL_PURCHASE_TOKEN notification with subtype UNREPORTED follows "
        + "soon after expiry. Send reports to \(host).")
    return paragraphs
  }
}
