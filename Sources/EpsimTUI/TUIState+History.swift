import LifecycleSimulator
import WorldCommands

extension TUIState {
  mutating func undo() {
    guard simulation.canUndo else {
      status = StatusMessage(.info, "nothing to undo: this is the initial world")
      return
    }
    if let refusal = refusalToRewind(to: simulation.position - 1) {
      status = StatusMessage(.info, refusal, givesReason: true)
      return
    }
    let summary = stepSummary(at: simulation.position)
    moveHistory { _ = $0.undo() }
    status = StatusMessage(.info, "undid \(summary) (] redoes it)")
  }

  mutating func redo() {
    guard simulation.canRedo else {
      status = StatusMessage(.info, "nothing to redo")
      return
    }
    let summary = stepSummary(at: simulation.position + 1)
    moveHistory { _ = $0.redo() }
    status = StatusMessage(.info, "redid \(summary)")
  }

  mutating func openHistory() {
    overlay = .history(selection: simulation.position, scroll: max(0, simulation.position - 3))
  }

  /// Puts the history cursor just after the step selected in the history dialog.
  mutating func rewindToHistorySelection() {
    guard case .history(let selection, _) = overlay else { return }
    if let refusal = refusalToRewind(to: selection) {
      status = StatusMessage(.info, refusal, givesReason: true)
      return
    }
    overlay = nil
    moveHistory { $0.rewind(toStep: selection) }
    status = StatusMessage(
      .info,
      selection == 0
        ? "rewound to the initial world"
        : "now after step \(selection): \(stepSummary(at: selection))")
  }

  /// Why the history cannot go back to `position`, if it cannot: a step a backend made through
  /// the App Store Server API lies between (docs/decisions/0143-one-simulation-and-one-history.md,
  /// "Undo once the server has answered"). The backend was told it succeeded and keeps what it
  /// set, so the UI does not take it back; steps after it can be undone.
  func refusalToRewind(to position: Int) -> String? {
    let backend = simulation.newestBackendStep
    guard position < backend else { return nil }
    return "cannot go back past step \(backend): a backend made it through the App Store Server API "
      + "(\(stepSummary(at: backend))) and keeps it"
  }

  /// Moves the history cursor, noting how short the token list got so the index stays exact.
  private mutating func moveHistory(_ move: @escaping @Sendable (inout WorldSimulation<Simulation>) -> Void) {
    changeSimulation(move)
    restoreScriptPosition()
    tokensPane.tokensCut(to: world.tokens.count)
    playback.stepTaken()
    logPane.followNewest()
  }
}
