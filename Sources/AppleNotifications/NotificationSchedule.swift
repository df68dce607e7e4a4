import AppleWireTypes
import ExternalPurchaseTokens
import LifecycleSimulator

/// Which notifications a world has due by its current time: a pure function of the world, the
/// settings and which tokens were reported, so it is tested without a network.
///
/// - CREATED: when a custom link token comes to exist (a refreshed one when it is handed out).
/// - UNREPORTED: an ACQUISITION or SERVICES token's expiry plus `unreportedDelay`; any other
///   token's (plain, IN_APP, LINK_OUT) creation plus 10 days (SPEC 8: "10 days after the system
///   creates the token, or soon after ACQUISITION and SERVICES tokens expire"); only if the token
///   is still unreported then.
/// - ACTIVE_TOKEN_REMINDER: every `reminderInterval` after an ACQUISITION or SERVICES token's
///   creation while it is active, unless it was reported as a duplicate (Apple: "monthly while the
///   token is active, unless you report the token as a duplicate"); other reports do not stop it.
public struct NotificationSchedule: Sendable {
  public var settings: NotificationSettings

  public init(settings: NotificationSettings) {
    self.settings = settings
  }

  /// Every notification due at or before `world.now` whose key is not in `known`, oldest first.
  /// `isReported` says whether a token (by externalPurchaseId) has an accepted report,
  /// `isDuplicate` whether one of them reported it as `DUPLICATE_TOKEN`.
  public func due(
    in world: WorldState, isKnown: (String) -> Bool, isReported: (String) -> Bool,
    isDuplicate: (String) -> Bool = { _ in false }
  )
    -> [ScheduledNotification]
  {
    var due: [ScheduledNotification] = []
    func add(_ subtype: NotificationSubtype, _ issued: IssuedToken, at time: VirtualTime, occurrence: Int = 0)
    {
      let key = "\(issued.id)/\(subtype.rawValue)/\(occurrence)"
      guard time <= world.now, !isKnown(key) else { return }
      due.append(
        ScheduledNotification(
          key: key, subtype: subtype, tokenIndex: issued.id, token: issued.token, dueAt: time))
    }
    for issued in world.tokens {
      let token = issued.token
      let reported = isReported(token.externalPurchaseId)
      guard let expiration = token.tokenExpirationDate else {
        if !reported {
          add(
            .unreported, issued, at: token.tokenCreationDate + NotificationSettings.plainTokenUnreportedDelay)
        }
        continue
      }
      add(.created, issued, at: issued.isRefresh ? issued.issuedAt : token.tokenCreationDate)
      let expiresToReminders = token.tokenType == .acquisition || token.tokenType == .services
      if !reported {
        add(
          .unreported, issued,
          at: expiresToReminders
            ? expiration + settings.unreportedDelay
            : token.tokenCreationDate + NotificationSettings.plainTokenUnreportedDelay)
      }
      if expiresToReminders, settings.reminderInterval > 0, !isDuplicate(token.externalPurchaseId) {
        var occurrence = 1
        var time = token.tokenCreationDate + settings.reminderInterval
        while time < expiration && time <= world.now {
          add(.activeTokenReminder, issued, at: time, occurrence: occurrence)
          occurrence += 1
          time += settings.reminderInterval
        }
      }
    }
    return due.sorted { ($0.dueAt, $0.tokenIndex) < ($1.dueAt, $1.tokenIndex) }
  }
}
