import LifecycleSimulator

extension TUIState {
  /// One line about the selected customer or device, with why custom links would fail there.
  func describeWorldSelection() -> String {
    let world = self.world
    if let device = selectedDevice {
      let app = device.installedVersion.map { "app \($0)" } ?? "app not installed"
      let links =
        world.customLinkIneligibility(on: device).map { "custom links fail: \($0)" }
        ?? "custom links eligible"
      return
        "\(device.id): \(device.platform.rawValue) \(device.osVersion), storefront \(device.storefront), "
        + "\(app); \(links)"
    }
    guard let id = selectedCustomerId, let customer = world.customer(id) else { return "" }
    let devices = world.devices(of: id).count
    let payments = customer.canMakePayments ? "can make payments" : "cannot make payments"
    return "\(id): \(devices) device\(devices == 1 ? "" : "s"), \(payments), "
      + "\(tokenIndex.tokens(of: id).count) tokens"
  }
}
