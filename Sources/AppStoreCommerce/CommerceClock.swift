import SimulationTime

/// What a commerce clock target lands on.
public enum CommerceDueKind: String, Hashable, Sendable, CaseIterable {
  /// The end of an active period: a renewal, a billing failure or an expiry.
  case renewal
  /// The end of a grace period.
  case graceEnd
  /// The next billing retry attempt.
  case retry
  /// The end of billing retry (EXPIRED/BILLING_RETRY unless billing recovers first).
  case retryEnd
}

/// Where to move the clock: next to any due commerce moment, optionally of one kind and one customer,
/// `offset` ms from it (-1 before, 0 at, +1 after), as token expiries are targeted.
public struct CommerceClockTarget: Hashable, Sendable {
  public var kind: CommerceDueKind?
  public var customer: String?
  public var offset: VirtualDuration

  public init(kind: CommerceDueKind? = nil, customer: String? = nil, offset: VirtualDuration = 0) {
    self.kind = kind
    self.customer = customer
    self.offset = offset
  }
}

extension CommerceState {
  /// Every future moment of a chain, by kind.
  public func dueMoments(of chain: SubscriptionChain) -> [(kind: CommerceDueKind, time: VirtualTime)] {
    switch chain.phase {
    case .active: return [(.renewal, chain.expiresDate)]
    case .billingRetry(let retry):
      var moments: [(kind: CommerceDueKind, time: VirtualTime)] = [(.retryEnd, retry.retryEnd)]
      if retry.nextAttempt <= retry.retryEnd { moments.append((.retry, retry.nextAttempt)) }
      if let end = retry.graceEnd, !retry.graceOver { moments.append((.graceEnd, end)) }
      return moments
    case .expired, .revoked: return []
    }
  }

  /// The absolute time a target names, or an error when nothing of that kind lies ahead.
  public func resolve(_ target: CommerceClockTarget) throws(CommerceError) -> VirtualTime {
    let customer = try target.customer.map { (id) throws(CommerceError) in try existingCustomer(id) }
    var best: VirtualTime?
    for chain in chains where customer == nil || chain.customer == customer {
      for moment in dueMoments(of: chain) where target.kind == nil || moment.kind == target.kind {
        // Checked, as every sum on the clock is: an offset past the limits names no moment.
        let (time, overflow) = moment.time.addingReportingOverflow(target.offset)
        if !overflow && time > now && time < (best ?? .max) { best = time }
      }
    }
    guard let time = best else {
      let what = target.kind?.rawValue ?? "renewal, grace end or retry"
      throw CommerceError("no \(what) lies ahead" + (target.customer.map { " for \($0)" } ?? ""))
    }
    return time
  }
}
