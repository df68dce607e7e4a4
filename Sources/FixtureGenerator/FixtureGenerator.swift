import Dispatch
import ExternalPurchaseTokens
import FileOutput
import LifecycleSimulator
import Synchronization

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
  let purchasePlanner: PurchasePlanner
  let purchaseRunner: PurchaseRunner

  /// Output buffers start with room for this many bytes (a block of customers and some spare).
  public static let chunkSize = 1 << 20

  public init(options: GenerateOptions) throws(FixtureError) {
    if let problem = options.problem { throw .invalidOptions(problem) }
    self.options = options
    planner = LifePlanner(days: options.days)
    runner = LifeRunner(
      rules: FixtureWorld.rules(for: options.environment), releaseCount: planner.releases.count)
    writer = JSONLineWriter(format: options.format, reportsQuirks: options.quirks, app: FixtureWorld.app)
    let catalog = options.products.map { PurchaseCatalog(products: $0) } ?? .demo
    purchasePlanner = PurchasePlanner(end: planner.end, environment: options.environment, catalog: catalog)
    purchaseRunner = PurchaseRunner(
      environment: options.environment, end: planner.end, products: catalog.products)
  }

  /// The end of the window: token states are as of this instant.
  public var endTime: VirtualTime { planner.end }

  /// Writes every customer's tokens to `sink`, customer 1 first.
  ///
  /// `workers` threads simulate customers side by side. Each round is cut into blocks of
  /// contiguous customers, which the workers take in turn; the blocks are written in customer
  /// order, so the bytes do not depend on `workers`.
  public func generate(into sink: inout some ByteSink, workers: Int = 1) throws(FixtureError) {
    try stream(.tokens, into: &sink, workers: workers)
  }

  /// Writes every customer's Apple purchase history to `sink` (see `purchases(ofCustomer:)`), customer 1
  /// first, one JSON line per transaction; like `generate`, the bytes do not depend on `workers`.
  public func generatePurchases(into sink: inout some ByteSink, workers: Int = 1) throws(FixtureError) {
    try stream(.purchases, into: &sink, workers: workers)
  }

  /// What a run writes: the tokens or the Apple purchase histories.
  enum Stream: Sendable {
    case tokens, purchases
  }

  private func stream(_ stream: Stream, into sink: inout some ByteSink, workers: Int) throws(FixtureError) {
    let workers = max(1, workers)
    // One block a round with one worker; with more, several each, taken in turn: a worker that
    // finishes early takes the next block instead of waiting for the slowest (issue 26).
    let blockCount = workers == 1 ? 1 : workers * Self.blocksPerWorker
    let blockSize = workers == 1 ? Self.customersPerRound : Self.customersPerRound / Self.blocksPerWorker
    let rounds = RoundBuffers(
      slots: blockCount, capacity: blockSize * Self.chunkSize / Self.customersPerRound + (64 << 10))
    defer { rounds.release() }
    var next = 1
    while next <= options.customers {
      let blocks = (0..<blockCount).map { block in
        let start = min(next + block * blockSize, options.customers + 1)
        return start..<min(start + blockSize, options.customers + 1)
      }
      if workers == 1 {
        rounds.fill(0, by: self, stream: stream, with: blocks[0])
      } else {
        let shared = rounds
        let nextBlock = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
          while true {
            let block = nextBlock.wrappingAdd(1, ordering: .relaxed).oldValue
            guard block < blockCount else { break }
            shared.fill(block, by: self, stream: stream, with: blocks[block])
          }
        }
      }
      for block in 0..<blockCount {
        let bytes = try rounds.take(block)
        do throws(FileOutputError) {
          try sink.write(bytes)
        } catch {
          throw FixtureError(error)
        }
      }
      next += blockCount * blockSize
    }
  }

  /// How many customers one worker simulates per round (one block, or `blocksPerWorker` blocks
  /// taken in turn): about a megabyte of JSONL.
  static let customersPerRound = 384
  /// Blocks per worker and round when there are several workers.
  static let blocksPerWorker = 4

  /// Appends the lines of `customers` to `buffer`.
  func write(_ stream: Stream, customers: Range<Int>, to buffer: inout ByteBuffer) throws(FixtureError) {
    let purchaseWriter = PurchaseLineWriter()
    for number in customers {
      switch stream {
      case .tokens:
        try writeTokens(ofCustomer: number, to: &buffer)
      case .purchases:
        for item in try purchases(ofCustomer: number) { try purchaseWriter.write(item, to: &buffer) }
      }
    }
  }

  /// Customer `number`'s Apple transactions, oldest first, as of the end of the window.
  ///
  /// The customer lives in a commerce world of their own, in their storefront when the catalog sells
  /// there (accounts that cannot pay, and other storefronts, buy nothing); ids come from the
  /// customer's own block, so they are unique across the run.
  public func purchases(ofCustomer number: Int) throws(FixtureError) -> [GeneratedPurchase] {
    let seeds = CustomerSeeds(runSeed: options.seed, customerNumber: number)
    let life = planner.plan(customerNumber: number, seed: seeds.life)
    guard life.customer.canMakePayments, let first = life.devices.first,
      let storefront = PurchaseMix.storefronts[first.storefront]
    else { return [] }
    let customerId = life.customer.id
    let actions = purchasePlanner.plan(customerId: customerId, seed: seeds.purchases)
    let (state, events) = try purchaseRunner.run(
      customerId: customerId, storefront: storefront, actions: actions, seed: seeds.purchaseWorld,
      idBlock: UInt64(number - 1))
    return purchaseRunner.purchases(customerId: customerId, state: state, events: events)
  }

  /// The tokens of customer `number`, in the order the engine issued them.
  public func tokens(ofCustomer number: Int) throws(FixtureError) -> [GeneratedToken] {
    var tokens: [GeneratedToken] = []
    try forEachToken(ofCustomer: number) { tokens.append(GeneratedToken($0, $1)) }
    return tokens
  }

  /// Writes customer `number`'s lines, in the order the engine issued the tokens.
  func writeTokens(ofCustomer number: Int, to buffer: inout ByteBuffer) throws(FixtureError) {
    try forEachToken(ofCustomer: number) { writer.write($0, $1, to: &buffer) }
  }

  /// Calls `body` with each of customer `number`'s tokens, in the order the engine issued them,
  /// and what its line adds to it: the one walk behind `tokens(ofCustomer:)` and the written
  /// lines. The token is the engine's, where it lies: a `GeneratedToken` made for every line
  /// copied its strings in and released them again (issue 26).
  func forEachToken(
    ofCustomer number: Int, _ body: (IssuedToken, JSONLineWriter.LineExtras) -> Void
  ) throws(FixtureError) {
    let world = try simulate(customer: number)
    var quirks = QuirkDraws(generator: self, customerNumber: number)
    // Every token's ids are one of the world's devices' ids and its owner's: asked once here
    // whether any needs escaping, not twice per line (issue 26).
    let idsArePlain = !world.devices.contains {
      JSONText.needsEscaping($0.id) || JSONText.needsEscaping($0.customerId)
    }
    for issued in world.tokens {
      let (encoded, applied) = Self.encoding(of: issued.token, with: quirks.next())
      body(
        issued,
        JSONLineWriter.LineExtras(
          periodOrdinal: Self.periodOrdinal(of: issued, in: world),
          state: TokenState(of: issued.token, at: endTime),
          encodedWithQuirks: encoded, quirks: applied, idsArePlain: idsArePlain))
    }
  }

  /// The quirks drawn for a customer's tokens, one draw per token in order; none without `--quirks`.
  struct QuirkDraws {
    let enabled: Bool
    var random: SeededGenerator

    init(generator: FixtureGenerator, customerNumber: Int) {
      enabled = generator.options.quirks
      random = SeededGenerator(
        seed: CustomerSeeds(runSeed: generator.options.seed, customerNumber: customerNumber).quirks)
    }

    mutating func next() -> TokenEncoder.Quirks {
      enabled ? QuirkPicker.draw(using: &random) : []
    }
  }

  /// Customer `number`'s world at the end of their life in the window.
  public func simulate(customer number: Int) throws(FixtureError) -> WorldState {
    let seeds = CustomerSeeds(runSeed: options.seed, customerNumber: number)
    let life = planner.plan(customerNumber: number, seed: seeds.life)
    let customerId = life.customer.id
    do {
      return try runner.run(consume life, worldSeed: seeds.world)
    } catch {
      throw .simulationFailed(customer: customerId, message: error.message)
    }
  }

  /// The ordinal of `issued`'s period among its customer's periods of its type; nil for plain tokens.
  /// (Read in a closure, `periodId.map { world.periods[$0].ordinal }`, it crashed the 6.3.1
  /// optimizer's copy propagation in these loops.)
  static func periodOrdinal(of issued: IssuedToken, in world: borrowing WorldState) -> Int? {
    guard let periodId = issued.periodId else { return nil }
    return world.periods[periodId].ordinal
  }

  /// The token string `quirks` give `token`, and the quirks it shows; nil and none without quirks.
  static func encoding(of token: ExternalPurchaseToken, with quirks: TokenEncoder.Quirks)
    -> (encoded: String?, applied: TokenEncoder.Quirks)
  {
    guard !quirks.isEmpty else { return (nil, []) }
    let raw = TokenEncoder(quirks: quirks).encode(token)
    var applied = quirks
    // Padding is invisible when the JSON's length is a multiple of three: do not claim it.
    if !raw.hasSuffix("=") { applied.remove(.padding) }
    return (raw, applied)
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
