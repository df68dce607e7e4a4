import ExternalPurchaseTokens
import Testing
import TokenCorpus

@Suite("ISO 8601 with milliseconds")
struct ISO8601MillisecondsTests {
  @Test func formatsKnownInstants() {
    #expect(ISO8601Milliseconds.string(fromMilliseconds: 0) == "1970-01-01T00:00:00.000Z")
    #expect(ISO8601Milliseconds.string(fromMilliseconds: 1_772_355_600_000) == "2026-03-01T09:00:00.000Z")
    #expect(ISO8601Milliseconds.string(fromMilliseconds: 951_782_400_123) == "2000-02-29T00:00:00.123Z")
    #expect(ISO8601Milliseconds.string(fromMilliseconds: -1) == "1969-12-31T23:59:59.999Z")
    #expect(ISO8601Milliseconds.string(fromMilliseconds: 253_402_300_799_999) == "9999-12-31T23:59:59.999Z")
  }

  @Test func extremeValuesFormatWithoutTrapping() {
    #expect(ISO8601Milliseconds.string(fromMilliseconds: 253_402_300_800_000) == "+10000-01-01T00:00:00.000Z")
    #expect(ISO8601Milliseconds.string(fromMilliseconds: -62_167_219_200_001) == "-0001-12-31T23:59:59.999Z")
    #expect(ISO8601Milliseconds.string(fromMilliseconds: .max).hasPrefix("+292278994-08-17T07:12:55.807"))
    #expect(ISO8601Milliseconds.string(fromMilliseconds: .min).hasPrefix("-292275055-05-16T16:47:04.192"))
  }

  @Test func parsesWithAndWithoutFraction() {
    #expect(ISO8601Milliseconds.milliseconds(from: "2026-03-01T09:00:00Z") == 1_772_355_600_000)
    #expect(ISO8601Milliseconds.milliseconds(from: "2026-03-01T09:00:00.123Z") == 1_772_355_600_123)
    #expect(ISO8601Milliseconds.milliseconds(from: "2026-03-01T09:00:00.5Z") == 1_772_355_600_500)
    #expect(ISO8601Milliseconds.milliseconds(from: "2026-03-01T09:00:00.05Z") == 1_772_355_600_050)
    #expect(ISO8601Milliseconds.milliseconds(from: "1969-12-31T23:59:59.999Z") == -1)
  }

  @Test func rejectsWhatItDoesNotUnderstand() {
    for text in [
      "", "2026-03-01", "2026-03-01T09:00:00", "2026-03-01T09:00:00+01:00", "2026-03-01 09:00:00Z",
      "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-04-31T00:00:00Z",
      "2026-03-01T24:00:00Z", "2026-03-01T09:60:00Z", "2026-03-01T09:00:60Z", "2026-03-01T09:00:00.Z",
      "2026-03-01T09:00:00.1234Z", "2026-03-01T09:00:00.12aZ", "20a6-03-01T09:00:00Z", "2026-03-01T09:00:00z",
    ] {
      #expect(ISO8601Milliseconds.milliseconds(from: text) == nil, "\(text)")
    }
    #expect(ISO8601Milliseconds.milliseconds(from: "2024-02-29T00:00:00Z") != nil)
  }

  @Test func formatAndParseAreInverse() {
    var random = SeededGenerator(seed: 8601)
    for _ in 0..<5_000 {
      // Years 0000 to 9999.
      let milliseconds = Int64(random.below(315_537_897_600_000)) - 62_167_219_200_000
      let text = ISO8601Milliseconds.string(fromMilliseconds: milliseconds)
      #expect(ISO8601Milliseconds.milliseconds(from: text) == milliseconds, "\(text)")
    }
  }
}
