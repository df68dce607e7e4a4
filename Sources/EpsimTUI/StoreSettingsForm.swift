import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

/// The App Store settings dialog (`G`): the app's Billing Grace Period, and for one customer
/// (a sandbox tester) the renewal rate and failing renewals; each change is applied as the
/// `commerce ...` line of a scenario would be, a step of history.
enum StoreSettingsForm {
  static let gracePeriods = [nil] + GracePeriodDuration.allCases.map { Optional($0) }
  static let rates = SandboxRenewalRate.allCases
  static let onOff = ["off", "on"]

  static func dialog(store: CommerceWorld, customers: [String], customer: String?) -> Dialog {
    let customer = customer.flatMap { customers.contains($0) ? $0 : nil } ?? customers.first ?? ""
    let settings = store.state.settings
    let grace = settings.gracePeriod.enabled ? settings.gracePeriod.duration : nil
    return Dialog(
      kind: .storeSettings,
      form: Form(
        title: "App Store settings",
        note: "Each change is a step, as a scenario's `commerce` line: grace-period, renewal-rate,"
          + " failing-renewals, change-renews.",
        fields: [
          .choice(
            "grace", "Grace period", gracePeriods.map(CommerceSetting.gracePeriodName),
            selected: gracePeriods.firstIndex(of: grace) ?? 0),
          .choice(
            "changeRenews", "Change turns renew on", onOff, selected: settings.changeTurnsAutoRenewOn ? 1 : 0),
          .choice("customer", "Tester", customers, selected: customers.firstIndex(of: customer) ?? 0),
          .choice(
            "rate", "Renewal rate", rates.map(\.rawValue),
            selected: rates.firstIndex(of: rate(of: customer, in: store)) ?? 0),
          .choice("failing", "Failing renewals", onOff, selected: isFailing(customer, in: store) ? 1 : 0),
        ]))
  }

  /// The tester's fields as that tester has them, after another tester was picked (so a submit
  /// changes only what was edited).
  static func loadTester(into form: inout Form, store: CommerceWorld, customers: [String]) {
    let fresh = dialog(store: store, customers: customers, customer: form.value("customer")).form
    for name in ["rate", "failing"] {
      guard let index = form.fields.firstIndex(where: { $0.name == name }),
        let field = fresh.fields.first(where: { $0.name == name })
      else { continue }
      form.fields[index] = field
    }
  }

  /// The tester's renewal rate: as set, or the App Store's default for a new customer.
  static func rate(of customer: String, in store: CommerceWorld) -> SandboxRenewalRate {
    store.rates[customer] ?? store.state.customer(customer)?.renewalRate
      ?? CommerceCustomer(id: customer, storefront: "USA").renewalRate
  }

  static func isFailing(_ customer: String, in store: CommerceWorld) -> Bool {
    store.failing.contains(customer) || store.state.customer(customer)?.billingFails == true
  }

  /// The settings the form changes, in the order of its fields, or why it cannot.
  static func settings(from form: Form, store: CommerceWorld) -> Result<[CommerceSetting], FormError> {
    let current = dialog(store: store, customers: [], customer: nil).form
    var changed: [CommerceSetting] = []
    if form.choiceIndex("grace") != current.choiceIndex("grace") {
      changed.append(.gracePeriod(gracePeriods[form.choiceIndex("grace") ?? 0]))
    }
    if form.choiceIndex("changeRenews") != current.choiceIndex("changeRenews") {
      changed.append(.changeRenews(form.choiceIndex("changeRenews") == 1))
    }
    let customer = form.value("customer")
    guard !customer.isEmpty else { return .success(changed) }
    let rate = rates[form.choiceIndex("rate") ?? 0]
    if rate != Self.rate(of: customer, in: store) { changed.append(.renewalRate(customer: customer, rate)) }
    let failing = form.choiceIndex("failing") == 1
    if failing != isFailing(customer, in: store) {
      guard failing else {
        return .failure(
          FormError(
            "\(customer)'s renewals fail until billing recovers: B in the purchases view (a scenario's"
              + " `billing \(customer) recovers`)"))
      }
      changed.append(.failingRenewals(customer: customer))
    }
    return .success(changed)
  }
}
