/// One error object of a rejected report, as in Apple's `SendReportErrorResponse` (SPEC 7).
///
/// The JSON carries `errorCode`, `errorMessage`, `fieldName` and `lineItemId`; the message begins
/// with the error object's name so people and logs see which rule failed.
public struct ReportError: Codable, Hashable, Sendable, CustomStringConvertible {
  public var errorCode: Int64
  public var errorMessage: String
  /// The field at fault, such as `status` or `creationDate`.
  public var fieldName: String?
  /// The line item at fault, when the error concerns one.
  public var lineItemId: String?

  public init(_ kind: ReportErrorKind, _ detail: String, fieldName: String? = nil, lineItemId: String? = nil)
  {
    self.errorCode = kind.code
    self.errorMessage = "\(kind.rawValue): \(detail)"
    self.fieldName = fieldName
    self.lineItemId = lineItemId
  }

  /// The error object's name, read back from the message.
  public var name: String {
    String(errorMessage.prefix { $0 != ":" })
  }

  /// The kind, when the name is one epsim knows.
  public var kind: ReportErrorKind? { ReportErrorKind(rawValue: name) }

  public var description: String {
    var text = "\(errorMessage) (errorCode \(errorCode)"
    if let fieldName { text += ", fieldName \(fieldName)" }
    if let lineItemId { text += ", lineItemId \(lineItemId)" }
    return text + ")"
  }
}

/// The body of a 400 answer: every error found, nothing of the report accepted.
public struct ReportErrorResponse: Codable, Hashable, Sendable, Error {
  public var errors: [ReportError]

  public init(errors: [ReportError]) {
    self.errors = errors
  }
}
