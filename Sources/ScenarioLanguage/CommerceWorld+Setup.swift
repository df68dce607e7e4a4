import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

extension CommerceWorld {
  /// The commerce world of a setup, or nil when the setup declares no product, no setting and no
  /// `.storekit` file. Settings apply in the order written, a `storekit` line's settings where the
  /// line stands, so `commerce` lines after it override them.
  public init?(setup: [Statement], world: WorldState) {
    var products: [Product] = []
    var settings: [CommerceSetting] = []
    var declared = false
    for line in setup {
      switch line.kind {
      case .product(let product): products.append(product)
      case .commerceSetting(let setting): settings.append(setting)
      case .storekit(let file):
        products += file.products
        settings += file.settings
      default: continue
      }
      declared = true
    }
    guard declared else { return nil }
    // The parser has checked every product and every name, so the engine accepts them all.
    self.init(products: products, world: world)
    for setting in settings { _ = try? apply(setting, world: world) }
  }
}
