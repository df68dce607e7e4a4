import AppStoreCommerce
import AppleWireTypes
import LifecycleSimulator
import TextFrame

extension PurchasesPane {
  /// `customer`'s App Store purchases: each subscription group with its status and its chain of
  /// transactions, then one-time purchases; drawing only the rows that fit.
  func draw(
    into frame: inout Frame, in rect: Rect, state: CommerceState, customer: String?, chrome: PaneChrome
  ) {
    let count = transactionCount
    let title =
      customer.map { chrome.paneTitle("Purchases of ", name: $0, count: count, width: rect.width) }
      ?? "Purchases"
    let inside = chrome.drawPane(title, into: &frame, in: rect, pane: .tokens)
    guard !rows.isEmpty else {
      let hint =
        !state.products.isEmpty
        ? "No purchases yet: b buys (\(state.products.count) product\(state.products.count == 1 ? "" : "s")),"
          + " p shows tokens."
        : "This world's App Store sells nothing: a scenario's product lines add products. p shows tokens."
      chrome.drawEmptyListHint(hint, into: &frame, in: inside)
      return
    }
    chrome.drawListRows(
      into: &frame, in: inside, scroll: scroll, count: rows.count,
      selected: selectionRow
    ) { row, area, frame in
      switch rows[row] {
      case .group(let chain):
        Self.drawGroupRow(state.chains[chain], state: state, chrome: chrome, into: &frame, in: area)
      case .heading(let text): frame.put(text, x: area.x, y: area.y, style: Theme.bold, clip: area)
      case .transaction(let position):
        Self.drawTransactionRow(
          state.transactions[position], state: state, lineStyle: chrome.lineStyle, into: &frame, in: area)
      }
    }
  }

  /// "premium  premium.monthly  renews in 6d 23h   1 active": the group, its product, what comes
  /// next and the status (SPEC-APPSTORE 3.3), the status on the right.
  private static func drawGroupRow(
    _ chain: SubscriptionChain, state: CommerceState, chrome: PaneChrome, into frame: inout Frame,
    in area: Rect
  ) {
    let status = state.status(of: chain)
    let right = Self.statusText(status)
    var parts = [chain.groupId, state.products[Int(chain.product)].id]
    if let next = Self.nextMoment(of: chain, state: state) { parts.append(next) }
    let room = area.width - DisplayWidth.of(right) - 1
    var left = chrome.fitted(parts[0], width: room)
    for part in parts.dropFirst() where DisplayWidth.of(left + "  " + part) <= room { left += "  " + part }
    frame.put(left, x: area.x, y: area.y, style: Theme.bold, clip: area)
    frame.put(right, in: area, alignment: .right, style: Self.style(of: status))
  }

  /// One transaction of a chain or a one-time purchase: id, product, reason and dates when wide.
  private static func drawTransactionRow(
    _ transaction: TransactionRecord, state: CommerceState, lineStyle: LineStyle, into frame: inout Frame,
    in area: Rect
  ) {
    let product = state.products[Int(transaction.product)]
    let renewal = transaction.reason == .renewal
    let marker = renewal ? (lineStyle == .unicode ? "↻" : "r") : (lineStyle == .unicode ? "•" : "*")
    // Most telling first; a fact that does not fit is left out and the next, shorter one tried.
    var facts = [transaction.reason.rawValue, product.id]
    if transaction.quantity > 1 { facts.append("x\(transaction.quantity)") }
    let verdict: (String, Style)
    if let revocation = transaction.revocation {
      verdict = (revocation.type == .refundProrated ? "part refunded" : "refunded", Theme.expired)
    } else if transaction.isUpgraded {
      verdict = ("upgraded", Theme.dim)
    } else if let expires = transaction.expiresDate {
      verdict = expires > state.now ? ("current", Theme.active) : ("ended", Theme.dim)
    } else {
      verdict = ("owned", Theme.active)
    }
    let arrow = lineStyle == .unicode ? " → " : " -> "
    let purchased = ISOTime.string(transaction.purchaseDate)
    // The span, or its shorter form, or (one-time purchases) the date or time of the purchase.
    let dates =
      transaction.expiresDate.map {
        TokensPane.dateSpans(from: transaction.purchaseDate, to: $0, arrow: arrow)
      }
      ?? [purchased, String(purchased.prefix(10))]
    var x = frame.put("  \(marker) \(transaction.transactionId)", x: area.x, y: area.y, clip: area)
    let rightWidth = DisplayWidth.of(verdict.0)
    let fits = { (x: Int, text: String) in
      x + 1 + DisplayWidth.of(text) + 1 + rightWidth <= area.x + area.width
    }
    for fact in facts where fits(x, fact) {
      x = frame.put(" " + fact, x: x, y: area.y, style: Theme.dim, clip: area)
    }
    if let span = dates.first(where: { fits(x, $0) }) {
      x = frame.put(" " + span, x: x, y: area.y, style: Theme.dim, clip: area)
    }
    // The id is never cut: on a pane too narrow for both, the verdict goes (Enter tells it).
    if x + 1 + rightWidth <= area.x + area.width {
      frame.put(verdict.0, in: area, alignment: .right, style: verdict.1)
    }
  }

