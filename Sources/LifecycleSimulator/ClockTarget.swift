import ExternalPurchaseTokens

/// Where a clock move should land: by a duration, at an absolute time, or relative to an expiry.
public enum ClockTarget: Hashable, Sendable {
  /// Forward by this many milliseconds.
  case by(VirtualDuration)
  /// To this absolute time.
  case to(VirtualTime)
  /// To the next instant after now that lies `offset` ms from any period's expiry
  /// (offset -1: "1 ms before the next expiry", 0: "exactly at it", +1: "1 ms after it").
  case nextExpiry(offset: VirtualDuration)
  /// `offset` ms from the expiry of a customer's latest period of `type` (the active one, or the last to end).
  case expiryOf(customer: String, type: CustomLinkTokenType, offset: VirtualDuration)
}

extension WorldState {
  /// The absolute time a clock target names, or an error when it names nothing (no expiry ahead).
  public func resolve(_ target: ClockTarget) throws(SimulationError) -> VirtualTime {
    switch target {
    case .by(let duration):
      guard duration >= 0 else {
        throw SimulationError("the clock only moves forward; rewind the history instead")
      }
      return try StepLimits.time(now, movedBy: duration)
    case .to(let time):
      return time
    case .nextExpiry(let offset):
      // With no positive offset only unexpired periods can land after now; else look at all.
      var earliest: VirtualTime?
      let consider = { (index: Int) -> Bool in
        // Expiries and offsets are bounded (StepLimits), so this sum should not overflow; checked
        // all the same, as every sum on the clock is (a caller that skipped the limits once made
        // it trap). A time past the clock's range is refused when the clock moves there.
        let (time, overflow) = periods[index].expirationDate.addingReportingOverflow(offset)
        if !overflow && time > now && time < (earliest ?? .max) { earliest = time }
        return true
      }
      if offset <= 0 {
        forEachPossiblyUnexpiredPeriod(consider)
      } else {
        for index in periods.indices { _ = consider(index) }
      }
      guard let time = earliest else {
        throw SimulationError("no expiry lies ahead of \(ISOTime.string(now))")
      }
      return time
    case .expiryOf(let customerId, let type, let offset):
      _ = try existingCustomerIndex(customerId)
      guard let period = latestPeriod(of: customerId, type: type) else {
        throw SimulationError("\(customerId) has no \(type.rawValue) period yet")
      }
      return try StepLimits.time(period.expirationDate, movedBy: offset)
    }
  }
}
