import ExternalPurchaseTokens
import LifecycleSimulator

/// Everything one run of a scenario did: the initial world, each step with its result, each
/// expectation with its verdict, and the engine's refusal if one stopped the run.
public struct Transcript: Hashable, Sendable {
  /// The file name as given to the runner.
  public var file: String
  /// The seed the run used (the file's, or the override).
  public var seed: UInt64
  /// The environment of the initial rules.
  public var environment: TokenEnvironment
  public var start: VirtualTime
  /// One entry per step, in order; setup lines are summarised by the fields above.
  public var entries: [TranscriptEntry]
  /// The engine refused a step: the run stopped there.
  public var failure: RunFailure?
  /// Expectations the run never reached because it stopped.
  public var notRun: [ExpectationRecord]

  public init(
    file: String, seed: UInt64, environment: TokenEnvironment, start: VirtualTime,
    entries: [TranscriptEntry] = [], failure: RunFailure? = nil, notRun: [ExpectationRecord] = []
  ) {
    self.file = file
    self.seed = seed
    self.environment = environment
    self.start = start
    self.entries = entries
    self.failure = failure
    self.notRun = notRun
  }

  /// Every expectation in source order: evaluated ones, then those not run.
  public var expectations: [ExpectationRecord] { entries.flatMap(\.expectations) + notRun }

  public var failedExpectations: [ExpectationRecord] { expectations.filter { $0.status == .failed } }

  /// True when the run finished and every expectation held.
  public var passed: Bool { failure == nil && failedExpectations.isEmpty }
}

/// The engine refused a step (a `SimulationError`): where, and its message.
public struct RunFailure: Hashable, Sendable {
  public var location: SourceLocation
  /// The statement as written by `ScenarioWriter`.
  public var statement: String
  public var message: String
}

/// One step of a run.
public struct TranscriptEntry: Hashable, Sendable {
  public var location: SourceLocation
  /// The statement in canonical form (without its expectations).
  public var statement: String
  /// The engine's summary of what happened ("token(for: SERVICES) on alice.iphone").
  public var action: String
  /// The virtual time after the step, UNIX ms.
  public var time: VirtualTime
  /// Nil for `expect` lines.
  public var result: StepResult?
  public var expectations: [ExpectationRecord]
  /// What the App Store did during the step (purchases, renewals, expiries, ...), in time order.
  public var commerce: [CommerceNote] = []
}

/// What a step produced, in the terms a tester reads.
public enum StepResult: Hashable, Sendable {
  case token(TokenRecord)
  /// `token(for:)` returned nil.
  case noToken(reason: String)
  case eligible
  /// The call threw or `isEligible` was false; `code` is `Ineligibility.code`.
  case notEligible(code: String, message: String)
  /// An app lifecycle event and the periods it started.
  case lifecycle(started: [PeriodRecord])
  /// The clock moved and these periods expired on the way.
  case clock(from: VirtualTime, to: VirtualTime, expired: [PeriodRecord])
  /// A change to the world (rules, customers, devices, ...).
  case changed
}

/// A token handed to the app, with where it came from.
public struct TokenRecord: Hashable, Sendable {
  /// The token string exactly as handed out.
  public var raw: String
  public var token: ExternalPurchaseToken
  public var customer: String
  public var device: String
  /// The customer's period ordinal of the token's type; nil for plain tokens.
  public var periodOrdinal: Int?
  /// True when the token is a refreshed one (same dates, new id).
  public var isRefresh: Bool
  /// How a custom link answer relates to earlier ones; nil for plain tokens.
  public var disposition: TokenDisposition?
  /// The URL link-out opened, with the token and bundle id appended.
  public var url: String?
  /// The typed request that asked for the token (27.2); nil for the String form and plain tokens.
  public var typedRequest: TypedTokenRequest? = nil
}

/// A period a step started or saw expire.
public struct PeriodRecord: Hashable, Sendable {
  public var customer: String
  public var type: CustomLinkTokenType
  public var ordinal: Int
  public var creationDate: VirtualTime
  public var expirationDate: VirtualTime

  init(_ period: TokenPeriod) {
    customer = period.customerId
    type = period.type
    ordinal = period.ordinal
    creationDate = period.creationDate
    expirationDate = period.expirationDate
  }
}

/// The verdict on one expectation.
public struct ExpectationRecord: Hashable, Sendable {
  public var location: SourceLocation
  /// The expectation as written by `ScenarioWriter`, without `expect`.
  public var text: String
  public var status: ExpectationStatus
  public var expected: String
  public var actual: String
}

/// Whether an expectation held, failed, or was never reached.
public enum ExpectationStatus: String, Hashable, Sendable {
  case passed
  case failed
  /// The run stopped before reaching it.
  case notRun = "not-run"
}
