import LifecycleSimulator

extension TUIState {
  mutating func performInSearch(_ action: Action) {
    guard case .search(var input) = overlay else { return }
    switch action {
    case .close: overlay = nil
    case .submit:
      overlay = nil
      searchQuery = input.string
      searchMatches = TokenSearch.matches(of: searchQuery, in: world.tokens)
      guard
        let first = searchMatches.first(where: { $0 >= (tokensPane.selected ?? 0) }) ?? searchMatches.first
      else {
        status = StatusMessage(
          .info,
          searchQuery.isEmpty
            ? "filter cleared" : "no token id contains '\(searchQuery)'; the log shows only lines with it")
        return
      }
      select(token: first)
      reportMatchPosition()
    default:
      input.edit(action)
      overlay = .search(input)
    }
  }

  /// `n` / `N`: the next or previous match after the selected token, wrapping around.
  mutating func stepThroughMatches(by direction: Int) {
    // The world may have moved on (undo, new tokens): drop matches that no longer exist.
    searchMatches = searchMatches.filter { $0 < world.tokens.count }
    guard !searchMatches.isEmpty else {
      status = StatusMessage(.info, "no search matches; / searches token ids")
      return
    }
    let current = tokensPane.selected ?? -1
    let next =
      direction > 0
      ? searchMatches.first { $0 > current } ?? searchMatches.first!
      : searchMatches.last { $0 < current } ?? searchMatches.last!
    select(token: next)
    reportMatchPosition()
  }

  /// `a`: every customer's tokens in the list, or back to the selected customer's.
  mutating func toggleAllTokens() {
    tokensPane.showsAll.toggle()
    status = StatusMessage(
      .info,
      tokensPane.showsAll
        ? "the list shows every customer's tokens (a: only the selected customer's)"
        : "the list shows the selected customer's tokens")
  }

  /// Selects a token anywhere in the world: its device in the world pane, it in the tokens pane.
  mutating func select(token index: Int) {
    let issued = world.tokens[index]
    worldPane.selection =
      world.device(issued.deviceId) != nil ? .device(issued.deviceId) : .customer(issued.customerId)
    tokensPane.selected = index
    focus = .tokens
  }

  private mutating func reportMatchPosition() {
    let position = tokensPane.selected.flatMap { searchMatches.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
    status = StatusMessage(
      .info,
      "filter '\(searchQuery)': match \(position) of \(searchMatches.count) (n/N; / then Enter on nothing clears)"
    )
  }
}
