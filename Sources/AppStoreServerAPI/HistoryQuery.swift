import AppStoreCommerce
import AppleWireTypes
import Hummingbird

/// The query of Get Transaction History (SPEC-APPSTORE 4.4), checked: every filter, ANDed.
package struct HistoryQuery {
  package var revision: HistoryRevision?
  package var startDate: Int64?
  package var endDate: Int64?
  package var productIds: Set<String> = []
  package var productTypes: Set<ProductType> = []
  package var descending = false
  package var groups: Set<String> = []
  package var ownership: OwnershipType?
  package var revoked: Bool?

  /// The `productType` filter's spellings (SPEC-APPSTORE 4.4).
  package static let productTypeNames = Dictionary(
    uniqueKeysWithValues: ProductType.allCases.map { ($0.historyFilterName, $0) })

  package init(_ parameters: Parameters) throws(AppStoreAPIError) {
    if let text = parameters.get("revision") {
      guard let revision = HistoryRevision(text) else { throw .invalidRevision(text) }
      self.revision = revision
    }
    if let text = parameters.get("startDate") {
      guard let value = Int64(text), value >= 0 else {
        throw AppStoreAPIError(
          .badRequest, 4_000_015, "InvalidStartDateError", "startDate '\(text)' is not UNIX ms")
      }
      startDate = value
    }
    if let text = parameters.get("endDate") {
      guard let value = Int64(text), value >= 0 else {
        throw AppStoreAPIError(
          .badRequest, 4_000_016, "InvalidEndDateError", "endDate '\(text)' is not UNIX ms")
      }
      endDate = value
    }
    if let startDate, let endDate, endDate <= startDate {
      throw AppStoreAPIError(
        .badRequest, 4_000_013, "StartDateAfterEndDateError",
        "endDate \(endDate) must come after startDate \(startDate)")
    }
    for id in parameters.getAll("productId") {
      guard !id.isEmpty else {
        throw AppStoreAPIError(.badRequest, 4_000_023, "InvalidProductIdError", "productId is empty")
      }
      productIds.insert(id)
    }
    for name in parameters.getAll("productType") {
      guard let type = Self.productTypeNames[name] else {
        throw AppStoreAPIError(
          .badRequest, 4_000_022, "InvalidProductTypeError",
          "productType '\(name)' is not AUTO_RENEWABLE, NON_RENEWABLE, CONSUMABLE or NON_CONSUMABLE")
      }
      productTypes.insert(type)
    }
    if let sort = parameters.get("sort") {
      guard sort == "ASCENDING" || sort == "DESCENDING" else {
        throw AppStoreAPIError(
          .badRequest, 4_000_021, "InvalidSortError", "sort '\(sort)' is not ASCENDING or DESCENDING")
      }
      descending = sort == "DESCENDING"
    }
    for group in parameters.getAll("subscriptionGroupIdentifier") {
      guard !group.isEmpty else {
        throw AppStoreAPIError(
          .badRequest, 4_000_024, "InvalidSubscriptionGroupIdentifierError",
          "subscriptionGroupIdentifier is empty")
      }
      groups.insert(group)
    }
    if let text = parameters.get("inAppOwnershipType") {
      guard let value = OwnershipType(rawValue: text) else {
        throw AppStoreAPIError(
          .badRequest, 4_000_026, "InvalidInAppOwnershipTypeError",
          "inAppOwnershipType '\(text)' is not PURCHASED or FAMILY_SHARED")
      }
      ownership = value
    }
    if let text = parameters.get("revoked") {
      // Apple's Python library sends Python's `True`/`False`: read case-insensitively (SPEC-APPSTORE 4.4).
      switch text.lowercased() {
      case "true": revoked = true
      case "false": revoked = false
      default:
        throw AppStoreAPIError(
          .badRequest, 4_000_030, "InvalidRevokedError", "revoked '\(text)' is not true or false")
      }
    }
  }

  /// Whether a transaction passes every filter.
  package func matches(_ record: TransactionRecord, in state: CommerceState) -> Bool {
    if let startDate, record.purchaseDate < startDate { return false }
    if let endDate, record.purchaseDate >= endDate { return false }
    let product = state.products[Int(record.product)]
    if !productIds.isEmpty && !productIds.contains(product.id) { return false }
    if !productTypes.isEmpty && !productTypes.contains(product.type) { return false }
    if !groups.isEmpty && !groups.contains(product.subscription?.groupId ?? "") { return false }
    if let ownership, record.ownership != ownership { return false }
    if let revoked, (record.revocation != nil) != revoked { return false }
    return true
  }
}

/// A paging position: `modifiedDate_modification` of a transaction change (the shape of Apple's
/// example revisions, SPEC-APPSTORE 4.4; the second number is the App Store's change stamp,
/// `TransactionRecord.modification`). Pages continue strictly after it (ascending) or before it
/// (descending). Every change takes a new, higher stamp, so a revision stays valid however many
/// transactions arrive or change, and a transaction changed after a revision was handed out comes
/// after it: a backend polling with its last revision learns of refunds and revocations.
/// Get Refund History uses the same shape with `revocationDate_transactionId`.
package struct HistoryRevision: Equatable {
  package var modifiedDate: Int64
  package var modification: UInt64

  package static let start = HistoryRevision(modifiedDate: 0, modification: 0)

  package init(modifiedDate: Int64, modification: UInt64) {
    self.modifiedDate = modifiedDate
    self.modification = modification
  }

  package init(_ record: TransactionRecord) {
    self.init(modifiedDate: record.modifiedDate, modification: record.modification)
  }

  package init?(_ text: String) {
    let parts = text.split(separator: "_", omittingEmptySubsequences: false)
    guard parts.count == 2, let date = Int64(parts[0]), date >= 0,
      let number = transactionNumber(String(parts[1]))
    else { return nil }
    self.init(modifiedDate: date, modification: number)
  }

  package var text: String { "\(modifiedDate)_\(modification)" }
}
