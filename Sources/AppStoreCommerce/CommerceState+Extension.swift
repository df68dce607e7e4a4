import SimulationTime

/// Why a subscription's renewal date cannot be extended (SPEC-APPSTORE 4.8).
public enum ExtensionRefusal: Hashable, Sendable {
  /// Not active, in a free offer period, in billing retry or grace, or revoked.
  case ineligible(String)
  /// Two extensions in the last 365 days already.
  case maximumReached
  /// A family member's access: only the purchaser's subscription is extended.
  case familyShared

  public var message: String {
    switch self {
    case .ineligible(let why): return "the subscription cannot be extended: \(why)"
    case .maximumReached: return "the subscription was extended twice in the last 365 days already"
    case .familyShared: return "a family member's subscription cannot be extended; extend the purchaser's"
    }
  }
}

/// A mass extension for every active subscriber of a product (SPEC-APPSTORE 4.8).
public struct MassExtensionRequest: Hashable, Sendable, Codable {
  public var productId: String
  public var extendByDays: Int
  public var reasonCode: Int
  public var requestIdentifier: String
  /// ISO 3166-1 alpha-3 storefronts to limit it to; nil for all.
  public var storefronts: [String]?

  public init(
    productId: String, extendByDays: Int, reasonCode: Int, requestIdentifier: String, storefronts: [String]?
  ) {
    self.productId = productId
    self.extendByDays = extendByDays
    self.reasonCode = reasonCode
    self.requestIdentifier = requestIdentifier
    self.storefronts = storefronts
  }
}

/// What a mass extension did: its status and the `summary` of RENEWAL_EXTENSION/SUMMARY.
public struct MassExtensionSummary: Hashable, Sendable {
  public var request: MassExtensionRequest
  public var completeDate: VirtualTime
  public var succeededCount: Int
  public var failedCount: Int
}

extension CommerceState {
  /// Most days one extension may add, and most extensions per subscription in a year (SPEC-APPSTORE 4.8).
  public static let maximumExtensionDays = 90
  public static let maximumExtensionsPerYear = 2

  /// Why the subscription with this original transaction id cannot be extended now, or nil.
  /// **Assumption:** "at least one paid period" is read as: the current period was paid for
  /// (price above 0), so a free trial period is never extended.
  public func extensionRefusal(originalTransactionId: UInt64) -> ExtensionRefusal? {
    guard let position = transactions.position(of: originalTransactionId) else {
      return .ineligible("unknown original transaction")
    }
    let first = transactions[position]
    if first.ownership == .familyShared { return .familyShared }
    guard first.chain >= 0 else { return .ineligible("it is not an auto-renewable subscription") }
    return extensionRefusal(chain: chains[Int(first.chain)])
  }

  func extensionRefusal(chain: SubscriptionChain) -> ExtensionRefusal? {
    guard chain.status(at: now) == .active else {
      return .ineligible("its status is \(chain.status(at: now)), not active")
    }
    guard transactions[Int(chain.latestTransaction)].price > 0 else {
      return .ineligible("the current period is a free offer period")
    }
    let recent = chain.extensionDates.filter { now - $0 < 365 * Milliseconds.day }
    return recent.count >= Self.maximumExtensionsPerYear ? .maximumReached : nil
  }

  /// The subscription's period ends `days` later (sandbox: scaled like its renewals); every
  /// transaction of the period (the purchaser's and family copies) shows the new expiresDate.
  mutating func extendRenewalDate(
    originalTransactionId: String, days: Int, into out: inout [CommerceDomainEvent]
  ) throws(CommerceError) {
    guard (1...Self.maximumExtensionDays).contains(days) else {
      throw CommerceError("extendByDays must be 1 to \(Self.maximumExtensionDays), found \(days)")
    }
    let index = try existingTransaction(originalTransactionId)
    guard transactions[Int(index)].transactionId == transactions[Int(index)].originalTransactionId else {
      throw CommerceError("\(originalTransactionId) is not an original transaction id")
    }
    if let refusal = extensionRefusal(originalTransactionId: transactions[Int(index)].transactionId) {
      throw CommerceError(refusal.message)
    }
    extend(transactions[Int(index)].chain, days: days)
    emit(
      .init(.renewalExtended), chain: transactions[Int(index)].chain, summary: "renewal extended", into: &out)
  }

  /// Moves a chain's current period end; the caller has checked eligibility.
  private mutating func extend(_ chain: Int32, days: Int) {
    let value = chains[Int(chain)]
    let length = window(Int64(days) * Milliseconds.day, customer: value.customer)
    let expires = value.expiresDate + length
    chains[Int(chain)].expiresDate = expires
    chains[Int(chain)].extensionDates.append(now)
    modifyTransaction(value.latestTransaction) { $0.expiresDate = expires }
    for share in value.shares where sharedChains[Int(share)].revokedAt == nil {
      modifyTransaction(sharedChains[Int(share)].latestTransaction) { $0.expiresDate = expires }
    }
    schedule(chain)
  }

  /// Extends every live subscription whose current product is the request's (in its storefronts):
  /// eligible ones succeed (RENEWAL_EXTENDED), the others fail (RENEWAL_EXTENSION/FAILURE), and a
  /// RENEWAL_EXTENSION/SUMMARY event closes it. **Assumption:** Apple completes mass extensions
  /// over hours; epsim completes one at once, at the request's virtual time, and counts it toward
  /// each subscription's two extensions a year.
  mutating func extendRenewalDates(_ request: MassExtensionRequest, into out: inout [CommerceDomainEvent])
    throws(CommerceError)
  {
    let product = try existingProduct(request.productId)
    guard products[Int(product)].type == .autoRenewable else {
      throw CommerceError("\(request.productId) is not an auto-renewable subscription")
    }
    guard (1...Self.maximumExtensionDays).contains(request.extendByDays) else {
      throw CommerceError(
        "extendByDays must be 1 to \(Self.maximumExtensionDays), found \(request.extendByDays)")
    }
    guard massExtensions[request.requestIdentifier] == nil else {
      throw CommerceError("mass extension \(request.requestIdentifier) exists already")
    }
    var succeeded = 0
    var failed = 0
    for chain in chains.indices where chains[chain].isLive && chains[chain].product == product {
      let storefront = customers[Int(chains[chain].customer)].storefront
      if let only = request.storefronts, !only.contains(storefront) { continue }
      if extensionRefusal(chain: chains[chain]) == nil {
        extend(Int32(chain), days: request.extendByDays)
        succeeded += 1
        emit(.init(.renewalExtended), chain: Int32(chain), summary: "renewal extended (mass)", into: &out)
      } else {
        failed += 1
        emit(
          .init(.renewalExtension, .failure), chain: Int32(chain), summary: "mass extension failed",
          into: &out)
      }
    }
    let summary = MassExtensionSummary(
      request: request, completeDate: now, succeededCount: succeeded, failedCount: failed)
    massExtensions[request.requestIdentifier] = summary
    out.append(
      CommerceDomainEvent(
        time: now, customer: -1, notification: .init(.renewalExtension, .summary), transaction: nil,
        chain: nil, shared: nil, summary: "mass extension of \(request.productId): \(succeeded) extended",
        massExtension: summary))
  }

  /// A mass extension by its request identifier.
  public func massExtension(_ requestIdentifier: String) -> MassExtensionSummary? {
    massExtensions[requestIdentifier]
  }
}
