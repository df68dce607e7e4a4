import ExternalPurchaseTokens
import LifecycleSimulator

/// The JSON transcript (schema version 2, documented in docs/scenarios.md). Version 2 added the
/// decoded `renewalInfo` beside each subscription event's transaction (issue 25).
public enum TranscriptJSON {
  public static let schemaVersion = 2

  /// The document for one or more runs; the same runs give the same bytes.
  public static func document(_ transcripts: [Transcript]) -> String {
    PrettyJSON.text(
      .object([
        "schemaVersion": .int(schemaVersion),
        "scenarios": .array(transcripts.map(scenario)),
      ]))
  }

  static func scenario(_ transcript: Transcript) -> JSONValue {
    let all = transcript.expectations
    return .object([
      "file": .string(transcript.file),
      "passed": .bool(transcript.passed),
      "seed": .int(transcript.seed),
      "environment": .string(transcript.environment.rawValue),
      "startMs": .int(transcript.start),
      "start": .string(ISOTime.string(transcript.start)),
      "steps": .array(transcript.entries.map(entry)),
      "failure": transcript.failure.map(failure) ?? .null,
      "notRun": .array(transcript.notRun.map(expectation)),
      "summary": .object([
        "expectations": .int(all.count),
        "passed": .int(all.filter { $0.status == .passed }.count),
        "failed": .int(all.filter { $0.status == .failed }.count),
        "notRun": .int(all.filter { $0.status == .notRun }.count),
      ]),
    ])
  }

  static func entry(_ entry: TranscriptEntry) -> JSONValue {
    let plain: JSONValue = .object([

      "line": .int(entry.location.line),
      "column": .int(entry.location.column),
      "statement": .string(entry.statement),
      "action": .string(entry.action),
      "timeMs": .int(entry.time),
      "time": .string(ISOTime.string(entry.time)),
      "result": entry.result.map(result) ?? .null,
      "expectations": .array(entry.expectations.map(expectation)),
    ])
    // Only steps that touched the App Store carry the key, so token-only transcripts stay as they were.
    guard !entry.commerce.isEmpty, case .object(var members) = plain else { return plain }
    members.append(JSONMember(name: "commerce", value: .array(entry.commerce.map(CommerceJSON.note))))
    return .object(members)
  }

  static func failure(_ failure: RunFailure) -> JSONValue {
    .object([
      "line": .int(failure.location.line),
      "column": .int(failure.location.column),
      "statement": .string(failure.statement),
      "message": .string(failure.message),
    ])
  }

  static func expectation(_ record: ExpectationRecord) -> JSONValue {
    .object([
      "line": .int(record.location.line),
      "column": .int(record.location.column),
      "expectation": .string(record.text),
      "status": .string(record.status.rawValue),
      "expected": .string(record.expected),
      "actual": .string(record.actual),
    ])
  }

  static func result(_ result: StepResult) -> JSONValue {
    switch result {
    case .token(let record): return .object(["kind": .string("token"), "token": token(record)])
    case .noToken(let reason): return .object(["kind": .string("no-token"), "reason": .string(reason)])
    case .eligible: return .object(["kind": .string("eligible")])
    case .notEligible(let code, let message):
      return .object(["kind": .string("not-eligible"), "code": .string(code), "message": .string(message)])
    case .lifecycle(let started):
      return .object(["kind": .string("lifecycle"), "startedPeriods": .array(started.map(period))])
    case .clock(let from, let to, let expired):
      return .object([
        "kind": .string("clock"), "fromMs": .int(from), "toMs": .int(to),
        "from": .string(ISOTime.string(from)),
        "to": .string(ISOTime.string(to)), "expiredPeriods": .array(expired.map(period)),
      ])
    case .changed: return .object(["kind": .string("changed")])
    }
  }

  static func token(_ record: TokenRecord) -> JSONValue {
    let token = record.token
    return .object([
      "raw": .string(record.raw),
      "decoded": .object(token.fieldMembers),
      "environment": .string(token.environment.rawValue),
      "customer": .string(record.customer),
      "device": .string(record.device),
      "periodOrdinal": record.periodOrdinal.map { .int($0) } ?? .null,
      "refresh": .bool(record.isRefresh),
      "disposition": .optional(record.disposition?.rawValue),
      "url": .optional(record.url),
      "typedRequest": .optional(record.typedRequest?.rawValue),
    ])
  }

  static func period(_ period: PeriodRecord) -> JSONValue {
    .object([
      "customer": .string(period.customer),
      "type": .string(period.type.rawValue),
      "ordinal": .int(period.ordinal),
      "creationDate": .int(period.creationDate),
      "expirationDate": .int(period.expirationDate),
    ])
  }
}
