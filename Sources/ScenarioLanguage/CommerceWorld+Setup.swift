import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

extension CommerceWorld {
  /// The commerce world of a setup, or nil when the setup declares no product and no setting.
  public init?(setup: [Statement], world: WorldState) {
    var products: [Product] = []
    var gracePeriod: GracePeriodDuration?? = .none
    var rates: [String: SandboxRenewalRate] = [:]
    var failing: Set<String> = []
    var changeRenews: Bool?
    var declared = false
    var defaultRate: SandboxRenewalRate?
    var failingByDefault = false
    func apply(_ setting: CommerceSetting) {
      switch setting {
      case .gracePeriod(let duration): gracePeriod = .some(duration)
      case .renewalRate(let customer, let rate): rates[customer] = rate
      case .failingRenewals(let customer): failing.insert(customer)
      case .changeRenews(let on): changeRenews = on
      case .defaultRenewalRate(let rate): defaultRate = rate
      case .defaultFailingRenewals(let on): failingByDefault = on
      }
    }
    for line in setup {
      switch line.kind {
      case .product(let product): products.append(product)
      case .commerceSetting(let setting): apply(setting)
      // The file's settings first, so `commerce` lines after the `storekit` line override them.
      case .storekit(let file):
        products += file.products
        file.settings.forEach(apply)
      default: continue
      }
      declared = true
    }
    guard declared else { return nil }
    // The parser has checked every product, so the engine accepts them all.
    self.init(products: products, world: world) { settings in
      if let changeRenews { settings.changeTurnsAutoRenewOn = changeRenews }
      guard case .some(let duration) = gracePeriod else { return }
      settings.gracePeriod.enabled = duration != nil
      if let duration { settings.gracePeriod.duration = duration }
    }
    self.rates = rates
    self.failing = failing
    self.defaultRate = defaultRate
    self.failingByDefault = failingByDefault
  }
}
