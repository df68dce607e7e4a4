import ExternalPurchaseTokens

/// Which periods can still be unexpired, so clock moves and "the active period" look at a handful
/// of periods instead of every period of a long session (a million events make tens of thousands).
///
/// Expiry is final: once `now` passes a period's expiration it stays expired, because the clock
/// only moves forward (a rewind replaces the whole world). So after each clock move the world
/// notes which of its periods were still unexpired; every other period among those it had then
/// is expired for good. Periods added since are looked at too, and a world whose clock or period
/// list was changed from outside in a way the note cannot cover is searched in full.
struct LivePeriodNote: Hashable, Sendable {
  /// How many periods there were when the note was made.
  var periodCount = 0
  /// Of `periods[0..<periodCount]`, the ones unexpired at `time`, ascending; the rest had expired.
  var unexpired: [Int] = []
  var time = VirtualTime.min

  // A derived cache, not state: two worlds that differ only in it are the same world.
  static func == (_: Self, _: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}

extension WorldState {
  /// Calls `body` with the index of every period that may be unexpired now, ascending; `body`
  /// returns false to stop.
  func forEachPossiblyUnexpiredPeriod(_ body: (Int) -> Bool) {
    let note = livePeriodNote
    guard note.time <= now, note.periodCount <= periods.count else {
      for index in periods.indices where !body(index) { return }
      return
    }
    for index in note.unexpired where !body(index) { return }
    for index in note.periodCount..<periods.count where !body(index) { return }
  }

  /// The same indexes, newest first.
  func forEachPossiblyUnexpiredPeriodNewestFirst(_ body: (Int) -> Bool) {
    let note = livePeriodNote
    guard note.time <= now, note.periodCount <= periods.count else {
      for index in periods.indices.reversed() where !body(index) { return }
      return
    }
    for index in (note.periodCount..<periods.count).reversed() where !body(index) { return }
    for index in note.unexpired.reversed() where !body(index) { return }
  }

  /// Notes, after a clock move, which periods are still unexpired.
  mutating func noteUnexpiredPeriods() {
    var unexpired: [Int] = []
    forEachPossiblyUnexpiredPeriod { index in
      if periods[index].expirationDate > now { unexpired.append(index) }
      return true
    }
    livePeriodNote = LivePeriodNote(periodCount: periods.count, unexpired: unexpired, time: now)
  }

  /// Whether the customer has any period of `type`, without building a list.
  func hasPeriod(of customerId: String, type: CustomLinkTokenType) -> Bool {
    periods.contains { $0.customerId == customerId && $0.type == type }
  }

  /// The customer's latest period of `type`, searched from the newest.
  func latestPeriod(of customerId: String, type: CustomLinkTokenType) -> TokenPeriod? {
    periods.last { $0.customerId == customerId && $0.type == type }
  }
}
