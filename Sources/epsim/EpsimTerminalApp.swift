import AppStoreCommerce
import EpsimTUI
import LifecycleSimulator
import TerminalBackend
import TerminalEffects
import TextFrame

/// Connects the pure UI (`TUIState`) to the terminal backend: events in, frames out, effects
/// performed. The only place where the UI meets the terminal.
struct EpsimTerminalApp: TerminalApp {
  var state: TUIState
  /// The mock server beside the UI (`epsim tui --serve`), if any: it owns the simulation.
  var server: ServerBridge?

  init(state: TUIState, server: ServerBridge? = nil) {
    self.state = state
    self.server = server
    if let server { self.state.attach(to: server, showing: server.currentSimulation()) }
  }

  /// Ticks only while the clock plays, or a few times a second to show what a server beside the
  /// UI has received: an idle UI without one waits for keys and uses no CPU.
  var tickInterval: Int? { state.isPlaying ? 100 : server == nil ? nil : 250 }

  /// Ctrl-C is a key, so quitting with unsaved steps can ask first (as `q` does).
  var takesControlCAsKey: Bool { true }

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
    exchangeWithServer()
    return state.isFinished ? .quit : command
  }

  /// Takes in what the server has seen and the simulation as a backend left it.
  private mutating func exchangeWithServer() {
    guard let server else { return }
    if let current = server.simulation { state.show(current) }
    let activity = server.activity
    if state.server != activity { state.handle(.serverActivity(activity)) }
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
