import AppleSigning
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator

/// Every notification created so far (EXTERNAL_PURCHASE_TOKEN, App Store events, TEST) and its
/// deliveries: what is due, what to retry and when. A value type the server's actor holds;
/// sending happens outside it. Append-only, in time order: history pages are positions in it.
public struct NotificationLog: Sendable {
  public private(set) var deliveries: [NotificationDelivery] = []
  private var indexByKey: [String: Int] = [:]
  /// Deliveries handed out for sending and not yet recorded, so two callers never send one twice.
  private var inFlight: Set<String> = []
  /// Positions of the deliveries with a next attempt: the only ones `takeDue` needs to look at,
  /// so a long-running server does not scan its whole log after every change.
  private var scheduled: Set<Int> = []
  /// How many of the server's App Store events have been turned into notifications so far.
  public package(set) var commerceEventsSeen = 0
  /// How many TEST notifications were requested, to key each one.
  package var testsRequested = 0

  public init() {}

  /// Whether a notification with this key is in the log.
  public func contains(key: String) -> Bool { indexByKey[key] != nil }

  /// The deliveries added at or after position `count`, and those with one of `keys`, in log order.
  public func deliveries(addedSince count: Int, orWithKeys keys: [String]) -> [NotificationDelivery] {
    let start = min(max(count, 0), deliveries.count)
    let earlier = Set(keys.compactMap { indexByKey[$0] }.filter { $0 < start })
    return earlier.sorted().map { deliveries[$0] } + deliveries[start...]
  }

  /// Adds newly due token notifications, signed, each due for its first attempt at its due time.
  public mutating func add(
    _ notifications: [ScheduledNotification], world: WorldState, settings: NotificationSettings,
    authority: TestCertificateAuthority
  ) throws {
    try add(
      notifications.filter { indexByKey[$0.key] == nil }.map {
        try Self.delivery(for: $0, seed: world.seed, authority: authority)
      }, settings: settings)
  }

  /// Adds signed notifications not yet known (by key), in the order of their due times (ties keep
  /// the order given), each due for its first attempt at its due time; without a webhook they are
  /// logged only.
  public mutating func add(_ notifications: [NotificationDelivery], settings: NotificationSettings) {
    let ordered = notifications.enumerated().sorted {
      ($0.element.dueAt, $0.offset) < ($1.element.dueAt, $1.offset)
    }
    for (_, notification) in ordered where indexByKey[notification.key] == nil {
      var delivery = notification
      delivery.attempts = []
      delivery.nextAttemptAt = settings.webhookURL == nil ? nil : delivery.dueAt
      delivery.state = settings.webhookURL == nil ? .notSent : .pending
      indexByKey[delivery.key] = deliveries.count
      if delivery.nextAttemptAt != nil { scheduled.insert(deliveries.count) }
      deliveries.append(delivery)
    }
  }

  /// A token notification, signed, with no attempt yet.
  package static func delivery(
    for notification: ScheduledNotification, seed: UInt64, authority: TestCertificateAuthority
  )
    throws -> NotificationDelivery
  {
    let uuid = Self.notificationUUID(seed: seed, key: notification.key)
    let payload = NotificationPayload(notification, uuid: uuid)
    let signed = try SignedCommerceData(authority: authority).sign(payload)
    return NotificationDelivery(
      key: notification.key, notificationUUID: uuid, notificationType: NotificationPayload.type,
      subtype: notification.subtype.rawValue, externalPurchaseId: notification.token.externalPurchaseId,
      environment: notification.token.environment == .sandbox ? .sandbox : .production,
      dueAt: notification.dueAt, signedPayload: signed, attempts: [], nextAttemptAt: nil, state: .pending)
  }

  /// The delivery with this key.
  public func delivery(_ key: String) -> NotificationDelivery? { indexByKey[key].map { deliveries[$0] } }

  /// Deliveries whose next attempt is due at or before `now`, in time order (ties in the order
  /// created); they count as in flight until `record` is called for them.
  public mutating func takeDue(now: VirtualTime) -> [NotificationDelivery] {
    let due = scheduled.filter { index in
      guard let next = deliveries[index].nextAttemptAt else { return false }
      return next <= now && !inFlight.contains(deliveries[index].key)
    }.sorted { (deliveries[$0].nextAttemptAt ?? 0, $0) < (deliveries[$1].nextAttemptAt ?? 0, $1) }
      .map { deliveries[$0] }
    inFlight.formUnion(due.map(\.key))
    return due
  }

