/// The ranges a step's numbers must lie in, in one place for every door: scenario lines, the
/// control API, the terminal UI's forms, and the engines themselves. A value one door accepts,
/// every door accepts; each door only says it in its own form (file:line:column, a 400 naming the
/// field, a message under the form field).
///
/// Times stay within what Apple's dates and ISO 8601's four-digit years hold, so that every time
/// epsim shows can be typed back in. Every bound is far below `Int64.max` (the latest time is
/// under 2^48), so the sum of any two values in these ranges cannot overflow.
public enum StepLimits {
  /// 1970-01-01T00:00:00.000Z: Apple's dates are UNIX milliseconds and never negative.
  public static let earliestTime: VirtualTime = 0
  /// 9999-12-31T23:59:59.999Z: the last instant a four-digit year can be written.
  public static let latestTime: VirtualTime = 253_402_300_799_999

  /// Points on the virtual clock: `start`, `advance to`, `advanceClock` and every target a clock
  /// move resolves to.
  public static let time = StepLimit<VirtualTime>(
    earliestTime...latestTime,
    expected: "a time from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z")
  /// Spans: clock moves, offsets from an expiry, grace periods. The longest is the whole clock.
  public static let duration = StepLimit<VirtualDuration>(
    0...(latestTime - earliestTime),
    expected: "a duration of at most 2932896d (the span from 1970 to the end of 9999)")
  /// Offsets from an expiry or a renewal (`advance to next expiry minus 1ms`): either way, at most
  /// the whole clock.
  public static let offset = StepLimit<VirtualDuration>(
    -(latestTime - earliestTime)...(latestTime - earliestTime),
    expected: "an offset of at most 2932896d either way")
  /// Token lifetimes (`lifetime TYPE D`): above zero, at most the whole clock.
  public static let lifetime = StepLimit<VirtualDuration>(
    1...(latestTime - earliestTime),
    expected: "a lifetime longer than 0ms and at most 2932896d")
  /// Items in one purchase (`buy ... quantity N`) or one consumption: StoreKit's purchase option
  /// takes a quantity, and App Store Connect caps a consumable purchase at 10.
  public static let quantity = StepLimit<Int>(1...10, expected: "a quantity from 1 to 10")
  /// A price in milliunits of its currency (`price P SF 4.99` is 4990): below a billion units,
  /// so a quantity of 10 times any price, summed over a long history, stays far from overflow.
  public static let price = StepLimit<Int64>(
    0...999_999_999_999, expected: "a price such as 9.99 (at most 3 decimals, below 1000000000)")
  /// A price change (`price PRODUCT SF AMOUNT`, `setPrice`): a product on sale costs something.
  public static let newPrice = StepLimit<Int64>(
    1...999_999_999_999, expected: "a price above 0 such as 9.99 (at most 3 decimals, below 1000000000)")
  /// A refunded share in milliunits of a percent, as `revocationPercentage` counts it (50000 is
  /// half): above 0, at most all of it.
  public static let refundShare = StepLimit<Int>(
    1...100_000, expected: "a percentage above 0 and at most 100, such as 50 or 12.5")

  /// `refresh every N`: a refreshed token every N requests.
  public static let refreshInterval = StepLimit<Int>(
    1...1_000_000, expected: "a whole number of requests from 1 to 1000000")

  /// `refresh probability P`: the chance of a refreshed token per request.
  public static let probability = StepLimit<Double>(0...1, expected: "a probability from 0 to 1 such as 0.25")

  /// `time` moved by `offset` (negative moves back), or an error that says the result leaves the
  /// clock's range: the one place clock arithmetic on a step's numbers happens, so that no input
  /// overflows.
  public static func time(_ time: VirtualTime, movedBy offset: VirtualDuration) throws(SimulationError)
    -> VirtualTime
  {
    let (moved, overflow) = time.addingReportingOverflow(offset)
    guard !overflow, Self.time.range.contains(moved) else {
      throw SimulationError(
        "the clock would leave its range: \(Self.time.expected) (from \(ISOTime.string(time)) by "
          + "\(DurationText.format(offset)))")
    }
    return moved
  }
}

/// One step number's accepted range and how messages name it.
public struct StepLimit<Value: Comparable & Sendable>: Sendable {
  /// Every accepted value.
  public let range: ClosedRange<Value>
  /// What an accepted value is, as messages say it: "a quantity from 1 to 10".
  public let expected: String

  public init(_ range: ClosedRange<Value>, expected: String) {
    self.range = range
    self.expected = expected
  }

  /// `value` when it is in range; otherwise a violation naming `field`, the member or form field
  /// the value came from.
  @discardableResult
  public func check(_ value: Value, field: String) throws(StepLimitViolation) -> Value {
    guard range.contains(value) else {
      throw StepLimitViolation(field: field, message: "\(field): expected \(expected), found \(value)")
    }
    return value
  }
}

/// A step number outside its `StepLimit`: which field, and what it must be.
public struct StepLimitViolation: Error, Hashable, Sendable, CustomStringConvertible {
  /// The member, form field or word the value came from (`quantity`, `by`).
  public var field: String
  /// The whole message: "quantity: expected a quantity from 1 to 10, found 11".
  public var message: String

  public init(field: String, message: String) {
    self.field = field
    self.message = message
  }

  public var description: String { message }
}
