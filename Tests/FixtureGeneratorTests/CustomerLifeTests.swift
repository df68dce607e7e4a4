import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

@testable import FixtureGenerator

@Suite("Generate: customers' lives")
struct CustomerLifeTests {
  @Test(arguments: [TokenEnvironment.sandbox, .production])
  func livesRespectTheLifecycleInvariants(environment: TokenEnvironment) throws {
    let generator = try FixtureGenerator(
      options: GenerateOptions(customers: 300, seed: 13, environment: environment, days: 45))
    for number in 1...300 {
      let world = try generator.simulate(customer: number)
      let customer = try #require(world.customers.first?.id)
      #expect(world.periods(of: customer, type: .acquisition).count <= 1, "one ACQUISITION ever: \(customer)")
      let services = world.periods(of: customer, type: .services)
      for (earlier, later) in zip(services, services.dropFirst()) {
        #expect(earlier.expirationDate <= later.creationDate, "SERVICES periods never overlap: \(customer)")
      }
      for period in world.periods {
        let tokens = period.tokenIndexes.map { world.tokens[$0] }
        #expect(tokens.first?.isRefresh == false)
        #expect(tokens.dropFirst().allSatisfy { $0.isRefresh }, "later tokens of a period are refreshes")
        #expect(tokens.allSatisfy { $0.token.tokenCreationDate == period.creationDate }, "shared dates")
        #expect(tokens.allSatisfy { $0.token.tokenExpirationDate == period.expirationDate }, "shared dates")
      }
      #expect(world.tokens.map(\.issuedAt) == world.tokens.map(\.issuedAt).sorted(), "tokens in time order")
      #expect(Set(world.tokens.map(\.token.externalPurchaseId)).count == world.tokens.count, "ids unique")
    }
  }

  @Test func plannedActionsAreInTimeOrderInsideTheWindow() {
    let planner = LifePlanner(days: 30)
    for number in 1...500 {
      let seeds = CustomerSeeds(runSeed: 3, customerNumber: number)
      let life = planner.plan(customerNumber: number, seed: seeds.life)
      let times = life.actions.map(\.time)
      #expect(times == times.sorted())
      #expect(times.allSatisfy { $0 >= FixtureWorld.startTime && $0 < planner.end })
      #expect((1...3).contains(life.devices.count))
      #expect(Set(life.devices.map(\.id)).count == life.devices.count)
      #expect(life.actions.first.map { $0.kind == .install } ?? true, "a life starts with an install")
    }
  }

  @Test func theMixHasEveryKindOfCustomer() throws {
    let generator = try FixtureGenerator(options: GenerateOptions(customers: 1500, seed: 17, days: 30))
    var storefronts = Set<String>()
    var platforms = Set<Platform>()
    var sources = Set<String>()
    var types = Set<CustomLinkTokenType>()
    var devicesPerCustomer = Set<Int>()
    var refreshes = 0
    var tooOld = 0
    for number in 1...generator.options.customers {
      let world = try generator.simulate(customer: number)
      storefronts.formUnion(world.devices.map(\.storefront))
      platforms.formUnion(world.devices.map(\.platform))
      devicesPerCustomer.insert(world.devices.count)
      tooOld += world.devices.filter { $0.osVersion < $0.platform.customLinkMinimum }.count
      for issued in world.tokens {
        sources.insert(issued.source.apiName)
        if let type = issued.token.tokenType { types.insert(type) }
        if issued.isRefresh { refreshes += 1 }
      }
    }
    #expect(!storefronts.isDisjoint(with: Regions.eu27))
    #expect(
      storefronts.isSuperset(of: ["jp", "br", "us", "kr", "gb"]), "inside and outside the app's regions")
    #expect(platforms == [.iOS, .iPadOS, .macOS])
    #expect(devicesPerCustomer == [1, 2, 3])
    #expect(tooOld > 0, "some devices are too old for custom links")
    #expect(sources == ["custom-link", "notice-sheet", "link-out"])
    #expect(types == Set(CustomLinkTokenType.allCases))
    #expect(refreshes > 0)
  }

  @Test func ineligibleStorefrontsGetNoRequestedCustomLinkTokens() throws {
    // Outside the EU, Japan and Brazil the app never asks for custom link tokens. Sandbox, because
    // production installs create ACQUISITION and SERVICES periods whatever the storefront.
    let generator = try FixtureGenerator(
      options: GenerateOptions(customers: 800, seed: 23, environment: .sandbox, days: 30))
    var outsideCustomers = 0
    for number in 1...generator.options.customers {
      let seeds = CustomerSeeds(runSeed: generator.options.seed, customerNumber: number)
      let life = generator.planner.plan(customerNumber: number, seed: seeds.life)
      let moves = life.actions.contains {
        if case .moveStorefront = $0.kind { return true }
        return false
      }
      let world = try generator.simulate(customer: number)
      guard !moves,
        world.devices.allSatisfy({ ["gb", "ch", "no", "is", "us", "kr"].contains($0.storefront) })
      else { continue }
      outsideCustomers += 1
      #expect(world.tokens.allSatisfy { $0.token.kind == .plain }, "\(world.customers[0].id)")
    }
    #expect(outsideCustomers > 0)
  }
}
