import AppStoreCommerce
import Foundation
import Hummingbird
import JSONShield
import MockAppleHTTP

/// Extend a Subscription Renewal Date and Extend Subscription Renewal Dates for All Active
/// Subscribers (SPEC-APPSTORE 4.8), with Apple's checks and error codes.
extension AppStoreRoutes {
  /// The fields both extension requests share, checked in the order they are listed.
  package struct ExtensionFields {
    package var days: Int
    package var reason: Int
    package var requestIdentifier: String

    package init(_ body: [String: JSONScalar]) throws(AppStoreAPIError) {
      guard case .int(let days) = body["extendByDays"],
        (1...Int64(CommerceState.maximumExtensionDays)).contains(days)
      else {
        throw AppStoreAPIError(
          .badRequest, 4_000_009, "InvalidExtendByDaysError",
          "extendByDays must be a whole number of days from 1 to \(CommerceState.maximumExtensionDays)")
      }
      guard case .int(let reason) = body["extendReasonCode"], (0...3).contains(reason) else {
        throw AppStoreAPIError(
          .badRequest, 4_000_010, "InvalidExtendReasonCodeError", "extendReasonCode must be 0, 1, 2 or 3")
      }
      guard case .string(let identifier) = body["requestIdentifier"], !identifier.isEmpty,
        identifier.count <= 128
      else {
        throw AppStoreAPIError(
          .badRequest, 4_000_011, "InvalidRequestIdentifierError",
          "requestIdentifier must be a string of 1 to 128 characters")
      }
      self.days = Int(days)
      self.reason = Int(reason)
      requestIdentifier = identifier
    }
  }

  package func extend(_ request: Request, id: String, view: AppStoreView) async throws -> Response {
    let body = try await jsonObject(request)
    guard let number = transactionNumber(id) else { throw AppStoreAPIError.invalidOriginalTransactionId(id) }
    let fields = try ExtensionFields(body)
    guard case .transaction(let record) = view.subject(number) else {
      throw AppStoreAPIError.originalTransactionNotFound(id)
    }
    guard record.transactionId == record.originalTransactionId else {
      throw AppStoreAPIError(
        .badRequest, 4_000_008, "InvalidOriginalTransactionIdError",
        "\(id) is not an original transaction id; its original is \(record.originalTransactionId)")
    }
    switch view.commerce.extensionRefusal(originalTransactionId: number) {
    case .familyShared:
      throw AppStoreAPIError(
        .forbidden, 4_030_007, "FamilySharedSubscriptionExtensionIneligibleError",
        ExtensionRefusal.familyShared.message)
    case .maximumReached:
      throw AppStoreAPIError(
        .forbidden, 4_030_005, "SubscriptionMaxExtensionError", ExtensionRefusal.maximumReached.message)
    case .ineligible(let why):
      throw AppStoreAPIError(
        .forbidden, 4_030_004, "SubscriptionExtensionIneligibleError",
        ExtensionRefusal.ineligible(why).message)
    case nil: break
    }
    let events: [CommerceDomainEvent]
    do {
      events = try await server.state.apply(.extendRenewalDate(originalTransactionId: id, days: fields.days))
    } catch {
      // The clock moved between the check and the change: the subscription is no longer eligible.
      throw AppStoreAPIError(.forbidden, 4_030_004, "SubscriptionExtensionIneligibleError", error.message)
    }
    let extended = events.last { $0.notification?.type == .renewalExtended && $0.shared == nil }?.transaction
    return JSONResponse.make(
      .ok,
      ExtendRenewalDateResponse(
        originalTransactionId: id, webOrderLineItemId: extended?.webOrderLineItemId.map { String($0) },
        success: true, effectiveDate: extended?.expiresDate))
  }

  /// The body of a mass extension: the shared fields, a product and an optional storefront list.
  package struct MassExtensionBody: Decodable {
    package var productId: JSONScalar?
    package var storefrontCountryCodes: [JSONScalar]?
  }

  package func massExtend(_ request: Request, view: AppStoreView) async throws -> Response {
    let data = try await bodyData(request)
    let fields = try ExtensionFields(try decoded(data, as: [String: JSONScalar].self))
    let extra = try decoded(data, as: MassExtensionBody.self)
    guard case .string(let productId) = extra.productId,
      view.commerce.product(productId)?.type == .autoRenewable || !view.serves
    else {
      throw AppStoreAPIError(
        .badRequest, 4_000_023, "InvalidProductIdError", "productId must name an auto-renewable subscription")
    }
    var storefronts: [String]?
    if let codes = extra.storefrontCountryCodes {
      guard !codes.isEmpty else {
        throw AppStoreAPIError(
          .badRequest, 4_000_027, "InvalidEmptyStorefrontCountryCodeListError",
          "storefrontCountryCodes is empty; leave it out for every storefront")
      }
      storefronts = try codes.map { code throws(AppStoreAPIError) in
        guard case .string(let text) = code, Storefronts.id(of: text) != nil else {
          throw AppStoreAPIError(
            .badRequest, 4_000_028, "InvalidStorefrontCountryCodeError",
            "\(code.text) is not an ISO 3166-1 alpha-3 storefront epsim knows")
        }
        return text
      }
    }
    guard view.serves else {
      throw AppStoreAPIError(
        .badRequest, 4_000_023, "InvalidProductIdError", "no product \(productId) in this environment")
    }
    // A request identifier already used answers as the first time did: mass extensions run once.
    if view.commerce.massExtension(fields.requestIdentifier) == nil {
      let massRequest = MassExtensionRequest(
        productId: productId, extendByDays: fields.days, reasonCode: fields.reason,
        requestIdentifier: fields.requestIdentifier, storefronts: storefronts)
      do {
        _ = try await server.state.apply(.extendRenewalDates(massRequest))
      } catch {
        throw AppStoreAPIError.generalBadRequest(error.message)
      }
    }
    return JSONResponse.make(.ok, ["requestIdentifier": fields.requestIdentifier])
  }
}

/// `ExtendRenewalDateResponse` (SPEC-APPSTORE 4.8).
package struct ExtendRenewalDateResponse: Codable {
  package var originalTransactionId: String
  package var webOrderLineItemId: String?
  package var success: Bool
  package var effectiveDate: Int64?
}
