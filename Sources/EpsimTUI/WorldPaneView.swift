import LifecycleSimulator
import TextFrame

extension TUIState {
  /// Customers and their devices: platform, OS, storefront, app version, and a mark saying
  /// whether `ExternalPurchaseCustomLink` would work there.
  func drawWorldPane(into frame: inout Frame, in rect: Rect) {
    let world = self.world
    let inside = drawPane("World", into: &frame, in: rect, pane: .world)
    let selectedRow = worldSelectionRow
    for line in 0..<inside.height {
      let row = worldScroll + line
      guard worldRows.indices.contains(row) else { break }
      let y = inside.y + line
      let rowRect = Rect(x: inside.x, y: y, width: inside.width, height: 1)
      let area = rowRect.withoutGutter
      switch worldRows[row] {
      case .customer(let id):
        guard let customer = world.customer(id) else { continue }
        let count = tokenIndex.tokens(of: id).count
        frame.put(id, x: area.x, y: y, style: Theme.bold, clip: area)
        var right = "\(count) token\(count == 1 ? "" : "s")"
        if !customer.canMakePayments { right = "no payments  " + right }
        frame.put(
          right, in: area, alignment: .right, style: customer.canMakePayments ? Theme.dim : Theme.error)
      case .device(let id):
        guard let device = world.device(id) else { continue }
        drawDeviceRow(device, world: world, into: &frame, in: area)
      }
      if row == selectedRow { markSelected(rowRect, into: &frame) }
    }
  }

  private func drawDeviceRow(_ device: Device, world: WorldState, into frame: inout Frame, in area: Rect) {
    let reason = world.customLinkIneligibility(on: device)
    let ok = lineStyle == .unicode ? "✓" : "+"
    let no = lineStyle == .unicode ? "✗" : "x"
    let wide = area.width >= 44
    var facts = "\(device.platform.rawValue) \(device.osVersion) \(device.storefront) "
    facts += device.installedVersion ?? (wide ? "not installed" : "-")
    let mark = reason == nil ? ok : no + (wide ? " " + (reason?.code ?? "") : "")
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
}
