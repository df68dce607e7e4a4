import CommerceSimulation
import LifecycleSimulator
import SimulatedWorld

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

  /// Applies what a dialog asks for (`Dialog.request`); on failure the dialog stays open with
  /// the reason. A change the simulation's owner refuses later opens it again with the reason
  /// (`reopen(_:saying:)`), as a refused change does at once when the UI owns the simulation.
  mutating func submit(_ dialog: Dialog) -> [Effect] {
    var effects: [Effect] = []
    overlay = nil
    let outcome = dialog.request(world: world, store: store).flatMap { request in
      perform(request, from: dialog, effects: &effects)
    }
    if case .failure(let error) = outcome {
      var dialog = dialog
      dialog.form.error = error.message
      overlay = .dialog(dialog)
    }
    return effects
  }

  /// A path the host would not write (a folder): the form that asked for it opens again, with the
  /// path as typed and `error` under the fields, so a file name can be added (unless something
  /// else has been opened since).
  mutating func reopen(_ form: Dialog?, saying error: FormError) {
    guard var dialog = form, overlay == nil else { return }
    dialog.form.error = error.message
    overlay = .dialog(dialog)
  }

  /// Applies a dialog's request to the simulation, or asks the host for a file (for which
  /// `dialog` opens again if the path is a folder).
  private mutating func perform(_ request: DialogRequest, from dialog: Dialog, effects: inout [Effect])
    -> Result<Void, FormError>
  {
    switch request {
    case .commands(let commands, let row):
      apply(commands) { state, made in
        guard made else { return state.reopen(dialog, saying: FormError(state.status?.text ?? "refused")) }
        if let row { state.worldPane.selection = row }
      }
      return .success(())
    case .rules(let rules):
      let commands = RuleSetting.changes(from: world.rules, to: rules).map(WorldCommand.rule)
      guard !commands.isEmpty else {
        status = StatusMessage(.info, "Rules: nothing changed")
        return .success(())
      }
      let environmentChanges = rules.environment != world.rules.environment
      apply(commands) { state, made in
        guard !made else { return }
        let error = FormError(state.status?.text ?? "refused")
        guard environmentChanges else { return state.reopen(dialog, saying: error) }
        // The engine refuses to mix environments in one world; say how to get there here.
        let environment = rules.environment.rawValue
        state.reopen(
          dialog,
          saying: FormError(
            error.message + " (W starts a new world in \(environment), as `epsim tui --rules \(environment)`"
              + " does; or H rewinds to before the first token)"))
      }
      return .success(())
    case .moveClock(let target):
      moveClock(to: target) { state, made in
        if !made { state.reopen(dialog, saying: FormError(state.status?.text ?? "refused")) }
      }
      return .success(())
    case .export(let path):
      effects = [.writeFile(path: path, contents: TokenExport.json(of: world))]
      files.expect(.export(tokenCount: world.tokens.count, form: dialog), at: path)
      let count = world.tokens.count
      status = StatusMessage(.info, "writing \(count) token\(count == 1 ? "" : "s") to \(path)…")
      return .success(())
    case .saveScenario(let path, let thenQuit):
      let outcome: Result<Void, FormError>
      (outcome, effects) = saveScenario(to: path, thenQuit: thenQuit, form: dialog)
      return outcome
    case .newWorld(let start):
      startNewWorld(start)
      return .success(())
    case .purchases(let steps, let device):
      performPurchases(steps[...], selecting: device, from: dialog)
      return .success(())
    case .unchanged(let message):
      status = StatusMessage(.info, message)
      return .success(())
    case .copy(let name, let value):
      effects = [.copyToClipboard(value)]
      status = StatusMessage(.success, "copied the \(name) \(value)")
      return .success(())
    }
  }
}

extension TUIState {
  /// Replaces the simulation with a fresh one on the initial world's customers, devices, app and
  /// clock, under the chosen environment's preset and seed. The one way to change environment
  /// once tokens exist (a world's tokens all belong to one environment, SPEC 2).
  fileprivate mutating func startNewWorld(_ start: FreshStart) {
    let dropped = script != nil
    changeSimulation {
      $0 = $0.startingOver(start)
    } then: { state, _ in
      state.files.markSaved([])
      state.scenario = ScenarioProgress()
      state.logPane.clear()
      state.filter.forgetMatches()
      state.playback.stepTaken()
      state.playback.pause()
      state.tokensPane.tokensCut(to: 0)
      state.tokensPane.selected = nil
      state.status = StatusMessage(
        .success,
        "new \(start.environment.rawValue) world, seed \(start.seed)"
          + (dropped ? "; the scenario file is closed" : ""))
    }
  }

  /// A form's purchases, each a step of history of its own: those before a refusal stay, and the
  /// refusal opens the form again with the reason.
  fileprivate mutating func performPurchases(
    _ steps: ArraySlice<CommerceStep>, selecting device: String?, from dialog: Dialog
  ) {
    guard let step = steps.first else {
      if let device = device.flatMap(world.device) {
        worldPane.selection = .device(device.id)
        purchasesPane.isShown = true
      }
      return
    }
    performPurchase(step) { state, made in
      guard made else { return state.reopen(dialog, saying: FormError(state.status?.text ?? "refused")) }
      state.performPurchases(steps.dropFirst(), selecting: device, from: dialog)
    }
  }
}
