import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator

/// Every notification created so far and its deliveries: what is due, what to retry and when.
/// A value type the server's actor holds; sending happens outside it.
public struct NotificationLog: Sendable {
  public private(set) var deliveries: [NotificationDelivery] = []
  private var indexByKey: [String: Int] = [:]
  /// Deliveries handed out for sending and not yet recorded, so two callers never send one twice.
  private var inFlight: Set<String> = []

  public init() {}

  public var keys: Set<String> { Set(indexByKey.keys) }

  /// Adds newly due notifications, signed, each due for its first attempt at its due time.
  public mutating func add(
    _ notifications: [ScheduledNotification], world: WorldState, settings: NotificationSettings,
    authority: TestCertificateAuthority
  ) throws {
    for notification in notifications where indexByKey[notification.key] == nil {
      let uuid = Self.notificationUUID(seed: world.seed, key: notification.key)
      let payload = NotificationPayload(notification, uuid: uuid)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let signed = try authority.sign(payload: try encoder.encode(payload))
      indexByKey[notification.key] = deliveries.count
      deliveries.append(
        NotificationDelivery(
          key: notification.key, notificationUUID: uuid, subtype: notification.subtype,
          externalPurchaseId: notification.token.externalPurchaseId,
          environment: notification.token.environment == .sandbox ? "Sandbox" : "Production",
          dueAt: notification.dueAt, signedPayload: signed, attempts: [],
          nextAttemptAt: settings.webhookURL == nil ? nil : notification.dueAt,
          state: settings.webhookURL == nil ? .notSent : .pending))
    }
  }

  /// Deliveries whose next attempt is due at or before `now`, in time order; they count as in
  /// flight until `record` is called for them.
  public mutating func takeDue(now: VirtualTime) -> [NotificationDelivery] {
    let due = deliveries.filter { delivery in
      guard let next = delivery.nextAttemptAt else { return false }
      return next <= now && !inFlight.contains(delivery.key)
    }.sorted { ($0.nextAttemptAt ?? 0) < ($1.nextAttemptAt ?? 0) }
    inFlight.formUnion(due.map(\.key))
    return due
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
  }

  /// A lower-case UUID that depends only on the seed and the notification, so runs repeat.
  static func notificationUUID(seed: UInt64, key: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a: stable across runs, unlike Hasher.
    for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    var generator = SeededGenerator(seed: seed ^ hash)
    return generator.uuidString().lowercased()
  }
}

/// The decoded payload of a notification's `signedPayload`, as App Store Server
/// Notifications V2 sends it for `EXTERNAL_PURCHASE_TOKEN`.
struct NotificationPayload: Encodable {
  var notificationType = "EXTERNAL_PURCHASE_TOKEN"
  var subtype: String
  var notificationUUID: String
  var version = "2.0"
  var signedDate: Int64
  var externalPurchaseToken: TokenPayload

  init(_ notification: ScheduledNotification, uuid: String) {
    subtype = notification.subtype.rawValue
    notificationUUID = uuid
    signedDate = notification.dueAt
    let token = notification.token
    externalPurchaseToken = TokenPayload(
      externalPurchaseId: token.externalPurchaseId, tokenCreationDate: token.tokenCreationDate,
      appAppleId: token.appAppleId, bundleId: token.bundleId, tokenType: token.tokenType?.rawValue,
      tokenExpirationDate: token.tokenExpirationDate)
  }

  struct TokenPayload: Encodable {
    var externalPurchaseId: String
    var tokenCreationDate: Int64
    var appAppleId: Int64
    var bundleId: String
    var tokenType: String?
    var tokenExpirationDate: Int64?
  }
}
