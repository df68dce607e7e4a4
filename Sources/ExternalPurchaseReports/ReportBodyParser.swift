import Foundation

/// Turns a request body into an `ExternalPurchaseReport`, or into every shape error found in it
/// (not JSON, missing fields, wrong types, values outside Apple's enums) with the parts that did
/// parse, so the validator can still check the rules on them.
public enum ReportBodyParser {
  /// The report, or the errors that make the body unusable (all of them, not just the first).
  public static func parse(_ body: Data) -> Result<ExternalPurchaseReport, UnusableReportBody> {
    guard let root = LooseJSON.parse(body) else {
      return .failure(
        .init(errors: [ReportError(.malformedBody, "the body is not valid JSON")], partial: nil))
    }
    return parse(root)
  }

  /// The report in an already decoded JSON value.
  static func parse(_ root: LooseJSON) -> Result<ExternalPurchaseReport, UnusableReportBody> {
    guard case .object(let fields) = root else {
      return .failure(
        .init(
          errors: [ReportError(.malformedBody, "the body must be a JSON object, found \(root.phrase)")],
          partial: nil))
    }
    var reader = FieldReader(fields: fields, lineItemId: nil)
    let requestIdentifier = reader.string("requestIdentifier")
    let externalPurchaseId = reader.string("externalPurchaseId")
    let status: ReportStatus? = reader.enumeration("status")
    var lineItems: [LineItem]?
    var lineItemCount: Int? = 0
    if let value = fields["lineItems"], value != .null {
      if case .array(let elements) = value {
        lineItems = []
        lineItemCount = elements.count
        for (index, element) in elements.enumerated() {
          if let item = parseLineItem(element, index: index, errors: &reader.errors) {
            lineItems?.append(item)
          }
        }
      } else {
        lineItemCount = nil
        reader.errors.append(
          ReportError(
            .invalidValue, "lineItems must be an array, found \(value.phrase)", fieldName: "lineItems"))
      }
    }
    guard reader.errors.isEmpty, let requestIdentifier, let externalPurchaseId, let status else {
      let partial = PartialReport(
        requestIdentifier: requestIdentifier, externalPurchaseId: externalPurchaseId, status: status,
        lineItems: lineItems ?? [], lineItemCount: lineItemCount)
      return .failure(.init(errors: reader.errors, partial: partial))
    }
    return .success(
      ExternalPurchaseReport(
        requestIdentifier: requestIdentifier, externalPurchaseId: externalPurchaseId, status: status,
        lineItems: lineItems))
  }

  private static func parseLineItem(_ value: LooseJSON, index: Int, errors: inout [ReportError]) -> LineItem?
  {
    guard case .object(let fields) = value else {
      errors.append(
        ReportError(
          .invalidValue, "lineItems[\(index)] must be an object, found \(value.phrase)",
          fieldName: "lineItems"))
      return nil
    }
    let id: String? = if case .string(let text) = fields["lineItemId"] { text } else { nil }
    var reader = FieldReader(fields: fields, lineItemId: id)
    let lineItemId = reader.string("lineItemId")
    let creationDate = reader.integer("creationDate")
    let eventType: LineItemEventType? = reader.enumeration("eventType")
    let productType: LineItemProductType? = reader.enumeration("productType", required: false)
    let subscriptionEvent: SubscriptionEvent? = reader.enumeration("subscriptionEvent", required: false)
    let reference = reader.string("referenceLineItemId", required: false)
    // Required on a purchase only (a refund has neither): the line item rules check that.
    let productIdentifier = reader.string("productIdentifier", required: false)
    let quantity = reader.integer("quantity", required: false)
    let inclusive = reader.integer("amountTaxInclusive")
    let exclusive = reader.integer("amountTaxExclusive")
    let tax = reader.integer("taxAmount")
    let net = reader.integer("netAmountTaxExclusive", required: false)
    let reporting = reader.string("reportingCurrency")
    let pricing = reader.string("pricingCurrency")
    let exchangeRate = reader.decimal("exchangeRate")
    let taxCountry = reader.string("taxCountry")
    let restatement = reader.bool("restatement")
    let erroneous = reader.bool("erroneouslySubmitted")
    errors += reader.errors
    guard reader.errors.isEmpty, let lineItemId, let creationDate, let eventType, let inclusive,
      let exclusive, let tax, let reporting, let pricing, let taxCountry
    else { return nil }
    return LineItem(
      lineItemId: lineItemId, creationDate: creationDate, eventType: eventType, productType: productType,
      subscriptionEvent: subscriptionEvent, referenceLineItemId: reference,
      productIdentifier: productIdentifier,
      quantity: quantity, amountTaxInclusive: inclusive, amountTaxExclusive: exclusive, taxAmount: tax,
      netAmountTaxExclusive: net, reportingCurrency: reporting, pricingCurrency: pricing,
      exchangeRate: exchangeRate, taxCountry: taxCountry, restatement: restatement,
      erroneouslySubmitted: erroneous)
  }
}

