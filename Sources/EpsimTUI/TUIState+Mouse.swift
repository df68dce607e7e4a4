import TextFrame

extension TUIState {
  /// Rows one turn of the wheel moves: three, as in most terminal programs.
  static let wheelRows = 3

  /// A click or wheel turn: a click on a pane focuses it and selects the row under the
  /// pointer, a click on a footer key does what the key does, the wheel scrolls the pane under
  /// the pointer (or the open help, details, history or log line). Each ends in the same
  /// steps the keys take, so the mouse can do nothing the keyboard cannot.
  mutating func handleMouse(_ mouse: MouseEvent) -> [Effect] {
    guard !isTooSmall else { return [] }
    if overlay != nil {
      guard mouse.kind != .press, [.help, .details, .history, .logEntry].contains(context) else { return [] }
      let action: Action = mouse.kind == .wheelUp ? .moveUp : .moveDown
      return (0..<Self.wheelRows).flatMap { _ in perform(action) }
    }
    let layout = self.layout
    if layout.footer.contains(x: mouse.x, y: mouse.y) {
      guard mouse.kind == .press,
        let key = footerKey(at: mouse.x - layout.footer.x, row: mouse.y - layout.footer.y)
      else { return [] }
      return handleKey(key)
    }
    let panes: [(Pane, Rect)] = [(.world, layout.world), (.tokens, layout.tokens), (.log, layout.log)]
    guard let (pane, rect) = panes.first(where: { $0.1.contains(x: mouse.x, y: mouse.y) }) else { return [] }
    focus = pane
    switch mouse.kind {
    case .wheelUp: moveInFocusedPane(by: -Self.wheelRows)
    case .wheelDown: moveInFocusedPane(by: Self.wheelRows)
    case .press:
      // The row under the pointer, counted from the pane's first content row.
      let line = mouse.y - rect.y - 1
      guard line >= 0, line < ScreenLayout.innerHeight(rect), let (scroll, current) = listPosition(of: pane)
      else { return [] }
      moveInFocusedPane(by: scroll + line - (current ?? scroll))
    }
    return []
  }

  /// The scroll and selected row of a list pane; nil for the log, which has no selection.
  private func listPosition(of pane: Pane) -> (scroll: Int, selected: Int?)? {
    switch pane {
    case .world: return (worldPane.scroll, worldPane.selectionRow)
    case .tokens where showsPurchases: return (purchasesPane.scroll, purchasesPane.selectionRow)
    case .tokens: return (tokensPane.scroll, tokensPane.selectionRow)
    case .log: return nil
    }
  }

  /// The key the footer shows at column `x` of its row `row`: a labelled key, or `?` for
  /// "+N more (?)".
  func footerKey(at x: Int, row: Int) -> Key? {
    let plan = footerPlan(width: layout.footer.width, rows: layout.footer.height)
    for item in plan.items
    where item.row == row && (item.x..<item.x + labelledWidth(item.binding)).contains(x) {
      return item.binding.keys[0]
    }
    for tail in plan.tail where tail.row == row && (tail.x..<tail.x + DisplayWidth.of(tail.text)).contains(x)
    {
      return .character("?")
    }
    return nil
  }
}
