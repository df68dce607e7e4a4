import LifecycleSimulator
import TextFrame

extension TUIState {
  /// Applies one event from outside and returns the effects the host must perform.
  /// Never throws and never traps: refusals end up in the status line.
  @discardableResult
  public mutating func handle(_ event: TUIEvent) -> [Effect] {
    if awaitedChange != nil, event.waitsBehindChanges {
      wait(event)
      return []
    }
    let statusBefore = status
    var effects: [Effect] = []
    switch event {
    case .key(let key): effects = handleKey(key)
    case .mouse(let mouse): effects = handleMouse(mouse)
    case .resize(let width, let height):
      self.width = max(0, width)
      self.height = max(0, height)
    // With nothing on screen the clock does not play on unseen.
    case .tick(let elapsed): if !isTooSmall { tick(elapsedMilliseconds: elapsed) }
    case .serverActivity(let activity):
      // A refused report is news the user would otherwise miss: it names no token, or not the
      // selected one. The details list every refusal. The feed numbers each refusal, so one
      // worded like the last is still news.
      if activity.hasRefusalsAfter(server), let newest = activity.refusals.last {
        status = StatusMessage(.error, "mock server: \(newest.reason)")
      }
      server = activity
    case .fileWritten(let path, let error):
      let write =
        files.finish(path, succeeded: error == nil) ?? PendingWrite.export(tokenCount: world.tokens.count)
      if let error {
        status = StatusMessage(.error, "\(write.failure) \(path) failed: \(error)")
      } else {
        status = StatusMessage(.success, "\(write.success) \(path)")
        if write.quitsWhenDone { isFinished = true }
      }
    case .pathIsFolder(let path):
      let write = files.finish(path, succeeded: false) ?? PendingWrite.export(tokenCount: world.tokens.count)
      status = StatusMessage(.error, "\(write.failure) \(path) failed: it is a folder")
      let example = write.form?.exampleFile ?? Dialogs.exportFile
      reopen(write.form, saying: Dialog.folderError(path, example: example))
    case .clipboardCopied(let error):
      if let error { status = StatusMessage(.error, "copy failed: \(error)") }
    case .changeAnswered(let answer): effects = receive(answer)
    }
    if status != statusBefore { noteReason() }
    refreshDerived()
    return effects
  }

  /// A reason the status line gives goes to the log too, once at each step of history: the
  /// status line can cut it, the log keeps it whole and Enter opens it.
  mutating func noteReason() {
    guard let status, status.givesReason else { return }
    let line = LogLine(
      time: world.now, label: "reason", labelStyle: status.kind == .error ? Theme.error : Theme.dim,
      message: status.text)
    let position = simulation.position
    logPane.addOnce(line, at: position)
  }

  /// Finds the key's binding in the current context and performs it; in forms and the search
  /// prompt, printable characters without a binding are typed.
  mutating func handleKey(_ key: Key) -> [Effect] {
    // "Terminal too small" hides everything: only quitting acts (and, in the quit prompt, Esc
    // going back), so no key changes what cannot be seen.
    if isTooSmall {
      let action = KeyTable.binding(for: key, in: context)?.action
      if context == .confirmQuit {
        guard let action, action == .quit || action == .close else { return [] }
        return perform(action)
      }
      guard key == .ctrl("c") || action == .quit else { return [] }
      overlay = nil
      requestQuit()
      return []
    }
    // Ctrl-C asks to quit from wherever the user is, forms and prompts included.
    if key == .ctrl("c"), context != .main, context != .help, context != .confirmQuit {
      overlay = nil
      requestQuit()
      return []
    }
    if let binding = KeyTable.binding(for: key, in: context) {
      return perform(binding.action)
    }
    if case .character(let character) = key {
      switch overlay {
      case .dialog(var dialog):
        dialog.type(character, store: store, customers: world.customers.map(\.id))
        overlay = .dialog(dialog)
        return []
      case .search(var input):
        input.insert(character)
        overlay = .search(input)
        return []
      case .helpSearch(var input):
        input.insert(character)
        overlay = .helpSearch(input)
        return []
      default: break
      }
    }
    if context == .main {
      status = StatusMessage(.info, "\(key.label(for: lineStyle)) does nothing here; ? lists the keys")
    }
    return []
  }

