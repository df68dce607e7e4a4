import AppStoreCommerce
import AppleWireTypes
import LifecycleSimulator

/// Turns App Store happenings into signed notifications V2, not yet delivered: one per domain
/// event that Apple notifies, a TEST on request, and a mass extension's SUMMARY. Pure: the same
/// world, App Store and events give the same payloads (UUIDs are seeded by the world's seed).
package struct AppStoreNotificationBuilder {
  /// The app the notifications are about (`appAppleId`, `bundleVersion`) and the seed of the UUIDs.
  package let app: AppConfiguration
  package let seed: UInt64
  package let commerce: CommerceState
  package let signer: SignedCommerceData

  package init(app: AppConfiguration, seed: UInt64, commerce: CommerceState, signer: SignedCommerceData) {
    self.app = app
    self.seed = seed
    self.commerce = commerce
    self.signer = signer
  }

  /// The notification of the domain event at `index` of the server's event list, or nil when
  /// Apple sends none for it. A mass extension's closing event gives its SUMMARY.
  package func delivery(for event: CommerceDomainEvent, index: Int) throws -> NotificationDelivery? {
    guard let notification = event.notification else { return nil }
    if let mass = event.massExtension {
      return try summary(
        RenewalExtensionSummary(
          environment: AppleEnvironment(commerce.settings.environment), appAppleId: app.appAppleId,
          bundleId: app.bundleId,
          productId: mass.request.productId, requestIdentifier: mass.request.requestIdentifier,
          storefrontCountryCodes: mass.request.storefronts ?? [], succeededCount: Int64(mass.succeededCount),
          failedCount: Int64(mass.failedCount)), at: event.time)
    }
    if notification.type == .rescindConsent {
      return try consentRescinded(event, index: index)
    }
    var data = appData(environment: AppleEnvironment(commerce.settings.environment))
    if let transaction = event.transaction {
      data.signedTransactionInfo = try signer.transaction(
        commerce.payload(of: transaction, signedDate: event.time))
    }
    if let chain = event.chain {
      data.signedRenewalInfo = try signer.renewalInfo(
        commerce.renewalInfo(of: chain, shared: event.shared, signedDate: event.time))
      data.status = event.status?.rawValue
    }
    data.consumptionRequestReason = event.consumptionRequestReason?.rawValue
    var delivery = try signed(
      key: "appstore/\(index)", type: notification.type.rawValue, subtype: notification.subtype?.rawValue,
      at: event.time, data: data, summary: nil)
    delivery.transactionId = event.transaction.map { String($0.transactionId) }
    delivery.originalTransactionId = event.transaction.map { String($0.originalTransactionId) }
    delivery.customer = event.customer
    return delivery
  }

  /// The TEST notification numbered `number`, for the host of `environment`; its token is its
  /// UUID and signing time, as Apple's tokens look.
  package func test(number: Int, environment: AppleEnvironment, at time: VirtualTime) throws
    -> NotificationDelivery
  {
    var delivery = try signed(
      key: "test/\(number)", type: NotificationType.test.rawValue, subtype: nil, at: time,
      data: appData(environment: environment),
      summary: nil)
    delivery.testNotificationToken = "\(delivery.notificationUUID)_\(time)"
    return delivery
  }

  /// The RENEWAL_EXTENSION / SUMMARY notification of a finished mass extension: `summary`, no `data`.
  package func summary(_ summary: RenewalExtensionSummary, at time: VirtualTime) throws
    -> NotificationDelivery
  {
    var delivery = try signed(
      key: "summary/\(summary.environment)/\(summary.requestIdentifier)", type: "RENEWAL_EXTENSION",
      subtype: "SUMMARY", at: time, data: nil, summary: summary)
    delivery.environment = summary.environment
    return delivery
  }

  /// RESCIND_CONSENT: `appData` with the customer's signed app transaction, and no `data`.
  private func consentRescinded(_ event: CommerceDomainEvent, index: Int) throws -> NotificationDelivery {
    let environment = AppleEnvironment(commerce.settings.environment)
    let appTransaction = AppTransactionPayload(
      app: app, commerce: commerce, customer: event.customer,
      firstPurchase: commerce.transactions(of: commerce.customers[Int(event.customer)].id).first?
        .purchaseDate,
      at: event.time)
    let appData = NotificationAppData(
      appAppleId: environment == .sandbox ? nil : app.appAppleId,
      bundleId: app.bundleId, environment: environment,
      signedAppTransactionInfo: try signer.sign(appTransaction))
    var delivery = try signed(
      key: "appstore/\(index)", type: NotificationType.rescindConsent.rawValue, subtype: nil, at: event.time,
      data: nil, summary: nil, appData: appData)
    delivery.customer = event.customer
    return delivery
  }

  private func appData(environment: AppleEnvironment) -> NotificationData {
    NotificationData(
      appAppleId: environment == .sandbox ? nil : app.appAppleId,
      bundleId: app.bundleId, bundleVersion: app.version, environment: environment)
  }

  private func signed(
    key: String, type: String, subtype: String?, at time: VirtualTime, data: NotificationData?,
    summary: RenewalExtensionSummary?, appData: NotificationAppData? = nil
  ) throws -> NotificationDelivery {
    let uuid = NotificationLog.notificationUUID(seed: seed, key: key)
    let payload = AppStoreNotificationPayload(
      notificationType: type, subtype: subtype, notificationUUID: uuid, signedDate: time, data: data,
      summary: summary, appData: appData)
    return NotificationDelivery(
      key: key, notificationUUID: uuid, notificationType: type, subtype: subtype,
      environment: data?.environment ?? summary?.environment ?? appData?.environment ?? .production,
      dueAt: time,
      signedPayload: try signer.sign(payload), attempts: [], nextAttemptAt: nil, state: .pending)
  }
}