  /// Deliveries handed out for sending whose attempt is not recorded yet.
  public var inFlightKeys: Set<String> { inFlight }

  /// Counts deliveries as handed out (a saved state replayed: the send was under way).
  package mutating func markInFlight(_ keys: [String]) {
    inFlight.formUnion(keys.filter { indexByKey[$0] != nil })
  }

  /// Records an attempt that may or may not have reached the webhook and gives the delivery up,
  /// so that it is never delivered twice (a server stopped mid-send,
  /// docs/decisions/0145-a-durable-server-state-dir-and-clock-wall.md,
  /// "At most once for an interrupted delivery").
  package mutating func abandon(_ key: String, attempt: DeliveryAttempt) {
    inFlight.remove(key)
    guard let index = indexByKey[key] else { return }
    deliveries[index].attempts.append(attempt)
    deliveries[index].state = .failed
    deliveries[index].nextAttemptAt = nil
    scheduled.remove(index)
  }

  /// Records an attempt with the retry schedule of the delivery's environment (none in sandbox
  /// unless the settings ask for it).
  public mutating func record(_ attempt: DeliveryAttempt, for key: String, settings: NotificationSettings) {
    let environment = indexByKey[key].map { deliveries[$0].environment } ?? .production
    record(attempt, for: key, retryDelays: settings.retryDelays(environment: environment))
  }

  /// Records an attempt; a failure schedules the next retry or gives up after the last.
  public mutating func record(_ attempt: DeliveryAttempt, for key: String, retryDelays: [VirtualDuration]) {
    inFlight.remove(key)
    guard let index = indexByKey[key] else { return }
    deliveries[index].attempts.append(attempt)
    if attempt.succeeded {
      deliveries[index].state = .delivered
      deliveries[index].nextAttemptAt = nil
    } else if deliveries[index].attempts.count <= retryDelays.count {
      deliveries[index].nextAttemptAt = attempt.at + retryDelays[deliveries[index].attempts.count - 1]
    } else {
      deliveries[index].state = .failed
      deliveries[index].nextAttemptAt = nil
    }
    if deliveries[index].nextAttemptAt == nil { scheduled.remove(index) } else { scheduled.insert(index) }
  }

  /// FNV-1a of a text: stable across runs, unlike `Hasher`.
  package static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
  }

  /// A lower-case UUID that depends only on the seed and the notification, so runs repeat.
  package static func notificationUUID(seed: UInt64, key: String) -> String {
    var generator = SeededGenerator(seed: seed ^ fnv1a(key))
    return generator.uuidString().lowercased()
  }
}

/// The decoded payload of a notification's `signedPayload`, as App Store Server
/// Notifications V2 sends it for `EXTERNAL_PURCHASE_TOKEN`.
package struct NotificationPayload: Encodable {
  package static let type = "EXTERNAL_PURCHASE_TOKEN"
  package var notificationType = Self.type
  package var subtype: String
  package var notificationUUID: String
  package var version = "2.0"
  package var signedDate: Int64
  package var externalPurchaseToken: TokenPayload

  package init(_ notification: ScheduledNotification, uuid: String) {
    subtype = notification.subtype.rawValue
    notificationUUID = uuid
    signedDate = notification.dueAt
    let token = notification.token
    externalPurchaseToken = TokenPayload(
      externalPurchaseId: token.externalPurchaseId, tokenCreationDate: token.tokenCreationDate,
      appAppleId: token.appAppleId, bundleId: token.bundleId, tokenType: token.tokenType?.rawValue,
      tokenExpirationDate: token.tokenExpirationDate)
  }

  package struct TokenPayload: Encodable {
    package var externalPurchaseId: String
    package var tokenCreationDate: Int64
    package var appAppleId: Int64
    package var bundleId: String
    package var tokenType: String?
    package var tokenExpirationDate: Int64?
  }
}
