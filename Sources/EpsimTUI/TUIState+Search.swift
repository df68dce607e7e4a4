import LifecycleSimulator

extension TUIState {
  mutating func performInSearch(_ action: Action) {
    guard case .search(var input) = overlay else { return }
    switch action {
    case .close: overlay = nil
    case .submit:
      overlay = nil
      guard let first = filter.submit(input.string, in: world.tokens, from: tokensPane.selected) else {
        status = StatusMessage(
          .info,
          filter.query.isEmpty
            ? "filter cleared" : "no token id contains '\(filter.query)'; the log shows only lines with it")
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
    // The world may have moved on (undo, new tokens): the filter drops matches that no longer exist.
    guard let next = filter.step(by: direction, from: tokensPane.selected, tokenCount: world.tokens.count)
    else {
      status = StatusMessage(.info, "no search matches; / searches token ids")
      return
    }
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
    status = StatusMessage(
      .info,
      "filter '\(filter.query)': match \(filter.place(of: tokensPane.selected)) of \(filter.matches.count)"
        + " (n/N; / then Enter on nothing clears)"
    )
  }
}

extension TUIState {
  /// The help's search prompt: Enter keeps the matching keys listed; Esc closes the help, as
  /// one Esc closes every overlay (`/` then Enter on nothing lists every key again).
  mutating func performInHelpSearch(_ action: Action) {
    guard case .helpSearch(var input) = overlay else { return }
    switch action {
    case .close: overlay = nil
    case .submit: overlay = .help(scroll: 0, query: input.string)
    default:
      input.edit(action)
      overlay = .helpSearch(input)
    }
  }
}
