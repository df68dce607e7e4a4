import EpsimTUI
import TerminalBackend
import TextFrame

/// Connects the pure UI (`TUIState`) to the terminal backend: events in, frames out, effects
/// performed. The only place where the UI meets the terminal.
struct EpsimTerminalApp: TerminalApp {
  var state: TUIState

  /// Ticks only while the clock plays: an idle UI waits for keys and uses no CPU.
  var tickInterval: Int? { state.isPlaying ? 100 : nil }

  mutating func handle(_ event: TerminalEvent) -> TerminalAppCommand {
    let effects: [Effect]
    switch event {
    case .key(let key): effects = state.handle(.key(key))
    case .resize(let width, let height): effects = state.handle(.resize(width: width, height: height))
    case .tick(let elapsed): effects = state.handle(.tick(elapsedMilliseconds: Int64(elapsed)))
    }
    var command = TerminalAppCommand.keepRunning
    for effect in effects {
      if case .copyToClipboard(let text) = effect {
        command = .copyToClipboard(text)
      } else if let result = EffectRunner.perform(effect) {
        state.handle(result)
      }
    }
    return state.isFinished ? .quit : command
  }

  func render(into frame: inout Frame, capabilities: TerminalCapabilities) {
    var shown = state
    shown.lineStyle = capabilities.lineStyle
    if shown.width != frame.width || shown.height != frame.height {
      shown.handle(.resize(width: frame.width, height: frame.height))
    }
    frame = shown.render()
  }
}
