import LifecycleSimulator

/// The readable transcript: one line per step with its time and result, `ok`/`FAIL` per expectation.
public enum TranscriptText {
  public static func document(_ transcripts: [Transcript]) -> String {
    transcripts.map(scenario).joined(separator: "\n")
  }

  /// One scenario's part of `document`, for writing each as it finishes.
  public static func scenario(_ transcript: Transcript) -> String {
    var lines = [
      "\(transcript.file): \(transcript.environment.rawValue), seed \(transcript.seed), "
        + "start \(ISOTime.string(transcript.start))"
    ]
    let width = String(transcript.entries.map(\.location.line).max() ?? 0).count
    for entry in transcript.entries {
      let number = String(entry.location.line)
      let line = String(repeating: " ", count: width - number.count) + number
      var text = "  \(line)  \(ISOTime.string(entry.time))  \(entry.statement)"
      if let result = entry.result { text += "  ->  " + StepResultText.describe(result) }
      lines.append(text)
      let indent = String(repeating: " ", count: width + 4)
      for note in entry.commerce {
        lines.append(
          indent + "App Store " + ISOTime.string(note.time) + "  " + note.summary
            + (note.notification.map { "  [\($0)]" } ?? ""))
      }
      for record in entry.expectations {
        lines.append(indent + (record.status == .passed ? "ok    " : "FAIL  ") + expectationLine(record))
      }
    }
    if let failure = transcript.failure {
      lines.append("  STOPPED at line \(failure.location.line) (\(failure.statement)): \(failure.message)")
      for record in transcript.notRun {
        lines.append("  not run: line \(record.location.line): expect \(record.text)")
      }
    }
    lines.append(summary(transcript))
    return lines.joined(separator: "\n") + "\n"
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
