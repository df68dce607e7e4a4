import ExternalPurchaseTokens
import LifecycleSimulator
import TextFrame

/// The lines describing one token: facts, reporting, decoded JSON, the raw token, the link.
enum DetailsContent {
  /// Everything, wrapped to `width`.
  static func lines(
    for issued: IssuedToken, in world: WorldState, width: Int, server: ServerActivity? = nil
  ) -> [StyledLine] {
    var lines = facts(for: issued, in: world, width: width)
    lines.append(StyledLine(""))
    lines.append(StyledLine("Reporting (External Purchase Server API)", Theme.heading))
    for paragraph in ReportingAdvice.paragraphs(for: issued, in: world, server: server?.address) {
      lines += TextWrap.lines(paragraph, width: width).map { StyledLine($0) }
    }
    if let server {
      lines.append(StyledLine(""))
      lines.append(StyledLine("Seen by the mock server at \(server.address)", Theme.heading))
      let seen = server.lines(for: issued.token.externalPurchaseId)
      for line in seen.isEmpty ? ["no reports or notifications yet"] : seen {
        lines += TextWrap.lines(line, width: width).map { StyledLine($0) }
      }
      if !server.refusals.isEmpty {
        lines.append(StyledLine(""))
        lines.append(StyledLine("Requests the mock server refused (newest last)", Theme.heading))
        for line in server.refusals.map(\.reason) {
          lines += TextWrap.lines(line, width: width).map { StyledLine($0) }
        }
      }
    }
    lines.append(StyledLine(""))
    lines.append(StyledLine("Decoded JSON", Theme.heading))
    let json = TokenEncoder(quirks: .prettyJSON).json(for: issued.token)
    // A line too wide goes as its key, then its value further in, as the transaction's JSON
    // does: the value and its closing quote stay together wherever the pane allows it.
    for line in json.split(separator: "\n") {
      lines += PurchaseDetails.wrapped(line.replacingTabs(), width: width)
    }
    lines.append(StyledLine(""))
    lines.append(StyledLine("Token (Base64URL, \(issued.raw.count) characters)", Theme.heading))
    lines += TextWrap.chunks(issued.raw, width: width).map { StyledLine($0) }
    if let url = issued.linkOutURL {
      lines.append(StyledLine(""))
      lines.append(StyledLine("Link-out URL", Theme.heading))
      lines += TextWrap.chunks(url, width: width).map { StyledLine($0) }
    }
    return lines
  }

  /// The first lines: id, type and period, state, dates, where it was issued.
  static func facts(for issued: IssuedToken, in world: WorldState, width: Int) -> [StyledLine] {
    let token = issued.token
    var lines = TextWrap.idLines(token.externalPurchaseId, width: width).map { StyledLine($0, Theme.bold) }
    var what: String
    if let type = token.tokenType {
      what = "\(type.rawValue) custom link token"
      if let request = issued.typedRequest { what += " from \(request.call)" }
      if let periodId = issued.periodId {
        let period = world.periods[periodId]
        let position = (period.tokenIndexes.firstIndex(of: issued.id) ?? 0) + 1
        what += ", period \(period.ordinal) of \(issued.customerId)"
        what += issued.isRefresh ? ", refresh" : ", original"
        if period.tokenIndexes.count > 1 { what += " (\(position) of \(period.tokenIndexes.count))" }
      }
    } else {
      what = issued.source == .noticeSheet ? "plain token from the notice sheet" : "plain token from link-out"
    }
    lines += TextWrap.lines(what, width: width).map { StyledLine($0) }
    lines.append(stateLine(for: token, now: world.now))
    lines += labelled(
      "Created", [ISOTime.string(token.tokenCreationDate), "\(token.tokenCreationDate) ms"], width)
    if let expiration = token.tokenExpirationDate {
      lines += labelled("Expires", [ISOTime.string(expiration), "\(expiration) ms"], width)
    }
    lines += labelled("Issued", [ISOTime.string(issued.issuedAt), "on \(issued.deviceId)"], width)
    return lines
  }

  /// "Created  2026-03-01T09:00:00.000Z  1772355600000 ms": a label and values that are never
  /// cut. A value that does not fit on the line goes on the next, under the first value; one
  /// wider than the whole pane is wrapped, continuing on the following line.
  static func labelled(_ label: String, _ values: [String], _ width: Int) -> [StyledLine] {
    let indent = String(repeating: " ", count: 9)
    var lines: [String] = []
    var current = label.padding(9)
    var currentHasValue = false
    for value in values {
      let separator = currentHasValue ? "  " : ""
      if DisplayWidth.of(current) + DisplayWidth.of(separator) + DisplayWidth.of(value) <= width {
        current += separator + value
        currentHasValue = true
        continue
      }
      if currentHasValue { lines.append(current) }
      let start = currentHasValue ? indent : current
      if DisplayWidth.of(start) + DisplayWidth.of(value) <= width {
        current = start + value
      } else {
        // Narrower than the value: the label (if still pending) on its own line, then the value wrapped.
        if !currentHasValue { lines.append(label) }
        let pieces = TextWrap.chunks(value, width: width)
        lines += pieces.dropLast()
        current = pieces.last ?? ""
      }
      currentHasValue = true
    }
    lines.append(current)
    return lines.map { StyledLine($0) }
  }

  static func stateLine(for token: ExternalPurchaseToken, now: VirtualTime) -> StyledLine {
    guard let expiration = token.tokenExpirationDate else {
      return StyledLine(pieces: [("State    ", Theme.plain), ("plain (no expiry)", Theme.dim)])
    }
    if token.isActive(at: now) {
      return StyledLine(pieces: [
        ("State    ", Theme.plain), ("active", Theme.active),
        (", expires in \(DurationText.format(expiration - now))", Theme.plain),
      ])
    }
    return StyledLine(pieces: [
      ("State    ", Theme.plain), ("expired", Theme.expired),
      (" \(DurationText.format(now - expiration)) ago", Theme.plain),
    ])
  }
}

extension Substring {
  /// Tabs as two spaces: a frame draws control characters as "?".
  func replacingTabs() -> String {
    var result = ""
    for character in self { result += character == "\t" ? "  " : String(character) }
    return result
  }
}
