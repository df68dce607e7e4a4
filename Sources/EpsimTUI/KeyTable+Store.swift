import TextFrame

extension KeyTable {
  /// The App Store keys: the purchases view and what happens there (SPEC-APPSTORE 3 and 5). They
  /// show in the footer only while the purchases view is open and they apply.
  static let storeBindings: [KeyBinding] = [
    KeyBinding(
      .main, [.character("p")], "purchases",
      "Show the selected customer's App Store purchases instead of tokens (subscription groups with their"
        + " status, transaction chains, one-time purchases), or the tokens again.",
      .togglePurchases, section: "App Store", footerRank: 42, when: .storeHasProducts),
    KeyBinding(
      .main, [.character("b")], "buy",
      "Buy a product on a device (a dialog: product, device, quantity, offer, app account token, intro offer).",
      .buy,
      section: "App Store", footerRank: 2, when: .purchasesShown),
    KeyBinding(
      .main, [.character("v")], "renew now",
      "Jump the clock to the selected customer's next renewal (during billing retry, the next retry"
        + " attempt): it renews, fails, recovers or expires.", .renewNow,
      section: "App Store", footerRank: 3, when: .renewalAhead),
    KeyBinding(
      .main, [.character("B")], "billing",
      "The selected customer's payment method starts failing (billing retry, grace period) or recovers.",
      .toggleBilling, section: "App Store", footerRank: 4, when: .storeCustomerSelected),
    KeyBinding(
      .main, [.character("z")], "refund",
      "Refund the selected transaction's product in full (its newest transaction): REFUND, revoked.",
      .refund, section: "App Store", footerRank: 10, when: .refundableSelected),
    KeyBinding(
      .main, [.character("t")], "auto-renew",
      "Turn auto-renew of the selected subscription off, or back on.", .toggleAutoRenew, section: "App Store",
      footerRank: 11, when: .subscriptionSelected),
    KeyBinding(
      .main, [.character("U")], "change plan",
      "Upgrade, downgrade or crossgrade the selected subscription within its group (a dialog).",
      .changeProduct, section: "App Store", footerRank: 12, when: .subscriptionSelected),
    copyJWS(.main),
    KeyBinding(
      .main, [.character("G")], "App Store settings",
      "The App Store's settings (a dialog): the Billing Grace Period, whether a change of plan turns"
        + " auto-renew back on, and a sandbox tester's renewal rate and failing renewals; each change is a"
        + " step, as a scenario's `commerce` line.", .editStoreSettings, section: "App Store", footerRank: 43,
      when: .storeHasProducts),
  ]

  /// `J` in the purchases view and in a purchase's details: what the app would send its backend.
  /// Ranked last in the main footer, where the purchases view's keys are many; first after `y` in details.
  static func copyJWS(_ context: KeyContext) -> KeyBinding {
    KeyBinding(
      context, [.character("J")], "copy JWS",
      "Copy the selected transaction's jwsRepresentation, signed as the app would send it to its backend "
        + "(OSC 52).", .copyTransactionJWS, section: "App Store", footerRank: context == .main ? 60 : 2,
      when: .transactionSelected)
  }
}
