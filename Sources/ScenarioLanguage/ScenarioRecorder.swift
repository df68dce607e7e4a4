import CommerceSimulation
import ExternalPurchaseTokens
import LifecycleSimulator
import SimulatedWorld

/// Turns a simulation (what the terminal UI records) into a scenario, so `ScenarioWriter` can save
/// it: the setup rebuilds the initial world, and one statement stands for each applied event.
///
/// Running the recorded scenario gives the same final world, token for token.
public enum ScenarioRecorder {
  /// Something a scenario file cannot express.
  public struct Unrecordable: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// The scenario of the steps in effect. With `withExpectations`, each step also states what
  /// it was observed to do (see `observedExpectations`), so `epsim run` checks the same answers.
  /// The App Store's products and settings join the setup, and its purchase steps are written as
  /// purchase lines.
  public static func scenario(
    from simulation: WorldSimulation<Simulation>, withExpectations: Bool = false
  ) throws(Unrecordable) -> Scenario {
    let tokens = simulation.tokens
    var statements = try setup(of: tokens.initial)
    if let store = simulation.initialStore {
      // Before the steps (a forced refresh closes the setup): product lines are setup only.
      let end = statements.firstIndex { $0.kind.isStepOnly } ?? statements.count
      statements.insert(contentsOf: storeSetup(of: store).map { Statement($0) }, at: end)
    }
    var world = tokens.initial
    var answers = AnswerMemory()
    for position in stride(from: 1, through: simulation.position, by: 1) {
      let entry = simulation.entry(position)
      let heard =
        withExpectations && simulation.initialStore != nil ? notificationHeard(in: entry.storeEvents) : nil
      if let purchase = entry.purchase {
        // A setting line hears nothing; before any other step it is read back as setup, where
        // a line carries no expectation.
        let isSetting = if case .setting = purchase { true } else { false }
        let expected = isSetting ? [] : heard.map { [Expectation($0)] } ?? []
        statements.append(Statement(.command(.commerce(purchase)), expectations: expected))
        continue
      }
      if entry.backend != nil {
        throw Unrecordable(
          message: "step \(position) is a change a backend made through the App Store Server API, "
            + "which a scenario cannot state; rewind to before it to save the steps until then")
      }
      for index in entry.tokenSteps {
        let step = tokens.steps[index]
        let before = world
        do { _ = try world.applyWithoutLog(step.event) } catch {
          preconditionFailure("a recorded event failed on replay: \(error)")
        }
        // A clock step asked as a moment is written as that move (`advance to next moment minus
        // 1ms`), not as the duration it came to.
        let commands: [WorldCommand]
        if let move = entry.clockMove, entry.tokenSteps.count == 1, case .advanceClock = step.event {
          commands = [.advance(move)]
        } else {
          commands = try Self.commands(for: step.event, before: before)
        }
        var recorded = commands.map { Statement(.command($0)) }
        guard withExpectations, !recorded.isEmpty else {
          statements += recorded
          continue
        }
        recorded[recorded.count - 1].expectations = observedExpectations(
          of: step, in: world, answers: &answers
        )
        .map { Expectation($0) }
        // A clock move that made the App Store act says what Apple would have sent last.
        if case .advanceClock = step.event, let heard, index == entry.tokenSteps.last,
          !entry.storeEvents.isEmpty
        {
          recorded[recorded.count - 1].expectations.append(Expectation(heard))
        }
        statements += recorded
      }
    }
    if simulation.initialStore != nil { statements = onlyUsedProducts(statements) }
    return Scenario(statements: statements)
  }

  /// The scenario of a token world's history alone, without an App Store.
  public static func scenario(from simulation: Simulation, withExpectations: Bool = false)
    throws(Unrecordable)
    -> Scenario
  {
    try scenario(from: WorldSimulation(tokens: simulation, store: nil), withExpectations: withExpectations)
  }

  /// The setup lines that build `world`, which must not have run anything yet.
  static func setup(of world: WorldState) throws(Unrecordable) -> [Statement] {
    guard world.periods.isEmpty, world.tokens.isEmpty,
      world.devices.allSatisfy({ !$0.isAppInstalled }), world.customers.allSatisfy({ !$0.hasInstalledApp })
    else {
      throw Unrecordable(
        message: "the initial world already has installs or tokens, which a scenario cannot state")
    }
    var kinds: [StatementKind] = [.command(.environment(world.rules.environment))]
    kinds += RuleSetting.changes(from: .preset(world.rules.environment), to: world.rules).map {
      .command(.rule($0))
    }
    kinds += [.seed(world.seed), .start(world.now)]
    kinds += appLines(world.app)
    kinds += world.customers.map { .command(.customer(id: $0.id, canMakePayments: $0.canMakePayments)) }
    kinds += world.devices.map { .command(.device(deviceLine($0))) }
    if world.refreshNextRequest { kinds.append(.command(.forceRefresh)) }
    return kinds.map { Statement($0) }
  }

