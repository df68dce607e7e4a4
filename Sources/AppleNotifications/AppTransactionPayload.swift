import AppStoreCommerce
import LifecycleSimulator

/// `JWSAppTransactionDecodedPayload`: the app's download by a customer, as Get App Transaction
/// Info signs it. **Assumptions:** the original purchase date is the customer's first App Store
/// transaction (or now when they have none), the original application version is "1.0", the
/// platform iOS; epsim has no device verification, so those fields are left out.
package struct AppTransactionPayload: Codable {
  package var receiptType: String
  package var appAppleId: Int64
  package var bundleId: String
  package var applicationVersion: String
  package var versionExternalIdentifier: Int64
  package var receiptCreationDate: Int64
  package var originalPurchaseDate: Int64
  package var originalApplicationVersion: String
  package var appTransactionId: String
  package var originalPlatform: String

  /// The payload signed at `time`; `firstPurchase` is the customer's first transaction they
  /// can see (nil: none, and the original purchase date is `time`).
  package init(
    app: AppConfiguration, commerce: CommerceState, customer: Int32, firstPurchase: Int64?, at time: Int64
  ) {
    receiptType = commerce.settings.environment.appleName
    appAppleId = app.appAppleId
    bundleId = commerce.settings.bundleId
    applicationVersion = app.version
    versionExternalIdentifier = 0
    receiptCreationDate = time
    originalPurchaseDate = firstPurchase ?? time
    originalApplicationVersion = "1.0"
    appTransactionId = commerce.customers[Int(customer)].appTransactionId
    originalPlatform = "iOS"
  }
}
