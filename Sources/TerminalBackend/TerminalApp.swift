import TextFrame

/// An interactive screen that `TerminalSession.run(_:)` drives: it gets events and draws frames,
/// and never talks to the terminal itself.
public protocol TerminalApp {
  /// How often the app wants `.tick` events right now, in milliseconds; nil waits for input
  /// only. Read again after every event, so an app can start and stop ticking (play mode).
  var tickInterval: Int? { get }

  /// Whether Ctrl-C reaches the app as the key `.ctrl("c")` instead of raising SIGINT, so an
  /// app with something to lose can ask first. Read once, when the session starts.
  var takesControlCAsKey: Bool { get }

  /// Whether the terminal reports mouse presses and the wheel as `.mouse` events. Read once,
  /// when the session starts. Terminals let Shift bypass the reporting, so their own text
  /// selection still works with Shift held.
  var wantsMouse: Bool { get }

  /// Updates the app for one event and says what should happen next.
  mutating func handle(_ event: TerminalEvent) -> TerminalAppCommand

  /// Draws the whole screen into `frame`, a blank frame of the terminal's current size.
  func render(into frame: inout Frame, capabilities: TerminalCapabilities)
}

extension TerminalApp {
  /// By default Ctrl-C raises SIGINT, which restores the terminal and ends the process.
  public var takesControlCAsKey: Bool { false }

  /// By default the terminal keeps the mouse to itself.
  public var wantsMouse: Bool { false }
}
