import AppleNotifications
import AppleSigning
import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

@Suite("Notification schedule on the virtual clock")
struct NotificationScheduleTests {
  /// alice installs and asks for SERVICES; a notice-sheet token too. Returns the simulation.
  private func world(_ rules: LifecycleRules) throws -> Simulation {
    var simulation = Simulation(initial: DemoWorld.world(rules: rules))
    try simulation.apply(.install(device: "alice.iphone"))
    try simulation.apply(.requestToken(device: "alice.iphone", type: .services))
    try simulation.apply(.presentNoticeSheet(device: "alice.iphone"))
    return simulation
  }

  private func due(
    _ simulation: Simulation, at time: VirtualTime, reported: Set<String> = [],
    duplicates: Set<String> = [], settings: NotificationSettings = NotificationSettings()
  ) throws -> [ScheduledNotification] {
    var simulation = simulation
    if time > simulation.world.now { try simulation.apply(.advanceClock(to: time)) }
    return NotificationSchedule(settings: settings).due(
      in: simulation.world, isKnown: { _ in false },
      isReported: { reported.contains($0) || duplicates.contains($0) },
      isDuplicate: { duplicates.contains($0) })
  }

  @Test func createdAtOnceUnreportedAtExpiryPlusTheDelay() throws {
    let simulation = try world(.sandbox)
    let start = simulation.world.now
    let services = try #require(simulation.world.tokens.first { $0.token.tokenType == .services })
    let expiry = try #require(services.token.tokenExpirationDate)
    #expect(try due(simulation, at: start).map(\.subtype) == [.created])
    let delay = 15 * Milliseconds.minute
    let settings = NotificationSettings(unreportedDelay: delay)
    let before = try due(simulation, at: expiry + delay - 1, settings: settings)
    #expect(!before.contains { $0.subtype == .unreported })
    let at = try due(simulation, at: expiry + delay, settings: settings).filter { $0.subtype == .unreported }
    #expect(at.map(\.dueAt) == [expiry + delay])
    #expect(at.first?.token.externalPurchaseId == services.token.externalPurchaseId)
  }

  @Test func plainTokensAreUnreportedTenDaysAfterCreation() throws {
    let simulation = try world(.sandbox)
    let plain = try #require(simulation.world.tokens.first { $0.token.tokenType == nil })
    let tenDays = plain.token.tokenCreationDate + 10 * Milliseconds.day
    #expect(try due(simulation, at: tenDays - 1).filter { $0.tokenIndex == plain.id }.isEmpty)
    let fired = try due(simulation, at: tenDays).filter { $0.tokenIndex == plain.id }
    #expect(fired.map(\.subtype) == [.unreported])
    #expect(fired.first?.dueAt == tenDays)
  }

