import CommerceSimulation

extension Dialog {
  /// A navigation or editing key in the form; false when the form takes no such key. An edit
  /// that picks another environment or tester fills in what goes with it (`followEdit`).
  mutating func edit(_ action: Action, store: CommerceWorld, customers: @autoclosure () -> [String]) -> Bool {
    let previous = form
    guard form.handle(action) else { return false }
    followEdit(from: previous, store: store, customers: customers())
    return true
  }

  /// A printable character typed into the focused field.
  mutating func type(_ character: Character, store: CommerceWorld, customers: @autoclosure () -> [String]) {
    let previous = form
    form.type(character)
    followEdit(from: previous, store: store, customers: customers())
  }

  /// In the rules dialog, picking another environment loads its preset; in the App Store
  /// settings, picking another tester shows that tester's rate and failing renewals; in the buy
  /// form, picking another product or device says what it costs there and which offers it has.
  private mutating func followEdit(
    from previous: Form, store: CommerceWorld, customers: @autoclosure () -> [String]
  ) {
    switch kind {
    case .storeSettings where form.value("customer") != previous.value("customer"):
      StoreSettingsForm.loadTester(into: &form, store: store, customers: customers())
    case .rules where form.choiceIndex("environment") != previous.choiceIndex("environment"):
      let focus = form.focus
      RulesForm.loadPreset(into: &form)
      form.focus = focus
    case .buy(let storefronts)
    where form.value("product") != previous.value("product")
      || form.value("device") != previous.value("device"):
      BuyFormHints.fill(&form, products: store.state.products, storefronts: storefronts)
    case .changeProduct(let customer, _) where form.value("product") != previous.value("product"):
      BuyFormHints.describeChoice(in: &form, customer: customer, state: store.state)
    default: break
    }
  }
}
