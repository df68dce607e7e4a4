import ExternalPurchaseTokens
import LifecycleSimulator

/// One customer's planned life in the window: the account, its devices and what happens, in time order.
struct CustomerLife: Sendable {
  var customer: Customer
  var devices: [Device]
  /// Sorted by time, then by the order they were planned.
  var actions: [PlannedAction]
}

/// Something that happens at one instant on one of the customer's devices.
struct PlannedAction: Sendable {
  var time: VirtualTime
  /// The order in which the planner produced it: ties in time keep this order.
  var sequence: Int
  var deviceIndex: Int
  var kind: LifeAction
}

/// What a customer (or the App Store) does; the app's reaction is decided when it happens.
enum LifeAction: Hashable, Sendable {
  case install
  case redownload
  case uninstall
  /// The device takes the release that is current at the action's time.
  case update
  /// The app's first launch after an install or redownload: it fetches its tokens to report them.
  case firstLaunch
  /// The first launch after an update: an update may have started a new SERVICES period.
  case launchAfterUpdate
  /// The customer may buy: the app asks for the tokens it needs before showing a purchase option.
  case purchaseMoment(PurchaseIntent)
  /// The account moves to another storefront (all of its devices follow).
  case moveStorefront(String)
}

/// The random parts of a purchase moment, drawn when planning so the app's reaction is reproducible.
///
/// Plain values, no array: a life plans dozens of them, and an array apiece was an allocation
/// apiece, and made every action a value to retain and release (issue 26).
struct PurchaseIntent: Hashable, Sendable {
  /// In Japan and Brazil, one token per potential transaction: IN_APP or LINK_OUT; one or two.
  var firstType: CustomLinkTokenType
  var secondType: CustomLinkTokenType?
  /// In the EU, whether the app also asks for its ACQUISITION token (it always asks for SERVICES).
  var alsoAcquisition: Bool

  /// The per-transaction types in the order the app asks for them.
  var perTransactionTypes: [CustomLinkTokenType] {
    secondType.map { [firstType, $0] } ?? [firstType]
  }
}
