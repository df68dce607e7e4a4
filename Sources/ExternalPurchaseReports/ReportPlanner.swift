import ExternalPurchaseTokens
import LifecycleSimulator

/// Decides which report each token of a world needs at a virtual time (SPEC 7):
/// `LINE_ITEM` when purchases fall on it, `NO_LINE_ITEM` otherwise, `DUPLICATE_TOKEN` for every
/// token of a refreshed period but the first, and ACQUISITION without transactions while a
/// SERVICES period is active beside it (purchases then go on SERVICES).
public struct ReportPlanner: Sendable {
  /// Purchases to place on tokens; those without a token active at their date are left out.
  public var purchases: [PlannedPurchase]

  /// Plain tokens are reported within this long after creation, or Apple sends UNREPORTED (SPEC 8).
  public static let plainTokenGrace: VirtualDuration = 10 * Milliseconds.day

  public init(purchases: [PlannedPurchase] = []) {
    self.purchases = purchases
  }

  /// One planned report per token handed out at or before `time` (default: the world's now).
  public func plan(for world: WorldState, at time: VirtualTime? = nil) -> [PlannedReport] {
    let time = time ?? world.now
    let tokens = world.tokens.filter { $0.issuedAt <= time }
    var itemsByToken: [Int: [LineItem]] = [:]
    for purchase in purchases where purchase.creationDate <= time {
      if let carrier = carrier(for: purchase, in: world, tokens: tokens) {
        itemsByToken[carrier, default: []].append(purchase.lineItem)
      }
    }
    return tokens.map { issued in
      let items = itemsByToken[issued.id] ?? []
      let (status, reason) = decide(issued, items: items, world: world, time: time)
      let expiration = issued.token.tokenExpirationDate
      let report = ExternalPurchaseReport(
        requestIdentifier: Self.requestIdentifier(seed: world.seed, tokenIndex: issued.id),
        externalPurchaseId: issued.token.externalPurchaseId, status: status,
        lineItems: status == .lineItem ? items.sorted { $0.creationDate < $1.creationDate } : nil)
      return PlannedReport(
        tokenIndex: issued.id, customerId: issued.customerId, tokenType: issued.token.tokenType,
        status: status,
        reason: reason, dueBy: expiration ?? issued.token.tokenCreationDate + Self.plainTokenGrace,
        isComplete: expiration.map { time >= $0 } ?? true, report: report, typedRequest: issued.typedRequest)
    }
  }

  private func decide(_ issued: IssuedToken, items: [LineItem], world: WorldState, time: VirtualTime)
    -> (ReportStatus, String)
  {
    if let periodId = issued.periodId, let first = world.periods[periodId].tokenIndexes.first,
      first != issued.id, !Self.isPerTransaction(issued)
    {
      let carrier = world.tokens[first].token.externalPurchaseId
      return (.duplicateToken, "a refreshed token of a period whose transactions go on \(carrier)")
    }
    // A typed request's token is a per-transaction one whatever its tokenType (SPEC 5): say so.
    let typed = issued.typedRequest.map { ", a \($0.call) token" } ?? ""
    if !items.isEmpty {
      return (
        .lineItem,
        "\(items.count) purchase\(items.count == 1 ? "" : "s") during the token's active range\(typed)"
      )
    }
    if issued.token.tokenType == .acquisition, let period = issued.periodId.map({ world.periods[$0] }) {
      let beside = servicesPeriods(overlapping: period, world: world).filter { $0.creationDate <= time }
      // The tense follows the plan's time: a plan made after the SERVICES period ended says so.
      if beside.contains(where: { $0.isActive(at: time) }) {
        return (.noLineItem, "a SERVICES period is active beside it and carries the transactions")
      }
      if let last = beside.last {
        return (
          .noLineItem,
          "a SERVICES period ran beside it until \(ISOTime.string(last.expirationDate)) "
            + "and carried the transactions"
        )
      }
    }
    return (.noLineItem, "no purchases during the token's active range\(typed)")
  }

  /// IN_APP, LINK_OUT and typed-request tokens: one per potential transaction, never a
  /// DUPLICATE_TOKEN, carriers only of purchases made while they are active (SPEC 5, 7).
  static func isPerTransaction(_ issued: IssuedToken) -> Bool {
    issued.typedRequest != nil || issued.token.tokenType == .inApp || issued.token.tokenType == .linkOut
  }

  private func servicesPeriods(overlapping period: TokenPeriod, world: WorldState) -> [TokenPeriod] {
    world.periods(of: period.customerId, type: .services).filter {
      $0.creationDate < period.expirationDate && period.creationDate < $0.expirationDate
    }
  }

  /// The token that carries a purchase: the first token of the customer's SERVICES period active
  /// then, else of the ACQUISITION one, else the newest IN_APP/LINK_OUT or plain token active then.
  private func carrier(for purchase: PlannedPurchase, in world: WorldState, tokens: [IssuedToken]) -> Int? {
    let date = purchase.creationDate
    for type in [CustomLinkTokenType.services, .acquisition] {
      if let period = world.periods(of: purchase.customerId, type: type).last(where: { $0.isActive(at: date) }
      ),
        let first = period.tokenIndexes.first, tokens.contains(where: { $0.id == first })
      {
        return first
      }
    }
    return tokens.last {
      $0.customerId == purchase.customerId && $0.token.isActive(at: date)
        && (Self.isPerTransaction($0) || $0.token.tokenType == nil)
    }?.id
  }

  /// A UUID that depends only on the world's seed and the token, so plans are reproducible.
  static func requestIdentifier(seed: UInt64, tokenIndex: Int) -> String {
    var generator = SeededGenerator(seed: seed ^ (0x5245_504F_5254 &+ UInt64(tokenIndex) &* 0x9E37_79B9))
    return generator.uuidString()
  }
}
