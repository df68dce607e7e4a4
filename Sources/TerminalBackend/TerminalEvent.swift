import TextFrame

/// Something that happened in the terminal, handed to a `TerminalApp`.
public enum TerminalEvent: Hashable, Sendable {
  case key(Key)
  /// A press or wheel turn, when the app asked for the mouse (`TerminalApp.wantsMouse`).
  case mouse(MouseEvent)
  /// The terminal now has this size. Always the first event of a session, with the starting size.
  case resize(width: Int, height: Int)
  /// Time passed while the app asked for ticks (see `TerminalApp.tickInterval`): the real
  /// milliseconds since the previous tick, or since ticking started.
  case tick(elapsedMilliseconds: Int)
}
