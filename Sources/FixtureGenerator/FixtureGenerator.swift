import ExternalPurchaseTokens
import LifecycleSimulator

/// Simulates many independent customers through the lifecycle engine and streams their tokens.
///
/// Each customer lives in a world of their own (same app, seeds derived from the run's seed and
/// the customer's number), so memory does not grow with the number of customers and any one
/// customer can be regenerated alone.
public struct FixtureGenerator: Sendable {
  public let options: GenerateOptions
  let planner: LifePlanner
  let runner: LifeRunner
  let writer: JSONLineWriter

  /// Output is handed to the sink in chunks of about this many bytes.
  public static let chunkSize = 1 << 20

  public init(options: GenerateOptions) throws(FixtureError) {
    if let problem = options.problem { throw .invalidOptions(problem) }
    self.options = options
    planner = LifePlanner(days: options.days)
    runner = LifeRunner(rules: FixtureWorld.rules(for: options.environment))
    writer = JSONLineWriter(format: options.format, reportsQuirks: options.quirks)
  }

  /// The end of the window: token states are as of this instant.
  public var endTime: VirtualTime { planner.end }

  /// Writes every customer's tokens to `sink`, customer 1 first.
  public func generate(into sink: inout some ByteSink) throws(FixtureError) {
    var buffer = ByteBuffer(capacity: Self.chunkSize + (64 << 10))
    for number in 1...options.customers {
      for item in try tokens(ofCustomer: number) { writer.write(item, to: &buffer) }
      if buffer.count >= Self.chunkSize {
        try sink.write(buffer.bytes)
        buffer.removeAll()
      }
    }
    if buffer.count > 0 { try sink.write(buffer.bytes) }
  }

  /// The tokens of customer `number`, in the order the engine issued them.
  public func tokens(ofCustomer number: Int) throws(FixtureError) -> [GeneratedToken] {
    let world = try simulate(customer: number)
    let seeds = CustomerSeeds(runSeed: options.seed, customerNumber: number)
    var quirkRandom = SeededGenerator(seed: seeds.quirks)
    return world.tokens.map { issued in
      let quirks = options.quirks ? QuirkPicker.draw(using: &quirkRandom) : []
      return describe(issued, in: world, quirks: quirks)
    }
  }

  /// Customer `number`'s world at the end of their life in the window.
  public func simulate(customer number: Int) throws(FixtureError) -> WorldState {
    let seeds = CustomerSeeds(runSeed: options.seed, customerNumber: number)
    let life = planner.plan(customerNumber: number, seed: seeds.life)
    do {
      return try runner.run(life, worldSeed: seeds.world)
    } catch {
      throw .simulationFailed(customer: life.customer.id, message: error.message)
    }
  }

  private func describe(_ issued: IssuedToken, in world: WorldState, quirks: TokenEncoder.Quirks)
    -> GeneratedToken
  {
    var raw = issued.raw
    var applied: TokenEncoder.Quirks = []
    if !quirks.isEmpty {
      raw = TokenEncoder(quirks: quirks).encode(issued.token)
      applied = quirks
      // Padding is invisible when the JSON's length is a multiple of three: do not claim it.
      if !raw.hasSuffix("=") { applied.remove(.padding) }
    }
    return GeneratedToken(
      customerId: issued.customerId, deviceId: issued.deviceId, token: issued.token, raw: raw,
      quirks: applied,
      source: issued.source, periodOrdinal: issued.periodId.map { world.periods[$0].ordinal },
      isRefresh: issued.isRefresh, issuedAt: issued.issuedAt, state: TokenState(of: issued.token, at: endTime)
    )
  }
}

/// Decides which tokens get Apple's quirks, and which ones.
enum QuirkPicker {
  /// The share of tokens encoded with quirks when `--quirks` is on.
  static let share = 0.25

  static func draw(using random: inout SeededGenerator) -> TokenEncoder.Quirks {
    guard random.chance(share) else { return [] }
    // One of the seven non-empty combinations, each as likely.
    return TokenEncoder.Quirks(rawValue: 1 + random.below(7))
  }
}
