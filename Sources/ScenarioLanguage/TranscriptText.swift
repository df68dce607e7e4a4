import LifecycleSimulator

/// The readable transcript: one line per step with its time and result, `ok`/`FAIL` per expectation.
public enum TranscriptText {
  public static func document(_ transcripts: [Transcript]) -> String {
    transcripts.map(scenario).joined(separator: "\n")
  }

  /// One scenario's part of `document`, for writing each as it finishes.
  ///
  /// Built in one growing string, line by line: an array of lines joined at the end cost a
  /// string per line twice over, and `epsim run` writes this for every step of every file.
  public static func scenario(_ transcript: Transcript) -> String {
    var text = ""
    text.reserveCapacity(96 * (transcript.entries.count + 2))
    text += "\(transcript.file): \(transcript.environment.rawValue), seed \(transcript.seed), start "
    text += ISOTime.string(transcript.start)
    text += "\n"
    let width = String(transcript.entries.map(\.location.line).max() ?? 0).count
    let indent = String(repeating: " ", count: width + 4)
    for entry in transcript.entries {
      let number = String(entry.location.line)
      text += "  "
      for _ in number.count..<width { text += " " }
      text += number
      text += "  "
      text += ISOTime.string(entry.time)
      text += "  "
      text += entry.statement
      if let result = entry.result {
        text += "  ->  "
        text += StepResultText.describe(result)
      }
      text += "\n"
      for note in entry.commerce {
        text += indent + "App Store " + ISOTime.string(note.time) + "  " + note.summary
        if let notification = note.notification { text += "  [\(notification)]" }
        text += "\n"
      }
      for record in entry.expectations {
        text += indent
        text += record.status == .passed ? "ok    " : "FAIL  "
        text += expectationLine(record)
        text += "\n"
      }
    }
    if let failure = transcript.failure {
      text += "  STOPPED at line \(failure.location.line) (\(failure.statement)): \(failure.message)\n"
      for record in transcript.notRun {
        text += "  not run: line \(record.location.line): expect \(record.text)\n"
      }
    }
    text += summary(transcript)
    text += "\n"
    return text
  }

  static func expectationLine(_ record: ExpectationRecord) -> String {
    record.status == .passed
      ? "expect \(record.text)"
      : "expect \(record.text): expected \(record.expected), actual \(record.actual)"
  }

  static func summary(_ transcript: Transcript) -> String {
    let all = transcript.expectations
    let failed = all.filter { $0.status == .failed }.count
    let passed = all.filter { $0.status == .passed }.count
    if transcript.failure != nil {
      return "stopped: \(passed) passed, \(failed) failed, \(all.count - passed - failed) not run"
    }
    return failed == 0
      ? "passed: \(passed) of \(all.count) expectations"
      : "FAILED: \(failed) of \(all.count) expectations failed"
  }

  /// One line per problem, `file:line:column: ...`, for standard error.
  public static func problems(_ transcript: Transcript) -> [String] {
    var lines = transcript.failedExpectations.map {
      "\(transcript.file):\($0.location.line):\($0.location.column): expect \($0.text): "
        + "expected \($0.expected), actual \($0.actual)"
    }
    if let failure = transcript.failure {
      lines.append(
        "\(transcript.file):\(failure.location.line):\(failure.location.column): "
          + "the engine refused '\(failure.statement)': \(failure.message)")
    }
    return lines
  }
}
