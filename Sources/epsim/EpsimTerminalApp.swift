import AppStoreCommerce
import EpsimTUI
import LifecycleSimulator
import TerminalBackend
import TextFrame

/// Connects the pure UI (`TUIState`) to the terminal backend: events in, frames out, effects
/// performed. The only place where the UI meets the terminal.
struct EpsimTerminalApp: TerminalApp {
  var state: TUIState
  /// The mock server beside the UI (`epsim tui --serve`), if any.
  var server: ServerBridge?
  /// The world last handed to the server, to hand over only changes.
  private var pushedWorld: WorldState?
  /// How many App Store events the server has been given (the history's log only grows).
  private var pushedEventCount = 0
  /// The App Store last handed over: its state, which changes with purchases and clock moves.
  private var pushedStore: CommerceState?

  init(state: TUIState, server: ServerBridge? = nil) {
    self.state = state
    self.server = server
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

  /// Hands a changed world to the server and takes in what the server has seen.
  private mutating func exchangeWithServer() {
    guard let server else { return }
    let log = state.commerce.eventLog
    if pushedWorld != state.world || pushedEventCount != log.count || pushedStore != state.store.state {
      server.push(state.simulation, commerce: state.store, newEvents: Array(log[pushedEventCount...]))
      pushedWorld = state.world
      pushedEventCount = log.count
      pushedStore = state.store.state
    }
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
