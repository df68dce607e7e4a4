import ExternalPurchaseTokens
import Foundation
import Hummingbird
import LifecycleSimulator
import MockAppleCore
import MockAppleHTTP
import SimulatedWorld

/// `GET /epsim/v1/activity?after=N`: the server's typed activity feed after the sequence number a
/// watcher saw last (steps with their door, history moves, reports, refusals, notifications and
/// their attempts, App Store API calls), oldest first. A watcher reads it again with `next`.
package struct ActivityControlRoutes: Sendable {
  package let server: ServerContext

  package init(_ server: ServerContext) { self.server = server }

  /// One entry as JSON: its number, its virtual time, its kind and the kind's own members.
  struct EntryDocument: Encodable {
    var sequence: UInt64
    var at: Int64
    var atText: String
    var type: String
    var position: Int?
    var origin: StepOrigin?
    var summary: String?
    var from: Int?
    var to: Int?
    var requestIdentifier: String?
    var externalPurchaseId: String?
    var status: String?
    var environment: TokenEnvironment?
    var reason: String?
    var key: String?
    var notificationType: String?
    var subtype: String?
    var transactionId: String?
    var succeeded: Bool?
    var result: String?
    var httpStatus: Int?
    var transactionIds: [String]?

    init(_ entry: ActivityEntry) {
      sequence = entry.sequence
      at = entry.at
      atText = ISOTime.string(entry.at)
      switch entry.event {
      case .step(let position, let origin, let summary):
        type = "step"
        (self.position, self.origin, self.summary) = (position, origin, summary)
      case .historyMoved(let from, let to):
        type = "historyMoved"
        (self.from, self.to) = (from, to)
      case .startedOver: type = "startedOver"
      case .reportAccepted(let request, let id, let status, let environment):
        type = "reportAccepted"
        (requestIdentifier, externalPurchaseId, self.status) = (request, id, status)
        self.environment = environment
      case .requestRefused(let reason, let id):
        type = "requestRefused"
        (self.reason, externalPurchaseId) = (reason, id)
      case .notificationMade(let key, let kind, let subtype, let id, let transaction):
        type = "notificationMade"
        (self.key, notificationType, self.subtype, externalPurchaseId, transactionId) = (
          key, kind, subtype, id, transaction
        )
      case .deliveryAttempt(let key, let succeeded, let result, let status):
        type = "deliveryAttempt"
        (self.key, self.succeeded, self.result, httpStatus) = (key, succeeded, result, status)
      case .apiCall(let description, let ids):
        type = "apiCall"
        (summary, transactionIds) = (description, ids)
      }
    }
  }

  struct FeedDocument: Encodable {
    var entries: [EntryDocument]
    /// The `after` to send next: the newest sequence number given (or asked for, with none new).
    var next: UInt64
    /// True when entries after `after` were already dropped (the feed keeps the newest 10,000), or
    /// `after` came from an earlier run of the server.
    var missed: Bool
  }

  package func register(on router: Router<BasicRequestContext>) {
    router.get("/epsim/v1/activity") { request, _ in
      let query = request.uri.queryParameters
      var after: UInt64 = 0
      if let text = query.get("after") {
        guard let value = UInt64(text) else {
          return Self.malformed("after must be a sequence number from 0 to \(UInt64.max)", "after")
        }
        after = value
      }
      var limit = 1_000
      if let text = query.get("limit") {
        guard let value = Int(text), (1...ActivityFeed.limit).contains(value) else {
          return Self.malformed("limit must be a whole number from 1 to \(ActivityFeed.limit)", "limit")
        }
        limit = value
      }
      let feed = await server.state.activity
      // A number past the newest is from an earlier run of the server (the feed starts over with
      // the process): read it as from the start, and say that entries may have been missed.
      let fromEarlierRun = after > feed.lastSequence
      let (entries, missed) = feed.entries(after: fromEarlierRun ? 0 : after, limit: limit)
      return JSONResponse.make(
        .ok,
        FeedDocument(
          entries: entries.map(EntryDocument.init),
          next: entries.last?.sequence ?? min(after, feed.lastSequence),
          missed: missed || fromEarlierRun))
    }
  }

  private static func malformed(_ message: String, _ field: String) -> Response {
    JSONResponse.make(
      .badRequest,
      ControlErrorBody(errorCode: GeneralErrorCode.malformedRequest, errorMessage: message, fieldName: field))
  }
}
