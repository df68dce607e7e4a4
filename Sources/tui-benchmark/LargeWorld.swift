import ExternalPurchaseTokens
import LifecycleSimulator

/// A world with a given number of tokens, made by the engine.
///
/// Applying an event copies the world's token list (the engine keeps every state), so one
/// world of 100,000 tokens built event by event would take quadratic time. Instead each
/// customer's history runs in a world of its own and the results are joined, renumbering
/// token and period indexes; every token is still one the engine minted.
enum LargeWorld {
  static func make(customers: Int, tokensPerCustomer: Int) throws -> WorldState {
    var merged = WorldState(
      now: DemoWorld.startTime, rules: .sandbox, app: DemoWorld.app, seed: DemoWorld.seed)
    for number in 0..<customers {
      let part = try customerWorld(number: number, tokens: tokensPerCustomer)
      append(part, to: &merged)
    }
    return merged
  }

  /// One Japanese customer on iOS 26.4 who asks for IN_APP and LINK_OUT tokens, a minute apart
  /// every 50 requests, after one SERVICES request with refreshes.
  static func customerWorld(number: Int, tokens: Int) throws -> WorldState {
    let customer = "c\(number)"
    let device = "\(customer).iphone"
    var world = WorldState(
      now: DemoWorld.startTime, rules: .sandbox, app: DemoWorld.app, seed: UInt64(number + 1),
      customers: [Customer(id: customer)],
      devices: [
        Device(
          id: device, customerId: customer, platform: .iOS, osVersion: OSVersion(26, 4), storefront: "jp")
      ])
    world.rules.typeRegionGating = false
    _ = try world.apply(.install(device: device))
    while world.tokens.count < tokens {
      let count = world.tokens.count
      let type: CustomLinkTokenType = count % 2 == 0 ? .inApp : .linkOut
      _ = try world.apply(.requestToken(device: device, type: type))
      if count % 50 == 49 { _ = try world.apply(.advanceClock(to: world.now + Milliseconds.minute)) }
    }
    return world
  }

  /// Appends `part`'s customers, devices, periods and tokens, renumbering indexes.
  static func append(_ part: WorldState, to world: inout WorldState) {
    let tokenOffset = world.tokens.count
    let periodOffset = world.periods.count
    world.customers += part.customers
    world.devices += part.devices
    world.periods += part.periods.map { period in
      var period = period
      period.id += periodOffset
      period.tokenIndexes = period.tokenIndexes.map { $0 + tokenOffset }
      return period
    }
    world.tokens += part.tokens.map { issued in
      var issued = issued
      issued.id += tokenOffset
      if case .customLink(let periodId) = issued.source {
        issued.source = .customLink(periodId: periodId + periodOffset)
      }
      return issued
    }
    world.now = max(world.now, part.now)
  }
}
