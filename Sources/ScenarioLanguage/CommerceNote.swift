import AppStoreCommerce
import AppleWireTypes
import LifecycleSimulator

/// One App Store change a step caused, as the transcript records it: when, for whom, the notification
/// Apple would send, and the transaction concerned with every field Apple signs.
public struct CommerceNote: Hashable, Sendable {
  public var time: VirtualTime
  public var customer: String
  /// `TYPE` or `TYPE/SUBTYPE`; nil when Apple sends nothing.
  public var notification: String?
  public var summary: String
  /// The subscription status at the event, 1 to 5, when it concerns a subscription.
  public var status: SubscriptionStatus?
  /// The decoded transaction, when the event concerns one.
  public var transaction: TransactionPayload?
  /// The decoded renewal info at the event, when it concerns a subscription (a family member's
  /// own view for a member's event).
  public var renewalInfo: RenewalInfoPayload?

  init(_ event: CommerceDomainEvent, in state: CommerceState) {
    time = event.time
    customer = state.customers[Int(event.customer)].id
    notification = event.notification?.text
    summary = event.summary
    status = event.status
    transaction = event.transaction.map { state.payload(of: $0, signedDate: event.time) }
    renewalInfo = event.chain.map { state.renewalInfo(of: $0, shared: event.shared, signedDate: event.time) }
  }
}
