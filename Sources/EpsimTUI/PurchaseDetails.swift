import AppStoreCommerce
import Foundation
import LifecycleSimulator
import TextFrame

/// The lines describing one App Store transaction: what it is, its decoded payload (every field
/// Apple would sign, SPEC-APPSTORE 3.1) and, for a subscription, the renewal info (3.2).
enum PurchaseDetails {
  static func lines(
    for transaction: TransactionRecord, in state: CommerceState, width: Int, server: ServerActivity? = nil
  ) -> [StyledLine] {
    var lines = facts(for: transaction, in: state, width: width)
    if let server {
      lines.append(StyledLine(""))
      lines += TextWrap.lines("Seen by the mock server at \(server.address)", width: width).map {
        StyledLine($0, Theme.heading)
      }
      let seen = server.lines(forTransaction: String(transaction.transactionId))
      let shown = seen.isEmpty ? ["nothing yet: no API call named it, no notification about it"] : seen
      for line in shown { lines += TextWrap.lines(line, width: width).map { StyledLine($0) } }
    }
    lines.append(StyledLine(""))
    lines += TextWrap.lines("Decoded transaction (JWSTransactionDecodedPayload)", width: width).map {
      StyledLine($0, Theme.heading)
    }
    lines += json(state.payload(of: transaction, signedDate: state.now), width: width)
    if let chain = chain(of: transaction, in: state) {
      lines.append(StyledLine(""))
      lines += TextWrap.lines("Renewal info (JWSRenewalInfoDecodedPayload)", width: width).map {
        StyledLine($0, Theme.heading)
      }
      lines += json(state.renewalInfo(of: chain, signedDate: state.now), width: width)
    }
    return lines
  }

  /// Id, product and reason; the group's status and what comes next; a refund: the first lines,
  /// and all the compact pane shows.
  static func facts(for transaction: TransactionRecord, in state: CommerceState, width: Int) -> [StyledLine] {
    let product = state.products[Int(transaction.product)]
    let id = "\(transaction.transactionId)"
    let what = "\(product.id) \(transaction.reason.rawValue)"
    // The id and what it is on one line when they fit, else what it is on the next lines.
    let together = DisplayWidth.of(id + "  " + what) <= width
    var lines = [
      StyledLine(pieces: [(id, Theme.bold), (together ? "  " + what : "", Theme.plain)])
    ]
    var more: [String] = together ? [] : [what]
    if let chain = chain(of: transaction, in: state) {
      var group = "group \(chain.groupId): \(PurchasesPane.statusText(state.status(of: chain)))"
      if let next = PurchasesPane.nextMoment(of: chain, state: state) { group += ", \(next)" }
      more.append(group)
    } else {
      more.append(
        product.type.rawValue + (transaction.quantity > 1 ? ", quantity \(transaction.quantity)" : ""))
    }
    if let revocation = transaction.revocation {
      more.append("refunded at \(ISOTime.string(revocation.date))")
    }
    // The app's own id for the customer: set at purchase, or later by a backend through the API.
    if let token = transaction.appAccountToken { more.append("app account token \(token)") }
    for line in more { lines += TextWrap.lines(line, width: width).map { StyledLine($0) } }
    return lines
  }

  /// The chain a transaction belongs to when its customer bought it (not a family member's copy).
  static func chain(of transaction: TransactionRecord, in state: CommerceState) -> SubscriptionChain? {
    guard transaction.chain >= 0, transaction.ownership == .purchased else { return nil }
    return state.chains[Int(transaction.chain)]
  }

  /// A payload as pretty JSON with sorted keys, wrapped: what `epsim decode` prints for it.
  static func json<Payload: Encodable>(_ payload: Payload, width: Int) -> [StyledLine] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(payload), let text = String(data: data, encoding: .utf8) else {
      return [StyledLine("(the payload could not be encoded)", Theme.error)]
    }
    return text.split(separator: "\n").flatMap { line in wrapped(line.replacingTabs(), width: width) }
  }

  /// A JSON line that does not fit: the key, then its value on the next line further in, so a
  /// value (an id, a date in ms) stays whole wherever the pane allows it.
  static func wrapped(_ line: String, width: Int) -> [StyledLine] {
    guard DisplayWidth.of(line) > width, let colon = line.range(of: " : ") else {
      return TextWrap.chunks(line, width: width).map { StyledLine($0) }
    }
    let indent = String(line.prefix { $0 == " " }) + "  "
    let key = String(line[..<colon.lowerBound]) + " :"
    let value = indent + line[colon.upperBound...]
    return (TextWrap.chunks(key, width: width) + TextWrap.chunks(value, width: width)).map { StyledLine($0) }
  }
}
