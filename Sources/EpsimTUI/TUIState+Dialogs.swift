import CommerceSimulation
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import WorldCommands

extension TUIState {
  mutating func openDialog(for action: Action) {
    let world = self.world
    switch action {
    case .addCustomer: overlay = .dialog(Dialogs.addCustomer(world: world))
    case .addDevice:
      guard !world.customers.isEmpty else {
        status = StatusMessage(.info, "add a customer first (C)")
        return
      }
      overlay = .dialog(Dialogs.addDevice(world: world, customerId: selectedCustomerId))
    case .editDevice:
      guard let device = selectedDevice else {
        status = StatusMessage(.info, "select a device in the world pane first (j/k)")
        return
      }
      overlay = .dialog(Dialogs.editDevice(device))
    case .editRules: overlay = .dialog(RulesForm.dialog(rules: world.rules))
    case .goToTime: overlay = .dialog(Dialogs.goToTime(world: world))
    case .exportTokens: overlay = .dialog(Dialogs.export())
    case .saveScenario: overlay = .dialog(Dialogs.saveScenario())
    case .newWorld: overlay = .dialog(Dialogs.newWorld(world: world, unsavedSteps: unsavedStepCount))
    case .buy, .changeProduct, .editStoreSettings: openStoreDialog(for: action)
    default: break
    }
  }

  mutating func performInDialog(_ action: Action) -> [Effect] {
    guard case .dialog(var dialog) = overlay else { return [] }
    switch action {
    case .close:
      overlay = nil
      status = StatusMessage(.info, "\(dialog.form.title): cancelled")
    case .submit:
      return submit(dialog)
    default:
      guard dialog.edit(action, store: store, customers: world.customers.map(\.id)) else { return [] }
      overlay = .dialog(dialog)
    }
    return []
  }

  /// Validates and applies a dialog; on failure the dialog stays open with the reason.
  mutating func submit(_ dialog: Dialog) -> [Effect] {
    var dialog = dialog
    let form = dialog.form
    var effects: [Effect] = []
    let outcome: Result<Void, FormError>
    switch dialog.kind {
    case .addCustomer:
      let customer = Customer(id: form.value("id"), canMakePayments: form.choiceIndex("payments") == 0)
      outcome = applyFromDialog([.addCustomer(customer)], select: .customer(customer.id))
    case .addDevice: outcome = submitAddDevice(form)
    case .editDevice(let deviceId): outcome = submitEditDevice(form, deviceId: deviceId)
    case .rules:
      outcome = RulesForm.rules(from: form).flatMap { rules in
        applyFromDialog([.setRules(rules)], select: nil).mapError { error in
          guard rules.environment != world.rules.environment else { return error }
          // The engine refuses to mix environments in one world; say how to get there here.
          let environment = rules.environment.rawValue
          return FormError(
            error.message + " (W starts a new world in \(environment), as `epsim tui --rules \(environment)`"
              + " does; or H rewinds to before the first token)")
        }
      }
    case .goToTime:
      outcome = TimeInput.target(from: form.value("time")).flatMap { target in
        moveClock(to: target) ? .success(()) : .failure(FormError(status?.text ?? "refused"))
      }
    case .export:
      let path = form.value("path")
      if path.allSatisfy({ $0 == " " }) {
        outcome = .failure(FormError("type a file path, e.g. epsim-tokens.json"))
      } else {
        effects = [.writeFile(path: path, contents: TokenExport.json(of: world))]
        files.expect(.export(tokenCount: world.tokens.count), at: path)
        let count = world.tokens.count
        status = StatusMessage(.info, "writing \(count) token\(count == 1 ? "" : "s") to \(path)…")
        outcome = .success(())
      }
    case .saveScenario(let thenQuit):
      (outcome, effects) = saveScenario(to: form.value("path"), thenQuit: thenQuit)
    case .newWorld: outcome = submitNewWorld(form)
    case .buy: outcome = submitBuy(form)
    case .changeProduct(let customer, _): outcome = submitChange(form, customer: customer)
    case .storeSettings: outcome = submitStoreSettings(form)
    }
    switch outcome {
    case .success:
      overlay = nil
    case .failure(let error):
      dialog.form.error = error.message
      overlay = .dialog(dialog)
    }
    return effects
  }

  private mutating func submitAddDevice(_ form: Form) -> Result<Void, FormError> {
    let os = form.value("os")
    guard let version = OSVersion(os) else {
      return .failure(FormError("OS version '\(os)' must look like 18, 18.2 or 18.2.1"))
    }
    guard let platform = Platform(name: form.value("platform")) else {
      return .failure(FormError("pick a platform"))
    }
    let device = Device(
      id: form.value("id"), customerId: form.value("customer"), platform: platform, osVersion: version,
      storefront: form.value("storefront"))
    return applyFromDialog([.addDevice(device)], select: .device(device.id))
  }

  private mutating func submitEditDevice(_ form: Form, deviceId: String) -> Result<Void, FormError> {
    guard let device = world.device(deviceId) else { return .failure(FormError("\(deviceId) is gone")) }
    let os = form.value("os")
    guard let version = OSVersion(os) else {
      return .failure(FormError("OS version '\(os)' must look like 18, 18.2 or 18.2.1"))
    }
    var events: [WorldEvent] = []
    if version != device.osVersion { events.append(.setOSVersion(device: deviceId, version: version)) }
    let storefront = form.value("storefront")
    if storefront != device.storefront {
      events.append(.setStorefront(device: deviceId, storefront: storefront))
    }
    guard !events.isEmpty else {
      status = StatusMessage(.info, "\(deviceId) unchanged")
      return .success(())
    }
    return applyFromDialog(events, select: nil)
  }

  /// Applies a dialog's events; an engine refusal keeps the dialog open with its message.
  private mutating func applyFromDialog(_ events: [WorldEvent], select row: WorldRow?) -> Result<
    Void, FormError
  > {
    guard apply(events) else { return .failure(FormError(status?.text ?? "refused")) }
    if let row { worldPane.selection = row }
    return .success(())
  }
}

extension TUIState {
  /// Replaces the simulation with a fresh one on the initial world's customers, devices, app and
  /// clock, under the chosen environment's preset and seed. The one way to change environment
  /// once tokens exist (a world's tokens all belong to one environment, SPEC 2).
  fileprivate mutating func submitNewWorld(_ form: Form) -> Result<Void, FormError> {
    let text = form.value("seed").trimmingCharacters(in: .whitespaces)
    guard let seed = UInt64(text) else {
      return .failure(FormError("seed '\(text)' must be a whole number from 0 to \(UInt64.max)"))
    }
    let environment: TokenEnvironment = form.choiceIndex("environment") == 1 ? .production : .sandbox
    let dropped = script != nil
    let start = FreshStart(seed: seed, environment: environment)
    changeSimulation { $0 = $0.startingOver(start) }
    files.markSaved([])
    scenario = ScenarioProgress()
    logPane.clear()
    filter.forgetMatches()
    playback.stepTaken()
    playback.pause()
    tokensPane.tokensCut(to: 0)
    tokensPane.selected = nil
    status = StatusMessage(
      .success,
      "new \(environment.rawValue) world, seed \(seed)" + (dropped ? "; the scenario file is closed" : ""))
    return .success(())
  }
}
