import LifecycleSimulator

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
    guard let issued = selectedIssuedToken else {
      status = StatusMessage(.info, "no token selected to copy")
      return []
    }
    let value: String
    if action == .copyLinkURL {
      guard case .linkOut(let url) = issued.source else {
        status = StatusMessage(.info, "the selected token has no link-out URL (o makes one)")
        return []
      }
      value = url
    } else {
      value = issued.token.externalPurchaseId
    }
    status = StatusMessage(.success, "copied \(value)")
    return [.copyToClipboard(value)]
  }
}
