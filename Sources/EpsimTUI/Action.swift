/// Everything a key can ask for. Each case is bound in `KeyTable`; the update function
/// (`TUIState.perform(_:)`) gives it meaning.
public enum Action: String, CaseIterable, Hashable, Sendable {
  // The whole UI.
  case quit, toggleHelp, close
  // Moving around.
  case nextPane, previousPane, moveDown, moveUp, pageDown, pageUp, moveToTop, moveToBottom
  case showDetails, startSearch, nextMatch, previousMatch, toggleAllTokens
  // Events on the selected device (SPEC 3, 4, 5).
  case install, update, redownload, uninstall
  case requestAcquisition, requestServices, requestInApp, requestLinkOut
  case requestWithinApp, requestOutOfApp
  case checkEligibility, presentNoticeSheet, openLinkOut, forceRefresh
  // Editing the world.
  case addCustomer, addDevice, editDevice, togglePayments, editRules, newWorld
  // The virtual clock.
  case stepSecond, stepMinute, stepHour, stepDay
  case toExpiryMinusOne, toExpiry, toExpiryPlusOne, toTokenExpiry, goToTime
  case togglePlay, faster, slower
  // History.
  case undo, redo, showHistory, rewindHere
  // Getting tokens out.
  case copyToken, copyId, copyLinkURL, exportTokens
  // The App Store (SPEC-APPSTORE 3): the purchases view and what customers and Apple do there.
  case togglePurchases, buy, renewNow, toggleBilling, refund, toggleAutoRenew, changeProduct
  /// Copy the selected transaction's StoreKit 2 `jwsRepresentation`, as the app sends it.
  case copyTransactionJWS
  case editStoreSettings
  // Scenarios: step through a loaded file, save the session as one.
  case stepScenario, saveScenario
  // Inside forms and prompts.
  case submit, nextField, previousField, cursorLeft, cursorRight, cursorStart, cursorEnd
  case deleteBackward, deleteForward, deleteToStart, deleteToEnd
}
