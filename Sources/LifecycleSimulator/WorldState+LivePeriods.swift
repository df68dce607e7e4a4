import ExternalPurchaseTokens

/// Which periods can still be unexpired, and each customer's latest period of each type, so the
/// engine looks at a handful of periods instead of every period of a long session (a million
/// events make tens of thousands).
///
/// Expiry is final: once `now` passes a period's expiration it stays expired, because the clock
/// only moves forward (a rewind replaces the whole world). So after each clock move the world
/// notes which of its periods were still unexpired; every other period among those it had then
/// is expired for good. Periods added since are looked at too, and a world whose clock or period
/// list was changed from outside in a way the note cannot cover is searched in full.
struct LivePeriodNote: Hashable, Sendable {
  /// How many periods the note covers: `periods[0..<periodCount]`.
  var periodCount = 0
  /// Of the covered periods, the ones that may be unexpired at `time`, ascending; the rest had
  /// expired by then.
  var unexpired: [Int] = []
  var time = VirtualTime.min
  /// The newest covered period of each customer and type.
  var latest = LatestPeriods()

  // A derived cache, not state: two worlds that differ only in it are the same world.
  static func == (_: Self, _: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}

extension WorldState {
  /// Room for `tokens` tokens and `periods` periods, and for the live-period note over them.
  ///
  /// For callers that build many small worlds (`epsim generate` builds one per customer): grown
  /// one append at a time, each of these lists was allocated again at every doubling (issue 26).
  public mutating func reserveCapacity(tokens tokenCount: Int, periods periodCount: Int) {
    tokens.reserveCapacity(tokenCount)
    periods.reserveCapacity(periodCount)
    livePeriodNote.unexpired.reserveCapacity(periodCount)
    livePeriodNote.latest.reserveCapacity(periodCount)
  }

  /// Whether the note can be trusted: its clock is not ahead and its periods are all still there.
  private var noteHolds: Bool {
    livePeriodNote.time <= now && livePeriodNote.periodCount <= periods.count
  }

  /// Calls `body` with the index of every period that may be unexpired now, ascending; `body`
  /// returns false to stop.
  func forEachPossiblyUnexpiredPeriod(_ body: (Int) -> Bool) {
    guard noteHolds else {
      for index in periods.indices where !body(index) { return }
      return
    }
    for index in livePeriodNote.unexpired where !body(index) { return }
    for index in livePeriodNote.periodCount..<periods.count where !body(index) { return }
  }

  /// The same indexes, newest first.
  func forEachPossiblyUnexpiredPeriodNewestFirst(_ body: (Int) -> Bool) {
    guard noteHolds else {
      for index in periods.indices.reversed() where !body(index) { return }
      return
    }
    for index in (livePeriodNote.periodCount..<periods.count).reversed() where !body(index) { return }
    for index in livePeriodNote.unexpired.reversed() where !body(index) { return }
  }

  /// Notes, after a clock move, which periods are still unexpired and the latest of each kind.
  mutating func noteUnexpiredPeriods() {
    // Most clock moves start no period and expire none: then only the note's time moves. A life
    // in `epsim generate` moves the clock before each of its actions (issue 26).
    if noteHolds, livePeriodNote.periodCount == periods.count,
      !livePeriodNote.unexpired.contains(where: { periods[$0].expirationDate <= now })
    {
      livePeriodNote.time = now
      return
    }
    var note = noteHolds ? livePeriodNote : LivePeriodNote()
    livePeriodNote = LivePeriodNote()  // so `note` is the only reference to its storage
    for index in note.periodCount..<periods.count {
      note.unexpired.append(index)
      note.latest[.init(customerId: periods[index].customerId, type: periods[index].type)] = index
    }
    note.periodCount = periods.count
    note.unexpired.removeAll { periods[$0].expirationDate <= now }
    note.time = now
    livePeriodNote = note
  }

  /// Extends the note to a period just started, when it covered every period before it.
  mutating func notePeriodStarted(_ index: Int) {
    guard noteHolds, livePeriodNote.periodCount == index, index == periods.count - 1 else { return }
    livePeriodNote.periodCount += 1
    livePeriodNote.unexpired.append(index)
    livePeriodNote.latest[.init(customerId: periods[index].customerId, type: periods[index].type)] = index
  }

  /// Whether the customer has any period of `type`, without building a list.
  func hasPeriod(of customerId: String, type: CustomLinkTokenType) -> Bool {
    latestPeriodIndex(of: customerId, type: type) != nil
  }

  /// The customer's latest period of `type`: among periods added since the note, else the note's.
  func latestPeriod(of customerId: String, type: CustomLinkTokenType) -> TokenPeriod? {
    latestPeriodIndex(of: customerId, type: type).map { periods[$0] }
  }

  /// The index in `periods` of `latestPeriod(of:type:)`, found without copying periods out.
  func latestPeriodIndex(of customerId: String, type: CustomLinkTokenType) -> Int? {
    guard livePeriodNote.periodCount <= periods.count else {
      return periods.lastIndex { $0.type == type && $0.customerId == customerId }
    }
    for index in (livePeriodNote.periodCount..<periods.count).reversed()
    where periods[index].type == type && periods[index].customerId == customerId {
      return index
    }
    return livePeriodNote.latest[.init(customerId: customerId, type: type)]
  }
}
