/// When a binding is worth showing in the footer. Dispatch ignores it: a key whose action
/// cannot apply still runs and says why in the status line, so nothing is silently dropped.
public enum KeyRequirement: Hashable, Sendable {
  case always
  case deviceSelected
  case appInstalledOnDevice
  /// Installed on a device below 27.2, where apps use the String `token(for:)`.
  case stringRequestsOnDevice
  /// Installed on a device on 27.2 or later, where apps use the typed `token(for:)` (SPEC 5).
  case typedRequestsOnDevice
  case appNotInstalledOnDevice
  /// Not installed on the device, but downloaded by the customer before (else it is an install).
  case canRedownload
  case tokenSelected
  /// A token is selected, or (in the purchases view) a transaction: something with an id to copy.
  case idToCopy
  /// A token is selected, or the log has the focus and a line to open.
  case somethingToOpen
  /// The selected token came from ExternalPurchaseLink.open() and has a destination URL.
  case linkOutTokenSelected
  /// The selected token expires after the current time.
  case selectedTokenExpiryAhead
  case expiryAhead
  case canUndo
  case canRedo
  case hasSearchMatches
  /// A scenario is loaded and has lines left to step through.
  case scenarioLineAhead
  /// The world's App Store sells something.
  case storeHasProducts
  /// The purchases view is shown.
  case purchasesShown
  /// The purchases view is shown and the selected customer is known to the App Store.
  case storeCustomerSelected
  /// The purchases view is shown and the selected customer has a renewal (or a billing retry attempt) ahead.
  case renewalAhead
  /// The selected transaction was purchased and not refunded.
  case refundableSelected
  /// The selected transaction belongs to a subscription the customer bought.
  case subscriptionSelected
  /// The purchases view is shown and a transaction is selected.
  case transactionSelected
}
