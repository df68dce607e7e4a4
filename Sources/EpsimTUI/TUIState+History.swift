import LifecycleSimulator

extension TUIState {
  mutating func undo() {
    guard simulation.canUndo else {
      status = StatusMessage(.info, "nothing to undo: this is the initial world")
      return
    }
    let summary = stepSummary(at: simulation.position)
    moveHistory { $0.undo() }
    status = StatusMessage(.info, "undid \(summary) (] redoes it)")
  }

  mutating func redo() {
    guard simulation.canRedo else {
      status = StatusMessage(.info, "nothing to redo")
      return
    }
    let summary = stepSummary(at: simulation.position + 1)
    moveHistory { $0.redo() }
    status = StatusMessage(.info, "redid \(summary)")
  }

  mutating func openHistory() {
    overlay = .history(selection: simulation.position, scroll: max(0, simulation.position - 3))
  }

  /// Puts the history cursor just after the step selected in the history dialog.
  mutating func rewindToHistorySelection() {
    guard case .history(let selection, _) = overlay else { return }
    moveHistory { $0.rewind(toStep: selection) }
    overlay = nil
    status = StatusMessage(
      .info,
      selection == 0
        ? "rewound to the initial world"
        : "now after step \(selection): \(stepSummary(at: selection))")
  }

  /// Moves the history cursor, noting how short the token list got so the index stays exact.
  private mutating func moveHistory(_ move: (inout Simulation) -> Void) {
    move(&simulation)
    commerce.move(to: simulation.position, now: world.now)
    restoreScriptPosition()
    tokenLowWater = min(tokenLowWater, world.tokens.count)
    playStepPosition = nil
    logScroll = 0
  }
}
