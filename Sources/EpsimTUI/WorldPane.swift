import LifecycleSimulator

/// The world pane's own state: its rows (each customer, then their devices), the selected row
/// and how far the list is scrolled.
struct WorldPane: Hashable, Sendable {
  /// The selected customer or device.
  var selection: WorldRow?
  var scroll = 0
  /// Derived from the world by `refresh(from:)`, so that drawing only reads.
  private(set) var rows: [WorldRow] = []

  /// Row of the selected item.
  var selectionRow: Int? {
    selection.flatMap { rows.firstIndex(of: $0) }
  }

  /// Rebuilds the rows from the world; a selection that is gone falls back to the first row.
  mutating func refresh(from world: WorldState) {
    rows = Self.rows(of: world)
    if selection.map({ !rows.contains($0) }) ?? true {
      selection = rows.first
    }
  }

  /// Moves the selection `delta` rows, stopping at either end; false when the list is empty.
  mutating func moveSelection(by delta: Int) -> Bool {
    guard !rows.isEmpty else { return false }
    selection = rows[ListPosition.clamp((selectionRow ?? 0).addingClamped(delta), to: rows.count)]
    return true
  }

  /// Scrolls so that the selection shows in a pane `visible` rows high.
  mutating func keepSelectionVisible(visible: Int) {
    scroll = ListPosition.scroll(scroll, keeping: selectionRow, visible: visible, count: rows.count)
  }

  /// Customers in order, each followed by their devices.
  static func rows(of world: WorldState) -> [WorldRow] {
    var devicesByCustomer: [String: [String]] = [:]
    for device in world.devices { devicesByCustomer[device.customerId, default: []].append(device.id) }
    return world.customers.flatMap { customer in
      [WorldRow.customer(customer.id)] + (devicesByCustomer[customer.id] ?? []).map(WorldRow.device)
    }
  }
}
