import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

extension CommerceWorld {
  /// The commerce world of a setup, or nil when the setup declares no product and no setting.
  public init?(setup: [Statement], world: WorldState) {
    let products = setup.compactMap { line -> Product? in
      if case .product(let product) = line.kind { return product } else { return nil }
    }
    let settings = setup.compactMap { line -> CommerceSetting? in
      if case .commerceSetting(let setting) = line.kind { return setting } else { return nil }
    }
    guard !products.isEmpty || !settings.isEmpty else { return nil }
    // The parser has checked every product and every name, so the engine accepts them all.
    self.init(products: products, world: world)
    for setting in settings { _ = try? apply(setting, world: world) }
  }
}
