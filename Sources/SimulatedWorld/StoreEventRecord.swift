import AppStoreCommerce
import LifecycleSimulator

/// What the App Store did in a step, as the history keeps it: when, for whom, the notification
/// Apple sends and a summary, and the transaction concerned. About a tenth of a whole
/// `CommerceDomainEvent` (which carries the transaction and the subscription as of the event):
/// a long session keeps one for every purchase and renewal.
public struct StoreEventRecord: Hashable, Sendable {
  public var time: VirtualTime
  /// The customer's index in the App Store (`CommerceState.customers`); -1 when the event concerns
  /// no one customer.
  public var customer: Int32
  public var notification: AppleNotification?
  public var summary: String
  public var transactionId: UInt64?
  /// The product concerned (index into `CommerceState.products`, which only grows); -1 when none
  /// (a mass extension's summary, a consent rescinded for the app).
  public var product: Int32

  public init(_ event: CommerceDomainEvent) {
    time = event.time
    customer = event.customer
    notification = event.notification
    summary = event.summary
    transactionId = event.transaction?.transactionId
    product = event.transaction?.product ?? event.chain?.product ?? -1
  }
}
