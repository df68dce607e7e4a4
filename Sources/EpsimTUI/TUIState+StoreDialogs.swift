import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

extension TUIState {
  /// `b` and `U`: the purchase forms, filled in from the selection.
  mutating func openStoreDialog(for action: Action) {
    let products = store.state.products
    guard !products.isEmpty else {
      status = StatusMessage(.info, "this world's App Store sells nothing")
      return
    }
    switch action {
    case .buy:
      let devices = world.devices.map(\.id)
      guard !devices.isEmpty else {
        status = StatusMessage(.info, "add a device first (A): purchases are made on a device")
        return
      }
      let device =
        selectedDevice?.id
        ?? selectedCustomerId.flatMap { id in world.devices.first { $0.customerId == id }?.id }
      let storefronts = world.devices.map { (try? CommerceWorld.storefront(of: $0.storefront)) ?? "" }
      overlay = .dialog(
        Dialogs.buy(products: products, devices: devices, device: device, storefronts: storefronts))
    case .editStoreSettings:
      overlay = .dialog(
        StoreSettingsForm.dialog(
          store: store, customers: world.customers.map(\.id), customer: selectedCustomerId))
    case .changeProduct:
      guard let customer = selectedCustomerId, let chain = selectedChain else {
        status = StatusMessage(.info, "select a subscription transaction in the purchases view first (p)")
        return
      }
      overlay = .dialog(Dialogs.changeProduct(chain: chain, customer: customer, in: store.state))
    default: break
    }
  }
}

extension Dialogs {
  static func buy(products: [Product], devices: [String], device: String?, storefronts: [String]) -> Dialog {
    let ids = products.map(\.id)
    var dialog = Dialog(
      kind: .buy(storefronts: storefronts),
      form: Form(
        title: "Buy",
        note: "A purchase through the App Store on a device, by its customer, in the device's storefront"
          + " (docs/rules.md). Within a subscription group the customer has, it changes the plan.",
        fields: [
          .choice("product", "Product", ids),
          .choice("device", "Device", devices, selected: device.flatMap(devices.firstIndex) ?? 0),
          .text("quantity", "Quantity", "1", hint: "1 to 10"),
          .choice("offer", "Offer", [BuyFormHints.noOffer]),
          .text("token", "App account token", "", hint: "UUID, or empty"),
          .choice("introductory", "Intro offer", ["if eligible", "signed: allow", "signed: refuse"]),
        ]))
    BuyFormHints.fill(&dialog.form, products: products, storefronts: storefronts)
    return dialog
  }

  static func changeProduct(chain: SubscriptionChain, customer: String, in state: CommerceState) -> Dialog {
    let group = state.products.filter { $0.subscription?.groupId == chain.groupId }
    let current = state.products[Int(chain.autoRenewProduct)].id
    let options = group.map { product in product.id }
    var dialog = Dialog(
      kind: .changeProduct(customer: customer, group: chain.groupId),
      form: Form(
        title: "Change plan of \(customer) in \(chain.groupId)",
        note: "A higher level upgrades at once (the old transaction isUpgraded); a lower one or another"
          + " duration takes effect at the next renewal. Picking the current product cancels a pending change.",
        fields: [
          .choice("product", "Product", options, selected: options.firstIndex(of: current) ?? 0)
        ]))
    BuyFormHints.describeChoice(in: &dialog.form, customer: customer, state: state)
    return dialog
  }
}
