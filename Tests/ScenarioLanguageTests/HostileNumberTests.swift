import LifecycleSimulator
import SharedTestSupport
import Testing

@testable import ScenarioLanguage

/// Numbers that once crashed `epsim run` (arithmetic overflow on the clock) and numbers other
/// doors refused: each is a located error now, with the limits every door shares.
@Suite("Scenario numbers at and beyond their limits")
struct HostileNumberTests {
  static let world =
    ScenarioSetup.aliceInTheNetherlands("production") + """
      product coins.100 consumable price NLD 0.99 EUR

      """

  @Test(arguments: [
    ("advance 106751991167d", 1, 9),
    ("advance 2932897d", 1, 9),
    ("lifetime SERVICES 106751991167d", 1, 19),
    ("advance to next expiry plus 106751991167d", 1, 29),
    ("advance to next moment plus 106751991167d", 1, 29),
    ("advance to next moment minus 106751991167d", 1, 30),
    ("advance to next moment plus " + String(repeating: "9", count: 10_000) + "ms", 1, 29),
    ("advance to 0000-01-01T00:00:00Z", 1, 12),
    ("advance to -1", 1, 12),
    ("advance to 9223372036854775807", 1, 12),
    ("buy coins.100 on alice.iphone quantity 11", 1, 40),
    ("buy coins.100 on alice.iphone quantity 0", 1, 40),
    ("buy coins.100 on alice.iphone quantity 99999999999999999999", 1, 40),
    ("price coins.100 NLD 0", 1, 21),
    ("advance " + String(repeating: "9", count: 10_000) + "d", 1, 9),
    ("buy coins.100 on alice.iphone account-token " + String(repeating: "x", count: 10_000), 1, 45),
  ])
  func anOutOfRangeNumberIsALocatedError(line: String, lineNumber: Int, column: Int) throws {
    let lines = Self.world.split(separator: "\n").count
    let error = try #require(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse(Self.world + "install alice.iphone\n" + line, file: "bug.epsim")
    }
    let first = try #require(error.errors.first)
    #expect(first.location == SourceLocation(line: lines + 1 + lineNumber, column: column), "\(first)")
  }

  @Test func theLongestDurationParsesAndItsExpiryIsRefusedAtRunTime() throws {
    // The lifetime is in range; the clock move to its expiry (past the year 9999) is not, and
    // the run says so instead of overflowing.
    let transcript = try run(
      Self.world + """
        lifetime SERVICES 2932896d
        install alice.iphone
        request SERVICES on alice.iphone
        advance to expiry of SERVICES plus 2932896d
        """)
    let failure = try #require(transcript.failure)
    #expect(failure.message.contains("9999"), "\(failure.message)")
  }

  @Test func theNextMomentPlusTheLongestDurationIsRefusedAtRunTime() throws {
    let transcript = try run(
      Self.world + """
        install alice.iphone
        request SERVICES on alice.iphone
        advance to next moment plus 2932896d
        """)
    let failure = try #require(transcript.failure)
    #expect(failure.message.contains("9999"), "\(failure.message)")
  }

  @Test func theClockReachesTheLastInstantAndNoFurther() throws {
    let transcript = try run(
      Self.world + """
        install alice.iphone
        advance to 9999-12-31T23:59:59.999Z
        advance 1ms
        """)
    #expect(transcript.entries.last?.time == StepLimits.latestTime)
    let failure = try #require(transcript.failure)
    #expect(failure.message.contains("9999-12-31T23:59:59.999Z"), "\(failure.message)")
  }
}
