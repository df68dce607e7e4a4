import LifecycleSimulator
import Testing

@Suite("Duration errors: what is accepted, and the form that was meant")
struct DurationTextErrorTests {
  @Test(
    arguments: [
      ("30 days", "30d"), ("30days", "30d"), ("1 hour 30 minutes", "1h30m"), ("1h 30m", "1h30m"),
      ("2 weeks", "14d"), ("1.5 hours", "1.5h"), ("500 msec", "500ms"), ("30D", "30d"), ("10 secs", "10s"),
    ] as [(String, String)])
  func suggestsTheAcceptedForm(text: String, suggestion: String) throws {
    #expect(DurationText.suggestion(for: text) == suggestion)
    // The suggestion is itself accepted, and the original text is not.
    #expect(throws: Never.self) { try DurationText.parse(suggestion) }
    let error = try #require(throws: DurationText.ParseError.self) { try DurationText.parse(text) }
    if !text.contains(" ") {
      #expect(error.suggestion == suggestion)
      #expect(error.description.hasSuffix("; did you mean '\(suggestion)'?"))
    }
  }

  @Test(arguments: ["30", "1h", "soon", "1 fortnight", "", "h 1", "1.0001 s", "-1 day"])
  func suggestsNothingWithoutAClearMeaning(text: String) {
    #expect(DurationText.suggestion(for: text) == nil)
  }

  @Test func aMissingUnitNamesTheUnits() throws {
    let error = try #require(throws: DurationText.ParseError.self) { try DurationText.parse("30") }
    #expect(error.offset == 2)
    #expect(error.message == "'30' has no unit: add d, h, m, s or ms, as in 30d or 30m")
    #expect(error.suggestion == nil)
  }

  @Test func aUnitWordIsReadWholeNotAsItsFirstLetter() throws {
    let error = try #require(throws: DurationText.ParseError.self) { try DurationText.parse("2days") }
    #expect(error.offset == 1)
    #expect(error.message == "'days' is not a unit: use d, h, m, s or ms", "not 'a number at ays'")
    #expect(error.suggestion == "2d")
  }

  @Test func anEmptyDurationListsTheAcceptedForms() throws {
    let error = try #require(throws: DurationText.ParseError.self) { try DurationText.parse("") }
    #expect(error.message == "expected a duration: " + DurationText.acceptedForms)
  }
}
