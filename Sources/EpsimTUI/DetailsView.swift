import LifecycleSimulator
import TextFrame

extension TUIState {
  /// The selected token: in full beside the list on wide terminals, a summary otherwise.
  func drawDetailsPane(into frame: inout Frame, in rect: Rect, full: Bool) {
    let inside = chrome.drawPane("Details", into: &frame, in: rect, pane: nil)
    if showsPurchases {
      drawTransactionDetails(into: &frame, in: inside, full: full)
      return
    }
    guard let issued = selectedIssuedToken else {
      // Nothing to show yet: say where things stand and what to press.
      let about = TextWrap.lines(describeWorldSelection(), width: inside.width).map { StyledLine($0) }
      let hint = Self.wrappedHint(
        filter.query.isEmpty
          ? "No token selected: i installs, 1-4 request tokens, ? lists every key."
          : "No token matches the filter '\(filter.query)': / then Enter on nothing clears it.",
        width: inside.width)
      for (row, line) in (about + hint).prefix(inside.height).enumerated() {
        line.draw(into: &frame, x: inside.x, y: inside.y + row, clip: inside, ellipsis: lineStyle.ellipsis)
      }
      return
    }
    let world = self.world
    var lines: [StyledLine]
    if full {
      lines = DetailsContent.lines(for: issued, in: world, width: inside.width, server: server)
    } else {
      lines = compactLines(for: issued, in: world, width: inside.width)
    }
    if full, lines.count > inside.height, inside.height > 0 {
      lines = Array(lines.prefix(inside.height - 1))
      lines.append(StyledLine("\(lineStyle.ellipsis) Enter shows everything", Theme.dim))
    }
    for (row, line) in lines.prefix(inside.height).enumerated() {
      line.draw(into: &frame, x: inside.x, y: inside.y + row, clip: inside, ellipsis: lineStyle.ellipsis)
    }
  }

  /// Id and type, state and dates, reporting: three lines that fit 80 columns.
  private func compactLines(for issued: IssuedToken, in world: WorldState, width: Int) -> [StyledLine] {
    let token = issued.token
    var first = StyledLine(token.externalPurchaseId, Theme.bold)
    first.pieces.append(
      ("  " + (token.tokenType?.rawValue ?? "plain") + (issued.isRefresh ? " refresh" : ""), Theme.plain))
    var second = DetailsContent.stateLine(for: token, now: world.now)
    second.pieces[0].text = ""
    if let expiration = token.tokenExpirationDate {
      // Both dates, or only their times, or nothing: a date is never cut (Enter shows them all).
      let arrow = lineStyle == .unicode ? "→" : "->"
      let (start, end) = (ISOTime.string(token.tokenCreationDate), ISOTime.string(expiration))
      let shorter =
        start.prefix(10) == end.prefix(10)
        ? "  (\(start.dropFirst(11)) \(arrow) \(end.dropFirst(11)))"
        : "  (\(start.prefix(10)) \(arrow) \(end.prefix(10)))"
      let spans = ["  (\(start) \(arrow) \(end))", shorter]
      if let span = spans.first(where: { DisplayWidth.of(second.text + $0) <= width }) {
        second.pieces.append((span, Theme.dim))
      }
    }
    var third = StyledLine(ReportingAdvice.summary(for: issued, in: world))
    if let seen = server?.lines(for: token.externalPurchaseId).last {
      third = StyledLine("server: " + seen)  // what the backend did outranks the advice
    }
    return [first, second]
      + TextWrap.lines(third.text, width: width).map { StyledLine($0) }
      + Self.wrappedHint("Enter: JSON, raw token, link, reporting", width: width)
  }

  /// A dim hint in as many lines as `width` needs: a hint is read whole or not at all.
  static func wrappedHint(_ text: String, width: Int) -> [StyledLine] {
    TextWrap.lines(text, width: width).map { StyledLine($0, Theme.dim) }
  }

  /// The selected transaction decoded, or a compact summary on small terminals.
  private func drawTransactionDetails(into frame: inout Frame, in inside: Rect, full: Bool) {
    let state = store.state
    var lines: [StyledLine]
    if let transaction = selectedStoreTransaction {
      if full {
        lines = PurchaseDetails.lines(for: transaction, in: state, width: inside.width, server: server)
      } else {
        lines = PurchaseDetails.facts(for: transaction, in: state, width: inside.width)
        lines += Self.wrappedHint("Enter: the decoded transaction and renewal info", width: inside.width)
      }
    } else {
      lines = Self.wrappedHint("No purchase selected: b buys, ? lists every key.", width: inside.width)
    }
    if lines.count > inside.height, inside.height > 0 {
      lines = Array(lines.prefix(inside.height - 1))
      lines.append(StyledLine("\(lineStyle.ellipsis) Enter shows everything", Theme.dim))
    }
    for (row, line) in lines.prefix(inside.height).enumerated() {
      line.draw(into: &frame, x: inside.x, y: inside.y + row, clip: inside, ellipsis: lineStyle.ellipsis)
    }
  }

  /// The details overlay's lines: the selected transaction in the purchases view, else the token.
  func detailsOverlayLines(width: Int) -> [StyledLine] {
    if showsPurchases {
      return selectedStoreTransaction.map {
        PurchaseDetails.lines(for: $0, in: store.state, width: width, server: server)
      }
        ?? []
    }
    return selectedIssuedToken.map { DetailsContent.lines(for: $0, in: world, width: width, server: server) }
      ?? []
  }

  /// Line count of the details overlay, for scrolling limits.
  func detailsOverlayLineCount() -> Int {
    if showsPurchases { return detailsOverlayLines(width: detailsOverlayWidth - 2).count }
    guard let issued = selectedIssuedToken else { return 0 }
    return DetailsContent.lines(for: issued, in: world, width: detailsOverlayWidth - 2, server: server).count
  }

  var detailsOverlayWidth: Int { overlayWidth(preferred: 100) }

  func drawDetailsOverlay(into frame: inout Frame, scroll: Int) {
    guard showsPurchases ? selectedStoreTransaction != nil : selectedIssuedToken != nil else { return }
    let title = showsPurchases ? "Transaction details" : "Token details"
    let inside = chrome.overlayBox(title, into: &frame, width: detailsOverlayWidth, height: height - 2)
    let lines = detailsOverlayLines(width: inside.width)
    for row in 0..<inside.height {
      let index = scroll + row
      guard lines.indices.contains(index) else { break }
      lines[index].draw(
        into: &frame, x: inside.x, y: inside.y + row, clip: inside, ellipsis: lineStyle.ellipsis)
    }
  }
}
