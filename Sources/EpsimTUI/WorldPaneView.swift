import LifecycleSimulator
import TextFrame

extension WorldPane {
  /// Customers (with their token counts from `tokenIndex`) and their devices: platform, OS,
  /// storefront, app version, and a mark saying whether `ExternalPurchaseCustomLink` would work there.
  func draw(
    into frame: inout Frame, in rect: Rect, world: WorldState, tokenIndex: TokenIndex, chrome: PaneChrome
  ) {
    let inside = chrome.drawPane("World", into: &frame, in: rect, pane: .world)
    let selectedRow = selectionRow
    for line in 0..<inside.height {
      let row = scroll + line
      guard rows.indices.contains(row) else { break }
      let y = inside.y + line
      let rowRect = Rect(x: inside.x, y: y, width: inside.width, height: 1)
      let area = rowRect.withoutGutter
      switch rows[row] {
      case .customer(let id):
        guard let customer = world.customer(id) else { continue }
        let count = tokenIndex.tokens(of: id).count
        var right = "\(count) token\(count == 1 ? "" : "s")"
        if !customer.canMakePayments { right = "no payments  " + right }
        // At least one column stays blank between the name and the count.
        let name = chrome.fitted(id, width: area.width - DisplayWidth.of(right) - 1)
        frame.put(name, x: area.x, y: y, style: Theme.bold, clip: area)
        frame.put(
          right, in: area, alignment: .right, style: customer.canMakePayments ? Theme.dim : Theme.error)
      case .device(let id):
        guard let device = world.device(id) else { continue }
        Self.drawDeviceRow(device, world: world, lineStyle: chrome.lineStyle, into: &frame, in: area)
      }
      if row == selectedRow { chrome.markSelected(rowRect, into: &frame) }
    }
  }

  private static func drawDeviceRow(
    _ device: Device, world: WorldState, lineStyle: LineStyle, into frame: inout Frame, in area: Rect
  ) {
    let reason = world.customLinkIneligibility(on: device)
    // The long words ("not installed", the reason code) only while the name keeps room to be
    // read: a name shortened to a bare ellipsis says nothing (Enter and the status line tell more).
    let variants = deviceFacts(device, reason: reason, lineStyle: lineStyle)
    let readable = min(DisplayWidth.of(device.id), 12)
    let (facts, mark) =
      variants.first { area.width - 3 - DisplayWidth.of($0.0 + " " + $0.1) >= readable } ?? variants[1]
    let right = facts + " " + mark
    let nameRoom = area.width - 2 - DisplayWidth.of(right) - 1
    let name = DisplayWidth.truncated(device.id, toWidth: max(0, nameRoom), ellipsis: lineStyle.ellipsis)
    frame.put("  " + name, x: area.x, y: area.y, clip: area)
    let factsX = area.maxX - DisplayWidth.of(right)
    frame.put(
      facts + " ", x: factsX, y: area.y, style: device.isAppInstalled ? Theme.plain : Theme.dim, clip: area)
    frame.put(
      mark, x: area.maxX - DisplayWidth.of(mark), y: area.y,
      style: reason == nil ? Theme.active : Theme.expired,
      clip: area)
  }

  /// A device row's facts and eligibility mark, the wide variant (words) first, then the short.
  static func deviceFacts(
    _ device: Device, reason: Ineligibility?, lineStyle: LineStyle
  ) -> [(facts: String, mark: String)] {
    let ok = lineStyle == .unicode ? "✓" : "+"
    let no = lineStyle == .unicode ? "✗" : "x"
    let base = "\(device.platform.rawValue) \(device.osVersion) \(device.storefront) "
    return [true, false].map { wide in
      let facts = base + (device.installedVersion ?? (wide ? "not installed" : "-"))
      return (facts, reason == nil ? ok : no + (wide ? " " + (reason?.code ?? "") : ""))
    }
  }

  /// The columns inside the pane's borders at which no row is cut: `whole` keeps every name
  /// whole with the short facts, `rich` shows the long words too.
  static func contentWidths(of world: WorldState, tokenIndex: TokenIndex, lineStyle: LineStyle) -> PaneWidths
  {
    var widths = PaneWidths(whole: 0, rich: 0)
    for customer in world.customers {
      let count = tokenIndex.tokens(of: customer.id).count
      var right = "\(count) tokens"
      if !customer.canMakePayments { right = "no payments  " + right }
      let row = 1 + DisplayWidth.of(customer.id) + 1 + DisplayWidth.of(right)
      widths.grow(whole: row, rich: row)
    }
    for device in world.devices {
      let variants = deviceFacts(
        device, reason: world.customLinkIneligibility(on: device), lineStyle: lineStyle)
      let row = { (variant: (facts: String, mark: String)) in
        1 + 2 + DisplayWidth.of(device.id) + 1 + DisplayWidth.of(variant.facts + " " + variant.mark)
      }
      widths.grow(whole: row(variants[1]), rich: row(variants[0]))
    }
    return widths
  }
}
