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
}