  /// The columns inside the pane's borders at which every row of `rows` keeps its ids, product
  /// and verdict (`whole`), and also its dates and what comes next (`rich`).
  static func contentWidths(of rows: [PurchaseRow], state: CommerceState) -> PaneWidths {
    var widths = PaneWidths(whole: 0, rich: 0)
    for row in rows {
      switch row {
      case .group(let chain):
        let chain = state.chains[chain]
        let left = DisplayWidth.of(chain.groupId + "  " + state.products[Int(chain.product)].id)
        let next = nextMoment(of: chain, state: state).map { 2 + DisplayWidth.of($0) } ?? 0
        let right = 1 + DisplayWidth.of(statusText(state.status(of: chain)))
        widths.grow(whole: 1 + left + right, rich: 1 + left + next + right)
      case .heading(let text): widths.grow(whole: 1 + DisplayWidth.of(text), rich: 0)
      case .transaction(let position):
        let transaction = state.transactions[position]
        let product = state.products[Int(transaction.product)]
        var facts = 4 + String(transaction.transactionId).count + 1 + transaction.reason.rawValue.count
        facts +=
          1 + DisplayWidth.of(product.id)
          + (transaction.quantity > 1 ? 2 + String(transaction.quantity).count : 0)
        // The longest verdict ("part refunded") and the full span of dates when it has one.
        let span = transaction.expiresDate == nil ? 24 : 24 + 3 + 24
        widths.grow(whole: 1 + facts + 1 + 13, rich: 1 + facts + 1 + span + 1 + 13)
      }
    }
    return widths
  }

  /// "1 active" ... "5 revoked": the number Apple sends and its meaning.
  static func statusText(_ status: SubscriptionStatus) -> String {
    let names: [SubscriptionStatus: String] = [
      .active: "active", .expired: "expired", .billingRetry: "billing retry",
      .billingGracePeriod: "grace period", .revoked: "revoked",
    ]
    return "\(status.rawValue) \(names[status]!)"
  }

  static func style(of status: SubscriptionStatus) -> Style {
    switch status {
    case .active: return Theme.active
    case .billingGracePeriod, .billingRetry: return Style(foreground: .yellow)
    case .expired, .revoked: return Theme.expired
    }
  }

  /// What happens next to a chain on its own, and in how long.
  static func nextMoment(of chain: SubscriptionChain, state: CommerceState) -> String? {
    let now = state.now
    switch chain.phase {
    case .active:
      let left = DurationText.format(chain.expiresDate - now)
      return chain.autoRenew ? "renews in \(left)" : "ends in \(left) (auto-renew off)"
    case .billingRetry(let retry):
      if let end = retry.graceEnd, now < end { return "grace ends in \(DurationText.format(end - now))" }
      return "retry in \(DurationText.format(max(0, retry.nextAttempt - now)))"
    case .expired, .revoked: return nil
    }
  }
}
