import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// Builds the world a run starts from out of the setup lines.
///
/// Defaults when the setup is silent: production rules, seed 42, start 2026-03-01T09:00:00Z
/// (the demo world's), app `com.example.app` with Apple ID 1234567890, version 1.0, and no
/// entitlements or Info.plist keys. `demo` starts from `DemoWorld` instead (sandbox rules).
enum InitialWorld {
  static let defaultApp = AppConfiguration(
    bundleId: "com.example.app", appAppleId: 1_234_567_890, version: "1.0")

  /// The initial world; customers and devices go through the engine so its checks apply. When the
  /// engine refuses one, the world built so far comes back with the refusal.
  static func build(_ setup: ArraySlice<Statement>, seedOverride: UInt64?) -> (
    world: WorldState, failure: RunFailureAt?
  ) {
    var rules = LifecycleRules.production
    var app = defaultApp
    var seed = DemoWorld.seed
    var start = DemoWorld.startTime
    var people: [(Statement, [WorldEvent])] = []
    for statement in setup {
      switch statement.kind {
      case .demo:
        let demo = DemoWorld.world()
        rules = demo.rules
        app = demo.app
        people.append(
          (statement, demo.customers.map { .addCustomer($0) } + demo.devices.map { .addDevice($0) }))
      case .seed(let value): seed = value
      case .start(let time): start = time
      case .app(let line): apply(line, to: &app)
      case .entitlement(let setting): apply(setting, to: &app.entitlements)
      case .plist(let setting): apply(setting, to: &app.infoPlist)
      case .command(.environment(let environment)): rules = .preset(environment)
      case .command(.rule(let setting)): setting.apply(to: &rules)
      // The commerce world is built beside it (CommerceRun).
      case .product, .commerceSetting, .storekit: continue
      case .command(.customer(let id, let canPay)):
        people.append((statement, [.addCustomer(Customer(id: id, canMakePayments: canPay))]))
      case .command(.device(let line)):
        people.append(
          (
            statement,
            line.worldEvents(knownCustomers: Set(people.flatMap(\.1).compactMap(\.addedCustomer)))
          ))
      default:
        preconditionFailure("\(statement.kind) is not a setup statement")
      }
    }
    var world = WorldState(now: start, rules: rules, app: app, seed: seedOverride ?? seed)
    for (statement, events) in people {
      for event in events {
        do {
          _ = try world.apply(event)
        } catch {
          return (world, RunFailureAt(statement: statement, message: error.message))
        }
      }
    }
    return (world, nil)
  }

  static func apply(_ line: AppLine, to app: inout AppConfiguration) {
    app.bundleId = line.bundleId
    if let id = line.appAppleId { app.appAppleId = id }
    if let version = line.version { app.version = version }
    if let regions = line.customLinkRegions {
      app.entitlements.externalPurchaseLink = true
      app.infoPlist.customLinkRegions = regions
    }
  }

  static func apply(_ setting: EntitlementSetting, to entitlements: inout Entitlements) {
    switch setting {
    case .externalPurchase: entitlements.externalPurchase = true
    case .externalPurchaseLink: entitlements.externalPurchaseLink = true
    case .externalPurchaseLinkStreaming: entitlements.externalPurchaseLinkStreaming = true
    case .allowedRegions(let regions): entitlements.customPurchaseLinkAllowedRegions = regions
    }
  }

  static func apply(_ setting: PlistSetting, to keys: inout InfoPlistKeys) {
    switch setting {
    case .externalPurchase(let countries): keys.externalPurchaseCountries = countries
    case .link(let country, let url): keys.linkDestinations[country] = url
    case .multiLink(let country, let urls): keys.multiLinkDestinations[country] = urls
    case .customLinkRegions(let countries): keys.customLinkRegions = countries
    case .streamingRegions(let countries): keys.streamingRegions = countries
    }
  }
}

extension WorldEvent {
  /// The customer id when the event adds a customer.
  var addedCustomer: String? {
    if case .addCustomer(let customer) = self { return customer.id }
    return nil
  }
}

/// An engine refusal tied to the statement that caused it; the runner turns it into a `RunFailure`.
struct RunFailureAt: Error {
  var statement: Statement
  var message: String
}
