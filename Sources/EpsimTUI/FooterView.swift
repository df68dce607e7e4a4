import TextFrame

extension TUIState {
  /// The status line: the last message, or the search prompt while typing a search.
  func drawStatus(into frame: inout Frame, in rect: Rect) {
    if case .search(let input) = overlay {
      let x = frame.put("/", x: rect.x, y: rect.y, style: Theme.bold)
      frame.put(input.string, x: x, y: rect.y, clip: rect)
      let cursorX = x + DisplayWidth.of(String(input.text.prefix(input.cursor)))
      frame.restyle(Rect(x: cursorX, y: rect.y, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
      frame.put("search token ids", in: rect, alignment: .right, style: Theme.dim)
      return
    }
    guard let status else { return }
    let text = DisplayWidth.truncated(status.text, toWidth: rect.width, ellipsis: lineStyle.ellipsis)
    frame.put(text, x: rect.x, y: rect.y, style: Theme.status(status.kind), clip: rect)
  }

  /// The keys that apply now, from the key table, as many as fit.
  func drawFooter(into frame: inout Frame, in rect: Rect) {
    var x = rect.x
    for binding in footerBindings() {
      let key = binding.keys[0].label(for: lineStyle)
      let width = DisplayWidth.of(key) + 1 + DisplayWidth.of(binding.label)
      guard x + width <= rect.maxX else { break }
      x = frame.put(key, x: x, y: rect.y, style: Theme.key)
      x = frame.put(" " + binding.label + "  ", x: x, y: rect.y, clip: rect)
    }
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
    case .expiryAhead: return nextExpiry != nil
    case .canUndo: return simulation.canUndo
    case .canRedo: return simulation.canRedo
    case .hasSearchMatches: return !searchMatches.isEmpty
    case .scenarioLineAhead: return script?.nextStatement != nil
    }
  }
}
