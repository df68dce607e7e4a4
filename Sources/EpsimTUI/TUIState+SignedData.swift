import AppStoreCommerce

extension TUIState {
  /// `J`: the selected transaction's `jwsRepresentation` to the clipboard, signed now.
  mutating func copyTransactionJWS() -> [Effect] {
    guard let transaction = selectedStoreTransaction else {
      status = StatusMessage(.info, "no transaction selected (p shows the purchases)")
      return []
    }
    let payload = store.state.payload(of: transaction, signedDate: store.state.now)
    guard let signer = transactionSigner, let jws = signer(payload) else {
      status = StatusMessage(.error, "this UI cannot sign transactions")
      return []
    }
    status = StatusMessage(
      .success, "copied the jwsRepresentation of \(transaction.transactionId) (\(jws.count) characters)")
    return [.copyToClipboard(jws)]
  }
}
