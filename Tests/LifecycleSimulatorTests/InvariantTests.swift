import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// Property-style checks over random event sequences (seeded, so failures reproduce).
@Suite("Lifecycle invariants over random event sequences")
struct InvariantTests {
  static let presets: [(String, LifecycleRules)] = {
    var refreshing = LifecycleRules.production
    refreshing.refreshPolicy = .probability(0.3)
    var mixed = LifecycleRules.production
    mixed.lifetimes = .sandbox
    mixed.refreshPolicy = .everyNth(2)
    return [("production", .production), ("sandbox", .sandbox), ("refreshing", refreshing), ("mixed", mixed)]
  }()

  @Test(arguments: 0..<4)
  func invariantsHold(presetIndex: Int) throws {
    for seed in UInt64(1)...40 {
      let world = try randomRun(rules: Self.presets[presetIndex].1, seed: seed, steps: 150)
      try checkInvariants(world, context: "\(Self.presets[presetIndex].0) seed \(seed)")
    }
  }

  @Test func sameSeedGivesIdenticalTokens() throws {
    let first = try randomRun(rules: .sandbox, seed: 99, steps: 200)
    let second = try randomRun(rules: .sandbox, seed: 99, steps: 200)
    #expect(first.tokens.map(\.raw) == second.tokens.map(\.raw))
    let other = try randomRun(rules: .sandbox, seed: 100, steps: 200)
    #expect(first.tokens.map(\.raw) != other.tokens.map(\.raw))
  }

  func randomRun(rules: LifecycleRules, seed: UInt64, steps: Int) throws -> WorldState {
    var world = TestWorlds.eu(rules: rules, seed: seed)
    var random = SeededGenerator(seed: seed &* 31)
    let devices = ["a1", "a2", "k1"]
    for _ in 0..<steps {
      let device = devices[Int(random.next() % 3)]
      let event: WorldEvent
      switch random.next() % 9 {
      case 0: event = .install(device: device)
      case 1: event = .update(device: device, version: nil)
      case 2: event = .redownload(device: device)
      case 3: event = .uninstall(device: device)
      case 4: event = .forceRefresh
      case 5:
        let spans: [VirtualDuration] = [1, Milliseconds.minute, Milliseconds.hour, 30 * Milliseconds.day]
        event = .advanceClock(to: world.now + spans[Int(random.next() % 4)])
      default:
        event = .requestToken(device: device, type: CustomLinkTokenType.allCases[Int(random.next() % 4)])
      }
      _ = try? world.apply(event)  // Invalid events (install twice, ...) are refused and change nothing.
    }
    return world
  }

  func checkInvariants(_ world: WorldState, context: String) throws {
    #expect(
      Set(world.tokens.map(\.token.externalPurchaseId)).count == world.tokens.count, "ids unique: \(context)")
    for customer in world.customers {
      #expect(
        world.periods(of: customer.id, type: .acquisition).count <= 1, "one ACQUISITION ever: \(context)")
      let services = world.periods(of: customer.id, type: .services)
      for (earlier, later) in zip(services, services.dropFirst()) {
        #expect(earlier.expirationDate <= later.creationDate, "SERVICES periods never overlap: \(context)")
      }
    }
    for period in world.periods {
      let tokens = period.tokenIndexes.map { world.tokens[$0].token }
      #expect(tokens.allSatisfy { $0.tokenCreationDate == period.creationDate }, "shared dates: \(context)")
      #expect(
        tokens.allSatisfy { $0.tokenExpirationDate == period.expirationDate }, "shared dates: \(context)")
      #expect(tokens.allSatisfy { $0.environment == world.rules.environment }, "environment: \(context)")
      #expect(period.expirationDate > period.creationDate)
    }
    for issued in world.tokens {
      #expect(issued.raw == TokenEncoder().encode(issued.token), "raw is the canonical encoding: \(context)")
    }
  }
}