  /// Whether the terminal is below the smallest screen, so the UI shows only a notice.
  public var isTooSmall: Bool { !ScreenLayout.minimum.isMet(width: width, height: height) }

  /// Performs an action in the current context.
  public mutating func perform(_ action: Action) -> [Effect] {
    switch context {
    case .main: return performOnMainScreen(action)
    case .help, .details, .history, .logEntry: return performInViewer(action)
    case .confirmQuit: return performInQuitPrompt(action)
    case .dialog: return performInDialog(action)
    case .search:
      performInSearch(action)
      return []
    case .helpSearch:
      performInHelpSearch(action)
      return []
    }
  }

  private mutating func performOnMainScreen(_ action: Action) -> [Effect] {
    switch action {
    case .quit: requestQuit()
    case .toggleAllTokens: toggleAllTokens()
    case .newWorld: openDialog(for: action)
    case .toTokenExpiry: moveToSelectedTokenExpiry()
    case .copyId, .copyLinkURL: return copy(action)
    case .toggleHelp: overlay = .help(scroll: 0)
    case .nextPane: focus = focus.next
    case .previousPane: focus = focus.previous
    case .moveDown, .moveUp, .pageDown, .pageUp, .moveToTop, .moveToBottom: moveInFocusedPane(action)
    case .showDetails: showDetails()
    // The prompt opens empty, as its hint says: Enter on nothing clears the filter in force.
    case .startSearch: overlay = .search(TextInput(""))
    case .nextMatch: stepThroughMatches(by: 1)
    case .previousMatch: stepThroughMatches(by: -1)
    case .install, .update, .redownload, .uninstall, .requestAcquisition, .requestServices, .requestInApp,
      .requestLinkOut, .requestWithinApp, .requestOutOfApp, .checkEligibility, .presentNoticeSheet,
      .openLinkOut,
      .forceRefresh:
      performDeviceAction(action)
    case .addCustomer, .addDevice, .editDevice, .editRules, .goToTime, .exportTokens, .saveScenario:
      openDialog(for: action)
    case .stepScenario: stepScenario()
    case .togglePurchases: togglePurchases()
    case .buy, .changeProduct, .editStoreSettings: openDialog(for: action)
    case .renewNow: renewNow()
    case .toggleBilling: toggleBilling()
    case .refund: refundSelected()
    case .toggleAutoRenew: toggleAutoRenew()
    case .togglePayments: togglePayments()
    case .stepSecond, .stepMinute, .stepHour, .stepDay, .toExpiryMinusOne, .toExpiry, .toExpiryPlusOne:
      performClockAction(action)
    case .togglePlay, .faster, .slower: changePlay(action)
    case .undo: undo()
    case .redo: redo()
    case .showHistory: openHistory()
    case .copyToken: return copySelectedToken()
    case .copyTransactionJWS: return copyTransactionJWS()
    case .close, .rewindHere, .submit, .nextField, .previousField, .cursorLeft, .cursorRight, .cursorStart,
      .cursorEnd, .deleteBackward, .deleteForward, .deleteToStart, .deleteToEnd:
      break
    }
    return []
  }

  /// Help, details and history: scrolling viewers that Esc closes.
  private mutating func performInViewer(_ action: Action) -> [Effect] {
    switch action {
    case .close: overlay = nil
    case .quit:
      overlay = nil
      requestQuit()
    case .copyToken: return copySelectedToken()
    case .copyTransactionJWS: return copyTransactionJWS()
    case .rewindHere: rewindToHistorySelection()
    case .startSearch:
      guard case .help(_, let query) = overlay else { break }
      overlay = .helpSearch(TextInput(query))
    case .moveDown, .moveUp, .pageDown, .pageUp, .moveToTop, .moveToBottom: scrollOverlay(action)
    default: break
    }
    return []
  }
}
