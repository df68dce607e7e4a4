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
    lines.append(StyledLine("What the app reports (SPEC 7)", Theme.heading))
    for paragraph in ReportingAdvice.paragraphs(for: issued, in: world) {
      lines += TextWrap.lines(paragraph, width: width).map { StyledLine($0) }
    }
    if let server {
      lines.append(StyledLine(""))
      lines.append(StyledLine("Seen by the mock server at \(server.address)", Theme.heading))
      let seen = server.lines(for: issued.token.externalPurchaseId)
      for line in seen.isEmpty ? ["no reports or notifications yet"] : seen {
        lines += TextWrap.lines(line, width: width).map { StyledLine($0) }
      }
    }
    lines.append(StyledLine(""))
    lines.append(StyledLine("Decoded JSON", Theme.heading))
    let json = TokenEncoder(quirks: .prettyJSON).json(for: issued.token)
    for line in json.split(separator: "\n") {
      let shown = line.replacingTabs()
      lines += TextWrap.chunks(shown, width: width).map { StyledLine($0) }
    }
    lines.append(StyledLine(""))
    lines.append(StyledLine("Token (Base64URL, \(issued.raw.count) characters)", Theme.heading))
    lines += TextWrap.chunks(issued.raw, width: width).map { StyledLine($0) }
    if case .linkOut(let url) = issued.source {
      lines.append(StyledLine(""))
      lines.append(StyledLine("Link-out URL", Theme.heading))
      lines += TextWrap.chunks(url, width: width).map { StyledLine($0) }
    }
    return lines
  }

  /// The first lines: id, type and period, state, dates, where it was issued.
  static func facts(for issued: IssuedToken, in world: WorldState, width: Int) -> [StyledLine] {
    let token = issued.token
    var lines = [StyledLine(token.externalPurchaseId, Theme.bold)]
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
    lines.append(
      StyledLine("Created  \(ISOTime.string(token.tokenCreationDate))  \(token.tokenCreationDate)"))
    if let expiration = token.tokenExpirationDate {
      lines.append(StyledLine("Expires  \(ISOTime.string(expiration))  \(expiration)"))
    }
    lines.append(StyledLine("Issued   \(ISOTime.string(issued.issuedAt)) on \(issued.deviceId)"))
    return lines
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
