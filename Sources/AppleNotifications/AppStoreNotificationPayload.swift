import AppleWireTypes
import LifecycleSimulator

/// The decoded payload of an App Store Server Notification V2 (`responseBodyV2DecodedPayload`,
/// SPEC-APPSTORE 5.2) for App Store events, TEST and the mass extension's SUMMARY: `data` or
/// `summary`, never both; RESCIND_CONSENT carries `appData` alone. Nil fields are left out, as
/// Apple leaves them out.
package struct AppStoreNotificationPayload: Encodable {
  package var notificationType: String
  package var subtype: String?
  package var notificationUUID: String
  package var version = "2.0"
  package var signedDate: Int64
  package var data: NotificationData?
  package var summary: RenewalExtensionSummary?
  package var appData: NotificationAppData? = nil
}

/// The `appData` object of RESCIND_CONSENT (SPEC-APPSTORE 5.2, 5.3): the app, the environment and
/// the customer's app transaction, signed. Such a payload has no `data`, so no `data.bundleId`.
package struct NotificationAppData: Encodable {
  /// Left out in the sandbox, as in `data` (**assumption**: Apple's sentence is about the field).
  package var appAppleId: Int64?
  package var bundleId: String
  package var environment: AppleEnvironment
  package var signedAppTransactionInfo: String
}

/// The `data` object: the app, the environment and, for purchase events, the signed transaction,
/// renewal info (subscriptions) and the subscription's `status` at `signedDate`.
package struct NotificationData: Encodable {
  /// Left out in the sandbox: Apple's `appAppleId` "isn't present in the sandbox environment".
  package var appAppleId: Int64?
  package var bundleId: String
  package var bundleVersion: String
  package var environment: AppleEnvironment
  package var signedTransactionInfo: String?
  package var signedRenewalInfo: String?
  package var status: Int?
  /// CONSUMPTION_REQUEST only (SPEC-APPSTORE 4.9).
  package var consumptionRequestReason: String?
}

/// The `summary` of a RENEWAL_EXTENSION / SUMMARY notification: how a mass extension of renewal
/// dates ended (SPEC-APPSTORE 4.8, 5.2).
public struct RenewalExtensionSummary: Hashable, Sendable, Encodable {
  public var environment: AppleEnvironment
  public var appAppleId: Int64
  public var bundleId: String
  public var productId: String
  public var requestIdentifier: String
  /// The storefronts the request was limited to; empty when it named none.
  public var storefrontCountryCodes: [String]
  public var succeededCount: Int64
  public var failedCount: Int64

  public init(
    environment: AppleEnvironment, appAppleId: Int64, bundleId: String, productId: String,
    requestIdentifier: String,
    storefrontCountryCodes: [String], succeededCount: Int64, failedCount: Int64
  ) {
    self.environment = environment
    self.appAppleId = appAppleId
    self.bundleId = bundleId
    self.productId = productId
    self.requestIdentifier = requestIdentifier
    self.storefrontCountryCodes = storefrontCountryCodes
    self.succeededCount = succeededCount
    self.failedCount = failedCount
  }
}
