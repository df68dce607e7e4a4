import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator

extension WorldCommand {
  /// The token engine's events this command stands for in `world`, the same for every door.
  /// `lastCustomer` is the default customer of `advance to expiry of TYPE` (the customer of the
  /// last device a step used); `commerce` resolves App Store clock targets. A purchase step has
  /// no token event: the App Store performs it (`CommerceWorld.perform`).
  public func worldEvents(in world: WorldState, commerce: CommerceWorld?, lastCustomer: String?)
    throws(SimulationError) -> [WorldEvent]
  {
    do { try checkLimits() } catch { throw SimulationError(error.message) }
    switch self {
    case .environment(let environment): return [.setRules(.preset(environment))]
    case .rule(let setting):
      var rules = world.rules
      setting.apply(to: &rules)
      return [.setRules(rules)]
    case .customer(let id, let canPay): return [.addCustomer(Customer(id: id, canMakePayments: canPay))]
    case .device(let line): return line.worldEvents(knownCustomers: Set(world.customers.map(\.id)))
    case .install(let device): return [.install(device: device)]
    case .update(let device, let version): return [.update(device: device, version: version)]
    case .redownload(let device): return [.redownload(device: device)]
    case .uninstall(let device): return [.uninstall(device: device)]
    case .request(let type, let device): return [.requestToken(device: device, type: type)]
    case .requestTyped(let request, let device): return [.requestTypedToken(device: device, request: request)]
    case .checkEligibility(let device): return [.checkEligibility(device: device)]
    case .noticeSheet(let device): return [.presentNoticeSheet(device: device)]
    case .linkOut(let device, let url): return [.openLinkOut(device: device, url: url)]
    case .forceRefresh: return [.forceRefresh]
    case .setStorefront(let device, let storefront):
      return [.setStorefront(device: device, storefront: storefront)]
    case .setOS(let device, let version): return [.setOSVersion(device: device, version: version)]
    case .setPayments(let customer, let allowed):
      return [.setCanMakePayments(customer: customer, allowed: allowed)]
    case .advance(let move):
      return [.advanceClock(to: try move.time(in: world, commerce: commerce, lastCustomer: lastCustomer))]
    case .commerce: return []
    }
  }
}

extension ClockMove {
  /// The absolute time the move lands on, or why it names none (no expiry ahead, a time outside
  /// `StepLimits.time`).
  public func time(in world: WorldState, commerce: CommerceWorld?, lastCustomer: String?)
    throws(SimulationError) -> VirtualTime
  {
    switch self {
    case .by(let duration): return try world.resolve(.by(duration))
    case .to(let time): return try world.resolve(.to(time))
    case .nextExpiry(let offset): return try world.resolve(.nextExpiry(offset: offset))
    case .nextMoment(let offset):
      let token = try? world.resolve(.nextExpiry(offset: offset))
      let store = try? commerce?.state.resolve(CommerceClockTarget(offset: offset))
      guard let nearest = [token, store].compactMap({ $0 }).min() else {
        throw SimulationError(
          "no expiry lies ahead of \(ISOTime.string(world.now)), and no App Store renewal, retry or grace end"
        )
      }
      return nearest
    case .expiryOf(let type, let customer, let offset):
      guard let customer = customer ?? lastCustomer else {
        throw SimulationError("no step has used a device yet; name the customer with 'of'")
      }
      return try world.resolve(.expiryOf(customer: customer, type: type, offset: offset))
    case .commerce(let kind, let customer, let offset):
      guard let commerce else { throw SimulationError("no product is declared, so nothing renews") }
      return try commerce.state.resolve(CommerceClockTarget(kind: kind, customer: customer, offset: offset))
    }
  }
}

extension DeviceLine {
  /// Adding the device: its customer first when nobody declared them (customers are created
  /// implicitly, in scenarios and through the control API alike).
  public func worldEvents(knownCustomers: Set<String>) -> [WorldEvent] {
    let customer = customerId ?? id
    let device = Device(
      id: id, customerId: customer, platform: platform, osVersion: osVersion, storefront: storefront)
    let addCustomer: [WorldEvent] =
      knownCustomers.contains(customer) ? [] : [.addCustomer(Customer(id: customer))]
    return addCustomer + [.addDevice(device)]
  }
}
