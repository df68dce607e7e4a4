import ExternalPurchaseTokens
import LifecycleSimulator
import TextFrame

extension TokensPane {
  /// `customer`'s tokens (or everyone's), grouped by period, drawing only the rows that fit.
  /// `appInstalled`: whether the selected device has the app, which the empty list's hint says.
  func draw(
    into frame: inout Frame, in rect: Rect, world: WorldState, customer: String?,
    appInstalled: @autoclosure () -> Bool,
    filter: String, chrome: PaneChrome
  ) {
    let shown = rows.rowOfToken.count
    var title =
      showsAll
      ? "All tokens (\(shown))"
      : customer.map { chrome.paneTitle("Tokens of ", name: $0, count: shown, width: rect.width) }
        ?? "Tokens"
    if !filter.isEmpty { title += " · filter '\(filter)'" }
    let inside = chrome.drawPane(title, into: &frame, in: rect, pane: .tokens)
    guard !rows.rows.isEmpty else {
      if !filter.isEmpty {
        frame.put(
          "No token id contains '\(filter)'.", x: inside.x + 1, y: inside.y, style: Theme.dim,
          clip: inside)
        return
      }
      let hint =
        appInstalled()
        ? "No tokens yet: 1-4 request one." : "No tokens yet: install (i), then request (1-4)."
      chrome.drawEmptyListHint(hint, into: &frame, in: inside)
      return
    }
    chrome.drawListRows(
      into: &frame, in: inside, scroll: scroll, count: rows.rows.count,
      selected: selectionRow
    ) { row, area, frame in
      switch rows.rows[row] {
      case .period(let id):
        drawPeriodRow(world.periods[id], now: world.now, chrome: chrome, into: &frame, in: area)
      case .token(let index):
        drawTokenRow(world.tokens[index], now: world.now, chrome: chrome, into: &frame, in: area)
      }
    }
  }

  /// "SERVICES #1 (2 tokens) ██████░░░░ 42m left": the period's type and what is left of it,
  /// with its creation and expiration dates when the pane is wide enough for them.
  private func drawPeriodRow(
    _ period: TokenPeriod, now: VirtualTime, chrome: PaneChrome, into frame: inout Frame, in area: Rect
  ) {
    let lineStyle = chrome.lineStyle
    let active = period.isActive(at: now)
    let remaining = active ? DurationText.format(period.expirationDate - now) + " left" : "expired"
    let label = periodLabel(period, chrome: chrome, room: area.width - DisplayWidth.of(remaining) - 1)
    var x = frame.put(label, x: area.x, y: area.y, style: Theme.bold, clip: area)
    let arrow = lineStyle == .unicode ? " → " : " -> "
    let candidates = Self.dateSpans(from: period.creationDate, to: period.expirationDate, arrow: arrow).map {
      " " + $0
    }
    let room = area.width - (x - area.x) - DisplayWidth.of(remaining) - 2 - 10
    if let dates = candidates.first(where: { DisplayWidth.of($0) <= room }) {
      x = frame.put(dates, x: x, y: area.y, style: Theme.dim, clip: area)
    }
    let barWidth = min(20, area.width - (x - area.x) - DisplayWidth.of(remaining) - 2)
    if barWidth >= 4 {
      let lifetime = Double(max(1, period.expirationDate - period.creationDate))
      let fraction = active ? Double(period.expirationDate - now) / lifetime : 0
      frame.bar(
        fraction: fraction, x: x + 1, y: area.y, width: barWidth, lineStyle: lineStyle,
        style: active ? Theme.active : Theme.dim)
    }
    frame.put(remaining, in: area, alignment: .right, style: active ? Theme.active : Theme.expired)
  }

  /// "alice SERVICES #1 (2 tokens)" in `room` columns: the token count goes first, then the
  /// customer's name (all-customers list) is shortened; the type and number stay whole.
  private func periodLabel(_ period: TokenPeriod, chrome: PaneChrome, room: Int) -> String {
    let kind = "\(period.type.rawValue) #\(period.ordinal)"
    let count = period.tokenIndexes.count
    let counted = count > 1 ? kind + " (\(count) tokens)" : kind
    guard showsAll else {
      return DisplayWidth.of(counted) <= room ? counted : chrome.fitted(kind, width: room)
    }
    let owner = period.customerId
    if DisplayWidth.of(owner + " " + counted) <= room { return owner + " " + counted }
    return chrome.fitted(owner, after: " " + kind, width: room)
  }

