/// JUnit XML for CI: one testsuite per scenario file, one testcase per expectation, plus one
/// errored testcase for a step the engine refused.
public enum TranscriptJUnit {
  public static func document(_ transcripts: [Transcript]) -> String {
    let cases = transcripts.map(testcases)
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      "<testsuites name=\"epsim run\" tests=\"\(cases.joined().count)\""
        + " failures=\(count(cases.joined(), .failure)) errors=\(count(cases.joined(), .error))"
        + " skipped=\(count(cases.joined(), .skipped))>",
    ]
    for (transcript, suite) in zip(transcripts, cases) {
      lines.append(
        "  <testsuite name=\(XMLText.attribute(transcript.file)) tests=\"\(suite.count)\""
          + " failures=\(count(suite, .failure)) errors=\(count(suite, .error)) skipped=\(count(suite, .skipped))>"
      )
      for testcase in suite {
        let opening =
          "    <testcase classname=\(XMLText.attribute(transcript.file)) name=\(XMLText.attribute(testcase.name))"
        guard let outcome = testcase.outcome else {
          lines.append(opening + "/>")
          continue
        }
        lines.append(opening + ">")
        lines.append(
          "      <\(outcome.rawValue) message=\(XMLText.attribute(testcase.message))>"
            + XMLText.content(testcase.detail) + "</\(outcome.rawValue)>")
        lines.append("    </testcase>")
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  struct TestCase {
    enum Outcome: String { case failure, error, skipped }
    var name: String
    var outcome: Outcome?
    var message = ""
    var detail = ""
  }

  static func testcases(_ transcript: Transcript) -> [TestCase] {
    var cases: [TestCase] = []
    for record in transcript.entries.flatMap(\.expectations) {
      let name = "line \(record.location.line): expect \(record.text)"
      guard record.status == .failed else {
        cases.append(TestCase(name: name))
        continue
      }
      let message = "expected \(record.expected), actual \(record.actual)"
      cases.append(
        TestCase(
          name: name, outcome: .failure, message: message,
          detail: "\(transcript.file):\(record.location.line):\(record.location.column): \(message)"))
    }
    if let failure = transcript.failure {
      cases.append(
        TestCase(
          name: "line \(failure.location.line): \(failure.statement)", outcome: .error,
          message: "the engine refused the step: \(failure.message)",
          detail: "\(transcript.file):\(failure.location.line):\(failure.location.column): \(failure.message)"
        ))
    }
    for record in transcript.notRun {
      cases.append(
        TestCase(
          name: "line \(record.location.line): expect \(record.text)", outcome: .skipped,
          message: record.actual))
    }
    return cases
  }

  private static func count(_ cases: some Sequence<TestCase>, _ outcome: TestCase.Outcome) -> String {
    "\"\(cases.filter { $0.outcome == outcome }.count)\""
  }
}

/// Escaping for XML 1.0 text and attributes.
enum XMLText {
  /// A quoted attribute value.
  static func attribute(_ text: String) -> String {
    "\"" + escape(text, quotes: true) + "\""
  }

  static func content(_ text: String) -> String { escape(text, quotes: false) }

  /// Escapes markup characters; characters XML 1.0 forbids (most controls) become U+FFFD.
  static func escape(_ text: String, quotes: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      case "'" where quotes: result += "&apos;"
      case "\n" where quotes: result += "&#10;"
      case "\r" where quotes: result += "&#13;"
      case "\t" where quotes: result += "&#9;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
