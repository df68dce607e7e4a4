import Testing

@testable import LifecycleSimulator

/// `DurationText.parse` reads whole numbers with units from bytes and leaves everything else to
/// the Character-by-Character reader; both must give the same answer for every input.
@Suite("Durations: the byte fast path agrees with the full reader")
struct DurationTextFastPathTests {
  static let inputs = [
    "1ms", "10m", "1h", "2d12h", "1h30m", "59m59s", "0s", "0ms", "007m", "1d1h1m1s1ms", "30d", "9999d",
    "106751991167d", "106751991168d", "9223372036854775807ms", "9223372036854775808ms", "1h1h",
    "59m59.999s", "1.5h", "1.", ".5s", "30", "h1", "1H", "30days", "1 h", " 1h", "1h ", "", "1é", "1hé",
    "１h", "1m-1s", "1hms", "1mss",
  ]

  @Test(arguments: inputs)
  func bothPathsGiveTheSameAnswer(text: String) {
    let full = Result { () throws(DurationText.ParseError) in try DurationText.parseCharacters(text) }
    let parsed = Result { () throws(DurationText.ParseError) in try DurationText.parse(text) }
    // `parse` is the full reader's answer, held to the clock's range (StepLimits.duration).
    if case .success(let value) = full, value > StepLimits.duration.range.upperBound {
      #expect(throws: DurationText.ParseError.self) { try parsed.get() }
    } else {
      #expect(parsed == full)
    }
    if let fast = DurationText.wholeUnits(text) {
      #expect(full == .success(fast), "the fast path answered only where the full reader agrees")
    }
  }

  @Test func theCommonFormsTakeTheFastPath() {
    #expect(DurationText.wholeUnits("10m") == 600_000)
    #expect(DurationText.wholeUnits("1h30m") == 5_400_000)
    #expect(DurationText.wholeUnits("1ms") == 1)
    #expect(DurationText.wholeUnits("59m59.999s") == nil, "fractions are the full reader's")
    #expect(DurationText.wholeUnits("30") == nil, "errors are the full reader's")
  }
}
