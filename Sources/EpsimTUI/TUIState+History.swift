import LifecycleSimulator
import WorldCommands

extension TUIState {
  mutating func undo() {
    let summary = simulation.canUndo ? stepSummary(at: simulation.position) : ""
    guard moveHistory(.undo) else { return }
    status = StatusMessage(.info, "undid \(summary) (] redoes it)")
  }

  mutating func redo() {
    let summary = simulation.canRedo ? stepSummary(at: simulation.position + 1) : ""
    guard moveHistory(.redo) else { return }
    status = StatusMessage(.info, "redid \(summary)")
  }

  mutating func openHistory() {
    overlay = .history(selection: simulation.position, scroll: max(0, simulation.position - 3))
  }

  /// Puts the history cursor just after the step selected in the history dialog.
  mutating func rewindToHistorySelection() {
    guard case .history(let selection, _) = overlay else { return }
    guard moveHistory(.rewind(toStep: selection)) else { return }
    overlay = nil
    status = StatusMessage(
      .info,
      selection == 0
        ? "rewound to the initial world"
        : "now after step \(selection): \(stepSummary(at: selection))")
  }

  /// Asks the one simulation (the UI's own, or the server's under `--serve`) to make `move` from
  /// the head this UI saw; the simulation judges, in the same change, whether a backend's step or
  /// another door's step forbids it (docs/decisions/0163-the-server-judges-undo.md). Either way
  /// the UI then shows the simulation as it is, so a backend's step that refused the move is on
  /// screen with the refusal. Returns whether the move was made.
  private mutating func moveHistory(_ move: HistoryMove) -> Bool {
    let seen = simulation.head
    let result = changeSimulation { $0.move(move, seen: seen) }
    restoreScriptPosition()
    tokensPane.tokensCut(to: world.tokens.count)
    logPane.followNewest()
    switch result {
    case .success:
      playback.stepTaken()
      return true
    case .failure(let refusal):
      refreshDerived()
      let quiet = refusal.reason == .nothingToUndo || refusal.reason == .nothingToRedo
      status = StatusMessage(.info, refusal.message { stepSummary(at: $0) }, givesReason: !quiet)
      return false
    }
  }
}
