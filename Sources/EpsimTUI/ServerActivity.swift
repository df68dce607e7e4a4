import LifecycleSimulator
import ServerSightings

/// What the mock server (`epsim tui --serve`) has seen, as data: its address, per
/// externalPurchaseId and per transactionId what it saw (`ServerSighting`), and the requests it
/// refused, numbered by its activity feed. The UI words it (`lines(for:)`).
///
/// Plain data, so the UI stays pure and testable without a server: the host builds it from
/// the server's state and hands it in as a `TUIEvent.serverActivity`.
public struct ServerActivity: Hashable, Sendable {
  /// Where the server listens, such as `http://127.0.0.1:8080`.
  public var address: String
  /// What the server saw of each token, oldest first: reports, notifications, refusals.
  public var seenByToken: [String: [ServerSighting]]
  /// Every report request the server refused, newest last, whether or not it named a token
  /// (a bad signature or body names none).
  public var refusals: [ServerRefusal]
  /// What the server saw of each App Store transaction, by transactionId, oldest first: the API
  /// calls that named it and the notifications sent about it.
  public var seenByTransaction: [String: [ServerSighting]]

  public init(
    address: String, seenByToken: [String: [ServerSighting]] = [:], refusals: [ServerRefusal] = [],
    seenByTransaction: [String: [ServerSighting]] = [:]
  ) {
    self.address = address
    self.seenByToken = seenByToken
    self.refusals = refusals
    self.seenByTransaction = seenByTransaction
  }

  /// The lines about one App Store transaction; empty when the server has seen nothing of it.
  public func lines(forTransaction transactionId: String) -> [String] {
    (seenByTransaction[transactionId] ?? []).map(Self.text)
  }

  /// The lines about one token; empty when the server has seen nothing of it.
  public func lines(for externalPurchaseId: String) -> [String] {
    (seenByToken[externalPurchaseId] ?? []).map(Self.text)
  }

  /// Whether this activity holds a refusal `older` has not: the feed numbers each one, so a
  /// refusal repeated word for word still counts as new.
  func hasRefusalsAfter(_ older: ServerActivity?) -> Bool {
    guard let newest = refusals.last else { return false }
    return newest.sequence != older?.refusals.last?.sequence
  }

  /// One sighting in words: `report NO_LINE_ITEM (sandbox) request 5EC2EBDA`,
  /// `notification CREATED at 2026-03-01T09:00:00.000Z: delivered`,
  /// `GET transactionInfo (200) at 2026-03-01T09:00:00.000Z`.
  static func text(_ sighting: ServerSighting) -> String {
    switch sighting {
    case .report(let status, let environment, let requestIdentifier):
      return "report \(status) (\(environment.rawValue)) request \(requestIdentifier.prefix(8))"
    case .notification(let type, let subtype, let dueAt, let delivery):
      // An external purchase notification is known by its subtype; an App Store one by both.
      let name =
        type == externalPurchaseNotificationType
        ? subtype ?? ""
        : [type, subtype].compactMap { $0 }
          .joined(separator: "/")
      return "notification \(name) at \(ISOTime.string(dueAt)): \(text(delivery))"
    case .refusal(let reason):
      return reason
    case .apiCall(let description, let at):
      return "\(description) at \(ISOTime.string(at))"
    }
  }

  /// How a delivery stands, in words.
  static func text(_ delivery: DeliveryStanding) -> String {
    switch delivery {
    case .delivered: "delivered"
    case .failed(let result, let failure, let retrying):
      "failed (\(result), \(failure))" + (retrying ? ", retrying" : "")
    case .logged: "logged (no --webhook to send it to)"
    case .due: "due"
    }
  }

  /// Apple's `notificationType` of external purchase token notifications (SPEC 7).
  static let externalPurchaseNotificationType = "EXTERNAL_PURCHASE_TOKEN"
}
