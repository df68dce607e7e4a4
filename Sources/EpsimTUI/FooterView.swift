import AppStoreCommerce
import TextFrame

extension TUIState {
  /// The status line: the last message, or the search prompt while typing a search.
  func drawStatus(into frame: inout Frame, in rect: Rect) {
    if case .search(let input) = overlay {
      let x = frame.put("/", x: rect.x, y: rect.y, style: Theme.bold)
      frame.put(input.string, x: x, y: rect.y, clip: rect)
      let cursorX = x + DisplayWidth.of(String(input.text.prefix(input.cursor)))
      frame.restyle(Rect(x: cursorX, y: rect.y, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
      // The hint on the right, the longest that leaves a blank column after the typed text.
      let hints =
        filter.query.isEmpty
        ? ["filter tokens and log", "filter"]
        : ["filter now '\(filter.query)'; Enter on nothing clears it", "Enter on nothing clears", "filter"]
      let typedEnd = x + DisplayWidth.of(input.string) + 1
      if let hint = hints.first(where: { typedEnd + 1 + DisplayWidth.of($0) <= rect.maxX }) {
        frame.put(hint, in: rect, alignment: .right, style: Theme.dim)
      }
      return
    }
    guard let status else { return }
    let text = DisplayWidth.truncated(status.text, toWidth: rect.width, ellipsis: lineStyle.ellipsis)
    frame.put(text, x: rect.x, y: rect.y, style: Theme.status(status.kind), clip: rect)
  }

  /// Every key that applies now, from the key table, in footer order: as many as fit with
  /// their labels, then how many more `?` lists. Uses the second footer row where the layout
  /// has one.
  func drawFooter(into frame: inout Frame, in rect: Rect) {
    let plan = footerPlan(width: rect.width, rows: rect.height)
    for item in plan.items {
      let y = rect.y + item.row
      let x = frame.put(
        item.binding.keys[0].label(for: lineStyle), x: rect.x + item.x, y: y, style: Theme.key)
      frame.put(" " + item.binding.label, x: x, y: y, clip: rect)
    }
    for tail in plan.tail {
      let area = Rect(x: rect.x + tail.x, y: rect.y + tail.row, width: rect.width - tail.x, height: 1)
      frame.put(
        DisplayWidth.truncated(tail.text, toWidth: area.width, ellipsis: lineStyle.ellipsis), x: area.x,
        y: area.y, style: Theme.key, clip: area)
    }
  }

  /// Rows the footer needs: two when one cannot label every key and the screen is tall enough.
  var footerRows: Int {
    guard height >= ScreenLayout.twoRowFooterHeight else { return 1 }
    return footerLabelsFitOneRow(width: width) ? 1 : 2
  }

  /// Whether every footer key fits with its label on one row of `width`: exactly when
  /// `footerPlan(width:rows: 1)` has no tail, found with one sum instead of the plan's search,
  /// since the layout asks on every key press.
  func footerLabelsFitOneRow(width: Int) -> Bool {
    let bindings = footerBindings()
    let labelled = bindings.reduce(0) { $0 + labelledWidth($1) }
    return bindings.isEmpty || labelled + 2 * (bindings.count - 1) <= width
  }

  /// Columns a key takes with its label: the key, a blank, the label.
  func labelledWidth(_ binding: KeyBinding) -> Int {
    DisplayWidth.of(binding.keys[0].label(for: lineStyle)) + 1 + DisplayWidth.of(binding.label)
  }

  /// Where each labelled key goes (flowing over `rows` rows) and the tail, if any: the most
  /// labelled keys that still leave room for "+N more (?)", which says how many keys `?` lists
  /// beside them. Every key the footer shows has its label.
  func footerPlan(width: Int, rows: Int) -> FooterPlan {
    let bindings = footerBindings()
    // Every width measured once: the loop below tries each count of labelled keys, and the
    // state asks for this plan on every key press (the fuzzer found it the costliest step).
    let widths = bindings.map { labelledWidth($0) }
    for shown in stride(from: bindings.count, through: 0, by: -1) {
      var plan = FooterPlan()
      var (x, row) = (0, 0)
      for index in 0..<shown {
        if x > 0, x + widths[index] > width { (x, row) = (0, row + 1) }
        plan.items.append((bindings[index], x, row))
        x += widths[index] + 2
      }
      guard shown < bindings.count else {
        if row < rows, x - 2 <= width { return plan }
        continue
      }
      let tail = Self.moreText(bindings.count - shown)
      let tailWidth = DisplayWidth.of(tail)
      if x > 0, x + tailWidth > width { (x, row) = (0, row + 1) }
      if row < rows, x + tailWidth <= width {
        plan.tail = [(tail, x, row)]
        return plan
      }
      // Nothing fits beside it: the tail alone, shortened, on the first row.
      if shown == 0 { return FooterPlan(items: [], tail: [(tail, 0, 0)]) }
    }
    return FooterPlan()
  }

  /// "+7 more (?)": how many keys the footer leaves out, and where they are listed.
  static func moreText(_ count: Int) -> String {
    "+\(count) more (?)"
  }

  /// The current context's footer bindings whose requirement holds, in footer order.
  public func footerBindings() -> [KeyBinding] {
    KeyTable.bindings(in: context)
      .filter { $0.footerRank != nil && holds($0.requirement) }
      .sorted { $0.footerRank! < $1.footerRank! }
  }

  /// Whether a binding's footer requirement holds now.
  public func holds(_ requirement: KeyRequirement) -> Bool {
    switch requirement {
    case .always: return true
    case .deviceSelected: return selectedDevice != nil
    case .appInstalledOnDevice: return selectedDevice?.isAppInstalled == true
    case .stringRequestsOnDevice, .typedRequestsOnDevice:
      guard let device = selectedDevice, device.isAppInstalled else { return false }
      return world.prefersTypedRequest(on: device) == (requirement == .typedRequestsOnDevice)
    case .appNotInstalledOnDevice: return selectedDevice.map { !$0.isAppInstalled } ?? false
    case .canRedownload:
      guard let device = selectedDevice, !device.isAppInstalled else { return false }
      return world.customer(device.customerId)?.hasInstalledApp == true
    case .tokenSelected: return selectedIssuedToken != nil
    case .idToCopy: return selectedIssuedToken != nil || selectedStoreTransaction != nil
    case .somethingToOpen:
      if focus == .log { return logPane.entryCount > 0 }
      return showsPurchases ? selectedStoreTransaction != nil : selectedIssuedToken != nil
    case .linkOutTokenSelected:
      if case .linkOut = selectedIssuedToken?.source { return true }
      return false
    case .selectedTokenExpiryAhead:
      return selectedIssuedToken?.token.tokenExpirationDate.map { $0 > world.now } ?? false
    case .expiryAhead: return nextExpiry != nil
    case .canUndo: return simulation.canUndo
    case .canRedo: return simulation.canRedo
    case .hasSearchMatches: return !filter.matches.isEmpty
    case .scenarioLineAhead: return script?.nextStatement != nil
    case .storeHasProducts: return storeHasProducts
    case .purchasesShown: return showsPurchases && storeHasProducts
    case .storeCustomerSelected:
      return showsPurchases && selectedCustomerId.flatMap(store.state.customer) != nil
    case .renewalAhead:
      guard showsPurchases, let customer = selectedCustomerId, store.state.customer(customer) != nil else {
        return false
      }
      return [CommerceDueKind.renewal, .retry].contains { kind in
        (try? store.state.resolve(CommerceClockTarget(kind: kind, customer: customer))) != nil
      }
    case .refundableSelected:
      return selectedStoreTransaction.map { $0.ownership == .purchased && $0.revocation == nil } ?? false
    // An ended (expired or revoked) subscription takes no auto-renew change and no change of plan.
    case .subscriptionSelected: return selectedChain.map { Self.canChange($0, state: store.state) } ?? false
    case .transactionSelected: return selectedStoreTransaction != nil
    }
  }
}

extension TUIState {
  /// Whether a subscription is still running (active, billing retry, grace period): `t` and `U`
  /// act on it; an expired or revoked one is bought again with `b`.
  static func canChange(_ chain: SubscriptionChain, state: CommerceState) -> Bool {
    let status = state.status(of: chain)
    return status != .expired && status != .revoked
  }
}

/// Where the footer's keys go: labelled keys by row and column, then "+N more (?)".
struct FooterPlan {
  var items: [(binding: KeyBinding, x: Int, row: Int)] = []
  /// "+N more (?)" when some keys are left out; empty when every key shows.
  var tail: [(text: String, x: Int, row: Int)] = []
}
