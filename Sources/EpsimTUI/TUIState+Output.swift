import AppStoreCommerce
import LifecycleSimulator
import TextFrame

extension TUIState {
  mutating func copySelectedToken() -> [Effect] {
    guard let token = selectedIssuedToken else {
      status = StatusMessage(.info, "no token selected to copy")
      return []
    }
    status = StatusMessage(
      .success, "copied \(token.token.externalPurchaseId) (\(token.raw.count) characters)")
    return [.copyToClipboard(token.raw)]
  }

  /// `Y` and `L`: the selected token's externalPurchaseId or link-out URL. The status line shows
  /// the value itself, so it can also be selected with the mouse where OSC 52 is not passed on.
  mutating func copy(_ action: Action) -> [Effect] {
    if action == .copyId, showsPurchases {
      guard let transaction = selectedStoreTransaction else {
        status = StatusMessage(.info, "no transaction selected to copy (b buys, j/k select)")
        return []
      }
      return copyIds(of: transaction)
    }
    guard let issued = selectedIssuedToken else {
      status = StatusMessage(.info, "no token selected to copy")
      return []
    }
    let value: String
    if action == .copyLinkURL {
      guard let url = issued.linkOutURL else {
        status = StatusMessage(.info, "the selected token has no link-out URL (o makes one)")
        return []
      }
      value = url
    } else {
      value = issued.token.externalPurchaseId
    }
    // The value itself when the line holds it whole (to select with the mouse where OSC 52 does
    // not arrive); a long URL cut with an ellipsis would be a broken link, so then only say so.
    let whole = "copied \(value)"
    let what = action == .copyLinkURL ? "the link-out URL" : "the externalPurchaseId"
    status = StatusMessage(
      .success,
      DisplayWidth.of(whole) <= width
        ? whole : "copied \(what) (\(value.count) characters; Enter shows it whole in the details)")
    return [.copyToClipboard(value)]
  }
}

extension TUIState {
  /// `Y` on a transaction: its transactionId at once when it has no other id, else a menu of its
  /// ids (the originalTransactionId of a renewal or a family member's copy, a subscription's
  /// webOrderLineItemId), transactionId first.
  mutating func copyIds(of transaction: TransactionRecord) -> [Effect] {
    var ids = [("transactionId", String(transaction.transactionId))]
    if transaction.originalTransactionId != transaction.transactionId {
      ids.append(("originalTransactionId", String(transaction.originalTransactionId)))
    }
    if let line = transaction.webOrderLineItemId { ids.append(("webOrderLineItemId", String(line))) }
    guard ids.count > 1 else {
      status = StatusMessage(.success, "copied the transactionId \(ids[0].1)")
      return [.copyToClipboard(ids[0].1)]
    }
    overlay = .dialog(
      Dialog(
        kind: .copyId,
        form: Form(
          title: "Copy an id",
          note: "Left and right pick the id; Enter copies it (OSC 52).",
          fields: [.choice("id", "Id", ids.map { "\($0.0) \($0.1)" })])))
    return []
  }
}
