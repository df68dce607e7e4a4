import Foundation
import TerminalBackend
import TextFrame

/// A hidden switch for the terminal tests: with `EPSIM_DEBUG_CRASH_ON_KEY=1` in the environment,
/// the first key pressed in the terminal UI crashes epsim on purpose (a trap, like a failed
/// precondition), so the tests can prove the terminal is restored after a real crash.
///
/// Read once at start; without the variable the wrapped app runs untouched. Documented in
/// docs/tui.md ("Debugging").
struct DebugCrashTrigger<Wrapped: TerminalApp>: TerminalApp {
  static var variableName: String { "EPSIM_DEBUG_CRASH_ON_KEY" }

  var wrapped: Wrapped
  let armed: Bool

  init(_ wrapped: Wrapped, environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.wrapped = wrapped
    armed = environment[Self.variableName] == "1"
  }

  var tickInterval: Int? { wrapped.tickInterval }
  var takesControlCAsKey: Bool { wrapped.takesControlCAsKey }
  var wantsMouse: Bool { wrapped.wantsMouse }

  mutating func handle(_ event: TerminalEvent) -> TerminalAppCommand {
    if armed, case .key = event {
      fatalError("epsim: crashing on purpose (\(Self.variableName)=1)")
    }
    return wrapped.handle(event)
  }

  func render(into frame: inout Frame, capabilities: TerminalCapabilities) {
    wrapped.render(into: &frame, capabilities: capabilities)
  }
}
