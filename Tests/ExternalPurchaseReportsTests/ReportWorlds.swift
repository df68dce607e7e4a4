import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator

/// A production world with every kind of token: alice's ACQUISITION, a SERVICES period with a
/// refresh, a plain notice-sheet token, and kenji's IN_APP token; one day has passed.
struct ReportWorld {
  var world: WorldState
  var acquisition: IssuedToken
  var services: IssuedToken
  var refreshed: IssuedToken
  var plain: IssuedToken
  var inApp: IssuedToken

  init(rules: LifecycleRules = .production) throws {
    var simulation = Simulation(initial: DemoWorld.world(rules: rules))
    try simulation.apply(.install(device: "alice.iphone"))
    try simulation.apply(.install(device: "kenji.iphone"))
    let services = try Self.token(simulation.apply(.requestToken(device: "alice.iphone", type: .services)))
    try simulation.apply(.forceRefresh)
    let refreshed = try Self.token(simulation.apply(.requestToken(device: "alice.iphone", type: .services)))
    let acquisition = try Self.token(
      simulation.apply(.requestToken(device: "alice.iphone", type: .acquisition)))
    let inApp = try Self.token(simulation.apply(.requestToken(device: "kenji.iphone", type: .inApp)))
    let plain = try Self.legacyToken(simulation.apply(.presentNoticeSheet(device: "alice.iphone")))
    try simulation.apply(.advanceClock(to: simulation.world.now + Milliseconds.day))
    world = simulation.world
    self.services = world.tokens[services]
    self.refreshed = world.tokens[refreshed]
    self.acquisition = world.tokens[acquisition]
    self.inApp = world.tokens[inApp]
    self.plain = world.tokens[plain]
  }

  private static func token(_ outcome: EventOutcome) throws -> Int {
    guard case .token(.token(let index, _)) = outcome.result else { throw WorldSetupError(outcome.result) }
    return index
  }

  private static func legacyToken(_ outcome: EventOutcome) throws -> Int {
    guard case .legacy(.token(let index)) = outcome.result else { throw WorldSetupError(outcome.result) }
    return index
  }

  /// A fresh ledger for the world's environment.
  var ledger: ReportLedger { ReportLedger(environment: world.rules.environment) }

  /// A valid one-time buy on `token`, an hour after its creation.
  func buy(_ id: String, on token: IssuedToken, offset: VirtualDuration = Milliseconds.hour) -> LineItem {
    LineItem(
      lineItemId: id, creationDate: token.token.tokenCreationDate + offset, eventType: .buy,
      productIdentifier: "com.example.gems", amountTaxInclusive: 1_210, amountTaxExclusive: 1_000,
      taxAmount: 210,
      reportingCurrency: "EUR", pricingCurrency: "EUR", taxCountry: "NLD")
  }

  func report(
    _ token: IssuedToken, _ status: ReportStatus, _ items: [LineItem]? = nil, id: String = UUID().uuidString
  ) -> ExternalPurchaseReport {
    ExternalPurchaseReport(
      requestIdentifier: id, externalPurchaseId: token.token.externalPurchaseId, status: status,
      lineItems: items)
  }
}

struct WorldSetupError: Error {
  let result: EventResult
  init(_ result: EventResult) { self.result = result }
}

extension ReportLedger {
  /// The names of the errors a report gets, in order.
  mutating func errorNames(_ report: ExternalPurchaseReport, world: WorldState) -> [String] {
    submit(report, world: world).errors.map(\.name)
  }
}