  /// Apple: UNREPORTED "10 days after the system creates the token, or soon after ACQUISITION and
  /// SERVICES tokens expire" (SPEC 8): IN_APP and LINK_OUT tokens are not the exception (issue 25).
  @Test(arguments: [CustomLinkTokenType.inApp, .linkOut], [LifecycleRules.production, .sandbox])
  func inAppAndLinkOutTokensAreUnreportedTenDaysAfterCreation(
    type: CustomLinkTokenType, rules: LifecycleRules
  )
    throws
  {
    var simulation = Simulation(initial: DemoWorld.world(rules: rules))
    try simulation.apply(.install(device: "kenji.iphone"))
    try simulation.apply(.requestToken(device: "kenji.iphone", type: type))
    let token = try #require(simulation.world.tokens.first { $0.token.tokenType == type })
    let tenDays = token.token.tokenCreationDate + 10 * Milliseconds.day
    func unreported(at time: VirtualTime) throws -> [ScheduledNotification] {
      try due(simulation, at: time).filter { $0.tokenIndex == token.id && $0.subtype == .unreported }
    }
    #expect(try unreported(at: tenDays - 1).isEmpty)
    #expect(try unreported(at: tenDays).map(\.dueAt) == [tenDays])
    // Once, not again after the expiry.
    #expect(try unreported(at: tenDays + 400 * Milliseconds.day).count == 1)
    #expect(
      try due(simulation, at: tenDays, reported: [token.token.externalPurchaseId]).filter {
        $0.tokenIndex == token.id && $0.subtype == .unreported
      }.isEmpty)
  }

  /// Apple sends ACTIVE_TOKEN_REMINDER "monthly while the token is active, unless you report the
  /// token as a duplicate" (issue 25): any report stops UNREPORTED, only a duplicate the reminders.
  @Test func reportedTokensGetNoUnreportedButRemindersUntilReportedAsDuplicates() throws {
    let simulation = try world(.production)
    let ids = Set(simulation.world.tokens.map(\.token.externalPurchaseId))
    let year = 366 * Milliseconds.day
    let reported = try due(simulation, at: simulation.world.now + year, reported: ids)
    #expect(!reported.contains { $0.subtype == .unreported })
    #expect(reported.filter { $0.subtype == .activeTokenReminder }.count == 24)
    let duplicates = try due(simulation, at: simulation.world.now + year, duplicates: ids)
    #expect(duplicates.allSatisfy { $0.subtype == .created })
  }

  @Test func remindersEveryIntervalWhileActiveAndUnreported() throws {
    let simulation = try world(.production)
    let start = simulation.world.now
    let reminders = try due(simulation, at: start + 400 * Milliseconds.day).filter {
      $0.subtype == .activeTokenReminder
    }
    // Two ACQUISITION/SERVICES tokens, 365-day lives, a reminder each 30 days: 12 each.
    #expect(reminders.count == 24)
    #expect(reminders.first?.dueAt == start + 30 * Milliseconds.day)
    let none = try due(
      simulation, at: start + 400 * Milliseconds.day, settings: NotificationSettings(reminderInterval: 0))
    #expect(!none.contains { $0.subtype == .activeTokenReminder })
  }

  @Test func knownNotificationsAreNotDueAgainAndTheOrderIsByTime() throws {
    var simulation = try world(.sandbox)
    try simulation.apply(.advanceClock(to: simulation.world.now + 11 * Milliseconds.day))
    let schedule = NotificationSchedule(settings: NotificationSettings())
    let first = schedule.due(in: simulation.world, isKnown: { _ in false }) { _ in false }
    #expect(first.map(\.dueAt) == first.map(\.dueAt).sorted())
    #expect(
      schedule.due(in: simulation.world, isKnown: Set(first.map(\.key)).contains) { _ in false }.isEmpty)
  }
}

@Suite("Notification log: retries")
struct NotificationLogTests {
  @Test func failuresRetryOnTheScheduleThenGiveUp() throws {
    var simulation = Simulation(initial: DemoWorld.world(rules: .sandbox))
    try simulation.apply(.install(device: "alice.iphone"))
    try simulation.apply(.requestToken(device: "alice.iphone", type: .services))
    let settings = NotificationSettings(webhookURL: "http://127.0.0.1:9/hook")
    let notification = try #require(
      NotificationSchedule(settings: settings).due(in: simulation.world, isKnown: { _ in false }) { _ in false
      }.first)
    var log = NotificationLog()
    try log.add(
      [notification], world: simulation.world, settings: settings, authority: try TestCertificateAuthority())
    let start = notification.dueAt
    #expect(log.takeDue(now: start).count == 1)
    #expect(log.takeDue(now: start).isEmpty, "in flight until recorded")
    var at = start
    for delay in settings.retryDelays {
      log.record(
        DeliveryAttempt(at: at, status: 500, error: "down"), for: notification.key,
        retryDelays: settings.retryDelays)
      #expect(log.deliveries[0].nextAttemptAt == at + delay)
      at += delay
      #expect(log.takeDue(now: at - 1).isEmpty)
      #expect(log.takeDue(now: at).count == 1)
    }
    log.record(
      DeliveryAttempt(at: at, status: nil, error: "refused"), for: notification.key,
      retryDelays: settings.retryDelays)
    #expect(log.deliveries[0].state == .failed)
    #expect(log.deliveries[0].attempts.count == 6)
    #expect(log.takeDue(now: .max).isEmpty)
  }
}
