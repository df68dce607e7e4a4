extension Overlay {
  /// A move key in a scrolling viewer with `lineCount` lines (the history: positions), `page`
  /// rows high: help, details and a log line scroll, the history moves its selection. Other
  /// overlays stay as they are.
  func moved(by action: Action, page: Int, lineCount: Int) -> Overlay {
    let delta = ListPosition.distance(of: action, page: page)
    let lastScroll = max(0, lineCount - page)
    switch self {
    case .help(let scroll, let query):
      // The last row says "more below" until the end, so a page shows one line fewer.
      let helpDelta = ListPosition.distance(of: action, page: page - 1)
      return .help(scroll: min(lastScroll, max(0, scroll.addingClamped(helpDelta))), query: query)
    case .details(let scroll):
      return .details(scroll: min(lastScroll, max(0, scroll.addingClamped(delta))))
    case .logEntry(let text, let scroll):
      return .logEntry(text, scroll: min(lastScroll, max(0, scroll.addingClamped(delta))))
    case .history(let selection, let scroll):
      let next = ListPosition.clamp(selection.addingClamped(delta), to: lineCount)
      return .history(
        selection: next, scroll: ListPosition.scroll(scroll, keeping: next, visible: page, count: lineCount))
    case .dialog, .search, .helpSearch, .confirmQuit:
      return self
    }
  }
}
