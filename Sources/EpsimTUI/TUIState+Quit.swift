import CommerceSimulation
import LifecycleSimulator
import SimulatedWorld

extension TUIState {
  /// Steps in effect that no saved scenario holds: quitting now would lose them.
  public var unsavedStepCount: Int {
    files.unsavedStepCount(of: simulation.appliedSteps)
  }

  /// `q` and Ctrl-C: quit at once when nothing would be lost, else ask (save, quit anyway, stay).
  mutating func requestQuit() {
    guard unsavedStepCount > 0 else {
      isFinished = true
      return
    }
    playback.pause()
    overlay = .confirmQuit
  }

  mutating func performInQuitPrompt(_ action: Action) -> [Effect] {
    switch action {
    case .quit: isFinished = true
    case .close:
      overlay = nil
      status = StatusMessage(.info, "not quitting; w saves the session as a scenario")
    case .saveScenario: overlay = .dialog(Dialogs.saveScenario(thenQuit: true))
    default: break
    }
    return []
  }
}
