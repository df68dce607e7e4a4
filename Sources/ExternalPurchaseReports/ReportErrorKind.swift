/// Every way a report can fail, with Apple's error object name and code (SPEC 7).
///
/// Apple publishes names for most of these and numeric codes for some. Where no code is
/// published epsim answers with its own code from 9001 up, so a backend never mistakes an epsim
/// guess for Apple's number; where no name is published the name is epsim's
/// (docs/decisions/0088-report-error-codes-apple-does-not-publish-are.md).
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
  case omittedField = "OmittedFieldError"
  case negativeValueNotAllowed = "NegativeValueNotAllowedError"
  case exchangeRateMismatch = "ExchangeRateMismatchError"
  case pricingCurrencyMismatch = "PricingCurrencyMismatchError"
  case reportingCurrencyMismatch = "ReportingCurrencyMismatchError"
  case taxCountryMismatch = "TaxCountryMismatchError"
  case refundReferencedByRefund = "RefundReferencedByRefundError"
  // Names epsim chose where Apple publishes none.
  case externalPurchaseIdNotFound = "ExternalPurchaseIdNotFoundError"
  case invalidRequestIdentifier = "InvalidRequestIdentifierError"
  case invalidValue = "InvalidValueError"
  case referencedLineItemNotFound = "ReferencedLineItemNotFoundError"
  case malformedBody = "MalformedBodyError"

  /// The `errorCode` sent: Apple's where published (each error object's page in Apple's
  /// reference gives its value), otherwise epsim's own, fixed per error from 9001 up.
  public var code: Int64 {
    switch self {
    case .reportingCurrencyMismatch: return 2
    case .omittedField: return 4
    case .fieldNotAllowed: return 5
    case .negativeValueNotAllowed: return 15
    case .taxCountryMismatch: return 23
    case .refundReferencedByRefund: return 28
    case .pricingCurrencyMismatch: return 32
    case .exchangeRateMismatch: return 33
    case .lineItemCreationDateOutOfRange: return 36
    case .restatementNotAllowedCreationDate: return 39
    case .futureDate: return 9002
    case .dateTooFarInPast: return 9003
    case .refundNotAllowedCreationDate: return 9004
    case .restatementCreationDateMismatch: return 9006
    case .referencedCreationDateIncompatible: return 9007
    case .erroneouslySubmittedNotRestatement: return 9008
    case .incorrectAmountTaxInclusive: return 9009
    case .lineItemStatusRegression: return 9010
    case .duplicateTokenStatusNotAllowed: return 9011
    case .lineItemsNotAllowedForStatus: return 9012
    case .missingLineItemsForStatus: return 9013
    case .duplicateValue: return 9014
    case .unknownEnum: return 9015
    case .externalPurchaseIdNotFound: return 9017
    case .invalidRequestIdentifier: return 9018
    case .invalidValue: return 9020
    case .referencedLineItemNotFound: return 9021
    case .malformedBody: return 9022
    }
  }

  /// Whether Apple publishes this error object's name (false: epsim's own name).
  public var isApplesName: Bool {
    switch self {
    case .externalPurchaseIdNotFound, .invalidRequestIdentifier, .invalidValue, .referencedLineItemNotFound,
      .malformedBody:
      return false
    default: return true
    }
  }
}
