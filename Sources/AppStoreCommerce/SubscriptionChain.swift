import AppleWireTypes
import SimulationTime

/// A failed renewal Apple keeps retrying.
public struct BillingRetry: Hashable, Sendable {
  /// The expiresDate whose renewal failed.
  public var failedAt: VirtualTime
  /// End of the grace period when one applies.
  public var graceEnd: VirtualTime?
  /// True once GRACE_PERIOD_EXPIRED has been sent.
  public var graceOver: Bool
  public var nextAttempt: VirtualTime
  public var retryEnd: VirtualTime
}

/// Where a subscription chain stands; the status, renewal info and clock targets all derive from it.
public enum ChainPhase: Hashable, Sendable {
  case active
  case billingRetry(BillingRetry)
  case expired(ExpirationIntent)
  case revoked(VirtualTime)
}

/// A price increase announced to a subscriber.
public enum PriceIncrease: Hashable, Sendable {
  /// Consent is needed and not given; renewals stay at `oldPrice` until consent or expiry.
  case pending(oldPrice: Int64)
  /// Consented, or announced where no consent is needed (`priceIncreaseStatus` 1).
  case accepted
}

/// The discounted periods left of an offer.
public struct RunningOffer: Hashable, Sendable {
  public var productIndex: Int32
  public var offerIndex: Int32
  /// Periods still to be charged at the offer price, including none (the offer is over).
  public var remaining: Int
}

/// One subscription of one customer in one group: the chain of transactions under one
/// `originalTransactionId` (Apple keeps it across upgrades and resubscriptions).
public struct SubscriptionChain: Hashable, Sendable {
  public var customer: Int32
  public var groupId: String
  public var originalTransactionId: UInt64
  public var originalPurchaseDate: VirtualTime
  public var product: Int32
  public var autoRenewProduct: Int32
  public var autoRenew: Bool
  public var appAccountToken: String?
  public var expiresDate: VirtualTime
  public var latestTransaction: Int32
  public var phase: ChainPhase
  /// Renewals since the last purchase or resubscription: the sandbox stops after 12.
  public var renewalsSincePurchase: Int
  public var recentStartDate: VirtualTime
  public var offer: RunningOffer?
  public var priceIncrease: PriceIncrease?
  /// Family members sharing this chain (indices into `CommerceState.sharedChains`).
  public var shares: [Int32]
  /// When each renewal-date extension was granted (at most two in 365 days, SPEC-APPSTORE 4.8).
  public var extensionDates: [VirtualTime] = []

  /// `status` at `now`, derived from the phase alone (SPEC-APPSTORE 3.3).
  public func status(at now: VirtualTime) -> SubscriptionStatus {
    switch phase {
    case .active: return .active
    case .billingRetry(let retry):
      if let end = retry.graceEnd, now < end { return .billingGracePeriod }
      return .billingRetry
    case .expired: return .expired
    case .revoked: return .revoked
    }
  }

  /// The next instant something happens to this chain on its own, if any.
  public var nextDue: VirtualTime? {
    switch phase {
    case .active: return expiresDate
    case .billingRetry(let retry):
      var due = min(retry.nextAttempt, retry.retryEnd)
      if let end = retry.graceEnd, !retry.graceOver { due = min(due, end) }
      return due
    case .expired, .revoked: return nil
    }
  }
}

/// A family member's access to another customer's subscription: it has its own ids and transactions,
/// while everything else (status, dates, product) is read from the purchaser's chain.
public struct SharedChain: Hashable, Sendable {
  public var member: Int32
  public var purchaserChain: Int32
  public var originalTransactionId: UInt64
  public var originalPurchaseDate: VirtualTime
  public var latestTransaction: Int32
  public var revokedAt: VirtualTime?
}