  static func appLines(_ app: AppConfiguration) -> [StatementKind] {
    var kinds: [StatementKind] = [
      .app(AppLine(bundleId: app.bundleId, appAppleId: app.appAppleId, version: app.version))
    ]
    let entitlements = app.entitlements
    if entitlements.externalPurchase { kinds.append(.entitlement(.externalPurchase)) }
    if entitlements.externalPurchaseLink { kinds.append(.entitlement(.externalPurchaseLink)) }
    if entitlements.externalPurchaseLinkStreaming {
      kinds.append(.entitlement(.externalPurchaseLinkStreaming))
    }
    if !entitlements.customPurchaseLinkAllowedRegions.isEmpty {
      kinds.append(.entitlement(.allowedRegions(entitlements.customPurchaseLinkAllowedRegions)))
    }
    let keys = app.infoPlist
    if !keys.externalPurchaseCountries.isEmpty {
      kinds.append(.plist(.externalPurchase(keys.externalPurchaseCountries)))
    }
    for country in keys.linkDestinations.keys.sorted() {
      kinds.append(.plist(.link(country: country, url: keys.linkDestinations[country]!)))
    }
    for country in keys.multiLinkDestinations.keys.sorted() {
      kinds.append(.plist(.multiLink(country: country, urls: keys.multiLinkDestinations[country]!)))
    }
    if !keys.customLinkRegions.isEmpty { kinds.append(.plist(.customLinkRegions(keys.customLinkRegions))) }
    if !keys.streamingRegions.isEmpty { kinds.append(.plist(.streamingRegions(keys.streamingRegions))) }
    return kinds
  }

  /// A device line, naming the customer only when the device name does not already imply it.
  static func deviceLine(_ device: Device) -> DeviceLine {
    var line = DeviceLine(
      id: device.id, platform: device.platform, osVersion: device.osVersion, storefront: device.storefront)
    if line.customerId != device.customerId { line.customer = device.customerId }
    return line
  }

  /// The commands for one event, given the world it was applied to.
  static func commands(for event: WorldEvent, before world: WorldState) throws(Unrecordable)
    -> [WorldCommand]
  {
    switch event {
    case .install(let device): return [.install(device: device)]
    case .update(let device, let version): return [.update(device: device, version: version)]
    case .redownload(let device): return [.redownload(device: device)]
    case .uninstall(let device): return [.uninstall(device: device)]
    case .requestToken(let device, let type): return [.request(type: type, device: device)]
    case .requestTypedToken(let device, let request): return [.requestTyped(request, device: device)]
    case .checkEligibility(let device): return [.checkEligibility(device: device)]
    case .presentNoticeSheet(let device): return [.noticeSheet(device: device)]
    case .openLinkOut(let device, let url): return [.linkOut(device: device, url: url)]
    case .forceRefresh: return [.forceRefresh]
    case .advanceClock(let time): return [.advance(.by(time - world.now))]
    case .addCustomer(let customer):
      guard !customer.hasInstalledApp else {
        throw Unrecordable(message: "customer \(customer.id) is added as having installed the app before")
      }
      return [.customer(id: customer.id, canMakePayments: customer.canMakePayments)]
    case .addDevice(let device):
      guard !device.isAppInstalled else {
        throw Unrecordable(message: "device \(device.id) is added with the app already installed")
      }
      return [.device(deviceLine(device))]
    case .setStorefront(let device, let storefront):
      return [.setStorefront(device: device, storefront: storefront)]
    case .setOSVersion(let device, let version): return [.setOS(device: device, version: version)]
    case .setCanMakePayments(let customer, let allowed):
      return [.setPayments(customer: customer, allowed: allowed)]
    case .setRules(let rules): return RuleSetting.changes(from: world.rules, to: rules).map { .rule($0) }
    case .setApp(let app):
      guard app == world.app else {
        throw Unrecordable(message: "a scenario sets the app in its setup only; this run changed it later")
      }
      return []
    }
  }
}
