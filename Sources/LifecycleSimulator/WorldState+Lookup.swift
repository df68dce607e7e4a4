/// Lookups that turn a bad name into a clear `SimulationError`.
extension WorldState {
  func existingDeviceIndex(_ id: String) throws(SimulationError) -> Int {
    guard let index = devices.firstIndex(where: { $0.id == id }) else {
      let known = devices.map(\.id).joined(separator: ", ")
      throw SimulationError("unknown device '\(id)'" + (known.isEmpty ? "" : " (known: \(known))"))
    }
    return index
  }

  func existingCustomerIndex(_ id: String) throws(SimulationError) -> Int {
    guard let index = customers.firstIndex(where: { $0.id == id }) else {
      let known = customers.map(\.id).joined(separator: ", ")
      throw SimulationError("unknown customer '\(id)'" + (known.isEmpty ? "" : " (known: \(known))"))
    }
    return index
  }

  /// The device, which must have the app installed: StoreKit calls come from the running app.
  func deviceRunningApp(_ id: String) throws(SimulationError) -> Device {
    devices[try indexOfDeviceRunningApp(id)]
  }

  /// The index of device `id`, which must have the app installed.
  // Inlined, like `activePeriodIndex`: called from the engine's mutating steps, a call made a
  // byte copy of the whole world (376 bytes) to pass as `self` (issue 26).
  @inline(__always)
  func indexOfDeviceRunningApp(_ id: String) throws(SimulationError) -> Int {
    let index = try existingDeviceIndex(id)
    guard devices[index].isAppInstalled else {
      throw SimulationError("the app is not installed on \(id); install it before calling StoreKit")
    }
    return index
  }
}
