import LifecycleSimulator
import SimulatedWorld

extension TUIState {
  mutating func undo() {
    let summary = simulation.canUndo ? stepSummary(at: simulation.position) : ""
    moveHistory(.undo) { state in state.status = StatusMessage(.info, "undid \(summary) (] redoes it)") }
  }

  mutating func redo() {
    let summary = simulation.canRedo ? stepSummary(at: simulation.position + 1) : ""
    moveHistory(.redo) { state in state.status = StatusMessage(.info, "redid \(summary)") }
  }

  mutating func openHistory() {
    overlay = .history(selection: simulation.position, scroll: max(0, simulation.position - 3))
  }

  /// Puts the history cursor just after the step selected in the history dialog.
  mutating func rewindToHistorySelection() {
    guard case .history(let selection, _) = overlay else { return }
    moveHistory(.rewind(toStep: selection)) { state in
      state.overlay = nil
      state.status = StatusMessage(
        .info,
        selection == 0
          ? "rewound to the initial world"
          : "now after step \(selection): \(state.stepSummary(at: selection))")
    }
  }

  /// Asks the one simulation (the UI's own, or the server's under `--serve`) to make `move` from
  /// the head this UI saw; the simulation judges, in the same change, whether a backend's step or
  /// another door's step forbids it (docs/decisions/0163-the-server-judges-undo.md). Either way
  /// the UI then shows the simulation as it is, so a backend's step that refused the move is on
  /// screen with the refusal. `made` follows a move that was made.
  private mutating func moveHistory(_ move: HistoryMove, made: @escaping @Sendable (inout TUIState) -> Void) {
    let seen = simulation.head
    changeSimulation {
      $0.move(move, seen: seen)
    } then: { state, result in
      if state.finishMove(result) { made(&state) }
    }
  }

  /// What the UI does after a history move it asked for, made or refused. Whether it was made.
  private mutating func finishMove(_ result: Result<HistoryMoved, HistoryRefusal>) -> Bool {
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
