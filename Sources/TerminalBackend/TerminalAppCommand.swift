/// What a `TerminalApp` wants the session to do after handling an event.
public enum TerminalAppCommand: Hashable, Sendable {
  /// Draw the next frame and wait for the next event.
  case keepRunning
  /// Restore the terminal and return from `TerminalSession.run(_:)`.
  case quit
  /// Put this text on the system clipboard (through the terminal's OSC 52 sequence), then keep running.
  case copyToClipboard(String)
}
