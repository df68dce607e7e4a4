import AppleWireTypes
import SimulationTime

/// How and when a transaction was taken back.
public struct Revocation: Hashable, Sendable {
  public var date: VirtualTime
  /// Nil for a Family Sharing revocation (**assumption:** Apple documents reasons for refunds only).
  public var reason: RevocationReason?
  public var type: RevocationType
  /// Refunded share in milliunits (100000 = all); nil for a family revocation.
  public var percentage: Int32?
}

/// The offer a transaction was charged under.
public struct AppliedOffer: Hashable, Sendable {
  public var type: OfferType
  /// Nil for introductory offers, which have no identifier.
  public var identifier: String?
  public var discount: OfferDiscountType
  /// Nil for a one-time product's offer code.
  public var period: String?
}

/// One transaction, kept compact (ids as integers, product as a catalog index) so a year of 100,000
/// subscribers fits in memory; `CommerceState.payload(of:)` writes every field Apple sends.
public struct TransactionRecord: Hashable, Sendable {
  public var transactionId: UInt64
  public var originalTransactionId: UInt64
  /// Subscriptions only: one per purchase event (purchase or renewal), shared with family copies.
  public var webOrderLineItemId: UInt64?
  public var customer: Int32
  public var product: Int32
  public var purchaseDate: VirtualTime
  public var originalPurchaseDate: VirtualTime
  /// Auto-renewable subscriptions only.
  public var expiresDate: VirtualTime?
  public var quantity: Int32
  /// How many of `quantity` the app has consumed (consumables).
  public var consumed: Int32
  public var price: Int64
  public var currencyIndex: Int32
  public var storefrontIndex: Int32
  public var reason: TransactionReason
  public var ownership: OwnershipType
  public var isUpgraded: Bool
  /// The offer charged, as a position in the product's offers (`CommerceState.offer(of:)` spells it out).
  public var offerIndex: Int16?
  public var appAccountToken: String?
  public var revocation: Revocation?
  /// The chain (subscription) this transaction belongs to, or -1.
  public var chain: Int32
  /// When the signed payload last changed (created, refunded, revoked, upgraded, token set, expiry
  /// moved): Get Transaction History orders by it (SPEC-APPSTORE 4.4).
  public var modifiedDate: VirtualTime = 0
  /// That change's place among every change the App Store made, so that changes within one
  /// virtual millisecond keep their order and a revision handed out before any of them stays before.
  public var modification: UInt64 = 0

  /// Whether two versions of a transaction sign the same payload (`consumed` and the modification
  /// stamps are not in it).
  func signsLike(_ other: TransactionRecord) -> Bool {
    var a = self
    var b = other
    a.consumed = 0
    b.consumed = 0
    a.modifiedDate = 0
    b.modifiedDate = 0
    a.modification = 0
    b.modification = 0
    return a == b
  }
}
