/// Why a terminal session could not start.
public enum TerminalSessionError: Error, Hashable, CustomStringConvertible {
  /// Standard input or output is not a terminal (for example a pipe).
  case notATerminal
  /// curses does not know the terminal type in `TERM`.
  case unknownTerminal(String)
  /// The terminal type in `TERM` cannot move the cursor (for example `dumb`).
  case cannotMoveCursor(String)

  public var description: String {
    switch self {
    case .notATerminal:
      "standard input and output must be a terminal; refusing to draw a screen into a pipe or file"
    case .unknownTerminal(let name):
      "unknown terminal type '\(name)' (from TERM); set TERM to one your system knows, such as xterm-256color"
    case .cannotMoveCursor(let name):
      "the terminal type '\(name)' (from TERM) cannot move the cursor, so no screen can be drawn; "
        + "run epsim in a full terminal, or set TERM to one such as xterm-256color"
    }
  }
}