/// Reads typed fields out of one JSON object, collecting an error for each bad one.
private struct FieldReader {
  let fields: [String: LooseJSON]
  let lineItemId: String?
  var errors: [ReportError] = []

  /// The value, or nil after recording a missing-field error when it is required.
  private mutating func value(_ name: String, required: Bool) -> LooseJSON? {
    guard let value = fields[name], value != .null else {
      if required {
        errors.append(
          ReportError(.omittedField, "\(name) is required", fieldName: name, lineItemId: lineItemId))
      }
      return nil
    }
    return value
  }

  private mutating func wrongType(_ name: String, expected: String, found: LooseJSON) {
    errors.append(
      ReportError(
        .invalidValue, "\(name) must be \(expected), found \(found.phrase)", fieldName: name,
        lineItemId: lineItemId))
  }

  /// The field as `extract` reads it; a value it cannot read is the wrong type, `expected` says
  /// what it should be.
  private mutating func field<T>(
    _ name: String, required: Bool, expected: String, _ extract: (LooseJSON) -> T?
  ) -> T? {
    guard let value = value(name, required: required) else { return nil }
    guard let read = extract(value) else {
      wrongType(name, expected: expected, found: value)
      return nil
    }
    return read
  }

  mutating func string(_ name: String, required: Bool = true) -> String? {
    field(name, required: required, expected: "a string") {
      if case .string(let text) = $0 { text } else { nil }
    }
  }

  mutating func integer(_ name: String, required: Bool = true) -> Int64? {
    field(name, required: required, expected: "an integer") {
      if case .integer(let number) = $0 { number } else { nil }
    }
  }

  mutating func decimal(_ name: String) -> Double? {
    field(name, required: false, expected: "a number") { value in
      switch value {
      case .integer(let number): Double(number)
      case .number(let number): number
      default: nil
      }
    }
  }

  mutating func bool(_ name: String) -> Bool? {
    field(name, required: false, expected: "a boolean") { if case .bool(let flag) = $0 { flag } else { nil } }
  }

  mutating func enumeration<T: RawRepresentable & CaseIterable>(_ name: String, required: Bool = true) -> T?
  where T.RawValue == String {
    guard let text = string(name, required: required) else { return nil }
    guard let member = T(rawValue: text) else {
      let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
      errors.append(
        ReportError(
          .unknownEnum, "\(name) '\(text)' is not one of \(allowed)", fieldName: name, lineItemId: lineItemId)
      )
      return nil
    }
    return member
  }
}

extension ReportBodyParser {
  /// Parses a file of one report or a JSON array of reports, each on its own; nil when the data
  /// is not JSON at all.
  public static func parseDocument(_ data: Data) -> [Result<ExternalPurchaseReport, UnusableReportBody>]? {
    guard let root = LooseJSON.parse(data) else { return nil }
    guard case .array(let elements) = root else { return [parse(data)] }
    return elements.map(parse)
  }
}
