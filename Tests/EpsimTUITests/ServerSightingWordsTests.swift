import EpsimTUI
import ServerSightings
import Testing

/// How the UI words what the mock server saw (`ServerActivity.lines`): the server hands data, so
/// each kind of sighting and each delivery standing has its words here.
@Suite("Server sightings in words")
struct ServerSightingWordsTests {
  @Test func eachSightingAndDeliveryStandingHasItsWords() {
    let at: Int64 = 1_772_355_600_000
    let activity = ServerActivity(
      address: "http://127.0.0.1:8080",
      seenByToken: [
        "T": [
          .report(status: "LINE_ITEM", environment: .production, requestIdentifier: "ABCDEF12-rest"),
          .notification(type: "EXTERNAL_PURCHASE_TOKEN", subtype: "CREATED", dueAt: at, delivery: .due),
          .notification(
            type: "EXTERNAL_PURCHASE_TOKEN", subtype: "CREATED", dueAt: at,
            delivery: .failed(result: "TIMED_OUT", failure: "no answer", retrying: true)),
          .refusal(reason: "report refused (400): bad body"),
        ]
      ],
      seenByTransaction: [
        "7": [
          .notification(type: "DID_RENEW", subtype: nil, dueAt: at, delivery: .logged),
          .notification(
            type: "DID_RENEW", subtype: "BILLING_RECOVERY", dueAt: at,
            delivery: .failed(result: "CIRCULAR_REDIRECT", failure: "500", retrying: false)),
        ]
      ])
    #expect(
      activity.lines(for: "T") == [
        "report LINE_ITEM (production) request ABCDEF12",
        "notification CREATED at 2026-03-01T09:00:00.000Z: due",
        "notification CREATED at 2026-03-01T09:00:00.000Z: failed (TIMED_OUT, no answer), retrying",
        "report refused (400): bad body",
      ])
    #expect(
      activity.lines(forTransaction: "7") == [
        "notification DID_RENEW at 2026-03-01T09:00:00.000Z: logged (no --webhook to send it to)",
        "notification DID_RENEW/BILLING_RECOVERY at 2026-03-01T09:00:00.000Z: failed (CIRCULAR_REDIRECT, 500)",
      ])
    #expect(activity.lines(for: "unknown").isEmpty)
  }
}