  /// Full dates, or the shorter half that tells them apart: times on one day, else the days. A
  /// date is shown whole or not at all.
  static func dateSpans(from start: VirtualTime, to end: VirtualTime, arrow: String) -> [String] {
    let (start, end) = (ISOTime.string(start), ISOTime.string(end))
    let sameDay = start.prefix(10) == end.prefix(10)
    return [
      "\(start)\(arrow)\(end)",
      sameDay
        ? "\(start.dropFirst(11).dropLast())\(arrow)\(end.dropFirst(11).dropLast())"
        : "\(start.prefix(10))\(arrow)\(end.prefix(10))",
    ]
  }

  /// One token: id, whether it is the original or a refresh, its state, and more when wide.
  private func drawTokenRow(
    _ issued: IssuedToken, now: VirtualTime, chrome: PaneChrome, into frame: inout Frame, in area: Rect
  ) {
    let lineStyle = chrome.lineStyle
    let token = issued.token
    let kind: String
    let marker: String
    switch issued.source {
    case .customLink:
      kind = issued.isRefresh ? "refresh" : "original"
      marker = issued.isRefresh ? (lineStyle == .unicode ? "↻" : "r") : (lineStyle == .unicode ? "•" : "*")
    case .noticeSheet:
      kind = "notice"
      marker = lineStyle == .unicode ? "◦" : "o"
    case .linkOut:
      kind = "link-out"
      marker = lineStyle == .unicode ? "◦" : "o"
    }
    let state: String
    let stateStyle: Style
    if token.tokenExpirationDate == nil {
      state = "plain"
      stateStyle = Theme.dim
    } else if token.isActive(at: now) {
      state = "active"
      stateStyle = Theme.active
    } else {
      state = "expired"
      stateStyle = Theme.expired
    }
    let indent = issued.periodId == nil ? "" : "  "
    let fixed = DisplayWidth.of(indent) + 2 + 1
    var right = [kind.padding(8), state.padding(7)]
    // Too narrow for the id's distinguishing start (SANDBOX_ and a UUID group): the kind goes,
    // as the marker says it too.
    let showsKind = area.width - fixed - DisplayWidth.of(right.joined(separator: " ")) >= 26
    if !showsKind { right.removeFirst() }
    // Wider panes add the issue time and device, but only while the whole id still fits.
    let issuedTime = ISOTime.string(issued.issuedAt)
    // In the all-customers list a plain token has no period header naming its customer.
    let owner = showsAll && issued.periodId == nil ? [issued.customerId] : []
    for extra in owner + [String(issuedTime.dropFirst(11).dropLast()), issued.deviceId] {
      let widened = (right + [extra]).joined(separator: " ")
      guard fixed + DisplayWidth.of(token.externalPurchaseId) + DisplayWidth.of(widened) <= area.width else {
        break
      }
      right.append(extra)
    }
    let rightText = right.joined(separator: " ")
    let idRoom = area.width - fixed - DisplayWidth.of(rightText)
    let id = DisplayWidth.truncated(
      token.externalPurchaseId, toWidth: max(0, idRoom), ellipsis: lineStyle.ellipsis)
    var x = frame.put(indent + marker + " ", x: area.x, y: area.y, clip: area)
    x = frame.put(id, x: x, y: area.y, clip: area)
    let rightX = max(x + 1, area.x + area.width - DisplayWidth.of(rightText))
    let stateIndex = showsKind ? 1 : 0
    let afterKind =
      showsKind ? frame.put(right[0] + " ", x: rightX, y: area.y, style: Theme.dim, clip: area) : rightX
    let afterState = frame.put(right[stateIndex], x: afterKind, y: area.y, style: stateStyle, clip: area)
    if right.count > stateIndex + 1 {
      frame.put(
        " " + right[(stateIndex + 1)...].joined(separator: " "), x: afterState, y: area.y, style: Theme.dim,
        clip: area)
    }
  }
}

extension String {
  /// The string padded with spaces to `width` columns (never cut).
  func padding(_ width: Int) -> String {
    let missing = width - DisplayWidth.of(self)
    return missing > 0 ? self + String(repeating: " ", count: missing) : self
  }
}

extension TokensPane {
  /// The columns inside the pane's borders at which a token row keeps its whole id, kind and
  /// state (`whole`), and also its issue time and device (`rich`). Every id is as wide as a
  /// sandbox one at most, so the widths do not jump as tokens come.
  static func contentWidths(of world: WorldState, showsAll: Bool) -> PaneWidths {
    // Gutter, indent, marker and space, the id, a space, "original" and "expired" padded.
    let whole = 1 + 2 + 2 + TokenEnvironment.sandboxIdPrefix.count + 1 + 36 + 1 + 8 + 1 + 7
    let device = world.devices.map { DisplayWidth.of($0.id) }.max() ?? 0
    let owner = showsAll ? (world.customers.map { DisplayWidth.of($0.id) }.max() ?? 0) + 1 : 0
    return PaneWidths(whole: whole, rich: whole + owner + 1 + 12 + 1 + device)
  }
}
