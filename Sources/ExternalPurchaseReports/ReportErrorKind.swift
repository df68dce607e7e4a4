/// Every way a report can fail, with Apple's error object name and code (SPEC 7).
///
/// Apple publishes names for most of these and numeric codes for only a few. Where no code is
/// published epsim answers with its own code from 9001 up, so a backend never mistakes an epsim
/// guess for Apple's number; where no name is published the name is epsim's (docs/decisions.md).
public enum ReportErrorKind: String, CaseIterable, Hashable, Sendable {
  // Names Apple publishes.
  case lineItemCreationDateOutOfRange = "LineItemCreationDateOutOfRangeError"
  case futureDate = "FutureDateError"
  case dateTooFarInPast = "DateTooFarInPastError"
  case refundNotAllowedCreationDate = "RefundNotAllowedCreationDateError"
  case restatementNotAllowedCreationDate = "RestatementNotAllowedCreationDateError"
  case restatementCreationDateMismatch = "RestatementCreationDateMismatchError"
  case referencedCreationDateIncompatible = "ReferencedCreationDateIncompatibleError"
  case erroneouslySubmittedNotRestatement = "ErroneouslySubmittedNotRestatementError"
  case incorrectAmountTaxInclusive = "IncorrectAmountTaxInclusiveError"
  case lineItemStatusRegression = "LineItemStatusRegressionError"
  case duplicateTokenStatusNotAllowed = "DuplicateTokenStatusNotAllowedError"
  case lineItemsNotAllowedForStatus = "LineItemsNotAllowedForStatusError"
  case missingLineItemsForStatus = "MissingLineItemsForStatusError"
  case duplicateValue = "DuplicateValueError"
  case unknownEnum = "UnknownEnumError"
  case fieldNotAllowed = "FieldNotAllowedError"
  // Names epsim chose where Apple publishes none.
  case externalPurchaseIdNotFound = "ExternalPurchaseIdNotFoundError"
  case invalidRequestIdentifier = "InvalidRequestIdentifierError"
  case missingRequiredField = "MissingRequiredFieldError"
  case invalidValue = "InvalidValueError"
  case referencedLineItemNotFound = "ReferencedLineItemNotFoundError"
  case malformedBody = "MalformedBodyError"

  /// The `errorCode` sent: Apple's where published, otherwise epsim's own (9001 and up).
  public var code: Int64 {
    switch self {
    case .lineItemCreationDateOutOfRange: return 36
    case .restatementNotAllowedCreationDate: return 39
    default:
      let index = Self.allCases.firstIndex(of: self) ?? 0
      return 9001 + Int64(index)
    }
  }

  /// Whether Apple publishes this error object's name (false: epsim's own name).
  public var isApplesName: Bool {
    switch self {
    case .externalPurchaseIdNotFound, .invalidRequestIdentifier, .missingRequiredField, .invalidValue,
      .referencedLineItemNotFound, .malformedBody:
      return false
    default: return true
    }
  }
}
