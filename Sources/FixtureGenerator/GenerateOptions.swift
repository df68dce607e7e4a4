import AppStoreCommerce
import ExternalPurchaseTokens

/// What `epsim generate` simulates and how it writes the result.
public struct GenerateOptions: Hashable, Sendable {
  /// How many customers, numbered 1 through `customers`.
  public var customers: Int
  /// The run's seed; each customer's seeds derive from it and the customer's number.
  public var seed: UInt64
  public var environment: TokenEnvironment
  /// The length of the simulated window, in days from `FixtureWorld.startTime`.
  public var days: Int
  /// Give a seeded share of tokens Apple's encoding quirks, and name them in the JSONL.
  public var quirks: Bool
  public var format: OutputFormat
  /// The catalog purchases are drawn from (`--storekit`); nil for the demo catalog and its mix.
  public var products: [Product]?

  public init(
    customers: Int, seed: UInt64 = 1, environment: TokenEnvironment = .production, days: Int = 30,
    quirks: Bool = false, format: OutputFormat = .jsonl, products: [Product]? = nil
  ) {
    self.products = products
    self.customers = customers
    self.seed = seed
    self.environment = environment
    self.days = days
    self.quirks = quirks
    self.format = format
  }

  /// The most customers: a run of days, not years, and customer numbers far from overflow.
  public static let maximumCustomers = 1_000_000_000

  /// The longest window: ten years keeps every date far from overflow and a run finite.
  public static let maximumDays = 3650

  /// Nil when the options can run; otherwise what is wrong, naming the option.
  public var problem: String? {
    if customers <= 0 { return "--customers must be at least 1 (got \(customers))" }
    if customers > Self.maximumCustomers {
      return "--customers must be at most \(Self.maximumCustomers) (got \(customers))"
    }
    if days <= 0 { return "--days must be at least 1 (got \(days))" }
    if days > Self.maximumDays { return "--days must be at most \(Self.maximumDays) (got \(days))" }
    return nil
  }
}
