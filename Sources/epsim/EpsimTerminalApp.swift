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
  /// Text the UI asked to copy during the event being handled.
  private var clipboard: String?
  /// Whether clicks and the wheel reach the UI (`--no-mouse` or `EPSIM_NO_MOUSE=1` turn it off).
  let wantsMouse: Bool

  init(state: TUIState, server: ServerBridge? = nil, mouse: Bool = true) {
    self.state = state
    self.server = server
    wantsMouse = mouse
    if let server { self.state.attach(to: server, showing: server.simulation) }
  }

  /// Ticks only while the clock plays, or a few times a second to show what a server beside the
  /// UI has received, or every millisecond or two while the server's answer to a change is
  /// awaited (it comes in microseconds): an idle UI without a server waits for keys and uses no
  /// CPU.
  var tickInterval: Int? {
    if server != nil, state.awaitsOwner { return 2 }
    return state.isPlaying ? 100 : server == nil ? nil : 250
  }

  /// Ctrl-C is a key, so quitting with unsaved steps can ask first (as `q` does).
  var takesControlCAsKey: Bool { true }

  mutating func handle(_ event: TerminalEvent) -> TerminalAppCommand {
    let effects: [Effect]
    switch event {
    case .key(let key): effects = state.handle(.key(key))
    case .mouse(let mouse): effects = state.handle(.mouse(mouse))
    case .resize(let width, let height): effects = state.handle(.resize(width: width, height: height))
    case .tick(let elapsed):
      // A tick that only looks for the server's answer is no time for a clock that is not playing.
      effects =
        state.isPlaying || !state.awaitsOwner ? state.handle(.tick(elapsedMilliseconds: Int64(elapsed))) : []
    }
    clipboard = nil
    perform(effects)
    exchangeWithServer()
    defer { clipboard = nil }
    return state.isFinished ? .quit : clipboard.map(TerminalAppCommand.copyToClipboard) ?? .keepRunning
  }

  /// Performs the UI's effects; the results of those the host runs go back to the UI.
  private mutating func perform(_ effects: [Effect]) {
    for effect in effects {
      if case .copyToClipboard(let text) = effect {
        clipboard = text
      } else if let result = EffectRunner.perform(effect) {
        perform(state.handle(result))
      }
    }
  }

  /// Takes in the server's answers to the UI's changes, what the server has seen and the
  /// simulation as a backend left it.
  private mutating func exchangeWithServer() {
    guard let server else { return }
    for answer in server.takeAnswers() {
      perform(state.handle(.changeAnswered(answer)))
    }
    state.show(server.simulation)
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
